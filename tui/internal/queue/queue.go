package queue

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/exceptions"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// boardDemand is how many events the queue asks of a connection stop's
// boards: enough to see the feeders and their connections of the next
// half hour at a busy stop.
const boardDemand = 40

// Row is one item of the queue with what the dispatcher did to it.
type Row struct {
	exceptions.Item
	Acked, Hidden bool
}

// Pane is the exception queue. It starts watching (holding its feeds)
// when first opened, or at start when connections are configured, and
// watches until the program ends, so that the ages are true and the
// grid's summary line has the verdict.
type Pane struct {
	sh    *app.Shared
	rules exceptions.Rules
	dir   string // the state directory, "" without one
	// Open: the queue shows (and takes the board side's keys).
	Open bool
	// Watching: the queue holds its feeds.
	Watching bool
	trips    feeds.Hold
	boards   []boardHold
	tracker  *exceptions.Tracker
	all      []Row // every item, newest first
	Rows     []Row // the rows shown (hidden ones only with H)
	verdict  exceptions.Verdict
	have     bool
	hidden   int  // items hidden
	listHid  bool // H: list the hidden items too
	marks    exceptions.Marks
	pending  []exceptions.MarkOp // changes made here, not yet written
	Km       Keys
	hits     *ui.Hits // the lines View drew the rows on (RowAt)
	ui.ListCursor[string]
	width, height int
	// Rev counts changes of what the queue shows.
	Rev int
}

// boardHold is the hold on one board of a connection stop.
type boardHold struct {
	feeds.Hold
	stop     int
	arrivals bool
}

// NewPane returns the queue of o, not yet watching.
func NewPane(sh *app.Shared, o app.ExceptionOptions, stateDir string) Pane {
	p := Pane{sh: sh, rules: o.Rules(), dir: stateDir, trips: feeds.NewHold(sh.Reg), tracker: &exceptions.Tracker{}, Km: NewKeys(sh.T), hits: &ui.Hits{}}
	var stops []int
	for _, c := range o.Connections {
		if !slices.Contains(stops, c.Stop) {
			stops = append(stops, c.Stop)
		}
	}
	for _, s := range stops {
		p.boards = append(p.boards, boardHold{Hold: feeds.NewHold(sh.Reg), stop: s, arrivals: true},
			boardHold{Hold: feeds.NewHold(sh.Reg), stop: s})
	}
	return p
}

// WatchAtStart reports whether the queue watches from the start: when
// connections are configured.
func (p *Pane) WatchAtStart() bool { return len(p.boards) > 0 }

// Watch holds the queue's feeds (the fleet's trips, the connection
// stops' boards) and reads the state file; nothing when it watches.
func (p *Pane) Watch() tea.Cmd {
	if p.Watching {
		return nil
	}
	p.Watching = true
	cmds := []tea.Cmd{p.trips.Acquire(feeds.FleetKey, 0), p.LoadCmd()}
	for i := range p.boards {
		b := &p.boards[i]
		cmds = append(cmds, b.Acquire(feeds.BoardFeed(feeds.Subject{Stop: b.stop, Arrivals: b.arrivals}), boardDemand))
	}
	p.recompute()
	return tea.Batch(cmds...)
}

// Stop gives the feeds up.
func (p *Pane) Stop() {
	p.trips.Release()
	for i := range p.boards {
		p.boards[i].Release()
	}
	p.Watching = false
}

// Holds reports whether e is one of the queue's feeds.
func (p *Pane) Holds(e *feeds.Entry) bool {
	if p.trips.Holds(e) {
		return true
	}
	for i := range p.boards {
		if p.boards[i].Holds(e) {
			return true
		}
	}
	return false
}

// Fed takes an answer of one of its feeds: the items are made again.
// An answer of the trips also reads the state file again, so that what
// another instance acknowledged or hid shows here within a poll.
func (p *Pane) Fed(e *feeds.Entry) tea.Cmd {
	if !p.Holds(e) {
		return nil
	}
	p.recompute()
	if p.trips.Holds(e) {
		return p.LoadCmd()
	}
	return nil
}

// Touch marks the queue changed (a poll started: the status bar).
func (p *Pane) Touch() { p.Rev++ }

