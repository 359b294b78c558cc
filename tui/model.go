package tui

import (
	"context"
	"io"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"abfahrt/model"
)

// Defaults of Options.
const (
	// DefaultStop is the board shown when no stop or stop point is given:
	// Ulm Hauptbahnhof.
	DefaultStop = 1008
	// DefaultLimit is the number of departures requested per board.
	DefaultLimit = 20
)

// Minimum terminal size for the board; below it a short notice shows.
const (
	minWidth  = 30
	minHeight = 8
)

// Options configure the TUI.
type Options struct {
	// Source is the mobility/v1 service, usually a *feed.Client.
	Source Source
	// SourceName is shown in the status bar: "simulated Ulm network" or
	// the API host.
	SourceName string
	// Vehicle, if set, opens the vehicle pane of this vehicle at start.
	Vehicle int
	// Interval is the poll interval (default DefaultInterval).
	Interval time.Duration
	// Limit is the number of events per board (default DefaultLimit).
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
	Delay DelayRule
	// PerLine is the per-line limit of the boards whose BoardSpec has
	// none (per_line, --per-line; perline.go).
	PerLine int
	// Bell is where a reminder rings the terminal bell (the byte BEL):
	// the terminal's output; nil keeps reminders silent (--bell=false).
	Bell io.Writer
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
	// Renderer draws the styles: an SSH session's, with that terminal's
	// colour profile. nil is lipgloss's default (the process's terminal).
	Renderer *lipgloss.Renderer
}

// paneID names a pane that can have focus; the dispatcher grid (issue 6)
// adds its own.
type paneID int

const (
	paneBoard paneID = iota
	paneVehicle
)

// overlay is a modal layer above the panes that takes all keys.
type overlay int

const (
	overlayNone overlay = iota
	overlaySearch
	overlayHelp
)

// subject is what a board shows: a stop or one of its stop points,
// departures or arrivals.
type subject struct {
	stop     int                 // the stop, or the stop point's parent (0 if unknown)
	point    model.StopPointCode // set for a stop point board
	arrivals bool
}

// shared is the state every pane reads: the clock, styles, keys, the data
// source and the poll policy. The root owns it; panes hold a pointer and
// only the root's Update writes it.
type shared struct {
	*feedState
	sourceName string
	// namedSim: the source's name already says it is simulated (the
	// embedded simulation), so the status bar adds nothing.
	namedSim  bool
	st        *Styles
	t         *texts // the catalogue of the chosen language (i18n.go)
	base      *baseData
	baseErr   error
	baseBusy  bool
	baseFails int          // failed base data loads in a row, for the retry backoff
	notice    string       // a one-off message for the status bar, cleared by the next key
	rem       *reminderSet // the reminders (reminder.go); nil in the kiosk
	nightMode *nightMode   // day and night styles (night.go); nil without night hours
	// alert is the service's unplanned alert, alertLines the lines it
	// names (alerts.go); every view shows them.
	alert      model.Alert
	alertLines map[string]bool

	// dt is the dispatcher's section of the catalogue t (grid_text.go);
	// rate the requests per minute for the status bar (rate.go).
	dt   *dispTexts
	rate string

	// plan is the clock message scheduled for the next visible change
	// (nextchange.go); firstIn closes when the first answer is in, and
	// starts the base data load (commands.go).
	plan    clockPlan
	firstIn chan struct{}
}

// nextSeq returns a new request id, never 0.
func (sh *feedState) nextSeq() int {
	sh.seq++
	return sh.seq
}

// Model is the root Bubble Tea model of abfahrt: it composes the boards
// (the grid in disp), the vehicle pane, the search and help overlays and
// the status bar, owns the window size and focus, and routes messages to
// the panes.
type Model struct {
	sh      *shared
	keys    globalKeys // the root's keys; each pane has its own map (keys.go)
	help    helpKeys   // the help overlay's (help.go)
	vehicle vehiclePane
	search  searchPane
	focus   paneID
	overlay overlay
	width   int
	height  int
	startV  int // vehicle to open at start
	memo    *frameMemos
	alertF  *feedEntry // the unplanned alert's feed, shown on every view (alerts.go)
	alertGo tea.Cmd    // its first poll, for Init

	// disp is the board side: the grid with every board, the merged and
	// fleet views, pins (dispatch.go).
	disp dispatch

	// prof follows the layouts by time of day (profile.go).
	prof profileState
}

// newShared returns the state every pane of o reads.
func newShared(o Options) *shared {
	clock := o.Now
	var svc *serviceClock
	if clock == nil {
		clock, svc = time.Now, &serviceClock{}
	}
	limit := o.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	now := clock()
	theme := o.pickTheme() // unknown names were refused by the CLI; dark here
	sh := &shared{
		feedState: &feedState{
			ctx:    context.Background(),
			src:    o.Source,
			clock:  clock,
			local:  now,
			now:    now,
			svc:    svc,
			onSkew: o.ClockSkew,
			pol:    newPolicy(o.Interval, uint64(now.UnixNano())),
			limit:  limit,
			reg:    newRegistry(),
		},
		sourceName: o.SourceName,
		st:         newStylesWith(o.Renderer, theme, UlmLineColors().With(o.LineColors)),
		t:          textsFor(o.Lang),
		baseBusy:   true,
	}
	if sh.sourceName == "" {
		sh.sourceName = "mobility/v1"
	}
	sh.namedSim = strings.Contains(strings.ToLower(sh.sourceName), "simul")
	sh.t.delay = o.Delay.orDefault()
	day := *sh.st
	sh.nightMode = newNightMode(o, theme, UlmLineColors().With(o.LineColors), &day)
	sh.followNight()
	if !o.Kiosk.Enabled {
		sh.rem = newReminderSet(o.StateDir, o.Bell)
	}
	sh.dt = &sh.t.dispTexts
	return sh
}

