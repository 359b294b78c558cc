package app

import (
	"context"
	"fmt"
	"io"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"abfahrt/model"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/remind"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/statefile"
)

// Defaults of Options.
const (
	// DefaultStop is the board shown when no stop or stop point is given:
	// Ulm Hauptbahnhof.
	DefaultStop = 1008
	// DefaultLimit is the number of departures requested per board.
	DefaultLimit = 20
)

// Options configure the TUI.
type Options struct {
	// Source is the mobility/v1 service, usually a *feed.Client.
	Source feeds.Source
	// SourceName is shown in the status bar: "simulated Ulm network" or
	// the API host.
	SourceName string
	// Vehicle, if set, opens the vehicle pane of this vehicle at start.
	Vehicle int
	// Title is the window title: "on", "off" or "" (auto: on, but off in
	// kiosk mode).
	Title string
	// Notify is how a reminder rings (notify.go): NotifyBell (also ""),
	// a desktop notification (osc9, osc777, osc99) while the terminal is
	// not focused, or NotifyOff; resolved by NotifyFor.
	Notify string
	// ReduceMotion: nothing flashes or wanders (--reduce-motion, motion =
	// "reduced"): a rung reminder's row is highlighted steadily, the
	// kiosk's burn-in step comes once an hour, its alert pages slowly.
	ReduceMotion bool
	// Mouse turns mouse reporting on (--mouse, mouse = true): a click on
	// a row opens its vehicle, the wheel scrolls the list under the
	// pointer. The kiosk ignores it (nobody clicks an unattended display).
	Mouse bool
	// Ladder, if set, opens the ladder of this line (RouteName) at start.
	Ladder string
	// History is the recorded history the board reads one key away (i),
	// nil when there is none; HistoryWhy then says why, plainly.
	History    History
	HistoryWhy string
	// Interval is the poll interval (default DefaultInterval).
	Interval time.Duration
	// Limit is the number of events per board: a cap the user gave
	// (--limit, limit = …); 0, the default, lets a board ask for as many
	// as it has rows for, at least DefaultLimit (board.fill).
	Limit int
	// Now is the service's clock when it runs in this process (the
	// embedded simulation, tests); it is then also the local clock. nil
	// means the machine's clock, with the service's clock estimated from
	// each answer's CurrentTimestamp (svcclock.go).
	Now func() time.Time
	// ClockSkew, if set, is called when the service's clock and the
	// machine's start or stop differing by more than a minute, when the
	// service's rate changes, or when the difference moves by more than a
	// minute beyond what the rate explains: for --log. local is the
	// machine's time, service the service's at that moment (equal times:
	// they agree again), rate the service's seconds per real second.
	ClockSkew func(service, local time.Time, rate float64)
	// Boards are the boards to open: one opens as the plain board (the
	// grid's open board, zoomed), more than one the grid of watched
	// boards; none the default stop (DefaultStop), or the boards saved in
	// StateDir.
	Boards []BoardSpec
	// OneOff: Boards were given on the command line (--stop a --stop b)
	// for this run, not chosen to keep: changes to them are not written
	// to boards.json (a layout's boards are kept as the watched set).
	OneOff bool
	// StateDir is where pins (pins.json) and the watched boards with their
	// filters (boards.json) persist; "" = no persistence. With no boards
	// given (no Boards; not kiosk) the saved boards
	// open the grid.
	StateDir string
	// Stats returns the upstream request count (feed Stats().Upstream);
	// the status bar shows requests per minute. nil hides it.
	Stats func() int64
	// Theme is "dark" (default), "light", "high-contrast", "mono" (no
	// colour; the CLI picks it for NO_COLOR and TERM=dumb) or "console"
	// (the Linux console; the CLI picks it for TERM=linux).
	Theme string
	// ConsoleFont draws only glyphs of the Linux console's font with any
	// theme (TERM=linux; the console theme implies it): console.go.
	ConsoleFont bool
	// Lang is the language of all text: "en" (default) or "de".
	Lang string
	// LineColors maps line names to "#RRGGBB", over the built-in table.
	LineColors map[string]string
	// Kiosk configures the unattended station display.
	Kiosk KioskOptions
	// Delay is when a delay counts as late and its colour steps; zero is
	// DefaultDelayRule.
	Delay ui.DelayRule
	// PerLine is the per-line limit of the boards whose BoardSpec has
	// none (per_line, --per-line; perline.go).
	PerLine int
	// Bell is where a reminder rings the terminal bell (the byte BEL):
	// the terminal's output; nil keeps reminders silent (--bell=false).
	Bell io.Writer
	// RemindBefore is how long before its leave time a reminder warns
	// (remind_before, --remind-before): 0 is DefaultRemindBefore (a
	// minute), RemindAtLeave at the leave time itself.
	RemindBefore time.Duration
	// Profiles are layouts by time of day: the kiosk shows the first
	// whose hours hold the service's time, else Boards (profile.go).
	Profiles []Profile
	// Night turns the night theme (a dimmer variant of Theme) on between
	// NightFrom and NightTo, minutes of the day in Ulm (night.go).
	Night              bool
	NightFrom, NightTo int
	// Walk is the walking time of the boards whose BoardSpec has none
	// (--walk): each row says when to leave (walk.go).
	Walk time.Duration
	// Exceptions configure the exception queue (exceptions.go).
	Exceptions ExceptionOptions
	// NoColour: the terminal has no colour (NO_COLOR) although the
	// profile was raised to ANSI for the mono theme's attributes (Run):
	// the command palette offers no colour theme.
	NoColour bool
	// Renderer draws the styles: an SSH session's, with that terminal's
	// colour profile. nil is lipgloss's default (the process's terminal).
	Renderer *lipgloss.Renderer
	// Links are the URL templates of the stops' and vehicles' hyperlinks
	// (links.go), already resolved against --hyperlinks: empty when off.
	Links Links
}

