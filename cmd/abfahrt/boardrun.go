package main

import (
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"abfahrt/internal/config"
	"abfahrt/internal/logfile"
	"abfahrt/internal/startup"
	"abfahrt/internal/userenv"
	"abfahrt/internal/watchdog"
	"abfahrt/tui"
)

// boardFlags are the flags of the board (abfahrt with no command).
type boardFlags struct {
	stops        []string
	stopPoint    string
	vehicle      int
	ladder       string
	limit        int
	layout       string
	kiosk        bool
	walk         string
	perLine      int
	histDB       string
	title        string
	reduce       bool
	notify       string
	remindBefore string
	bell         bool
	links        string
	mouse        bool
}

// flags are the board's flags on root.
func (b *boardFlags) flags(root *cobra.Command, g *globals) {
	f := root.Flags()
	f.StringArrayVar(&b.stops, "stop", nil, "open the board of this stop number (4 digits; default 1008 Hauptbahnhof); repeat for a grid of boards")
	f.StringVar(&b.stopPoint, "stoppoint", "", "open the board of this stop point code (6 digits or a DHID)")
	f.IntVar(&b.vehicle, "vehicle", 0, "open the vehicle pane of this vehicle number")
	f.StringVar(&b.ladder, "ladder", "", "open the ladder of this line (e.g. 2): its vehicles along both directions with headways, bunching, gaps and ghosts")
	f.IntVar(&b.limit, "limit", 0, "most departures per board (1-100; default: as many as the board has rows for, at least 20)")
	f.StringVar(&b.layout, "layout", "", "open this named layout of the configuration file")
	f.BoolVar(&b.kiosk, "kiosk", false, "kiosk mode: full screen, large clock, rotating boards, keys locked")
	f.BoolVar(&b.bell, "bell", true, "ring the terminal bell when a reminder (key t) says leave now; --bell=false keeps reminders silent (the kiosk always is)")
	f.StringVar(&b.remindBefore, "remind-before", "1m", "how long before the leave time a reminder (key t) warns, 0s to 30m (0s: at the leave time)")
	f.IntVar(&b.perLine, "per-line", 0, "at most this many departures of each line and direction per board (0: all)")
	f.StringVar(&b.notify, "notify", "auto", "how a reminder rings while the terminal is not focused: auto (by the terminal), osc9, osc777, osc99 (desktop notifications), bell or off")
	f.BoolVar(&b.reduce, "reduce-motion", false, "nothing flashes or wanders: a rung reminder's row stays highlighted, the kiosk's burn-in step comes once an hour (config motion = \"reduced\")")
	f.BoolVar(&b.mouse, "mouse", false, "mouse support: a click on a row opens its vehicle, the wheel scrolls the list under the pointer (config mouse = true; off: the terminal keeps its own text selection; not in kiosk mode)")
	f.StringVar(&b.title, "title", "auto", "window title (OSC 2): the board and its next departure, at most once a minute; auto: on, off in kiosk mode")
	f.StringVar(&b.histDB, "db", "", "recorded history for punctuality (key i) and the vehicle pane's runs: a SQLite file or a postgres:// URL (default $XDG_STATE_HOME/abfahrt/history.db when it exists)")
	f.StringVar(&g.replay, "replay", "", "open the board on a recording: a history database (SQLite file or postgres:// URL) replayed from --from")
	f.StringVar(&g.replayFrom, "from", "", "with --replay: the time to start at, 2026-09-11T07:30 (Europe/Berlin) or RFC 3339 (default: the recording's start)")
	f.StringVar(&b.walk, "walk", "0s", "walking time to the stop, e.g. 4m: each row says when to leave (boards of a layout may set their own walk)")
	f.StringVar(&b.links, "hyperlinks", "auto", "link the board's stop names and vehicle numbers (OSC 8) to the [links] templates of the configuration: auto (terminals known to show links; off inside tmux and screen), always or never")
	f.BoolVar(&g.accessible, "accessible", false, "screen-reader mode: the board as sentences in the normal screen, commands as typed lines (env ABFAHRT_ACCESSIBLE=1; config accessible = true)")

}

