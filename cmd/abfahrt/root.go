package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
	"abfahrt/tui"
)

// version is set by the linker (-X main.version=...); without it, the
// module's build information names the build (buildVersion). It must stay
// a plain string variable: the linker's -X sets only a variable that is
// not initialised by a call, and init fills it in when the linker did not.
var version string

func init() {
	if version == "" {
		version = buildVersion(debug.ReadBuildInfo)
	}
}

// buildVersion is the version a plain `go build` or `go install` knows:
// the module version (go install ...@v1.2.0), else the VCS revision and
// time the go command stamps (with "+dirty" for local changes), else
// "devel" with the Go version (a build with -buildvcs=false); "dev" only
// without build information.
func buildVersion(read func() (*debug.BuildInfo, bool)) string {
	bi, ok := read()
	if !ok || bi == nil {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		if bi.GoVersion != "" {
			return "devel (" + bi.GoVersion + ")"
		}
		return "devel"
	}
	v := "devel-" + rev[:min(12, len(rev))]
	if at != "" {
		v += " (" + at + ")"
	}
	if dirty {
		v += "+dirty"
	}
	return v
}

// simName is how the embedded simulation is named to people.
const simName = "simulated Ulm network"

// simNameDE is the same in German, for the board's status bar.
const simNameDE = "simuliertes Ulmer Netz"

