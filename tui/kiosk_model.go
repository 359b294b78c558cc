package tui

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"
)

// rootModel is the program Run runs for o: the kiosk when o.Kiosk is
// enabled, else the interactive board; its requests end with ctx.
func rootModel(ctx context.Context, o Options) tea.Model {
	if o.Kiosk.Enabled {
		m := newKioskModel(o)
		m.sh.ctx = ctx
		return m
	}
	m := New(o)
	m.sh.ctx = ctx
	return m
}

// kioskModel is the unattended station display (Options.Kiosk): its own
// Bubble Tea model, which Run chooses instead of the interactive root.
// It reads the same shared state (clock, styles, texts, source, poll
// policy) and polls through the same loop (feeds.go); its state and
// rotation are in kiosk.go, its screen in kiosk_view.go.
type kioskModel struct {
	sh     *shared
	kiosk  kiosk
	width  int
	height int
	start  []tea.Cmd // the first polls, for Init
	limit  int       // the configured departures per board; a tall screen asks for more
}

// kioskChrome is about how many lines of a kiosk screen are not rows: the
// big clock, date, titles, column header, alert and status lines.
const kioskChrome = 16

// newKioskModel returns the kiosk for o: o.Boards in turn, else the board
// of the default stop (DefaultStop). It does no I/O.
func newKioskModel(o Options) kioskModel {
	sh := newShared(o)
	sh.rem = nil // the kiosk is silent and sets no reminders
	o = o.withWalk()
	// A station display retries at its interval, without backing off: it
	// shows data again within one interval of the service's return (with
	// the ±10 % jitter, kiosks still spread out). Retry-After still holds.
	sh.pol.maxBack = sh.pol.interval
	limit := sh.limit
	specs := o.Boards
	if len(specs) == 0 {
		specs = []BoardSpec{{Stop: DefaultStop, Walk: WalkTime(o.Walk), PerLine: o.PerLine}}
	}
	o.Kiosk.Enabled = true
	// The layout of the hour from the start (profile.go).
	profiles, base, prof := o.dayProfiles(), specs, -1
	if sh.clockKnown() {
		if prof = ProfileAt(profiles, sh.now); prof >= 0 {
			specs = profiles[prof].Boards
		}
	}
	k := newKiosk(sh, o.Kiosk, specs)
	k.profiles, k.base, k.profile = profiles, base, prof
	m := kioskModel{sh: sh, kiosk: k, limit: limit}
	m.start = m.kiosk.init()
	return m
}

// Init starts the polls (unless outside the operating hours), the clock
// and the base data load (for the stops' names).
func (m kioskModel) Init() tea.Cmd {
	return tea.Batch(append(m.start, clockCmd(m.sh.clock), baseDataCmd(m.sh.ctx, m.sh.src))...)
}

// Update handles a message (kiosk.go).
func (m kioskModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if alive := m.kiosk.opt.Alive; alive != nil {
		alive() // the loop runs: the watchdog may ping
	}
	m.sh.observeMsg(msg)
	cmd := m.handle(msg)
	return m, cmd
}

// View renders the kiosk screen; pure, from the cache within a second.
func (m kioskModel) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < minWidth || h < minHeight {
		return tooSmall(m.sh.t, w, h)
	}
	return m.kioskView()
}