// New returns the interactive root model for o (Run picks the kiosk's,
// kiosk_model.go, when o.Kiosk is enabled). It does no I/O: Init starts
// the first poll, the clock and the base data load.
func New(o Options) Model {
	sh := newShared(o)
	m := Model{
		sh:      sh,
		keys:    newGlobalKeys(sh.t),
		help:    newHelpKeys(sh.t),
		vehicle: newVehiclePane(sh),
		search:  newSearchPane(sh),
		focus:   paneBoard,
		startV:  o.Vehicle,
		memo:    &frameMemos{},
	}
	o = o.withWalk()
	o, m.prof = o.startProfile(sh)
	m.disp = newDispatch(sh, o)
	m.alertF, m.alertGo = sh.reg.acquireKey(alertKey, rootAlert, 0)
	m.syncKeys()
	return m
}

// Init starts the clock, the first poll of the board, the base data load
// and, if asked, the vehicle pane.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{
		m.startClock(),
		m.sh.baseDataAtStart(),
		m.disp.init(),
		m.sh.rem.loadCmd(),
		m.alertGo,
	}
	if m.startV != 0 {
		t := target{kind: targetVehicle, vehicle: m.startV}
		cmds = append(cmds, func() tea.Msg { return openMsg{target: t} })
	}
	return tea.Batch(cmds...)
}

// Update handles a message: window size in the root, keys through the
// global bindings to the overlay or focused pane, data to its owner.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.sh.observeMsg(msg)
	m.sh.firstAnswer(msg)
	cmd := m.catchUp(msg)
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
	case tea.KeyMsg:
		cmd = tea.Batch(cmd, m.handleKey(msg))
	case clockMsg, feedTickMsg:
		cmd = tea.Batch(cmd, m.handleTick(msg))
	default:
		cmd = tea.Batch(cmd, m.handleData(msg))
	}
	if m.vehicle.open {
		m.vehicle.measure()
	}
	m.syncKeys()
	return m, tea.Batch(cmd, m.planClock())
}

// View renders the screen. It is pure: the time comes from the last
// clockMsg, and unchanged panes come from their caches.
func (m Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < minWidth || h < minHeight {
		return tooSmall(m.sh.t, w, h)
	}
	return m.render() // exact by construction; TestViewFitsEverySize holds it to that
}

// observeMsg feeds the service clock with the CurrentTimestamp of a good
// answer, whichever pane it is for. An answer that may be a revalidated
// copy (clockSample) sets the clock only while it knows nothing better:
// the offset of a board that is empty at night. An answer a hub or cache
// says is stale (Warning 110), or older than two intervals by its Age,
// never does: its timestamp stands still while time goes on, and taken as
// "now" it would freeze the header and the kiosk's clock, or read as a
// faster clock once the service is back. The Age of an answer served from
// a cache is added to its timestamp: the service's time when it arrived.
func (sh *feedState) observeMsg(m tea.Msg) {
	msg, ok := m.(feedMsg)
	if ok && msg.err == nil {
		// The simulation's marker, passed on by any hub: the status bar
		// says "simulated" whatever the source is called.
		sh.simulated = msg.ans.Simulated
	}
	if !ok || msg.err != nil || msg.ans.Stale || (msg.ans.AgeKnown && msg.ans.Age > staleDataAfter*sh.pol.interval) {
		return
	}
	ts := msg.data.timestamp(msg.key.kind)
	if sh.standsStill(msg.key, ts) {
		// The same CurrentTimestamp as this feed's last answer: a copy a
		// cache keeps serving (one that says nothing of its age), not a
		// clock; taken as one it would set the clock back.
		return
	}
	if msg.data.clockSample(msg.key.kind) || !sh.clockKnown() {
		if !ts.IsZero() && msg.ans.AgeKnown {
			ts = ts.Add(msg.ans.Age)
		}
		sh.observe(ts, msg.at)
	}
}

// standsStill reports whether ts is the timestamp of key's previous
// answer, and remembers it.
func (sh *feedState) standsStill(key feedKey, ts time.Time) bool {
	if ts.IsZero() {
		return false
	}
	if sh.lastTS == nil || len(sh.lastTS) > 256 {
		sh.lastTS = make(map[feedKey]time.Time)
	}
	prev, ok := sh.lastTS[key]
	sh.lastTS[key] = ts
	return ok && prev.Equal(ts)
}

// syncKeys enables, in every pane's key map, the bindings that do
// something now: the root's globals, and each pane's from its own state.
func (m *Model) syncKeys() {
	none := m.overlay == overlayNone
	boards := none && m.focus == paneBoard
	m.keys.sync(m.overlay, m.vehicle.open)
	d := &m.disp
	pinned := d.pinned()
	d.keys.sync(d.keyState(boards, m.sh.rem != nil, pinned))
	d.merged.km.sync(boards && d.mode == modeMerged, &d.merged, &d.grid, pinned)
	d.fleet.km.sync(boards && d.mode == modeFleet, &d.fleet, d.grid.len(), pinned)
	m.vehicle.km.sync(none && m.focus == paneVehicle && m.vehicle.open, &m.vehicle)
	m.search.km.sync(m.overlay == overlaySearch, len(m.search.results))
}

// openMsg asks the root to open a target: a board, a line or a vehicle.
type openMsg struct{ target target }

// openCmd delivers an openMsg.
func openCmd(t target) tea.Cmd {
	return func() tea.Msg { return openMsg{target: t} }
}
