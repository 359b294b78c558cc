package queue

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/exceptions"
	"abfahrt/ladder"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// boardDemand is how many events the queue asks of a connection stop's
// boards: enough to see the feeders and their connections of the next
// half hour at a busy stop.
const boardDemand = 40

// What the line items (bunched pairs, gaps, ghosts of every line in
// service) ask of the service, besides the trips every rule reads
// (ladder.Network keeps the answers): with each trips answer the
// passages of at most LinePassages vehicles (those on a trip not asked
// yet first, then those whose delay moved by a minute since) and the
// arrivals at LineEnds of the lines' last stop points, in turn. A
// trip's timetable does not change while it runs, so once the vehicles
// in service are known this asks little: at the default 15 s at most
// 3 + 1 requests per interval, 0.27 a second, for the whole network.
const (
	LinePassages = 4
	LineEnds     = 1
)

// lineFeeds are the feeds the line items are asked through and what they
// keep, shared by pointer (Bubble Tea copies the pane).
type lineFeeds struct {
	hold feeds.Holder
	net  ladder.Network
	pass map[int]*feeds.Entry // asked, not answered yet
	trip map[int]model.Trip   // the trip record each was asked with
	ends map[model.StopPointCode]*feeds.Entry
	// own: the line items are the network's (no LineFlags was given).
	own bool
}

// Row is one item of the queue with what the dispatcher did to it. A
// line's late group (Item.Count > 0) is one row that opens (Open, with
// enter) to its vehicles, each a row of Depth 1 below it.
type Row struct {
	exceptions.Item
	Acked, Hidden bool
	Depth         int
	Open          bool
}

// Pane is the exception queue. It starts watching (holding its feeds)
// when first opened, or at start when connections are configured, and
// watches until the program ends, so that the ages are true and the
// grid's summary line has the verdict.
type Pane struct {
	svc   *app.Services
	rules exceptions.Rules
	file  markFile // the marks and their state file (state.go)
	// Open: the queue shows (and takes the board side's keys).
	Open bool
	// Watching: the queue holds its feeds.
	Watching bool
	trips    feeds.Hold
	boards   []boardHold
	lines    *lineFeeds
	tracker  *exceptions.Tracker
	all      []Row           // every item, in the queue's order (exceptions.Sort)
	Rows     []Row           // the rows shown (hidden ones only with H)
	opened   map[string]bool // the late groups opened, by key
	// moved: the dispatcher moved the cursor; until then it stays on the
	// top row (the most severe item), after on its item.
	moved   bool
	verdict exceptions.Verdict
	have    bool
	hidden  int      // items hidden
	listHid bool     // H: list the hidden items too
	hits    *ui.Hits // the lines View drew the rows on (RowAt)
	ui.ListCursor[string]
	width, height int
	// Revision counts changes of what the queue shows.
	Revision int
}

// boardHold is the hold on one board of a connection stop.
type boardHold struct {
	feeds.Hold
	stop     int
	arrivals bool
}

// NewPane returns the queue of o, not yet watching.
func NewPane(svc *app.Services, o app.ExceptionOptions, stateDir string) Pane {
	p := Pane{svc: svc, rules: o.Rules(), file: markFile{dir: stateDir}, trips: feeds.NewHold(svc.Feeds), tracker: &exceptions.Tracker{}, hits: &ui.Hits{}, opened: map[string]bool{},
		lines: &lineFeeds{hold: feeds.NewHolder(), pass: map[int]*feeds.Entry{}, trip: map[int]model.Trip{},
			ends: map[model.StopPointCode]*feeds.Entry{}}}
	if p.rules.Lines == nil {
		lf := p.lines
		lf.own = true
		p.rules.Lines = exceptions.LineFlagsFunc(func(line string, s *exceptions.Snapshot) []exceptions.Item {
			l := lf.net.Ladder(line, s.Trips, routes(svc), s.Now, svc.Interval())
			return l.Items()
		})
	}
	var stops []int
	for _, c := range o.Connections {
		if !slices.Contains(stops, c.Stop) {
			stops = append(stops, c.Stop)
		}
	}
	for _, s := range stops {
		p.boards = append(p.boards, boardHold{Hold: feeds.NewHold(svc.Feeds), stop: s, arrivals: true},
			boardHold{Hold: feeds.NewHold(svc.Feeds), stop: s})
	}
	return p
}

