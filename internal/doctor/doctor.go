// Package doctor holds the checks of `abfahrt doctor`: what a kiosk
// installer or a new user needs on a machine, said one line each with a
// mark (✓ fine, ! worth a look, ✗ blocks abfahrt) and what to do.
package doctor

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

	"abfahrt/history"
	"abfahrt/internal/textout"
	"abfahrt/model"
)

// Marks of the doctor's lines: fine, worth a look, blocks abfahrt.
const (
	OK    = "✓"
	Warn  = "!"
	Block = "✗"
)

// Sample is the line the user is asked to look at: the marks the views
// draw (tram and bus marks, braille of the map and sparklines, the
// kiosk's block font, ticks, the alert sign, arrows).
const Sample = "▮ ●  ⣀⣤⣶⣿  █▀▄  ✓ ✗ ⚠  → ↑ ↓  ·  ▸"

// Env looks up an environment variable, as os.LookupEnv does.
type Env func(string) (string, bool)

// Service is what the data service check asks: one board and the
// service's version.
type Service interface {
	StopDepartures(ctx context.Context, stop, limit int) (model.Board, error)
	VersionInfo(ctx context.Context) (model.VersionInfo, error)
}

// Doctor collects the lines of a check and how many block.
type Doctor struct {
	w       io.Writer
	blocked int
}

// New returns a doctor that writes its lines to w.
func New(w io.Writer) *Doctor { return &Doctor{w: w} }

// Say writes one line: a mark, what was checked, what was found or what
// to do.
func (d *Doctor) Say(mark, what, format string, a ...any) {
	if mark == Block {
		d.blocked++
	}
	_, _ = fmt.Fprintf(d.w, "%s %-15s %s\n", mark, what, fmt.Sprintf(format, a...))
}

// Terminal checks the terminal out is: its size, its colours, and asks
// the user to look at the sample line.
func (d *Doctor) Terminal(out io.Writer, env Env) {
	f, ok := out.(*os.File)
	if !ok || !xterm.IsTerminal(f.Fd()) {
		d.Say(Warn, "terminal", "the output is not a terminal: run abfahrt doctor in the terminal the board will use")
		return
	}
	w, h, err := xterm.GetSize(f.Fd())
	switch {
	case err != nil:
		d.Say(Warn, "terminal", "its size is unknown (%v)", err)
	case w < 30 || h < 8:
		d.Say(Block, "terminal", "%d×%d is too small: the board needs at least 30×8 (80×24 shows every column); enlarge the window or use a smaller font", w, h)
	case w < 80 || h < 24:
		d.Say(Warn, "terminal", "%d×%d: the board drops columns below 80×24", w, h)
	default:
		d.Say(OK, "terminal", "%d×%d", w, h)
	}
	term, _ := env("TERM")
	switch p := termenv.NewOutput(f).EnvColorProfile(); p {
	case termenv.TrueColor:
		d.Say(OK, "colours", "24-bit (TERM=%s)", term)
	case termenv.ANSI256:
		d.Say(OK, "colours", "256 (TERM=%s)", term)
	case termenv.ANSI:
		d.Say(OK, "colours", "16 (TERM=%s): the console and ansi themes draw with them", term)
	default:
		d.Say(Warn, "colours", "none (TERM=%s, or NO_COLOR): the mono theme carries meaning by bold, reverse and marks", term)
	}
	d.Say(OK, "glyphs", "look at this line: %s", Sample)
	_, _ = fmt.Fprintf(d.w, "%-17s if a mark shows as a box or ?, the font lacks it: pick another font, or --theme console (the Linux console's glyphs)\n", "")
}

// Locale checks that text is UTF-8 and says the language, lang.
func (d *Doctor) Locale(env Env, lang string) {
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
		d.Say(OK, "locale", "%s, language %s", loc, lang)
	case loc == "":
		d.Say(Warn, "locale", "none set: set LANG=C.UTF-8 (or de_DE.UTF-8) so that umlauts and marks come through")
	default:
		d.Say(Warn, "locale", "%s is not UTF-8: set LANG=C.UTF-8 (or de_DE.UTF-8) so that umlauts and marks come through", loc)
	}
}

