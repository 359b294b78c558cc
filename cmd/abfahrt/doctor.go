package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	xterm "github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"

	"abfahrt/history"
	"abfahrt/internal/textout"
	"abfahrt/model"
)

// Marks of the doctor's lines: fine, worth a look, blocks abfahrt.
const (
	doctorOK    = "✓"
	doctorWarn  = "!"
	doctorBlock = "✗"
)

// doctor collects the lines of `abfahrt doctor` and how many block.
type doctor struct {
	w       io.Writer
	blocked int
}

// say writes one line: a mark, what was checked, what was found or what
// to do.
func (d *doctor) say(mark, what, format string, a ...any) {
	if mark == doctorBlock {
		d.blocked++
	}
	_, _ = fmt.Fprintf(d.w, "%s %-15s %s\n", mark, what, fmt.Sprintf(format, a...))
}

// doctorSample is the line the user is asked to look at: the marks the
// views draw (tram and bus marks, braille of the map and sparklines,
// the kiosk's block font, ticks, the alert sign, arrows).
const doctorSample = "▮ ●  ⣀⣤⣶⣿  █▀▄  ✓ ✗ ⚠  → ↑ ↓  ·  ▸"

// newDoctorCmd is `abfahrt doctor`: what a kiosk installer or a new user
// needs, checked one line each (✓, or what to do), exit 1 when something
// blocks abfahrt.
func newDoctorCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check the terminal, locale, data service, configuration and paths abfahrt needs",
		Long: `doctor checks what abfahrt needs on this machine, one line each: the
terminal (size, colours, the glyphs of a sample line to look at), the
locale, the data service (reachable, its clock against this machine's,
its version), the configuration (valid, which file), the state and
history paths (writable) and the history database (readable, size).
A line starts with ✓ when all is well, ! when it is worth a look and ✗
when it blocks abfahrt, with what to do; the exit code is 1 when a line
blocks.`,
		Example: "  abfahrt doctor\n  abfahrt doctor --api https://api.swu.de/mobility/v1",
		Args:    cobra.NoArgs,
		// The configuration is checked by doctor itself: a broken file is
		// one of its lines, not an error before it starts.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(cmd *cobra.Command, _ []string) error {
			d := &doctor{w: g.stdout}
			d.terminal(g.stdout, os.LookupEnv)
			d.locale(os.LookupEnv)
			s, err := resolveSettings(cmd, g, os.LookupEnv)
			if err != nil {
				path, _ := configPathFor(g.configPath, os.LookupEnv)
				d.say(doctorBlock, "configuration", "%s: %v: fix the file (abfahrt config shows what it means)", path, err)
			} else {
				g.s = s
				d.configuration(s)
				d.service(cmd.Context(), g)
			}
			d.paths()
			d.history(cmd.Context())
			if d.blocked > 0 {
				return fmt.Errorf("doctor: %s abfahrt (the lines marked %s say what to do)", textout.Plural(d.blocked, "check blocks", "checks block"), doctorBlock)
			}
			return nil
		},
	}
}

// terminal checks the terminal out is: its size, its colours, and asks
// the user to look at the sample line.
func (d *doctor) terminal(out io.Writer, env envLookup) {
	f, ok := out.(*os.File)
	if !ok || !xterm.IsTerminal(f.Fd()) {
		d.say(doctorWarn, "terminal", "the output is not a terminal: run abfahrt doctor in the terminal the board will use")
		return
	}
	w, h, err := xterm.GetSize(f.Fd())
	switch {
	case err != nil:
		d.say(doctorWarn, "terminal", "its size is unknown (%v)", err)
	case w < 30 || h < 8:
		d.say(doctorBlock, "terminal", "%d×%d is too small: the board needs at least 30×8 (80×24 shows every column); enlarge the window or use a smaller font", w, h)
	case w < 80 || h < 24:
		d.say(doctorWarn, "terminal", "%d×%d: the board drops columns below 80×24", w, h)
	default:
		d.say(doctorOK, "terminal", "%d×%d", w, h)
	}
	term, _ := env("TERM")
	switch p := termenv.NewOutput(f).EnvColorProfile(); p {
	case termenv.TrueColor:
		d.say(doctorOK, "colours", "24-bit (TERM=%s)", term)
	case termenv.ANSI256:
		d.say(doctorOK, "colours", "256 (TERM=%s)", term)
	case termenv.ANSI:
		d.say(doctorOK, "colours", "16 (TERM=%s): the console and ansi themes draw with them", term)
	default:
		d.say(doctorWarn, "colours", "none (TERM=%s, or NO_COLOR): the mono theme carries meaning by bold, reverse and marks", term)
	}
	d.say(doctorOK, "glyphs", "look at this line: %s", doctorSample)
	_, _ = fmt.Fprintf(d.w, "%-17s if a mark shows as a box or ?, the font lacks it: pick another font, or --theme console (the Linux console's glyphs)\n", "")
}

