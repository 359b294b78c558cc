package ladder

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	ldr "abfahrt/ladder"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// What the ladder asks of the service, through the feed registry, and
// why it stays under one request a second:
//
//   - every vehicle's trip (feeds.FleetKey), once per interval: the same
//     feed as the fleet view, so with both open it is still one request;
//   - the arrivals at each direction's last stop point (two board feeds
//     of EndsLimit events), once per interval, for ghosts: a trip under
//     way with no vehicle is on that board until it would have arrived;
//   - the passages of the line's vehicles: with each trips answer the
//     passages of at most PassagesPerInterval vehicles are asked once
//     (those never asked, then those on a new trip, then those whose
//     delay has moved by a minute since: see round), each feed released
//     as soon as it answers. A vehicle's place is read from its predicted
//     times at the service's time now (package ladder), so passages
//     asked minutes ago still place it where it is while its delay holds.
//
// So at the default 15 s at most 1 + 2 + 10 = 13 requests per interval
// while the ladder learns the line's vehicles, then 3 and what the
// vehicles' new trips and changing delays need (TestLadderBudget
// measures it with everything else the program asks).

// PassagesPerInterval is how many vehicles' passages one trips answer asks for.
const PassagesPerInterval = 10

// passagesKey is the key of vehicle n's passages feed.
func passagesKey(n int) feeds.Key {
	return feeds.Key{Kind: feeds.FeedPassages, Vehicle: n, Range: model.RangeAll}
}

// feedSet is the ladder's hold on its feeds, shared by pointer so that the
// copies Bubble Tea makes of the pane are one holder.
type feedSet struct {
	hold  feeds.Holder
	trips *feeds.Entry
	ends  map[model.StopPointCode]*feeds.Entry
	pass  map[int]*feeds.Entry // asked, not answered yet
	asked map[int]model.Trip   // the trip record each was asked with
	net   ldr.Network          // the passages kept, once per trip (see round)
}

// Pane is the ladder view of one line.
type Pane struct {
	svc      *app.Services
	Line     string
	fs       *feedSet
	L        ldr.Ladder
	Dir      int // 0 both directions, else the direction shown
	Selected int // the selected car's key (carKey)
	Cursor   int
	moved    bool // the user moved the cursor: it stays on its car
	// want is the vehicle to select when it comes (L on a board row: that
	// row's vehicle), 0 for none.
	want int
	// thinned is set while the rows leave stops out (the header says so).
	thinned  bool
	width    int
	height   int
	Revision int
	memo     *ui.Cached[string]
	hits     *ui.Hits // where render drew each car, by its key (CarAt)
}

// NewPane returns the closed ladder view.
func NewPane(svc *app.Services) Pane {
	return Pane{svc: svc, memo: &ui.Cached[string]{}, hits: &ui.Hits{}, fs: newFeedSet()}
}

func newFeedSet() *feedSet {
	return &feedSet{hold: feeds.NewHolder(), ends: map[model.StopPointCode]*feeds.Entry{},
		pass: map[int]*feeds.Entry{}, asked: map[int]model.Trip{}}
}

// SetSize gives the view its rectangle.
func (p *Pane) SetSize(w, h int) { p.width, p.height = w, h; p.Revision++ }

// Shows reports whether the ladder is open.
func (p *Pane) Shows() bool { return p.fs.trips != nil }

// Open shows line's ladder at service time now: it takes the trips feed and, once the base
// data names the line's last stops, their arrivals.
func (p *Pane) Open(line string, now time.Time) tea.Cmd {
	if p.Shows() && p.Line == line {
		return nil
	}
	p.Close()
	p.Line, p.Dir, p.Selected, p.Cursor, p.moved, p.want = line, 0, 0, 0, false, 0
	p.L = ldr.Ladder{Line: line}
	fs := p.fs
	var cmd tea.Cmd
	fs.trips, cmd = p.svc.Feeds.AcquireKey(feeds.FleetKey, fs.hold, 0)
	cmds := []tea.Cmd{cmd, p.Based(now)}
	if fs.trips.Have {
		cmds = append(cmds, p.Fed(fs.trips, now))
	}
	p.rebuild(now)
	return tea.Batch(cmds...)
}

// Select puts the cursor on vehicle v (L on a board row opens the
// ladder with that row's vehicle selected): now when the ladder has it,
// else when it comes (its trip is answered), unless the user moves the
// cursor first.
func (p *Pane) Select(v int) {
	p.want = v
	p.keepCursor()
}

// Close gives every feed up: their polls end unless another view holds them.
func (p *Pane) Close() {
	fs := p.fs
	if fs.trips != nil {
		p.svc.Feeds.Release(fs.trips, fs.hold)
		fs.trips = nil
	}
	for k, e := range fs.ends {
		p.svc.Feeds.Release(e, fs.hold)
		delete(fs.ends, k)
	}
	for v, e := range fs.pass {
		p.svc.Feeds.Release(e, fs.hold)
		delete(fs.pass, v)
	}
	fs.net.Forget()
}