// PaneID names a pane that can have focus; the dispatcher grid
// adds its own.
type PaneID int

// The panes that take focus.
const (
	PaneBoard PaneID = iota
	PaneVehicle
)

// Shared is the root's private state (and the kiosk's): the feed state,
// the services panes hold (Services), and what the root makes each
// pass's Frame of (the clocks, texts, styles, limit and alert). Panes
// never hold it; only the root's Update (and the kiosk's) writes it.
type Shared struct {
	*feeds.State
	*Services
	// LimitFixed: the user gave the limit (Options.Limit), which caps
	// every board; else a board fills its height (board.fill).
	LimitFixed bool
	Styles     *ui.Styles
	Texts      *ui.Texts // the catalogue of the chosen language (i18n.go)
	BaseErr    error
	BaseBusy   bool
	BaseFails  int        // failed base data loads in a row, for the retry backoff
	Notice     string     // a one-off message for the status bar, cleared by the next key
	nightMode  *nightMode // day and night styles (night.go); nil without night hours
	// ThemeName is the theme in use (its day name: "dark", not
	// "dark-night"), look what its styles are made with (theme.go).
	ThemeName string
	look      look
	// Alert is the service's unplanned alert, alertLines the lines it
	// names (alerts.go); every view shows them.
	Alert      model.Alert
	alertLines map[string]bool

	// DispatchTexts is the dispatcher's section of the catalogue Texts.
	DispatchTexts *catalog.DispTexts

	// firstIn closes when the first answer is in, and starts the base
	// data load (commands.go).
	firstIn chan struct{}
}

// NewShared returns the state every pane of o reads.
func NewShared(o Options) *Shared {
	clock := o.Now
	var svc *feeds.ServiceClock
	if clock == nil {
		clock, svc = time.Now, &feeds.ServiceClock{}
	}
	limit := o.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	now := clock()
	theme := o.pickTheme() // unknown names were refused by the CLI; dark here
	sh := &Shared{
		State: &feeds.State{
			Ctx:    context.Background(),
			Source: o.Source,
			Clock:  clock,
			Local:  now,
			Now:    now,
			Svc:    svc,
			OnSkew: o.ClockSkew,
			Policy: feeds.NewPolicy(o.Interval, uint64(now.UnixNano())),
			Limit:  limit,
			Reg:    feeds.NewRegistry(),
		},
		LimitFixed: o.Limit > 0,
		Styles:     ui.NewStylesWith(o.Renderer, theme, ui.UlmLineColors().With(o.LineColors)),
		Texts:      ui.TextsFor(o.Lang),
		BaseBusy:   true,
	}
	sh.Services = &Services{Feeds: sh.Reg, Links: o.Links, ReduceMotion: o.ReduceMotion,
		hist: o.History, histWhy: o.HistoryWhy, feed: sh.State}
	sh.Texts.Delay = o.Delay.OrDefault()
	sh.ThemeName, sh.look = theme.Name, look{r: o.Renderer, lines: ui.UlmLineColors().With(o.LineColors), consoleFont: o.ConsoleFont, noColour: o.NoColour}
	sh.nightMode = newNightMode(o, theme, sh.look.lines, sh.Styles)
	sh.FollowNight()
	if !o.Kiosk.Enabled {
		sh.Reminders = remind.New(o.StateDir, o.Bell, o.RemindBefore, o.Notify)
	}
	sh.DispatchTexts = &sh.Texts.DispTexts
	return sh
}

