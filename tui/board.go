package tui

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
)

// eventKey identifies an event across polls, so the cursor stays on the
// same trip when the board refreshes.
type eventKey struct {
	vehicle int
	route   int
	sched   time.Time
	point   model.StopPointCode
}

func keyOf(e *model.Event) eventKey {
	return eventKey{vehicle: e.VehicleNumber, route: e.RouteNumber, sched: e.Scheduled.Time, point: e.StopPointCode}
}

// boardPane is a departure or arrival board of one stop or stop point:
// the one board type. The grid's boards, the board abfahrt opens with (the
// grid's open board, shown zoomed) and the kiosk's are all boardPanes; each
// takes its data and poll state from the registry's feed of its subject
// (feed, acquired by show, given up by hide) and shows the events its
// filters keep.
type boardPane struct {
	sh                   *shared
	subj                 subject
	title                string                       // the stop's name
	filt                 filters                      // client-side filters (line, platform name, direction; boardspec.go)
	narrowed             bool                         // f narrowed the whole stop to subj.point: esc widens it again
	raw                  model.Board                  // the feed's last good answer for subj, unfiltered
	data                 model.Board                  // raw with the events filt keeps
	have                 bool                         // data belongs to subj
	seen                 []platform                   // platforms seen in stop answers, when base data lacks them
	served               map[model.StopPointCode]bool // stop points with events in the last whole-stop answer
	feed                 *feedEntry                   // the registry's feed of subj, nil while hidden
	idle                 poller                       // the poll state of a hidden board: none
	listCursor[eventKey]                              // the row under the cursor and its trip (list.go)
	width                int
	height               int
	focused              bool
	rev                  int // bumped on every change that shows; part of the cache key
	// walk is the walking time to the stop (0: no leave column, no
	// bands); hideMissed drops the rows that cannot be caught (walk.go).
	walk       time.Duration
	hideMissed bool
	// perLine keeps the next perLine departures of each line and
	// direction (0: all); grouped shows them by platform (perline.go).
	perLine int
	grouped bool
	cache   *viewCache
	// num is the board's number in the grid (0: the open board, which
	// has none), set by the grid's layout; the header shows it.
	num int
	// cell and rowc cache the board's compact rendering as a grid cell.
	cell memo
	rowc []rowMemo
	// removing is set by a first `x`: the cell asks, a second `x`
	// removes the board, any other key keeps it (gridPane.askRemove).
	removing bool
	// hold is the board's identity as a holder of its feed (registry).
	hold holder
}

// demand is how many events the board wants of its feed: MaxLimit when it
// shows them through filters, so that it fills as many rows as an
// unfiltered board, else shared.limit.
func (b *boardPane) demand() int {
	if b.filt.active() {
		return MaxLimit
	}
	return b.sh.limit
}

// declare tells the board's feed its demand now (after a change of its
// filters or of shared.limit); a rise polls once more at once.
func (b *boardPane) declare() tea.Cmd {
	if b.feed == nil {
		return nil
	}
	return b.feed.demand(b.hold, b.demand())
}

// newBoardPane returns a board for s; its first poll comes from Init or
// from the caller that opened it.
func newBoardPane(sh *shared, s subject) boardPane {
	return boardPane{sh: sh, subj: s, focused: true, cache: &viewCache{}, hold: newHolder()}
}

// setSize gives the board its rectangle.
func (b *boardPane) setSize(w, h int) {
	if w != b.width || h != b.height {
		b.width, b.height = w, h
		b.touch()
	}
}

// touch marks the board changed, so its cached view is rebuilt.
func (b *boardPane) touch() { b.rev++ }

// setSubject points the board at s. Its schedule restarts and the returned
// command polls at once. Rows stay only when they remain true for s
// (narrowing a stop to one of its platforms); otherwise the board shows
// "loading" until the answer comes.
func (b *boardPane) setSubject(s subject) tea.Cmd {
	keep := b.have && s.arrivals == b.subj.arrivals && s.stop == b.subj.stop && b.subj.point == "" && s.point != ""
	b.subj = s
	b.have = keep
	if !keep {
		b.data, b.raw = model.Board{}, model.Board{}
		b.cursor = 0
	}
	b.touch()
	if b.feed == nil {
		return nil // hidden: the feed is acquired when the board shows
	}
	b.hide()
	return b.show()
}

// show acquires the feed of the board's subject, returning the command of
// its first poll if no other view polls it already; then its data (if
// another view's poll brought some) fills the board at once.
func (b *boardPane) show() tea.Cmd {
	if b.feed != nil {
		return nil
	}
	f, cmd := b.sh.reg.acquire(b.subj, b.hold, b.demand())
	b.feed = f
	b.fed()
	return cmd
}

// hide gives the feed up; its poll ends unless another view shows it.
func (b *boardPane) hide() {
	if b.feed != nil {
		b.sh.reg.release(b.feed, b.hold)
		b.feed = nil
	}
}

