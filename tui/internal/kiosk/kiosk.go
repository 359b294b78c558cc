package kiosk

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
)

// Kiosk is the state of kiosk mode: its boards (each with its own poll
// schedule), the rotation epoch, operating hours and the unplanned alert.
type Kiosk struct {
	sh      *app.Shared
	Options app.KioskOptions // with defaults filled in
	Boards  []board.Pane
	start   time.Time // rotation epoch
	since   time.Time // when the kiosk (re)started polling: the age of "no data yet"
	Asleep  bool      // outside operating hours: no polls, only the clock
	// first is each board's first departure when service resumes, asked
	// once when the kiosk falls asleep (sleep gen firstGen; kiosk_first.go).
	first    []firstDep
	FirstGen int
	alert    model.Alert
	arev     int          // bumped when the alert changes; part of the view's key
	AlertF   *feeds.Entry // the registry's alert feed while awake
	cache    *kioskCache
	// profiles are the layouts by time of day, base the boards outside
	// them, profile the one showing (-1: base; profile.go).
	profiles []app.Profile
	base     []app.BoardSpec
	Profile  int
	// banner is whether each board's "data delayed" banner shows, with
	// its hysteresis (followBanner).
	banner []bool
	// outage is, per board, the time of the last good data before its
	// banner came on: the banner names it while it stays after a
	// recovery, not the answer that just came.
	outage []time.Time
	// hintUntil is when the hint a key pressed shows ("keys locked ·
	// ctrl+q quits") goes (local clock).
	hintUntil time.Time
	// switchNote says the layout of the hour switched, until switchUntil
	// (local clock).
	switchNote  string
	switchUntil time.Time
	// speech is the spoken departures' state (speak.go).
	speech speaker
	// tickGen is the schedule of the kiosk's clock, tickAt when its tick
	// comes (kiosk_clock.go).
	tickGen int
	tickAt  time.Time
	// askW×askH is the screen and askLeast the configured limit, for
	// the departures the boards ask for (kiosk_limit.go).
	askW, askH, askLeast int
}

// LayoutNoticeFor is how long the kiosk says that its layout of the hour
// switched.
const LayoutNoticeFor = time.Minute

// BannerClearAnswers is how many good answers in a row take the "data
// delayed" banner away: under faults that let an answer through now and
// then, it does not come and go every few seconds, and once the service is
// back it goes with the second answer (within a minute).
const BannerClearAnswers = 2

// delayed reports whether board b's data is stale at frame f's clock:
// the one rule of every view (Frame.Stale), and before any answer, the
// same age counted from when the kiosk started polling.
func (k *Kiosk) delayed(f app.Frame, b *board.Pane) bool {
	p := b.Polls()
	if p.LastOK.IsZero() {
		return f.Local.Sub(k.since) > feeds.DelayedAfter*k.sh.Policy.Interval
	}
	_, stale := f.Stale(p)
	return stale
}

// followBanner turns each board's banner on as soon as its data is stale
// and off only when its data is fresh and came with BannerClearAnswers
// good answers in a row; f is the frame of the update.
func (k *Kiosk) followBanner(f app.Frame) {
	if len(k.banner) != len(k.Boards) {
		k.banner = make([]bool, len(k.Boards))
	}
	if len(k.outage) != len(k.Boards) {
		k.outage = make([]time.Time, len(k.Boards))
	}
	for i := range k.Boards {
		switch {
		case k.delayed(f, &k.Boards[i]):
			k.banner[i] = true
			k.outage[i] = k.Boards[i].Polls().LastOK
		case k.banner[i] && k.Boards[i].Polls().Good >= BannerClearAnswers:
			k.banner[i] = false
		}
	}
}

// bannerOn reports whether board i's banner shows.
func (k *Kiosk) bannerOn(i int) bool { return i < len(k.banner) && k.banner[i] }

