package tui

import (
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// KioskOptions configure kiosk mode: an unattended station display.
type KioskOptions struct {
	// Enabled turns kiosk mode on.
	Enabled bool
	// Rotate is how long each board shows before the next (default 20s).
	Rotate time.Duration
	// HoursFrom and HoursTo are the operating hours as minutes of the day
	// in Ulm; equal means always on, HoursTo < HoursFrom runs past midnight.
	HoursFrom, HoursTo int
	// QuitKey is the key chord that ends the kiosk ("ctrl+q"); empty means
	// only a signal from outside ends it.
	QuitKey string
	// LargeCountdown shows the next departure's countdown in big digits.
	LargeCountdown bool
	// StaleAfter blanks departures whose data is older (default 10m).
	StaleAfter time.Duration
	// HideMissed leaves out the departures that cannot be reached any more
	// with a board's walking time (walk.go); boards without one show all.
	HideMissed bool
	// Alive, if set, is called from the kiosk's Update with every message
	// (at least the clock's, once a second): the service manager's
	// watchdog pings only while it is called, so a wedged Update loop
	// gets the kiosk restarted (cmd/abfahrt/systemd.go).
	Alive func()
}

// Kiosk defaults.
const (
	// DefaultKioskRotate is the time each board shows when Rotate is zero.
	DefaultKioskRotate = 20 * time.Second
	// MinKioskRotate is the shortest time a board may show (the CLI
	// refuses less).
	MinKioskRotate = 3 * time.Second
	// DefaultKioskStaleAfter is the age after which departures are blanked
	// when StaleAfter is zero.
	DefaultKioskStaleAfter = 10 * time.Minute
	// delayedAfter is how many poll intervals old the last good data may be
	// before the "data delayed" banner shows.
	delayedAfter = 2
)

// kiosk is the state of kiosk mode: its boards (each with its own poll
// schedule), the rotation epoch, operating hours and the unplanned alert.
type kiosk struct {
	sh     *shared
	opt    KioskOptions // with defaults filled in
	boards []boardPane
	start  time.Time // rotation epoch
	since  time.Time // when the kiosk (re)started polling: the age of "no data yet"
	asleep bool      // outside operating hours: no polls, only the clock
	// first is each board's first departure when service resumes, asked
	// once when the kiosk falls asleep (sleep gen firstGen; kiosk_first.go).
	first    []firstDep
	firstGen int
	alert    model.Alert
	arev     int        // bumped when the alert changes; part of the view's key
	alertF   *feedEntry // the registry's alert feed while awake
	cache    *kioskCache
	// profiles are the layouts by time of day, base the boards outside
	// them, profile the one showing (-1: base; profile.go).
	profiles []Profile
	base     []BoardSpec
	profile  int
}

// kioskCache holds the kiosk's last rendering and its key.
type kioskCache struct {
	key  kioskKey
	view string
	ok   bool
}

// get returns the cached rendering for key, or renders and keeps it.
func (c *kioskCache) get(key kioskKey, render func() string) string {
	if !c.ok || c.key != key {
		c.key, c.view, c.ok = key, render(), true
	}
	return c.view
}

// newKiosk returns the kiosk for options o showing the boards of specs
// (with their filters).
func newKiosk(sh *shared, o KioskOptions, specs []BoardSpec) kiosk {
	if o.Rotate <= 0 {
		o.Rotate = DefaultKioskRotate
	}
	if o.StaleAfter <= 0 {
		o.StaleAfter = DefaultKioskStaleAfter
	}
	k := kiosk{sh: sh, opt: o, start: sh.local, since: sh.local, cache: &kioskCache{}, profile: -1}
	k.setBoards(sh, specs)
	k.asleep = sh.clockKnown() && !k.inHours(sh.now)
	return k
}

// inHours reports whether t is within the operating hours.
func (k *kiosk) inHours(t time.Time) bool {
	from, to := k.opt.HoursFrom, k.opt.HoursTo
	if from == to {
		return true
	}
	t = t.In(model.Berlin)
	m := t.Hour()*60 + t.Minute()
	if from < to {
		return m >= from && m < to
	}
	return m >= from || m < to // past midnight
}

// init starts the kiosk's polls: every board and the alert, unless it
// starts outside its operating hours.
func (k *kiosk) init() []tea.Cmd {
	if k.asleep {
		return []tea.Cmd{k.askFirst()}
	}
	return k.wakeCmds()
}

// wakeCmds takes every board's feed from the registry (boards of one
// stop share it) and polls them and the alert at once.
func (k *kiosk) wakeCmds() []tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(k.boards)+1)
	for i := range k.boards {
		cmds = append(cmds, k.boards[i].show())
	}
	var cmd tea.Cmd
	k.alertF, cmd = k.sh.reg.acquireKey(alertKey, kioskAlert, 0)
	return append(cmds, cmd)
}

