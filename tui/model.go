package tui

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/queue"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/internal/vehicle"
)

// Model is the root Bubble Tea model of abfahrt: it composes the boards
// (the grid in disp), the vehicle pane, the search and help overlays and
// the status bar, owns the window size and focus, and routes messages to
// the panes.
type Model struct {
	sh      *app.Shared
	vehicle vehicle.Pane
	search  searchPane
	focus   app.PaneID
	overlay ui.Overlay
	width   int
	height  int
	sideW   int // the board side's width (layout)
	// fr is the frame the panes read (app.Frame): made once per message
	// (after the clock caught up), per key and per View.
	fr     app.Frame
	startV int // vehicle to open at start
	// quitting is set once a key quit: the keys read with it are dropped.
	quitting bool
	memo     *ui.FrameMemos
	alertF   *feeds.Entry // the unplanned alert's feed, shown on every view (alerts.go)
	alertGo  tea.Cmd      // its first poll, for Init

	// disp is the board side: the grid with every board, the merged and
	// fleet views, pins (dispatch.go).
	disp grid.Dispatch
	// queue is the exception queue (queue.go).
	queue queue.Pane

	// prof follows the layouts by time of day (profile.go).
	prof app.ProfileState

	// mouseOn is Options.Mouse; mouse is what the last frame drew that a
	// click needs (mouse.go).
	mouseOn bool
	mouse   *mouseFrame

	// own is what the root alone reads and writes (a pointer: every copy
	// of the Model Bubble Tea makes shares it).
	own *rootState
}

// rootState is the root's own state: what the status bar says of the
// source, and the clock's plan.
type rootState struct {
	// source is the data source's name; namedSim is set when it says it
	// is simulated already (the embedded simulation), so that the status
	// bar adds nothing.
	source   string
	namedSim bool
	// rate is the requests per minute for the status bar (ratemeter.go),
	// layout the name of the layout of the hour showing (profiles by time
	// of day), "" when none.
	rate, layout string
	// plan is the clock message scheduled for the next visible change
	// (nextchange.go).
	plan clockPlan
	// verdict is the exception queue's network data verdict, handed to
	// the panes in the frame.
	verdict app.NetVerdict
	// blurred: the terminal reported that it lost the focus (mode 1004);
	// a reminder then notifies the desktop too.
	blurred bool
}

// newRootState returns the root's state for the source named source.
func newRootState(source string) *rootState {
	if source == "" {
		source = "mobility/v1"
	}
	return &rootState{source: source, namedSim: strings.Contains(strings.ToLower(source), "simul")}
}

// clockPlan is the clock message scheduled: due is its local time, zero
// when none is pending; on once Init started the clock (a model driven by
// hand, as in the unit tests, gets its clock messages from its driver).
type clockPlan struct {
	Due time.Time
	On  bool
}

// New returns the interactive root model for o (Run picks the kiosk's,
// kiosk_model.go, when o.Kiosk is enabled). It does no I/O: Init starts
// the first poll, the clock and the base data load.
func New(o app.Options) Model {
	sh := app.NewShared(o)
	m := Model{
		sh:      sh,
		vehicle: vehicle.NewPane(sh.Services),
		search:  newSearchPane(sh),
		focus:   app.PaneBoard,
		startV:  o.Vehicle,
		memo:    &ui.FrameMemos{},
		mouseOn: o.Mouse,
		mouse:   &mouseFrame{},
		own:     newRootState(o.SourceName),
	}
	o = o.WithWalk()
	o, m.prof = o.StartProfile(sh)
	m.prof.Home = app.BoardSpec{Stop: app.DefaultStop, Walk: app.WalkTime(o.Walk), PerLine: o.PerLine}
	if i := m.prof.Profile; i >= 0 {
		m.own.layout = m.prof.Profiles[i].Name
	}
	m.disp = grid.NewDispatch(sh.Services, o, sh.Frame(app.PaneBoard))
	m.queue = queue.NewPane(sh.Services, o.Exceptions, o.StateDir)
	m.alertF, m.alertGo = sh.Reg.AcquireKey(kiosk.AlertKey, feeds.RootAlert, 0)
	return m
}