// globals are the flags every command shares.
type globals struct {
	api        string
	seed       int64
	configPath string
	lang       string
	theme      string
	interval   time.Duration
	logOn      bool
	// accessible is --accessible: the screen-reader mode.
	accessible bool
	// replay and replayFrom are --replay and --from: the board on a
	// recording.
	replay, replayFrom string
	// logger is the request log (--log), nil when off.
	logger *slog.Logger
	// s is the effective configuration, resolved before any command runs.
	s      *settings
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

func newRootCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	g := &globals{stdin: stdin, stdout: stdout, stderr: stderr}
	var (
		stops     []string
		stopPoint string
		vehicle   int
		ladderL   string
		limit     int
		layout    string
		kiosk     bool
		walk      string
		perLine   int
		histDB    string
		title     string
		reduce    bool
		notify    string
		remindBef string
		bell      bool
		links     string
		mouse     bool
	)
	root := &cobra.Command{
		Use:   "abfahrt",
		Short: "A live public transport departure board for the terminal",
		Long: `abfahrt shows live departures of a mobility/v1 public transport data service
(Stadtwerke Ulm/Neu-Ulm's, or the embedded simulation of the Ulm network,
which is the default) as a board in the terminal.

With no command it opens the board; the commands below query the service
once and print a table (or JSON with --json).`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			s, err := resolveSettings(cmd, g, os.LookupEnv)
			if err != nil {
				return err
			}
			g.s = s
			if g.logOn && cmd.Name() != "config" && cmd.Name() != "version" {
				logger, closer, err := openLog(statePath(os.LookupEnv))
				if err != nil {
					// A log is a diagnosis aid: without one the board
					// still runs. Said once, before the board takes the
					// terminal (the line stays on the main screen).
					_, _ = fmt.Fprintf(g.stderr, "abfahrt: warning: --log: %v; going on without a log\n", err)
					return nil
				}
				g.logger = logger
				cobra.OnFinalize(func() { _ = closer.Close() })
				logger.Info("start", "version", version, "command", cmd.CommandPath(), "api", s.api.value, "interval", s.interval)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("limit") && g.s.file.Limit > 0 {
				limit = g.s.file.Limit
			}
			opts := tui.Options{Vehicle: vehicle, Ladder: ladderL, Limit: limit, Interval: g.s.interval}
			boards, err := boardSpecs(stops, stopPoint, layout, g.s.file)
			if err != nil {
				return err
			}
			opts.Boards = boards
			opts.OneOff = len(stops) > 0 || stopPoint != "" // a layout's boards are the user's to keep
			if len(stops) == 0 && stopPoint == "" && layout == "" {
				opts.Profiles = profiles(g.s.file)
			}
			if opts.Walk, err = tui.ParseWalk(walk); err != nil {
				return usagef("--walk: %v", err)
			}
			if bell {
				opts.Bell = os.Stdout // the terminal Bubble Tea draws on
			}
			opts.PerLine = g.s.file.PerLine
			if cmd.Flags().Changed("per-line") {
				opts.PerLine = perLine
			}
			if opts.PerLine < 0 || opts.PerLine > tui.MaxPerLine {
				return usagef("--per-line must be between 0 and %d, got %d", tui.MaxPerLine, opts.PerLine)
			}
			if opts.RemindBefore, err = remindBefore(g.s.file, remindBef, cmd.Flags().Changed("remind-before")); err != nil {
				return err
			}
			if vehicle < 0 {
				return usagef("--vehicle must be a vehicle number, got %d", vehicle)
			}
			if cmd.Flags().Changed("limit") && (limit < 1 || limit > tui.MaxLimit) {
				return usagef("--limit must be between 1 and %d, got %d", tui.MaxLimit, limit)
			}
			opts.Theme, opts.Lang, opts.LineColors = g.s.theme.value, g.s.lang.value, g.s.file.LineColors
			opts.ConsoleFont = g.s.consoleFont
			opts.StateDir = statePath(os.LookupEnv)
			opts.Delay = g.s.file.Delay.rule()
			opts.Exceptions = g.s.file.exceptionOptions()
			if h := g.s.file.Night.Hours; h != "" {
				if from, to, err := parseHours(h); err == nil {
					opts.Night, opts.NightFrom, opts.NightTo = true, from, to
				}
			}
			opts.Kiosk = kioskOptions(g.s.file.Kiosk, kiosk || g.s.file.Kiosk.Enabled)
			if g.logger != nil {
				opts.Kiosk.SpeakFailed = func(err error) { g.logger.Warn("kiosk: speaking failed", "cmd", g.s.file.Kiosk.SpeakCmd, "err", err) }
			}
			linkMode, err := hyperlinkMode(links, cmd.Flags().Changed("hyperlinks"), g.s.file)
			if err != nil {
				return err
			}
			if g.replayFrom != "" && g.replay == "" {
				return usagef("--from needs --replay DB")
			}
			src, err := g.source()
			if err != nil {
				return err
			}
			if g.s.accessible.value == "true" {
				return runAccessible(cmd.Context(), g, src, boards, opts)
			}
			opts.Source, opts.SourceName, opts.Now = src.client, src.name, src.now
			client := src.client
			opts.Stats = func() int64 { return client.Stats().Upstream }
			opts.ClockSkew = g.logClockSkew
			if histDB == "" && g.replay != "" {
				histDB = g.replay // a replayed board's punctuality is the recording's
			}
			hist, why, closeHist, err := boardHistory(cmd.Context(), histDB)
			if err != nil {
				return err
			}
			defer closeHist()
			opts.History, opts.HistoryWhy = hist, why
			opts.ReduceMotion = reduce || g.s.file.Motion == "reduced"
			opts.Mouse = g.s.file.Mouse
			if cmd.Flags().Changed("mouse") {
				opts.Mouse = mouse // --mouse=false wins over the config
			}
			if !cmd.Flags().Changed("notify") && g.s.file.Notify != "" {
				notify = g.s.file.Notify
			}
			if !slices.Contains(tui.NotifyModes, notify) {
				return usagef("--notify must be one of %s, got %q", strings.Join(tui.NotifyModes, ", "), notify)
			}
			opts.Notify = tui.NotifyFor(notify, os.Getenv)
			switch title {
			case "auto":
			case "on", "off":
				opts.Title = title
			default:
				return usagef("--title must be auto, on or off, got %q", title)
			}
			opts.Links = boardLinks(linkMode, cmd.Flags().Changed("hyperlinks"), g.s.file, os.Getenv, g.stderr)
			alive, stopNotify := notifySystemd(cmd.Context(), opts.Kiosk.Enabled)
			opts.Kiosk.Alive = alive
			err = tui.Run(cmd.Context(), opts)
			stopNotify()
			if g.logger != nil {
				g.logger.Info("end", "err", err)
			}
			return err
		},
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("abfahrt {{.Version}}\n")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })

	pf := root.PersistentFlags()
	pf.StringVar(&g.api, "api", "", "base URL of a mobility/v1 service, e.g. https://api.swu.de/mobility/v1 (env ABFAHRT_API; default: the embedded simulation)")
	pf.Int64Var(&g.seed, "seed", 1, "seed of the embedded simulation")
	pf.StringVar(&g.configPath, "config", "", "configuration file (env ABFAHRT_CONFIG; default $XDG_CONFIG_HOME/abfahrt/config.toml)")
	pf.StringVar(&g.lang, "lang", "", "language of the board: en or de (env ABFAHRT_LANG; default from LC_ALL/LANG)")
	pf.StringVar(&g.theme, "theme", "", "colour theme: dark, light, high-contrast, mono, console, ansi (the terminal's 16 palette colours) or cvd (colour-blind safe) (env ABFAHRT_THEME; NO_COLOR selects mono, TERM=linux console)")
	pf.DurationVar(&g.interval, "interval", 15*time.Second, "poll interval of live data (at least 5s)")
	pf.BoolVar(&g.logOn, "log", os.Getenv("ABFAHRT_LOG") != "", "log requests and errors to $XDG_STATE_HOME/abfahrt/abfahrt.log (env ABFAHRT_LOG=1)")

	f := root.Flags()
	f.StringArrayVar(&stops, "stop", nil, "open the board of this stop number (4 digits; default 1008 Hauptbahnhof); repeat for a grid of boards")
	f.StringVar(&stopPoint, "stoppoint", "", "open the board of this stop point code (6 digits or a DHID)")
	f.IntVar(&vehicle, "vehicle", 0, "open the vehicle pane of this vehicle number")
	f.StringVar(&ladderL, "ladder", "", "open the ladder of this line (e.g. 2): its vehicles along both directions with headways, bunching, gaps and ghosts")
	f.IntVar(&limit, "limit", 0, "most departures per board (1-100; default: as many as the board has rows for, at least 20)")
	f.StringVar(&layout, "layout", "", "open this named layout of the configuration file")
	f.BoolVar(&kiosk, "kiosk", false, "kiosk mode: full screen, large clock, rotating boards, keys locked")
	f.BoolVar(&bell, "bell", true, "ring the terminal bell when a reminder (key t) says leave now; --bell=false keeps reminders silent (the kiosk always is)")
	f.StringVar(&remindBef, "remind-before", "1m", "how long before the leave time a reminder (key t) warns, 0s to 30m (0s: at the leave time)")
	f.IntVar(&perLine, "per-line", 0, "at most this many departures of each line and direction per board (0: all)")
	f.StringVar(&notify, "notify", "auto", "how a reminder rings while the terminal is not focused: auto (by the terminal), osc9, osc777, osc99 (desktop notifications), bell or off")
	f.BoolVar(&reduce, "reduce-motion", false, "nothing flashes or wanders: a rung reminder's row stays highlighted, the kiosk's burn-in step comes once an hour (config motion = \"reduced\")")
	f.BoolVar(&mouse, "mouse", false, "mouse support: a click on a row opens its vehicle, the wheel scrolls the list under the pointer (config mouse = true; off: the terminal keeps its own text selection; not in kiosk mode)")
	f.StringVar(&title, "title", "auto", "window title (OSC 2): the board and its next departure, at most once a minute; auto: on, off in kiosk mode")
	f.StringVar(&histDB, "db", "", "recorded history for punctuality (key i) and the vehicle pane's runs: a SQLite file or a postgres:// URL (default $XDG_STATE_HOME/abfahrt/history.db when it exists)")
	f.StringVar(&g.replay, "replay", "", "open the board on a recording: a history database (SQLite file or postgres:// URL) replayed from --from")
	f.StringVar(&g.replayFrom, "from", "", "with --replay: the time to start at, 2026-09-11T07:30 (Europe/Berlin) or RFC 3339 (default: the recording's start)")
	f.StringVar(&walk, "walk", "0s", "walking time to the stop, e.g. 4m: each row says when to leave (boards of a layout may set their own walk)")
	f.StringVar(&links, "hyperlinks", "auto", "link the board's stop names and vehicle numbers (OSC 8) to the [links] templates of the configuration: auto (terminals known to show links; off inside tmux and screen), always or never")
	f.BoolVar(&g.accessible, "accessible", false, "screen-reader mode: the board as sentences in the normal screen, commands as typed lines (env ABFAHRT_ACCESSIBLE=1; config accessible = true)")

	root.AddCommand(
		newStopsCmd(g),
		newBoardCmd(g, false),
		newBoardCmd(g, true),
		newNextCmd(g),
		newVehicleCmd(g),
		newHeadwaysCmd(g),
		newVersionCmd(g),
		newSimCmd(g),
		newServeCmd(g),
		newConfigCmd(g),
		newRecordCmd(g),
		newStatsCmd(g),
		newHistoryCmd(g),
		newReplayCmd(g),
		newExceptionsCmd(g),
		newSayCmd(g),
		newGenDocsCmd(g),
		newDoctorCmd(g),
	)
	return root
}