// OpenMsg asks the root to open a target: a board, a line or a vehicle.
type OpenMsg struct{ Target Target }

// OpenCmd delivers an openMsg.
func OpenCmd(t Target) tea.Cmd {
	return func() tea.Msg { return OpenMsg{Target: t} }
}

// abfahrt paints its frames itself (tui/internal/screen) and runs Bubble
// Tea without its renderer. Bubble Tea v1's renderer wakes on a ticker at
// the frame rate to look for a new frame, paints only on that tick (the
// first frame waited up to 100 ms for it), and writes every changed line
// whole with every span's style again: on an idle board most of its CPU
// and bytes. abfahrt's renderer paints a frame when the model changed, at
// most maxFPS a second, and writes only the cells that changed.
//
// Without its renderer Bubble Tea neither sets the terminal up (raw mode,
// alternate screen, cursor, bracketed paste) nor asks its size: that is
// the terminal type's (terminal_unix.go) for the process's own terminal,
// and the caller's (the size) for an SSH session.

// MaxFPS caps the frames painted a second, on average (four may come at
// once after a quiet time). Frames are painted when the model changed,
// not on a ticker, so the cap costs nothing at rest; it only merges
// bursts (16 boards answering at once, a held key) into a frame every
// 33 ms.
const MaxFPS = 30

// AddNotice adds n to the status bar's notice: the pins' and the boards'
// reports at start both show.
func AddNotice(sh *Shared, n string) { sh.Notice = ui.JoinNotice(sh.Notice, n) }

// StateNotice is the status bar's report of a state file's problem, or
// of entries beyond the cap, once at start; "" if none.
func StateNotice(dt *catalog.DispTexts, prob *statefile.Problem, name string, used, total int) string {
	switch {
	case prob != nil && prob.KeptAs != "":
		return fmt.Sprintf(dt.StateKeptAside, prob.Name, prob.KeptAs)
	case prob != nil:
		return fmt.Sprintf(dt.StateLeft, prob.Name)
	case total > used:
		return fmt.Sprintf(dt.StateCapped, name, used, total)
	}
	return ""
}

// ClockMsg is the 1-second clock: it carries the time that View uses as now.
type ClockMsg struct{ Now time.Time }

// BaseRetryMsg asks for the base data again after a failed load.
type BaseRetryMsg struct{}

// BaseDataMsg carries the base data for the search, loaded once at start
// (and again, with backoff, until every part has loaded).
// Parts that failed are nil and their errors joined in err.
type BaseDataMsg struct {
	Stops    []model.Stop
	Points   []model.StopPoint
	Routes   []model.Route
	Vehicles []model.Vehicle
	Err      error
}

// Action is what a pane asks of the root after a key or a message,
// besides its command: the root interprets it (panes do not write the
// root's state). The zero Action asks nothing.
type Action struct {
	// Open is a target to open: a board, a line or the vehicle pane.
	Open *Target
	// Notice is a one-off message for the status bar.
	Notice string
	// Close asks the root to close the pane (the vehicle pane's esc) and
	// give the focus back to the pane it was opened from.
	Close bool
	// Relayout asks the root to lay the panes out again: the pane opened
	// or closed in its rectangle (the exception queue).
	Relayout bool
	// Enter asks the root to answer enter as if it were typed, with the
	// focus and selection the pane left (a click on a row).
	Enter bool
	// Verdict is a new network data verdict (the exception queue's), which
	// the root hands every pane in the frame (the grid's summary line).
	Verdict *NetVerdict
}

// RemindEnv is what a check of the reminders reads of the board now, with
// the status bar's notice it says a reminder on (remind.Set.Check); the
// root, which follows the terminal's focus, sets Blurred.
func (sh *Shared) RemindEnv() remind.Env {
	return remind.Env{Now: sh.Now, Local: sh.Local, T: sh.Texts, Notice: &sh.Notice}
}