// Init starts the clock, the first poll of the board, the base data load
// and, if asked, the vehicle pane.
func (m Model) Init() tea.Cmd {
	m.own.plan.On = true // the clock starts: from now on every message plans it
	cmds := []tea.Cmd{
		m.planClock(),
		m.sh.BaseDataAtStart(),
		m.disp.Init(),
		m.sh.Reminders.LoadCmd(),
		m.alertGo,
	}
	if m.queue.WatchAtStart() {
		cmds = append(cmds, m.queue.Watch(m.sh.Now))
	}
	if m.startV != 0 {
		t := app.Target{Kind: app.TargetVehicle, Vehicle: m.startV}
		cmds = append(cmds, func() tea.Msg { return app.OpenMsg{Target: t} })
	}
	return tea.Batch(cmds...)
}

// Update handles a message: window size in the root, keys through the
// global bindings to the overlay or focused pane, data to its owner.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.sh.ObserveMsg(msg)
	m.sh.FirstAnswer(msg)
	cmd := m.catchUp(msg)
	m.fr = m.frame()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
	case tea.FocusMsg:
		m.own.blurred = false // the terminal's focus report (notify.go)
	case tea.BlurMsg:
		m.own.blurred = true
	case tea.KeyMsg:
		cmd = tea.Batch(cmd, m.handleKeys(msg))
	case tea.MouseMsg:
		cmd = tea.Batch(cmd, m.handleMouse(msg))
	case app.ClockMsg, feeds.TickMsg:
		cmd = tea.Batch(cmd, m.handleTick(msg))
	default:
		cmd = tea.Batch(cmd, m.handleData(msg))
	}
	// The panes bring what they derive up to date: the vehicle pane
	// measures its list, a board whose size grew (the terminal, a zoom)
	// asks for more rows.
	settle, _ := m.broadcast(app.SettleMsg{})
	return m, tea.Batch(cmd, settle, m.planClock())
}

// View renders the screen. It is pure: the time comes from the last
// clockMsg, and unchanged panes come from their caches.
func (m Model) View() string {
	m.fr = m.frame()
	m.mouse.drew(0) // no panes to click until render draws them
	// exact by construction; TestViewFitsEverySize holds it to that
	return ui.Sized(m.sh.Texts, m.width, m.height, m.render)
}

// followProfile switches the board to the layout of the hour when the
// hour's profile changes: its boards open as the grid (one board zoomed).
// It waits while the user is in a list, the vehicle pane or an overlay;
// between profiles the boards the board started with come back (if it
// started with none, the view stays). A layout chosen in the command
// palette holds over the hours until the user chooses again (palette.go).
func (m *Model) followProfile() tea.Cmd {
	p := &m.prof
	if len(p.Profiles) == 0 || !m.sh.ClockKnown() || p.Chosen {
		return nil
	}
	i := app.ProfileAt(p.Profiles, m.sh.Now)
	if i == p.Profile {
		return nil
	}
	if m.overlay != ui.OverlayNone || m.focus != app.PaneBoard || m.disp.Mode != grid.ModeGrid {
		return nil
	}
	return m.showProfile(i, app.SwitchNotice(m.sh.Texts, p.Profiles, p.Profile, i))
}

// showProfile opens the boards of profile i (-1: the boards the board
// started with) as the grid and says notice in the status bar.
func (m *Model) showProfile(i int, notice string) tea.Cmd {
	p := &m.prof
	was := p.Profile
	p.Profile = i
	specs := p.Base
	m.own.layout = ""
	if i >= 0 {
		specs = p.Profiles[i].Boards
		m.own.layout = p.Profiles[i].Name
	}
	if len(specs) == 0 && was >= 0 {
		// Started with no boards: back to what a plain start shows, the
		// default stop (a layout's board must not stay on after its
		// hours).
		specs = []app.BoardSpec{m.prof.Home}
	}
	if len(specs) == 0 {
		return nil
	}
	// The switch is said where the user looks.
	app.AddNotice(m.sh, notice)
	g := &m.disp.Grid
	g.RemoveAll()
	var cmds []tea.Cmd
	for _, s := range specs[:min(len(specs), app.MaxBoards)] {
		cmds = append(cmds, g.Add(m.frame(), s))
	}
	g.CloseOpen()
	g.Focus, g.Zoomed = 0, len(specs) == 1
	cmds = append(cmds, m.disp.SyncStrip())
	m.layout()
	return tea.Batch(cmds...)
}