// bannerSince is the time board b (index i) is delayed since, on the
// local clock: its last good answer while its data is stale; once it
// answers again and the banner stays (BannerClearAnswers), the last good
// answer before the outage; before any answer, when polling started. f
// is the frame it is drawn in.
func (k *Kiosk) bannerSince(f app.Frame, i int, b *board.Pane) time.Time {
	since := b.Polls().LastOK
	if k.bannerOn(i) && i < len(k.outage) && !k.outage[i].IsZero() && !k.delayed(f, b) {
		since = k.outage[i]
	}
	if since.IsZero() {
		since = k.since
	}
	return since
}

// KeyHintFor is how long a key pressed shows how to leave the kiosk.
const KeyHintFor = 5 * time.Second

// kioskCache holds the kiosk's last rendering and its key.
type kioskCache struct {
	key  kioskKey
	view string
	ok   bool
	big  map[bigKey][]string // drawn large rows by their content (kiosk_big.go)
	span map[spanKey]string  // drawn rows of text by their content (kiosk_big.go)
	// pieces are the styled pieces of drawn rows by what they show.
	pieces map[pieceKey]string
	// widths are the large rows' column widths by board (kiosk_big.go).
	widths map[bigLayout]bigWidths
	// drawn counts the large rows drawn, not served from big; built the
	// frames built.
	drawn, built int
	// worked counts the countdowns worked out, not kept (dueCell);
	// visWorked the boards' texts worked out, not kept (boardVisible).
	worked, visWorked int
	// order is the order each board's large rows showed last, by event
	// (steadyOrder).
	order map[*board.Pane]map[board.EventKey]int
	// spareOrder is each board's order before last, to fill anew.
	spareOrder map[*board.Pane]map[board.EventKey]int
	// cols are the columns of boards side by side by their key; vis what
	// of each board turns with the clock, with the span it holds for
	// (kiosk_visible.go).
	cols map[colKey][]string
	// shown is the countdown each departure's large or text row showed
	// last (dueCell).
	shown map[board.EventKey]string
	// kept are the countdowns dueCell gave last, with the span of the
	// clock they hold for; dues their places in it by event.
	dues map[*model.Event]int
	kept []dueKept
	// blankLine is a line of spaces as wide as a column (blank).
	blankLine string
	vis       map[*board.Pane]boardVis
	// visBuf and keyBuf are the buffers boardVisible and visibleKey
	// write their texts into.
	visBuf, keyBuf []byte
	head           colHead // the header of boards side by side (renderColumns)
	// joined are the rows of boards side by side as last joined.
	joined joinedRows
	// ticker are the alert's pages as last wrapped (tickerLine).
	ticker tickerPages
}

// Get returns the cached rendering for key, or renders and keeps it.
func (c *kioskCache) Get(key kioskKey, render func() string) string {
	if !c.ok || c.key != key {
		c.key, c.view, c.ok = key, render(), true
		c.built++
	}
	return c.view
}

// newKiosk returns the kiosk for options o showing the boards of specs
// (with their filters).
func newKiosk(sh *app.Shared, o app.KioskOptions, specs []app.BoardSpec) Kiosk {
	if o.Rotate <= 0 {
		o.Rotate = feeds.DefaultKioskRotate
	}
	if o.StaleAfter <= 0 {
		o.StaleAfter = feeds.DefaultKioskStaleAfter
	}
	f := sh.Frame(app.PaneBoard)
	k := Kiosk{sh: sh, Options: o, start: f.Local, since: f.Local, cache: &kioskCache{}, Profile: -1}
	k.setBoards(sh.Services, specs)
	k.Asleep = sh.ClockKnown() && !k.InHours(f.Now)
	return k
}