// Configuration says which file the settings came from (path), or, with
// err, that the file blocks abfahrt.
func (d *Doctor) Configuration(path string, err error) {
	if err != nil {
		d.Say(Block, "configuration", "%s: %v: fix the file (abfahrt config shows what it means)", path, err)
		return
	}
	if _, err := os.Stat(path); err != nil {
		d.Say(OK, "configuration", "no file (%s): the defaults", path)
		return
	}
	d.Say(OK, "configuration", "%s is valid (abfahrt config shows every setting)", path)
}

// Service asks the data service named name for its version and one
// board: reachable, how long it took, its clock against this machine's.
// err is why there is no client to ask.
func (d *Doctor) Service(ctx context.Context, c Service, name string, err error) {
	if err != nil {
		d.Say(Block, "data service", "%v", err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	start := time.Now()
	b, err := c.StopDepartures(ctx, 1008, 1)
	took := time.Since(start)
	if err != nil {
		d.Say(Block, "data service", "%s does not answer: %v; check --api (or ABFAHRT_API, api in the configuration) and the network", name, err)
		return
	}
	d.Say(OK, "data service", "%s answers in %v", name, took.Round(time.Millisecond))
	if v, err := c.VersionInfo(ctx); err == nil && v.Version != "" {
		d.Say(OK, "version", "mobility/v1 %s", model.CleanText(v.Version, 40))
	} else {
		d.Say(Warn, "version", "the service does not say its version (/VersionInfo)")
	}
	if !b.Timestamp.Known() {
		d.Say(Warn, "service clock", "the answer has no time: countdowns run on this machine's clock")
		return
	}
	skew := time.Until(b.Timestamp.Time).Round(time.Second)
	switch {
	case skew > -time.Minute && skew < time.Minute:
		d.Say(OK, "service clock", "within a minute of this machine's (%v)", skew)
	case skew > 0:
		d.Say(Warn, "service clock", "%v ahead of this machine's: the board counts down on the service's clock; set this machine's time (timedatectl) if it is wrong", skew.Round(time.Minute))
	default:
		d.Say(Warn, "service clock", "%v behind this machine's: the board counts down on the service's clock; set this machine's time (timedatectl) if it is wrong", -skew.Round(time.Minute))
	}
}

// Paths checks that the state directory dir (pins, watched boards, the
// queue's marks, the history) can be written.
func (d *Doctor) Paths(dir string) {
	if dir == "" {
		d.Say(Block, "state", "no state directory: set XDG_STATE_HOME or HOME")
		return
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		d.Say(Block, "state", "%s cannot be made: %v; set XDG_STATE_HOME to a writable directory", dir, err)
		return
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		d.Say(Block, "state", "%s is not writable: %v; chown it or set XDG_STATE_HOME", dir, err)
		return
	}
	_ = f.Close()
	_ = os.Remove(f.Name())
	d.Say(OK, "state", "%s is writable", dir)
}

// History opens the history database at path read-only, if there is one:
// its schema is one this abfahrt reads; its size and what it holds.
func (d *Doctor) History(ctx context.Context, path string) {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		d.Say(OK, "history", "none yet at %s (abfahrt record makes one)", path)
		return
	}
	if err != nil {
		d.Say(Block, "history", "%s: %v", path, err)
		return
	}
	store, err := history.Open(ctx, path, history.Options{ReadOnly: true})
	if err != nil {
		d.Say(Block, "history", "%v", err)
		return
	}
	defer func() { _ = store.Close() }()
	n, first, last, err := store.Recorded(ctx)
	if err != nil {
		d.Say(Block, "history", "%s cannot be read: %v", path, err)
		return
	}
	size := fmt.Sprintf("%.1f MB", float64(fi.Size())/1e6)
	if n == 0 {
		d.Say(OK, "history", "%s, %s, empty", path, size)
		return
	}
	d.Say(OK, "history", "%s, %s, %s from %s to %s", path, size, textout.Plural(n, "departure", "departures"),
		first.In(model.Berlin).Format("2006-01-02"), last.In(model.Berlin).Format("2006-01-02"))
}

// Err is the closing error when a line blocked abfahrt, nil when none did.
func (d *Doctor) Err() error {
	if d.blocked == 0 {
		return nil
	}
	return fmt.Errorf("doctor: %s abfahrt (the lines marked %s say what to do)", textout.Plural(d.blocked, "check blocks", "checks block"), Block)
}