// routes are the base data's lines with their patterns.
func (p *Pane) routes() []model.Route {
	if p.svc.Base == nil {
		return nil
	}
	return p.svc.Base.Routes
}

// Based takes the base data when it comes (at service time now): the line's last stop points,
// whose arrivals tell the ghosts.
func (p *Pane) Based(now time.Time) tea.Cmd {
	if !p.Shows() {
		return nil
	}
	var cmds []tea.Cmd
	for _, code := range ldr.LastPoints(p.routes(), p.Line) {
		if p.fs.ends[code] != nil {
			continue
		}
		stop, _ := code.StopNumber() // the key a board of the stop point has too
		e, cmd := p.svc.Feeds.Acquire(feeds.Subject{Stop: stop, Point: code, Arrivals: true}, p.fs.hold, ldr.EndsLimit)
		p.fs.ends[code] = e
		cmds = append(cmds, cmd)
	}
	p.rebuild(now)
	return tea.Batch(cmds...)
}

// Holds reports whether e is one of the ladder's feeds.
func (p *Pane) Holds(e *feeds.Entry) bool {
	fs := p.fs
	if e == nil || fs.trips == nil {
		return false
	}
	if e == fs.trips || fs.pass[e.Key.Vehicle] == e {
		return true
	}
	for _, s := range fs.ends {
		if s == e {
			return true
		}
	}
	return false
}

// Fed takes an answer of one of its feeds at service time now: a trips answer asks for the
// next round of passages; a passages answer is kept and its feed given up.
func (p *Pane) Fed(e *feeds.Entry, now time.Time) tea.Cmd {
	fs := p.fs
	var cmd tea.Cmd
	switch {
	case e == fs.trips:
		cmd = p.round(now)
	case e.Key.Kind == feeds.FeedPassages && fs.pass[e.Key.Vehicle] == e:
		if e.Have {
			fs.net.Took(fs.asked[e.Key.Vehicle], e.Data.Passages)
		}
		if e.Have || e.Poll.LastErr != nil {
			p.svc.Feeds.Release(e, fs.hold)
			delete(fs.pass, e.Key.Vehicle)
			delete(fs.asked, e.Key.Vehicle)
		}
	}
	p.rebuild(now)
	return cmd
}

// Touch marks the view for redrawing (a poll started).
func (p *Pane) Touch() { p.Revision++ }

// vehicles are the line's vehicles in service by the last trips answer.
func (p *Pane) vehicles() []model.Trip {
	e := p.fs.trips
	if e == nil || !e.Have {
		return nil
	}
	var out []model.Trip
	for _, t := range e.Data.Trips {
		if j := t.JourneyData; t.IsActive && j != nil && app.LineLabel(j.RouteName, j.RouteNumber) == p.Line {
			out = append(out, t)
		}
	}
	return out
}

// round asks for the passages of at most PassagesPerInterval vehicles,
// as ladder.Network chooses them: those never asked first, then those on
// a new trip, then those whose delay has moved by ladder.DriftAfter (a
// minute) since they were asked. A trip's timetable does not change
// while it runs and a vehicle is placed by its predicted times now, so
// passages whose delay still holds are not asked again: once the line's
// vehicles are known the ladder asks little.
func (p *Pane) round(now time.Time) tea.Cmd {
	fs := p.fs
	trips := p.vehicles()
	vs, _ := fs.net.Wants(trips, nil, now, max(PassagesPerInterval-len(fs.pass), 0), 0,
		func(v int) bool { return fs.pass[v] != nil })
	byVeh := make(map[int]model.Trip, len(trips))
	for _, t := range trips {
		byVeh[t.VehicleNumber] = t
	}
	var cmds []tea.Cmd
	for _, v := range vs {
		e, cmd := p.svc.Feeds.AcquireKey(passagesKey(v), fs.hold, 0)
		fs.pass[v], fs.asked[v] = e, byVeh[v]
		if cmd == nil && e.Have { // another view polls it: take its answer
			fs.net.Took(byVeh[v], e.Data.Passages)
			p.svc.Feeds.Release(e, fs.hold)
			delete(fs.pass, v)
			delete(fs.asked, v)
			continue
		}
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// rebuild computes the ladder from the feeds' last answers at service
// time now.
func (p *Pane) rebuild(now time.Time) {
	fs := p.fs
	in := fs.net.Input(p.Line, p.vehicles(), p.routes(), now, p.svc.Interval())
	in.Ends = make(map[model.StopPointCode][]model.Event, len(fs.ends))
	for code, e := range fs.ends {
		if e.Have {
			in.Ends[code] = e.Data.Board.Events
		}
	}
	p.L = ldr.Build(in)
	p.keepCursor()
	p.Revision++
}

// Polls is the trips feed's poll state, for the status bar.
func (p *Pane) Polls() *feeds.Poller {
	if p.fs.trips != nil {
		return &p.fs.trips.Poll
	}
	return &feeds.Poller{}
}

// Refresh polls the trips now (r), and with them the next passages.
func (p *Pane) Refresh() tea.Cmd {
	if p.fs.trips == nil {
		return nil
	}
	return p.fs.trips.Refresh()
}
