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
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/logfile"
	"abfahrt/internal/startup"
	"abfahrt/internal/userenv"
	"abfahrt/model"
)

// version is set by the linker (-X main.version=...); without it, the
// module's build information names the build (startup.Version). It must stay
// a plain string variable: the linker's -X sets only a variable that is
// not initialised by a call, and init fills it in when the linker did not.
var version string

func init() {
	if version == "" {
		version = startup.Version(debug.ReadBuildInfo)
	}
}

// embeddedSimStart is the embedded simulation's time at start; zero is the
// machine's time. Tests that need day service whatever the hour pin it.
var embeddedSimStart time.Time

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
	var b boardFlags
	root := &cobra.Command{
		Use:               "abfahrt",
		Short:             "A live public transport departure board for the terminal",
		Long:              rootLong,
		Version:           version,
		SilenceUsage:      true,
		SilenceErrors:     true,
		Args:              cobra.NoArgs,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error { return g.prepare(cmd) },
		RunE:              func(cmd *cobra.Command, _ []string) error { return showBoard(cmd, g, &b) },
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("abfahrt {{.Version}}\n")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	globalFlags(root, g)
	b.flags(root, g)
	for _, newCmd := range commands {
		root.AddCommand(newCmd(g))
	}
	return root
}

// commands are abfahrt's commands, in the order of --help.
var commands = []func(*globals) *cobra.Command{
	newStopsCmd,
	func(g *globals) *cobra.Command { return newBoardCmd(g, false) },
	func(g *globals) *cobra.Command { return newBoardCmd(g, true) },
	newNextCmd,
	newVehicleCmd,
	newHeadwaysCmd,
	newVersionCmd,
	newSimCmd,
	newServeCmd,
	newConfigCmd,
	newRecordCmd,
	newStatsCmd,
	newHistoryCmd,
	newReplayCmd,
	newExceptionsCmd,
	newGTFSCmd,
	newDoctorCmd,
	newSayCmd,
}

// rootLong is abfahrt --help.
const rootLong = `abfahrt shows live departures of a mobility/v1 public transport data service
(Stadtwerke Ulm/Neu-Ulm's, or the embedded simulation of the Ulm network,
which is the default) as a board in the terminal.

With no command it opens the board; the commands below query the service
once and print a table (or JSON with --json).`

// prepare resolves the settings before any command runs and opens the
// log with --log.
func (g *globals) prepare(cmd *cobra.Command) error {
	s, err := resolveSettings(cmd, g, os.LookupEnv)
	if err != nil {
		return err
	}
	g.s = s
	if g.logOn && cmd.Name() != "config" && cmd.Name() != "version" {
		logger, closer, err := logfile.Open(userenv.StateDir(os.LookupEnv))
		if err != nil {
			// A log is a diagnosis aid: without one the board
			// still runs. Said once, before the board takes the
			// terminal (the line stays on the main screen).
			_, _ = fmt.Fprintf(g.stderr, "abfahrt: warning: --log: %v; going on without a log\n", err)
			return nil
		}
		g.logger = logger
		cobra.OnFinalize(func() { _ = closer.Close() })
		logger.Info("start", "version", version, "command", cmd.CommandPath(), "api", s.api.Value, "interval", s.interval)
	}
	return nil
}

// globalFlags are the flags every command shares.
func globalFlags(root *cobra.Command, g *globals) {
	pf := root.PersistentFlags()
	pf.StringVar(&g.api, "api", "", "base URL of a mobility/v1 service, e.g. https://api.swu.de/mobility/v1 (env ABFAHRT_API; default: the embedded simulation)")
	pf.Int64Var(&g.seed, "seed", 1, "seed of the embedded simulation")
	pf.StringVar(&g.configPath, "config", "", "configuration file (env ABFAHRT_CONFIG; default $XDG_CONFIG_HOME/abfahrt/config.toml)")
	pf.StringVar(&g.lang, "lang", "", "language of the board: en or de (env ABFAHRT_LANG; default from LC_ALL/LANG)")
	pf.StringVar(&g.theme, "theme", "", "colour theme: dark, light, high-contrast, mono, console, ansi (the terminal's 16 palette colours) or cvd (colour-blind safe) (env ABFAHRT_THEME; NO_COLOR selects mono, TERM=linux console)")
	pf.DurationVar(&g.interval, "interval", 15*time.Second, "poll interval of live data (at least 5s)")
	pf.BoolVar(&g.logOn, "log", os.Getenv("ABFAHRT_LOG") != "", "log requests and errors to $XDG_STATE_HOME/abfahrt/abfahrt.log (env ABFAHRT_LOG=1)")

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
		api = g.s.api.Value
	}
	if api == "" && g.s != nil && g.s.api.From == "flag --api" {
		// --api "" (say, an unset variable in a kiosk's unit file) must not
		// quietly show the simulation on a station's screen.
		return source{}, usagef("--api is empty; name the service, such as --api https://api.swu.de/mobility/v1 (without --api abfahrt shows the embedded simulation)")
	}
	if api == "" {
		clock := sim.NewClock(embeddedSimStart, 1)
		c, err := feed.NewClient(sim.BaseURL, ua, ttl,
			feed.WithHTTPClient(&http.Client{Transport: g.logTransport(startup.SimTransport(sim.Options{Seed: g.seed, Clock: clock}))}),
			feed.WithCacheDir(""))
		if err != nil {
			return source{}, err
		}
		name := simName
		if g.s != nil && g.s.lang.Value == "de" {
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