// WatchAtStart reports whether the queue watches from the start: when
// connections are configured.
func (p *Pane) WatchAtStart() bool { return len(p.boards) > 0 }

// Watch holds the queue's feeds (the fleet's trips, the connection
// stops' boards) and reads the state file; nothing when it watches.
func (p *Pane) Watch(now time.Time) tea.Cmd {
	if p.Watching {
		return nil
	}
	p.Watching = true
	cmds := []tea.Cmd{p.trips.Acquire(feeds.FleetKey, 0), p.file.loadCmd()}
	for i := range p.boards {
		b := &p.boards[i]
		cmds = append(cmds, b.Acquire(feeds.BoardFeed(feeds.Subject{Stop: b.stop, Arrivals: b.arrivals}), boardDemand))
	}
	p.recompute(now)
	return tea.Batch(cmds...)
}

// routes are the base data's lines with their patterns (nil until it
// comes: then no line has rungs, and no ghost is judged).
func routes(svc *app.Services) []model.Route {
	if svc.Base == nil {
		return nil
	}
	return svc.Base.Routes
}

// ask asks for the next passages and last stops' arrivals the line
// items want (see LinePassages), after the trips answer f.
func (lf *lineFeeds) ask(reg *feeds.Registry, f *feeds.Entry, routes []model.Route, now time.Time) tea.Cmd {
	if !lf.own || f == nil || !f.Have {
		return nil
	}
	trips := f.Data.Trips
	vs, ends := lf.net.Wants(trips, routes, now, max(LinePassages-len(lf.pass), 0), max(LineEnds-len(lf.ends), 0),
		func(v int) bool { return lf.pass[v] != nil })
	byVeh := make(map[int]model.Trip, len(trips))
	for _, t := range trips {
		byVeh[t.VehicleNumber] = t
	}
	var cmds []tea.Cmd
	for _, v := range vs {
		if lf.pass[v] != nil {
			continue
		}
		e, cmd := reg.AcquireKey(feeds.Key{Kind: feeds.FeedPassages, Vehicle: v, Range: model.RangeAll}, lf.hold, 0)
		lf.pass[v], lf.trip[v] = e, byVeh[v]
		if cmd == nil && e.Have { // another view polls it: take its answer
			lf.took(reg, e)
			continue
		}
		cmds = append(cmds, cmd)
	}
	for _, code := range ends {
		if lf.ends[code] != nil {
			continue
		}
		stop, _ := code.StopNumber()
		e, cmd := reg.Acquire(feeds.Subject{Stop: stop, Point: code, Arrivals: true}, lf.hold, ladder.EndsLimit)
		lf.ends[code] = e
		if cmd == nil && e.Have {
			lf.took(reg, e)
			continue
		}
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// holds reports whether e is one of the line items' feeds.
func (lf *lineFeeds) holds(e *feeds.Entry) bool {
	if e.Key.Kind == feeds.FeedPassages && lf.pass[e.Key.Vehicle] == e {
		return true
	}
	return e.Subject.Arrivals && lf.ends[e.Subject.Point] == e
}

// took keeps the answer of a line items' feed and gives the feed up (an
// error too: the next round asks again).
func (lf *lineFeeds) took(reg *feeds.Registry, e *feeds.Entry) {
	if e.Key.Kind == feeds.FeedPassages {
		if e.Have {
			lf.net.Took(lf.trip[e.Key.Vehicle], e.Data.Passages)
		}
		if e.Have || e.Poll.LastErr != nil {
			reg.Release(e, lf.hold)
			delete(lf.pass, e.Key.Vehicle)
			delete(lf.trip, e.Key.Vehicle)
		}
		return
	}
	if e.Have {
		lf.net.TookEnds(e.Subject.Point, e.Data.Board.Events)
	}
	if e.Have || e.Poll.LastErr != nil {
		reg.Release(e, lf.hold)
		delete(lf.ends, e.Subject.Point)
	}
}

// waiting is how many of the line items' feeds are asked and not
// answered yet.
func (lf *lineFeeds) waiting() int { return len(lf.pass) + len(lf.ends) }

// release gives every line items' feed up.
func (lf *lineFeeds) release(reg *feeds.Registry) {
	for v, e := range lf.pass {
		reg.Release(e, lf.hold)
		delete(lf.pass, v)
		delete(lf.trip, v)
	}
	for c, e := range lf.ends {
		reg.Release(e, lf.hold)
		delete(lf.ends, c)
	}
}

// Stop gives the feeds up.
func (p *Pane) Stop() {
	p.lines.release(p.svc.Feeds)
	p.trips.Release()
	for i := range p.boards {
		p.boards[i].Release()
	}
	p.Watching = false
}

// Holds reports whether e is one of the queue's feeds.
func (p *Pane) Holds(e *feeds.Entry) bool {
	if e == nil {
		return false
	}
	if p.trips.Holds(e) || p.lines.holds(e) {
		return true
	}
	for i := range p.boards {
		if p.boards[i].Holds(e) {
			return true
		}
	}
	return false
}

// Fed takes an answer of one of its feeds at service time now: the
// items are made again.
// An answer of the trips also reads the state file again, so that what
// another instance acknowledged or hid shows here within a poll.
func (p *Pane) Fed(e *feeds.Entry, now time.Time) tea.Cmd {
	if !p.Holds(e) {
		return nil
	}
	if p.lines.holds(e) {
		p.lines.took(p.svc.Feeds, e)
		if p.lines.waiting() > 0 {
			return nil // the items are made again with the round's last answer
		}
	}
	p.recompute(now)
	if p.trips.Holds(e) && e.Have {
		return tea.Batch(p.file.loadCmd(), p.lines.ask(p.svc.Feeds, p.trips.Feed, routes(p.svc), now))
	}
	if p.trips.Holds(e) {
		return p.file.loadCmd()
	}
	return nil
}

// Touch marks the queue changed (a poll started: the status bar).
func (p *Pane) Touch() { p.Revision++ }

// Snapshot is the live data the queue's feeds hold at service time now.
func (p *Pane) Snapshot(now time.Time) *exceptions.Snapshot {
	s := &exceptions.Snapshot{Now: now, Boards: map[int]exceptions.StopBoards{}}
	if f := p.trips.Feed; f != nil && f.Have {
		s.Trips = f.Data.Trips
	}
	for i := range p.boards {
		b := &p.boards[i]
		f := b.Feed
		if f == nil || !f.Have {
			continue
		}
		sb := s.Boards[b.stop]
		if b.arrivals {
			sb.Arrivals, sb.HaveArr = f.Data.Board.Events, true
		} else {
			sb.Departures, sb.HaveDep = f.Data.Board.Events, true
		}
		s.Boards[b.stop] = sb
	}
	return s
}

// recompute applies the rules to the feeds' data at service time now.
func (p *Pane) recompute(now time.Time) {
	f := p.trips.Feed
	p.have = f != nil && f.Have
	if !p.have {
		p.refresh()
		return
	}
	s := p.Snapshot(now)
	p.verdict = exceptions.Judge(s.Trips, s.Now)
	items := p.rules.Items(s)
	p.lines.net.Place(items, s.Now) // where the late and silent vehicles are
	for i := range items {
		if items[i].StopName == "" && items[i].Stop != 0 {
			items[i].StopName = p.stopName(&items[i]) // a connection's stop
		}
	}
	items = exceptions.GroupLate(p.tracker.Stamp(items, s.Now))
	p.all = p.all[:0]
	for _, it := range items {
		p.all = append(p.all, Row{Item: it})
	}
	p.refresh()
}

// refresh applies the marks and picks the rows shown (an opened late
// group's vehicles below it), keeping the cursor on its item by its key:
// when the list re-sorts or new items come, a and h still act on the
// item the dispatcher looked at.
func (p *Pane) refresh() {
	p.Rows, p.hidden = p.Rows[:0], 0
	for i := range p.all {
		r := &p.all[i]
		r.Acked, r.Hidden = p.file.marks.Of(r.Item)
		r.Open = r.Count > 1 && p.opened[r.Key()]
		if r.Hidden {
			p.hidden++
			if !p.listHid {
				continue
			}
		}
		p.Rows = append(p.Rows, *r)
		if !r.Open {
			continue
		}
		for _, m := range r.Members {
			mr := Row{Item: m, Depth: 1}
			mr.Acked, mr.Hidden = p.file.marks.Of(m)
			if mr.Hidden && !p.listHid {
				continue
			}
			p.Rows = append(p.Rows, mr)
		}
	}
	at := 0
	if p.moved {
		at = p.ListFind(len(p.Rows), rowKeys(p.Rows))
	}
	p.ListSet(at, len(p.Rows), rowKeys(p.Rows))
	p.Revision++
}

// rowKeys returns the item key of each row of rows.
func rowKeys(rows []Row) func(int) string { return func(i int) string { return rows[i].Key() } }

// Verdict is the network data verdict, and whether there is one (the
// queue watches and the vehicles came in).
func (p *Pane) Verdict() (exceptions.Verdict, bool) { return p.verdict, p.Watching && p.have }

// VerdictText is the verdict in the user's language.
func VerdictText(tx *ui.Texts, v exceptions.Verdict) string {
	if !v.Outage {
		return tx.DataOK
	}
	return fmt.Sprintf(tx.Outage, v.Percent, int(exceptions.SilentAfter/time.Second))
}

// Polls is the trips feed's poll state, for the status bar.
func (p *Pane) Polls() *feeds.Poller { return p.trips.Polls() }

// Refresh polls the queue's feeds now.
func (p *Pane) Refresh() tea.Cmd {
	cmds := []tea.Cmd{p.trips.Refresh()}
	for i := range p.boards {
		cmds = append(cmds, p.boards[i].Refresh())
	}
	return tea.Batch(cmds...)
}

// SetSize gives the queue its rectangle.
func (p *Pane) SetSize(w, h int) { p.width, p.height = w, h; p.Revision++ }

// mark sets (or, when the item has it already, clears) a mark on the row
// under the cursor and writes it; the notice says which item it was
// ("acknowledged: late · line 1 · Tram 42"). Hiding a line's late group
// hides the line's lateness, all its vehicles, with one key.
func (p *Pane) mark(f app.Frame, hide bool) (tea.Cmd, string) {
	if p.Cursor >= len(p.Rows) {
		return nil, ""
	}
	r := p.Rows[p.Cursor]
	tx := f.Texts
	op := exceptions.MarkOp{Key: r.Key(), Mark: exceptions.Mark{Level: r.Level, Hidden: hide, At: f.Now}}
	said := tx.QueueDidAck
	if hide {
		said = tx.QueueDidHide
	}
	if (hide && r.Hidden) || (!hide && r.Acked) {
		op = exceptions.MarkOp{Key: r.Key(), Clear: true}
		said = tx.QueueDidUnack
		if hide {
			said = tx.QueueDidUnhide
		}
	}
	p.file.mark(op, f.Now)
	p.moved = true // the cursor stays on the item marked (a hidden one's place)
	p.refresh()
	return p.file.saveCmd(f.Now), fmt.Sprintf(said, p.itemName(tx, &r.Item))
}

// itemName names an item in a sentence: its kind, line and vehicle
// ("late · line 1 · Tram 42"), a late group's count, a ghost's start.
func (p *Pane) itemName(tx *ui.Texts, it *exceptions.Item) string {
	parts := []string{tx.Words.Kind(it.Kind)}
	if it.Line != "" {
		parts = append(parts, fmt.Sprintf(tx.QueueItemLine, it.Line))
	}
	switch {
	case it.Count > 1:
		parts = append(parts, fmt.Sprintf(tx.QueueCount, it.Count))
	case it.Vehicle != 0:
		parts = append(parts, tx.VehicleTitle(category(p.trips.Feed, it.Vehicle), it.Vehicle))
	case it.Ref != "":
		parts = append(parts, it.Ref)
	}
	return strings.Join(parts, " · ")
}

// category is vehicle v's category by the trips answer of f.
func category(f *feeds.Entry, v int) model.VehicleCategory {
	if f != nil && f.Have {
		for _, t := range f.Data.Trips {
			if t.VehicleNumber == v {
				return t.VehicleCategory
			}
		}
	}
	return 0
}

// Pick moves the cursor to row i, as the row keys do (a click).
func (p *Pane) Pick(i int) {
	p.moved = true
	p.ListSet(i, len(p.Rows), rowKeys(p.Rows))
	p.Revision++
}

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// stopName is the item's stop: the name it carries (a line item's is
// where its vehicle is), else the connection stop's from its board, else
// its number.
func (p *Pane) stopName(it *exceptions.Item) string {
	if it.StopName != "" {
		return it.StopName
	}
	if it.Stop == 0 {
		return ""
	}
	for i := range p.boards {
		if f := p.boards[i].Feed; p.boards[i].stop == it.Stop && f != nil && f.Data.Board.StopName != "" {
			return f.Data.Board.StopName
		}
	}
	return fmt.Sprint(it.Stop)
}

// trimRight drops trailing spaces of a rendered line's plain text.
func trimRight(s string) string { return strings.TrimRight(s, " ") }