// fed takes the feed's latest answer (or failure).
func (b *boardPane) fed() {
	if b.feed != nil && b.feed.have {
		b.raw, b.have = b.feed.data.board, true
		b.refilter()
		return
	}
	b.touch()
}

// refilter shows the events of the last answer that the filters keep.
func (b *boardPane) refilter() {
	if !b.have {
		b.touch()
		return
	}
	if !b.filt.active() {
		b.setData(b.raw)
		b.touch()
		return
	}
	d := b.raw
	d.Events = make([]model.Event, 0, len(b.raw.Events))
	for i := range b.raw.Events {
		if b.filt.keep(&b.raw.Events[i]) {
			d.Events = append(d.Events, b.raw.Events[i])
		}
	}
	b.setData(d)
	b.touch()
}

// polls is the poll state the board shows: its feed's (none while hidden).
func (b *boardPane) polls() *poller {
	if b.feed != nil {
		return &b.feed.poll
	}
	return &b.idle
}

// open shows the board of target t (a stop, stop point or line): a line
// is the line filter on the stop's board; other filters go.
func (b *boardPane) open(t target) tea.Cmd {
	s := subject{stop: t.stop, point: t.point, arrivals: false}
	b.filt = filters{}
	if t.line != "" {
		b.filt.lines = []string{t.line}
	}
	if t.title != "" && t.kind == targetStop {
		b.title = t.title
	} else if n := b.sh.base.stopName(t.stop); n != "" {
		b.title = n
	} else {
		b.title = ""
	}
	b.seen = nil
	b.narrowed = false
	return b.setSubject(s)
}

// refresh polls now, bypassing the client's cache. A request in flight is
// left to finish (its answer re-arms the schedule), so there is never a
// second one.
func (b *boardPane) refresh() tea.Cmd {
	if b.feed != nil {
		return b.feed.refresh()
	}
	return nil
}

// key is the key of the board's feed.
func (b *boardPane) key() feedKey { return boardFeed(b.subj) }

// setData replaces the rows, keeping the cursor on the same trip.
func (b *boardPane) setData(d model.Board) {
	b.data, b.have = d, true
	if b.subj.point == "" {
		if d.StopName != "" {
			b.title = d.StopName
		}
		b.learnPlatforms()
		b.served = make(map[model.StopPointCode]bool, 8)
		for i := range d.Events {
			b.served[d.Events[i].StopPointCode] = true
		}
	}
	b.setCursor(b.cursorIn(b.rows()))
}

// learnPlatforms remembers the platforms of a stop answer, for `f` when
// base data is missing.
func (b *boardPane) learnPlatforms() {
	have := make(map[model.StopPointCode]bool, len(b.seen))
	for _, p := range b.seen {
		have[p.code] = true
	}
	for _, e := range b.data.Events {
		if e.StopPointCode != "" && !have[e.StopPointCode] {
			have[e.StopPointCode] = true
			b.seen = append(b.seen, platform{code: e.StopPointCode, name: e.PlatformName})
		}
	}
	sortPlatforms(b.seen)
}

// platforms returns the platforms of the board's stop.
func (b *boardPane) platforms() []platform {
	if ps := b.sh.base.platforms(b.subj.stop); len(ps) > 0 {
		return ps
	}
	return b.seen
}

// servedFirst orders platforms with service in the board's data first
// (in their order), so `f` visits the stop points that have departures
// before the empty ones.
func (b *boardPane) servedFirst(ps []platform) []platform {
	served := b.served
	out := slices.Clone(ps)
	slices.SortStableFunc(out, func(x, y platform) int {
		switch {
		case served[x.code] == served[y.code]:
			return 0
		case served[x.code]:
			return -1
		}
		return 1
	})
	return out
}

// platformName returns the name of the platform the board is narrowed to.
func (b *boardPane) platformName() string {
	if b.subj.point == "" {
		return ""
	}
	for _, p := range b.platforms() {
		if p.code == b.subj.point {
			return p.name
		}
	}
	if b.sh.base != nil {
		if p, ok := b.sh.base.points[b.subj.point]; ok {
			return p.PlatformName
		}
	}
	return b.subj.point.String()
}

// name returns the board's title: the stop's name, else its number.
func (b *boardPane) name() string {
	switch {
	case b.title != "":
		return b.title
	case b.sh.base.stopName(b.subj.stop) != "":
		return b.sh.base.stopName(b.subj.stop)
	case b.subj.stop != 0:
		return fmt.Sprintf(b.sh.t.StopN, b.subj.stop)
	}
	return fmt.Sprintf(b.sh.t.StopPointN, b.subj.point.String())
}