// InHours reports whether t is within the operating hours.
func (k *Kiosk) InHours(t time.Time) bool {
	from, to := k.Options.HoursFrom, k.Options.HoursTo
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

// Init starts the kiosk's polls: every board and the alert, unless it
// starts outside its operating hours.
func (k *Kiosk) Init() []tea.Cmd {
	if k.Asleep {
		return []tea.Cmd{k.askFirst()}
	}
	return k.wakeCmds(k.sh.Frame(app.PaneBoard))
}

// wakeCmds takes every board's feed from the registry (boards of one
// stop share it) and polls them and the alert at once; f is the frame
// the boards show in.
func (k *Kiosk) wakeCmds(f app.Frame) []tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(k.Boards)+1)
	for i := range k.Boards {
		cmds = append(cmds, k.Boards[i].Show(f))
	}
	var cmd tea.Cmd
	k.AlertF, cmd = k.sh.Reg.AcquireKey(AlertKey, feeds.KioskAlert, 0)
	return append(cmds, cmd)
}

// sleep stops every poll (pending ticks die with their gen, answers in
// flight are cancelled and ignored) and forgets the data, which would be
// hours old when the kiosk wakes.
func (k *Kiosk) sleep() {
	k.Asleep = true
	for i := range k.Boards {
		b := &k.Boards[i]
		b.Hide()
		b.Data, b.Have = model.Board{}, false
		b.Touch()
	}
	k.releaseAlert()
	k.alert = model.Alert{}
	k.arev++
}

// wake restarts the polls when the operating hours begin, at frame f's
// local time.
func (k *Kiosk) wake(f app.Frame) tea.Cmd {
	k.Asleep = false
	k.since = f.Local
	k.banner = nil // a new day: no banner of last night
	return tea.Batch(k.wakeCmds(f)...)
}

// Rows returns the rows of board i in frame f (its data holds only the
// events its filters keep).
func (k *Kiosk) Rows(f app.Frame, i int) []int { return k.Boards[i].Rows(f) }

// shown returns the index of the board on screen at now: each shows for
// Rotate, in turn, counted from the kiosk's start.
func (k *Kiosk) shown(now time.Time) int {
	if len(k.Boards) <= 1 {
		return 0
	}
	n := int64(now.Sub(k.start) / k.Options.Rotate)
	return int(max(n, 0) % int64(len(k.Boards)))
}

// stopAll ends every schedule and request, for quitting.
func (k *Kiosk) stopAll() {
	for i := range k.Boards {
		k.Boards[i].Hide()
	}
	k.releaseAlert()
}

// releaseAlert gives the alert's feed up.
func (k *Kiosk) releaseAlert() {
	if k.AlertF != nil {
		k.sh.Reg.Release(k.AlertF, feeds.KioskAlert)
		k.AlertF = nil
	}
}

// key handles one key in frame f: the speak button, the quit key, and
// any other key's hint of how to leave.
func (m *Model) key(f app.Frame, msg tea.KeyMsg) tea.Cmd {
	k := &m.Kiosk
	if k.speakKey(msg.String()) {
		return k.speak(f) // a station's button, also when keys are locked
	}
	quit := k.Options.Quit()
	if quit == "" {
		return nil // locked completely: not even a hint
	}
	if msg.String() == quit {
		k.stopAll()
		return tea.Quit
	}
	// Any other key says, for a while, how to leave.
	k.hintUntil = f.Local.Add(KeyHintFor)
	k.arev++
	return nil
}