// showBoard opens the board (or the screen-reader mode) until it quits.
func showBoard(cmd *cobra.Command, g *globals, b *boardFlags) error {
	startup.Board() // a board's heap: startup.BoardGCPercent
	changed := cmd.Flags().Changed
	opts, err := b.options(changed, g)
	if err != nil {
		return err
	}
	b.look(g, &opts)
	linkMode, err := hyperlinkMode(b.links, changed("hyperlinks"), g.s.file)
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
	if g.s.accessible.Value == "true" {
		return runAccessible(cmd.Context(), g, src, opts.Boards, opts)
	}
	opts.Source, opts.SourceName, opts.Now = src.client, src.name, src.now
	client := src.client
	opts.Stats = func() int64 { return client.Stats().Upstream }
	opts.ClockSkew = logfile.ClockSkew(g.logger)
	histDB := b.histDB
	if histDB == "" && g.replay != "" {
		histDB = g.replay // a replayed board's punctuality is the recording's
	}
	hist, why, closeHist, err := boardHistory(cmd.Context(), histDB)
	if err != nil {
		return err
	}
	defer closeHist()
	opts.History, opts.HistoryWhy = hist, why
	if err := b.interaction(changed, g, &opts); err != nil {
		return err
	}
	opts.Links = boardLinks(linkMode, changed("hyperlinks"), g.s.file, os.Getenv, g.stderr)
	alive, stopNotify := watchdog.Notify(cmd.Context(), opts.Kiosk.Enabled)
	opts.Kiosk.Alive = alive
	err = tui.Run(cmd.Context(), opts)
	stopNotify()
	if g.logger != nil {
		g.logger.Info("end", "err", err)
	}
	return err
}

// options are the board's boards and limits from the flags and the file.
func (b *boardFlags) options(changed func(string) bool, g *globals) (tui.Options, error) {
	limit := b.limit
	if !changed("limit") && g.s.file.Limit > 0 {
		limit = g.s.file.Limit
	}
	opts := tui.Options{Vehicle: b.vehicle, Ladder: b.ladder, Limit: limit, Interval: g.s.interval}
	boards, err := boardSpecs(b.stops, b.stopPoint, b.layout, g.s.file)
	if err != nil {
		return opts, err
	}
	opts.Boards = boards
	opts.OneOff = len(b.stops) > 0 || b.stopPoint != "" // a layout's boards are the user's to keep
	if len(b.stops) == 0 && b.stopPoint == "" && b.layout == "" {
		opts.Profiles = g.s.file.Profiles()
	}
	if opts.Walk, err = tui.ParseWalk(b.walk); err != nil {
		return opts, usagef("--walk: %v", err)
	}
	if b.bell {
		opts.Bell = os.Stdout // the terminal Bubble Tea draws on
	}
	opts.PerLine = g.s.file.PerLine
	if changed("per-line") {
		opts.PerLine = b.perLine
	}
	if opts.PerLine < 0 || opts.PerLine > tui.MaxPerLine {
		return opts, usagef("--per-line must be between 0 and %d, got %d", tui.MaxPerLine, opts.PerLine)
	}
	if opts.RemindBefore, err = remindBefore(g.s.file, b.remindBefore, changed("remind-before")); err != nil {
		return opts, err
	}
	if b.vehicle < 0 {
		return opts, usagef("--vehicle must be a vehicle number, got %d", b.vehicle)
	}
	if changed("limit") && (b.limit < 1 || b.limit > tui.MaxLimit) {
		return opts, usagef("--limit must be between 1 and %d, got %d", tui.MaxLimit, b.limit)
	}
	return opts, nil
}

// look is the board's theme, language, colours, delay rule, exception
// queue, night hours and kiosk from the settings.
func (b *boardFlags) look(g *globals, opts *tui.Options) {
	opts.Theme, opts.Lang, opts.LineColors = g.s.theme.Value, g.s.lang.Value, g.s.file.LineColors
	opts.ConsoleFont = g.s.consoleFont
	opts.StateDir = userenv.StateDir(os.LookupEnv)
	opts.Delay = g.s.file.Delay.Rule()
	opts.Exceptions = g.s.file.ExceptionOptions()
	if h := g.s.file.Night.Hours; h != "" {
		if from, to, err := config.ParseHours(h); err == nil {
			opts.Night, opts.NightFrom, opts.NightTo = true, from, to
		}
	}
	opts.Kiosk = g.s.file.Kiosk.Options(b.kiosk || g.s.file.Kiosk.Enabled)
	if g.logger != nil {
		opts.Kiosk.SpeakFailed = func(err error) { g.logger.Warn("kiosk: speaking failed", "cmd", g.s.file.Kiosk.SpeakCmd, "err", err) }
	}
}

// interaction is the board's motion, mouse, notification and title.
func (b *boardFlags) interaction(changed func(string) bool, g *globals, opts *tui.Options) error {
	opts.ReduceMotion = b.reduce || g.s.file.Motion == "reduced"
	opts.Mouse = g.s.file.Mouse
	if changed("mouse") {
		opts.Mouse = b.mouse // --mouse=false wins over the config
	}
	notify := b.notify
	if !changed("notify") && g.s.file.Notify != "" {
		notify = g.s.file.Notify
	}
	if !slices.Contains(tui.NotifyModes, notify) {
		return usagef("--notify must be one of %s, got %q", strings.Join(tui.NotifyModes, ", "), notify)
	}
	opts.Notify = tui.NotifyFor(notify, os.Getenv)
	switch b.title {
	case "auto":
	case "on", "off":
		opts.Title = b.title
	default:
		return usagef("--title must be auto, on or off, got %q", b.title)
	}
	return nil
}