// rows returns the indexes of the events shown at the current time: not
// long past, of the chosen line and platform.
func (b *boardPane) rows() []int {
	if !b.have {
		return nil
	}
	now := b.sh.now
	out := make([]int, 0, len(b.data.Events))
	var seen map[lineDir]int
	if b.perLine > 0 {
		seen = make(map[lineDir]int, 8)
	}
	for i := range b.data.Events {
		e := &b.data.Events[i]
		if due, ok := e.DueIn(now); ok && due < -hideAfter {
			continue
		}
		if endsAt(e, b.data.StopName) || endsAt(e, b.title) {
			continue // a trip ending here is no departure
		}
		if b.subj.point != "" && e.StopPointCode != "" && e.StopPointCode != b.subj.point {
			continue
		}
		if b.hideMissed && b.missed(e) {
			continue
		}
		if !perLineKeep(seen, b.perLine, e) {
			continue
		}
		if b.wideData() && len(out) >= b.sh.limit {
			break // a wide answer (for a filter) shows as many rows as an unfiltered one
		}
		out = append(out, i)
	}
	b.groupRows(out)
	return out
}

// wideData reports whether the board's rows come from an answer that
// asked for more events than a board shows (a filtered holder's demand).
func (b *boardPane) wideData() bool { return b.feed != nil && b.feed.got > b.sh.limit }

// setCursor moves the cursor to row i, clamped, and remembers its trip.
func (b *boardPane) setCursor(i int) {
	rows := b.rows()
	b.listSet(i, len(rows), b.rowKey(rows))
	b.touch()
}

// rowKey returns the key of the trip of each row of rows.
func (b *boardPane) rowKey(rows []int) func(int) eventKey {
	return func(i int) eventKey { return keyOf(&b.data.Events[rows[i]]) }
}

// update handles the keys of the focused board, bound in k: the same on
// every board (the grid's cells take the row keys as focus moves,
// Model.gridKey).
func (b *boardPane) update(msg tea.KeyMsg, k *boardKeys) tea.Cmd {
	switch {
	case key.Matches(msg, k.Line):
		return b.cycleLine()
	case key.Matches(msg, k.Direction):
		return b.cycleDirection()
	case key.Matches(msg, k.Up):
		b.setCursor(b.cursor - 1)
	case key.Matches(msg, k.Down):
		b.setCursor(b.cursor + 1)
	case key.Matches(msg, k.Top):
		b.setCursor(0)
	case key.Matches(msg, k.Bottom):
		b.setCursor(len(b.rows()) - 1)
	case key.Matches(msg, k.Toggle):
		s := b.subj
		s.arrivals = !s.arrivals
		return b.setSubject(s)
	case key.Matches(msg, k.Platform):
		return b.cyclePlatform()
	case key.Matches(msg, k.Clear):
		return b.clearFilters()
	case key.Matches(msg, k.WalkUp):
		b.adjustWalk(walkStep)
	case key.Matches(msg, k.WalkDown):
		b.adjustWalk(-walkStep)
	case key.Matches(msg, k.HideMissed):
		b.toggleMissed()
	case key.Matches(msg, k.PerLine):
		b.cyclePerLine()
	case key.Matches(msg, k.Grouped):
		b.toggleGrouped()
	case key.Matches(msg, k.Remind):
		return b.toggleReminder()
	case key.Matches(msg, k.Open):
		rows := b.rows()
		if b.cursor < len(rows) {
			e := b.data.Events[rows[b.cursor]]
			if e.VehicleNumber != 0 {
				return openCmd(target{kind: targetVehicle, vehicle: e.VehicleNumber})
			}
		}
	}
	return nil
}

// cyclePlatform narrows the board to the next platform of its stop (its
// stop point, polled on its own, so it shows as many rows as a whole
// stop), and after the last one widens it to the whole stop again. It
// replaces a platform filter by name (a layout's `platform`).
func (b *boardPane) cyclePlatform() tea.Cmd {
	ps := b.servedFirst(b.platforms())
	if len(ps) == 0 || b.subj.stop == 0 {
		return nil
	}
	if b.filt.platform != "" {
		b.filt.platform = "" // the feed is acquired anew below (setSubject), with the board's demand
		b.refilter()
	}
	s := b.subj
	next := 0
	if s.point != "" {
		next = len(ps) // not found: back to the whole stop
		for i, p := range ps {
			if p.code == s.point {
				next = i + 1
				break
			}
		}
	}
	if next >= len(ps) {
		s.point = ""
	} else {
		s.point = ps[next].code
	}
	// A board narrowed by f from its whole stop is a filter esc clears;
	// one opened on a stop point (--stoppoint) was never narrowed.
	b.narrowed = s.point != "" && (b.narrowed || b.subj.point == "")
	return b.setSubject(s)
}

// boardsHealth counts the boards whose data is stale (or failed before any
// answer) and those the service does not know.
func boardsHealth(boards []*boardPane) (stale, unknown int) {
	for _, b := range boards {
		p := b.polls()
		switch {
		case !b.have && errors.Is(p.lastErr, feed.ErrNotFound):
			unknown++
		case p.lastErr != nil && !b.have:
			stale++
		default:
			if _, ok := b.sh.stale(p); ok {
				stale++
			}
		}
	}
	return stale, unknown
}