// update handles a message. Keys do nothing but the quit chord; the clock
// drives rotation and operating hours; data goes to its board.
func (m *Model) handle(msg tea.Msg) tea.Cmd {
	k := &m.Kiosk
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		// Rows fill the height: a tall screen asks for as many departures
		// as it shows (asked again at once when it grew), never fewer than
		// the configured limit, in steps that a hub's cache serves alike
		// (kiosk_limit.go).
		k.sized(msg.Width, msg.Height, m.limit)
		f := m.Shared.Frame(app.PaneBoard) // with the limit for the new height
		cmds := make([]tea.Cmd, 0, len(k.Boards))
		for i := range k.Boards {
			cmds = append(cmds, k.Boards[i].Declare(f))
		}
		return tea.Batch(cmds...)
	case tea.KeyMsg:
		f := m.Shared.Frame(app.PaneBoard)
		if !termio.Several(msg) {
			return m.key(f, msg)
		}
		// Keys read at once ("xq", a held button): each counts.
		var cmds []tea.Cmd
		for i := range msg.Runes {
			cmd, quit := m.key(f, termio.KeyAt(msg, i)), termio.KeyAt(msg, i).String() == k.Options.Quit()
			cmds = append(cmds, cmd)
			if quit {
				break
			}
		}
		return tea.Batch(cmds...)
	case app.ClockMsg:
		logSkew := m.Shared.Tick(msg.Now)
		if m.Shared.FollowNight() {
			for i := range k.Boards {
				k.Boards[i].Touch()
			}
			k.arev++
		}
		// The frame of this second: the clocks ticked, the styles
		// followed the night.
		f := m.Shared.Frame(app.PaneBoard)
		var cmd tea.Cmd
		// Display hours run on the service's clock; until it is known
		// (the first answer) the kiosk stays awake to learn it.
		switch in := k.InHours(f.Now) || !m.Shared.ClockKnown(); {
		case !in && !k.Asleep:
			k.sleep()
			cmd = k.askFirst()
		case in && k.Asleep:
			cmd = k.wake(f)
		case k.Asleep:
			cmd = k.askAgain(f.Now) // the night's answer used up
		}
		was := k.Profile
		prof := k.followProfile(f)
		if k.Profile != was {
			f = m.Shared.Frame(app.PaneBoard) // the new layout asks for its own limit (askLimit)
		}
		if k.speakDue(f) {
			cmd = tea.Batch(cmd, k.speak(f))
		}
		if !k.Asleep {
			k.followBanner(f)
		}
		return tea.Batch(m.clock(f), cmd, logSkew, prof)
	case clockTick:
		if msg.gen != k.tickGen {
			return nil // an older schedule: a tick came before it
		}
		k.tickAt = time.Time{}
		return m.handle(app.ClockMsg{Now: msg.now})
	case feeds.TickMsg:
		if k.Asleep {
			return nil
		}
		if fd, cmd, ok := m.Shared.Reg.Tick(m.Shared.State, msg); ok {
			k.Fed(m.Shared.Frame(app.PaneBoard), fd, false)
			return cmd
		}
	case feeds.AnswerMsg:
		if fd, cmd, ok := m.Shared.Reg.Receive(m.Shared.State, msg); ok {
			f := m.Shared.Frame(app.PaneBoard)
			k.Fed(f, fd, true)
			if !k.Asleep {
				k.followBanner(f) // a banner goes with the answer, not at the next tick
			}
			if fd == k.AlertF && fd.Have {
				m.Shared.SetAlert(k.alert) // the rows of the lines it names carry ⚠
			}
			return cmd
		}
	case SpokeMsg:
		k.spoke(m.Shared.Frame(app.PaneBoard), msg)
	case FirstMsg:
		return k.fetchFirst(msg)
	case FirstAnswer:
		return k.tookFirst(m.Shared.Frame(app.PaneBoard), msg)
	case app.BaseRetryMsg:
		return m.Shared.RetryBase()
	case app.BaseDataMsg:
		cmd := m.Shared.ReceiveBase(msg)
		for i := range k.Boards {
			k.Boards[i].Touch()
		}
		return cmd
	}
	return nil
}

// Fed hands feed fd's news to its boards, which show in frame f: an
// answer (data), or a poll that started.
func (k *Kiosk) Fed(f app.Frame, fd *feeds.Entry, data bool) {
	if fd == k.AlertF && data && fd.Have && !app.SameAlert(k.alert, fd.Data.Alert) {
		k.alert = fd.Data.Alert
		k.arev++
	}
	for i := range k.Boards {
		if b := &k.Boards[i]; b.Feed == fd {
			if data {
				b.Fed(f)
			} else {
				b.Touch()
			}
		}
	}
}

// AlertKey is the key of the unplanned alert's feed.
var AlertKey = feeds.Key{Kind: feeds.FeedAlert}