// locale checks that text is UTF-8 and says the language.
func (d *doctor) locale(env envLookup) {
	loc := ""
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, ok := env(k); ok && v != "" {
			loc = k + "=" + v
			break
		}
	}
	up := strings.ToUpper(loc)
	switch {
	case strings.Contains(up, "UTF-8") || strings.Contains(up, "UTF8"):
		d.say(doctorOK, "locale", "%s, language %s", loc, localeLang(env))
	case loc == "":
		d.say(doctorWarn, "locale", "none set: set LANG=C.UTF-8 (or de_DE.UTF-8) so that umlauts and marks come through")
	default:
		d.say(doctorWarn, "locale", "%s is not UTF-8: set LANG=C.UTF-8 (or de_DE.UTF-8) so that umlauts and marks come through", loc)
	}
}

// configuration says which file the settings came from.
func (d *doctor) configuration(s *settings) {
	if _, err := os.Stat(s.configPath); err != nil {
		d.say(doctorOK, "configuration", "no file (%s): the defaults", s.configPath)
		return
	}
	d.say(doctorOK, "configuration", "%s is valid (abfahrt config shows every setting)", s.configPath)
}

// service asks the data service for its version and one board: reachable,
// how long it took, its clock against this machine's.
func (d *doctor) service(ctx context.Context, g *globals) {
	src, err := g.source()
	if err != nil {
		d.say(doctorBlock, "data service", "%v", err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	start := time.Now()
	b, err := src.client.StopDepartures(ctx, 1008, 1)
	took := time.Since(start)
	if err != nil {
		d.say(doctorBlock, "data service", "%s does not answer: %v; check --api (or ABFAHRT_API, api in the configuration) and the network", src.name, err)
		return
	}
	d.say(doctorOK, "data service", "%s answers in %v", src.name, took.Round(time.Millisecond))
	if v, err := src.client.VersionInfo(ctx); err == nil && v.Version != "" {
		d.say(doctorOK, "version", "mobility/v1 %s", model.CleanText(v.Version, 40))
	} else {
		d.say(doctorWarn, "version", "the service does not say its version (/VersionInfo)")
	}
	if !b.Timestamp.Known() {
		d.say(doctorWarn, "service clock", "the answer has no time: countdowns run on this machine's clock")
		return
	}
	skew := time.Until(b.Timestamp.Time).Round(time.Second)
	switch {
	case skew > -time.Minute && skew < time.Minute:
		d.say(doctorOK, "service clock", "within a minute of this machine's (%v)", skew)
	case skew > 0:
		d.say(doctorWarn, "service clock", "%v ahead of this machine's: the board counts down on the service's clock; set this machine's time (timedatectl) if it is wrong", skew.Round(time.Minute))
	default:
		d.say(doctorWarn, "service clock", "%v behind this machine's: the board counts down on the service's clock; set this machine's time (timedatectl) if it is wrong", -skew.Round(time.Minute))
	}
}

// paths checks that the state directory (pins, watched boards, the
// queue's marks, the history) can be written.
func (d *doctor) paths() {
	dir := statePath(os.LookupEnv)
	if dir == "" {
		d.say(doctorBlock, "state", "no state directory: set XDG_STATE_HOME or HOME")
		return
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		d.say(doctorBlock, "state", "%s cannot be made: %v; set XDG_STATE_HOME to a writable directory", dir, err)
		return
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		d.say(doctorBlock, "state", "%s is not writable: %v; chown it or set XDG_STATE_HOME", dir, err)
		return
	}
	_ = f.Close()
	_ = os.Remove(f.Name())
	d.say(doctorOK, "state", "%s is writable", dir)
}

// history opens the default history database read-only, if there is one:
// its schema is one this abfahrt reads; its size and what it holds.
func (d *doctor) history(ctx context.Context) {
	path := historyDB("")
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		d.say(doctorOK, "history", "none yet at %s (abfahrt record makes one)", path)
		return
	}
	if err != nil {
		d.say(doctorBlock, "history", "%s: %v", path, err)
		return
	}
	store, err := history.Open(ctx, path, history.Options{ReadOnly: true})
	if err != nil {
		d.say(doctorBlock, "history", "%v", err)
		return
	}
	defer func() { _ = store.Close() }()
	n, first, last, err := store.Recorded(ctx)
	if err != nil {
		d.say(doctorBlock, "history", "%s cannot be read: %v", path, err)
		return
	}
	size := fmt.Sprintf("%.1f MB", float64(fi.Size())/1e6)
	if n == 0 {
		d.say(doctorOK, "history", "%s, %s, empty", path, size)
		return
	}
	d.say(doctorOK, "history", "%s, %s, %s from %s to %s", path, size, textout.Plural(n, "departure", "departures"),
		first.In(model.Berlin).Format("2006-01-02"), last.In(model.Berlin).Format("2006-01-02"))
}