// Snapshot is the live data the queue's feeds hold now.
func (p *Pane) Snapshot() *exceptions.Snapshot {
	s := &exceptions.Snapshot{Now: p.sh.Now, Boards: map[int]exceptions.StopBoards{}}
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

// recompute applies the rules to the feeds' data.
func (p *Pane) recompute() {
	f := p.trips.Feed
	p.have = f != nil && f.Have
	if !p.have {
		p.refresh()
		return
	}
	s := p.Snapshot()
	p.verdict = exceptions.Judge(s.Trips, s.Now)
	items := p.tracker.Stamp(p.rules.Items(s), s.Now)
	p.all = p.all[:0]
	for _, it := range items {
		p.all = append(p.all, Row{Item: it})
	}
	p.refresh()
}

// refresh applies the marks and picks the rows shown, keeping the cursor
// on its item.
func (p *Pane) refresh() {
	p.Rows, p.hidden = p.Rows[:0], 0
	for i := range p.all {
		r := &p.all[i]
		r.Acked, r.Hidden = p.marks.Of(r.Item)
		if r.Hidden {
			p.hidden++
			if !p.listHid {
				continue
			}
		}
		p.Rows = append(p.Rows, *r)
	}
	p.ListSet(p.ListFind(len(p.Rows), p.keyAt), len(p.Rows), p.keyAt)
	p.Rev++
}

func (p *Pane) keyAt(i int) string { return p.Rows[i].Key() }

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
func (p *Pane) SetSize(w, h int) { p.width, p.height = w, h; p.Rev++ }

// mark sets (or, when the item has it already, clears) a mark on the row
// under the cursor and writes it.
func (p *Pane) mark(hide bool) tea.Cmd {
	if p.Cursor >= len(p.Rows) {
		return nil
	}
	r := p.Rows[p.Cursor]
	op := exceptions.MarkOp{Key: r.Key(), Mark: exceptions.Mark{Level: r.Level, Hidden: hide, At: p.sh.Now}}
	if (hide && r.Hidden) || (!hide && r.Acked) {
		op = exceptions.MarkOp{Key: r.Key(), Clear: true}
	}
	p.pending = append(p.pending, op)
	p.marks = exceptions.Apply(p.marks, []exceptions.MarkOp{op}, p.sh.Now)
	p.refresh()
	return p.saveCmd()
}

// Pick moves the cursor to row i, as the row keys do (a click).
func (p *Pane) Pick(i int) {
	p.ListSet(i, len(p.Rows), p.keyAt)
	p.Rev++
}

// Update handles the queue's keys.
func (p *Pane) Update(msg tea.KeyMsg) (tea.Cmd, app.Action) {
	k := &p.Km
	if row, ok := k.Move(msg, p.Cursor, len(p.Rows)); ok {
		p.ListSet(row, len(p.Rows), p.keyAt)
		p.Rev++
		return nil, app.Action{}
	}
	switch {
	case matches(msg, k.Ack):
		return p.mark(false), app.Action{}
	case matches(msg, k.Hide):
		return p.mark(true), app.Action{}
	case matches(msg, k.ListHidden):
		p.listHid = !p.listHid
		p.refresh()
	case matches(msg, k.Open):
		if p.Cursor < len(p.Rows) && p.Rows[p.Cursor].Vehicle != 0 {
			t := app.Target{Kind: app.TargetVehicle, Vehicle: p.Rows[p.Cursor].Vehicle}
			return nil, app.Action{Open: &t}
		}
	}
	return nil, app.Action{}
}

// kindText names a kind in the user's language.
func kindText(tx *ui.Texts, k exceptions.Kind) string {
	switch k {
	case exceptions.Late:
		return tx.KindLate
	case exceptions.Bunched:
		return tx.KindBunched
	case exceptions.Gap:
		return tx.KindGap
	case exceptions.Ghost:
		return tx.KindGhost
	case exceptions.Silent:
		return tx.KindSilent
	case exceptions.Connection:
		return tx.KindConnection
	}
	return string(k)
}

// detail says what is wrong with the item in the user's language.
func detail(tx *ui.Texts, it *exceptions.Item) string {
	ago := func(s int) string { return exceptions.Ago(time.Duration(s) * time.Second) }
	switch it.Kind {
	case exceptions.Late:
		return fmt.Sprintf(tx.QLate, model.DelayMinutes(it.Seconds))
	case exceptions.Silent:
		return fmt.Sprintf(tx.QSilent, ago(it.Seconds))
	case exceptions.Connection:
		if it.Conn != nil {
			c := it.Conn
			return fmt.Sprintf(tx.QConn, clock(c.Arrives), c.To, it.Direction, clock(c.Departs),
				exceptions.MinutesUp(time.Duration(it.Seconds)*time.Second))
		}
	case exceptions.Bunched:
		if it.Other != 0 {
			return fmt.Sprintf(tx.QBunched, it.Other, ago(it.Seconds))
		}
	case exceptions.Gap:
		if it.Seconds > 0 {
			return fmt.Sprintf(tx.QGap, ago(it.Seconds))
		}
	case exceptions.Ghost:
		if it.Ref != "" {
			return fmt.Sprintf(tx.QGhost, it.Ref)
		}
	}
	return it.Detail
}

// clock is a time as the boards show it, in Ulm.
func clock(t time.Time) string { return t.In(model.Berlin).Format("15:04") }

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// stopName is the name of a stop from the base data, else its number.
func (p *Pane) stopName(it *exceptions.Item) string {
	if it.Stop == 0 {
		return ""
	}
	if it.StopName != "" {
		return it.StopName
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
