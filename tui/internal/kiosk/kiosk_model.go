package kiosk

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// Model is the unattended station display (Options.Kiosk): its own
// Bubble Tea model, which Run chooses instead of the interactive root.
// Like the root it owns an app.Shared (clock, styles, texts, source, poll
// policy) and polls through the same loop (feeds.go); what it draws and
// reckons with at a moment it reads from one app.Frame made of it per
// View and per message handled. Its state and rotation are in kiosk.go,
// its screen in kiosk_view.go.
type Model struct {
	Shared *app.Shared
	Kiosk  Kiosk
	width  int
	height int
	Start  []tea.Cmd // the first polls, for Init
	limit  int       // the configured departures per board; a tall screen asks for more
	title  bool      // the window title is set: it counts down by the second
}

// kioskChrome is the fewest lines of a kiosk screen that are not rows:
// the free row of the burn-in shift, the two-line header of a short
// screen, the line below it and the column titles. A board asks for the
// height less these, so that its rows reach the bottom whatever the
// header takes (13 lines with big digits); the table shows what fits.
const kioskChrome = 5

// NewModel returns the kiosk for o: o.Boards in turn, else the board
// of the default stop (DefaultStop). It does no I/O.
func NewModel(o app.Options) Model {
	sh := app.NewShared(o)
	sh.Reminders = nil // the kiosk is silent and sets no reminders
	o = o.WithWalk()
	// A station display retries at its interval, without backing off: it
	// shows data again within one interval of the service's return (with
	// the ±10 % jitter, kiosks still spread out). Retry-After still holds.
	sh.Policy.MaxBack = sh.Policy.Interval
	limit := sh.Limit
	specs := o.Boards
	if len(specs) == 0 {
		specs = []app.BoardSpec{{Stop: app.DefaultStop, Walk: app.WalkTime(o.Walk), PerLine: o.PerLine}}
	}
	o.Kiosk.Enabled = true
	// The layout of the hour from the start (profile.go).
	profiles, base, prof := o.DayProfiles(), specs, -1
	if sh.ClockKnown() {
		if prof = app.ProfileAt(profiles, sh.Now); prof >= 0 {
			specs = profiles[prof].Boards
		}
	}
	k := newKiosk(sh, o.Kiosk, specs)
	k.profiles, k.base, k.Profile = profiles, base, prof
	k.speech.lang = o.Lang
	m := Model{Shared: sh, Kiosk: k, limit: limit, title: o.TitleOn()}
	m.Start = m.Kiosk.Init()
	return m
}

// Init starts the polls (unless outside the operating hours), the clock
// and the base data load (for the stops' names).
func (m Model) Init() tea.Cmd {
	return tea.Batch(append(m.Start, app.ClockCmd(m.Shared.Clock), app.BaseDataCmd(m.Shared.Ctx, m.Shared.Source))...)
}

// Update handles a message (kiosk.go).
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if alive := m.Kiosk.Options.Alive; alive != nil {
		alive() // the loop runs: the watchdog may ping
	}
	m.Shared.ObserveMsg(msg)
	cmd := m.handle(msg)
	switch msg.(type) {
	case feeds.AnswerMsg, tea.KeyMsg, tea.WindowSizeMsg, app.BaseDataMsg:
		// An answer, a key, a new size may bring the next turn forward.
		if next := m.clock(m.Shared.Frame(app.PaneBoard)); next != nil {
			cmd = tea.Batch(cmd, next)
		}
	}
	return m, cmd
}

// View renders the kiosk screen in one frame made for it; pure, from the
// cache within a second.
func (m Model) View() string {
	f := m.Shared.Frame(app.PaneBoard)
	return ui.Sized(f.Texts, m.width, m.height, func() string { return m.kioskView(f) })
}

// WindowTitle is the board showing and its next departure, for a kiosk
// that asked for a window title (it is off in kiosk mode by default).
func (m Model) WindowTitle() string {
	k, f := &m.Kiosk, m.Shared.Frame(app.PaneBoard)
	i := k.shown(f.Local)
	if k.Asleep || i >= len(k.Boards) {
		return "abfahrt"
	}
	b := &k.Boards[i]
	title := b.Name(f.Texts)
	if e := nextDeparture(b, m.Kiosk.Rows(f, i), f.Now); e != nil {
		title += " · " + e.Line() + " " + e.DirectionText + " " + f.Texts.Countdown(*e, f.Now)
	}
	return model.CleanText(title+" · abfahrt", 80)
}