// source is a ready data source: a client and how to name it.
type source struct {
	client *feed.Client
	name   string
	// now is the service's clock when it runs in this process; nil for a
	// remote service, whose clock the board estimates from its answers.
	now func() time.Time
}

// source builds the client of --api, or of the embedded simulation.
func (g *globals) source() (source, error) {
	if g.replay != "" {
		return g.replaySource(context.Background())
	}
	ua := feed.WithUserAgent("abfahrt/" + version)
	ttl := feed.WithLiveTTL(liveTTL(g.s))
	api := g.api
	if g.s != nil {
		api = g.s.api.value
	}
	if api == "" && g.s != nil && g.s.api.from == "flag --api" {
		// --api "" (say, an unset variable in a kiosk's unit file) must not
		// quietly show the simulation on a station's screen.
		return source{}, usagef("--api is empty; name the service, such as --api https://api.swu.de/mobility/v1 (without --api abfahrt shows the embedded simulation)")
	}
	if api == "" {
		clock := sim.NewClock(embeddedSimStart, 1)
		c, err := feed.NewClient(sim.BaseURL, ua, ttl,
			feed.WithHTTPClient(&http.Client{Transport: g.logTransport(newSimTransport(sim.Options{Seed: g.seed, Clock: clock}))}),
			feed.WithCacheDir(""))
		if err != nil {
			return source{}, err
		}
		name := simName
		if g.s != nil && g.s.lang.value == "de" {
			name = simNameDE
		}
		return source{client: c, name: name, now: clock.Now}, nil
	}
	u, err := url.Parse(api)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return source{}, usagef("--api must be an http or https URL such as https://api.swu.de/mobility/v1, got %q", api)
	}
	opts := []feed.Option{ua, ttl}
	if g.logger != nil {
		opts = append(opts, feed.WithHTTPClient(&http.Client{Transport: g.logTransport(nil)}))
	}
	c, err := feed.NewClient(api, opts...)
	if err != nil {
		return source{}, usageError{err}
	}
	return source{client: c, name: u.Host}, nil
}

// liveTTL keeps cached live answers below the poll interval less its
// jitter, so every poll sees a new answer (feed.DefaultLiveTTL at 15 s).
func liveTTL(s *settings) time.Duration {
	if s == nil {
		return feed.DefaultLiveTTL
	}
	return min(feed.DefaultLiveTTL, s.interval*8/10)
}

// parseStopNumber validates a 4-digit stop number.
// parseSubject reads the one of --stop and --stoppoint that is given: the
// stop's number, or the stop point's code.
func parseSubject(stop, stopPoint string) (number int, code model.StopPointCode, err error) {
	if stop != "" {
		number, err = parseStopNumber(stop)
		return number, "", err
	}
	if code, err = model.ParseStopPointCode(stopPoint); err != nil {
		return 0, "", usageError{err}
	}
	return 0, code, nil
}

func parseStopNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1000 || n > 9999 {
		return 0, usagef("StopNumber must be 4 digits, got %q", s)
	}
	return n, nil
}

func newVersionCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of abfahrt",
		Args:  cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(g.stdout, "abfahrt %s\n", version)
			return err
		},
	}
}

// timeout bounds a one-shot command's request.
func withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, 20*time.Second)
}