// sleep stops every poll (pending ticks die with their gen, answers in
// flight are cancelled and ignored) and forgets the data, which would be
// hours old when the kiosk wakes.
func (k *kiosk) sleep() {
	k.asleep = true
	for i := range k.boards {
		b := &k.boards[i]
		b.hide()
		b.data, b.have = model.Board{}, false
		b.touch()
	}
	k.releaseAlert()
	k.alert = model.Alert{}
	k.arev++
}

// wake restarts the polls when the operating hours begin.
func (k *kiosk) wake(now time.Time) tea.Cmd {
	k.asleep = false
	k.since = now
	return tea.Batch(k.wakeCmds()...)
}

// rows returns the rows of board i (its data holds only the events its
// filters keep).
func (k *kiosk) rows(i int) []int { return k.boards[i].rows() }

// shown returns the index of the board on screen at now: each shows for
// Rotate, in turn, counted from the kiosk's start.
func (k *kiosk) shown(now time.Time) int {
	if len(k.boards) <= 1 {
		return 0
	}
	n := int64(now.Sub(k.start) / k.opt.Rotate)
	return int(max(n, 0) % int64(len(k.boards)))
}

// stopAll ends every schedule and request, for quitting.
func (k *kiosk) stopAll() {
	for i := range k.boards {
		k.boards[i].hide()
	}
	k.releaseAlert()
}

// releaseAlert gives the alert's feed up.
func (k *kiosk) releaseAlert() {
	if k.alertF != nil {
		k.sh.reg.release(k.alertF, kioskAlert)
		k.alertF = nil
	}
}

// update handles a message. Keys do nothing but the quit chord; the clock
// drives rotation and operating hours; data goes to its board.
func (m *kioskModel) handle(msg tea.Msg) tea.Cmd {
	k := &m.kiosk
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		// Rows fill the height: a tall screen asks for as many departures
		// as it has lines for (asked again at once when it grew), never fewer than
		// the configured limit.
		m.sh.limit = max(m.limit, min(MaxLimit, msg.Height-kioskChrome))
		cmds := make([]tea.Cmd, 0, len(k.boards))
		for i := range k.boards {
			cmds = append(cmds, k.boards[i].declare())
		}
		return tea.Batch(cmds...)
	case tea.KeyMsg:
		if k.opt.QuitKey != "" && msg.String() == k.opt.QuitKey {
			k.stopAll()
			return tea.Quit
		}
	case clockMsg:
		logSkew := m.sh.tick(msg.now)
		if m.sh.followNight() {
			for i := range k.boards {
				k.boards[i].touch()
			}
			k.arev++
		}
		var cmd tea.Cmd
		// Operating hours are the service's; until its clock is known
		// (the first answer) the kiosk stays awake to learn it.
		switch in := k.inHours(m.sh.now) || !m.sh.clockKnown(); {
		case !in && !k.asleep:
			k.sleep()
			cmd = k.askFirst()
		case in && k.asleep:
			cmd = k.wake(msg.now)
		}
		return tea.Batch(clockCmd(m.sh.clock), cmd, logSkew, k.followProfile(m.sh))
	case feedTickMsg:
		if k.asleep {
			return nil
		}
		if f, cmd, ok := m.sh.reg.tick(m.sh.feedState, msg); ok {
			k.fed(f, false)
			return cmd
		}
	case feedMsg:
		if f, cmd, ok := m.sh.reg.receive(m.sh.feedState, msg); ok {
			k.fed(f, true)
			if f == k.alertF && f.have {
				m.sh.setAlert(k.alert) // the rows of the lines it names carry ⚠
			}
			return cmd
		}
	case kioskFirstMsg:
		return k.fetchFirst(msg)
	case kioskFirstAnswer:
		return k.tookFirst(msg)
	case baseRetryMsg:
		return m.sh.retryBase()
	case baseDataMsg:
		cmd := m.sh.receiveBase(msg)
		for i := range k.boards {
			k.boards[i].touch()
		}
		return cmd
	}
	return nil
}

// fed hands feed f's news to its boards: an answer (data), or a poll
// that started.
func (k *kiosk) fed(f *feedEntry, data bool) {
	if f == k.alertF && data && f.have && !sameAlert(k.alert, f.data.alert) {
		k.alert = f.data.alert
		k.arev++
	}
	for i := range k.boards {
		if b := &k.boards[i]; b.feed == f {
			if data {
				b.fed()
			} else {
				b.touch()
			}
		}
	}
}

// alertKey is the key of the unplanned alert's feed.
var alertKey = feedKey{kind: feedAlert}

// sameAlert reports whether two alerts say the same.
func sameAlert(a, b model.Alert) bool {
	return a.Title == b.Title && slices.Equal(a.Items, b.Items)
}
