package board

import (
	"errors"
	"fmt"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/remind"
	"abfahrt/tui/internal/ui"
)

// EventKey identifies an event across polls, so the cursor stays on the
// same trip when the board refreshes.
type EventKey struct {
	vehicle int
	route   int
	sched   time.Time
	point   model.StopPointCode
	arrival bool // an arrival is another event than its trip's departure
}

// KeyOf is e's key across polls.
func KeyOf(e *model.Event) EventKey {
	return EventKey{vehicle: e.VehicleNumber, route: e.RouteNumber, sched: e.Scheduled.Time, point: e.StopPointCode, arrival: e.Arrival}
}

// Pane is a departure or arrival board of one stop or stop point:
// the one board type. The grid's boards, the board abfahrt opens with (the
// grid's open board, shown zoomed) and the kiosk's are all boardPanes; each
// takes its data and poll state from the registry's feed of its subject
// (feed, acquired by show, given up by hide) and shows the events its
// filters keep.
type Pane struct {
	Services                *app.Services
	Subject                 feeds.Subject
	title                   string      // the stop's name
	Filters                 filters     // client-side filters (line, platform name, direction; boardspec.go)
	Narrowed                bool        // f narrowed the whole stop to subj.point: esc widens it again
	Raw                     model.Board // the feed's last good answer for subj, unfiltered
	Data                    model.Board // raw with the events filt keeps
	Have                    bool        // data belongs to subj
	platforms                           // the platforms seen and served in stop answers
	feeds.Hold                          // the board's hold on its feed (Feed), nil while hidden
	ui.ListCursor[EventKey]             // the row under the cursor and its trip (list.go)
	width                   int
	height                  int
	Focused                 bool
	Revision                int // bumped on every change that shows; part of the cache key
	walking                     // the walking time and the missed rows (walk.go)
	grouping                    // per line and grouped by platform (perline.go)
	Cache                   *ViewCache
	// Number is the board's number in the grid (0: the open board, which
	// has none), set by the grid's layout; the header shows it.
	Number int
	// Cell is the board drawn as a grid cell (compact.go).
	Cell Cell
	// Removing is set by a first `x`: the cell asks, a second `x`
	// removes the board, any other key keeps it (gridPane.askRemove).
	Removing bool
	// OneOff: the board was given on the command line (--stop a --stop
	// b) for this run; it is not kept in boards.json (grid.Kept).
	OneOff bool
}

// Demand is how many events the board wants of its feed in frame f (at
// its service's time, with its limit): MaxLimit when it shows them through filters, so that it fills
// as many rows as an unfiltered board, else as many as it shows (Fill).
func (b *Pane) Demand(f app.Frame) int {
	if b.Filters.Active() {
		return app.MaxLimit
	}
	_, hidden := b.rowsHidden(f)
	return b.demand(fill(&f, b.height), b.height-boardChrome, hidden)
}

// boardChrome is the lines of a board above its rows: its title and the
// column titles.
const boardChrome = 2

// fill is how many departures a board of height asks for and shows
// unfiltered in frame f (Frame.Fill of its lines for rows): the limit the
// user gave caps it; without one, as many as its height has lines for,
// so a tall terminal is filled and a grid cell asks as before. The kiosk
// asks for its own height (kiosk.go) and gives its boards no size.
func fill(f *app.Frame, height int) int { return f.Fill(height - boardChrome) }

// Declare tells the board's feed its demand now (after a change of its
// filters, its size or the frame's limit), in frame f; a rise polls once
// more at once.
func (b *Pane) Declare(f app.Frame) tea.Cmd { return b.Want(b.Demand(f)) }

// newBoardPane returns a board for s; its first poll comes from Init or
// from the caller that opened it.
func newBoardPane(svc *app.Services, s feeds.Subject) Pane {
	return Pane{Services: svc, Subject: s, Focused: true, Cache: &ViewCache{}, Hold: feeds.NewHold(svc.Feeds), walking: walking{HideMissed: true}}
}

// Layout gives the board its rectangle, and says whether it draws as
// focused.
func (b *Pane) Layout(r app.Rect) {
	b.Focused = r.Focused
	if r.W != b.width || r.H != b.height {
		b.width, b.height = r.W, r.H
		b.Touch()
	}
}

// Touch marks the board changed, so its cached view is rebuilt.
func (b *Pane) Touch() { b.Revision++ }

// setSubject points the board at s. Its schedule restarts and the returned
// command polls at once. Rows stay only when they remain true for s
// (narrowing a stop to one of its platforms); otherwise the board shows
// "loading" until the answer comes. f is the frame it is shown in.
func (b *Pane) setSubject(f app.Frame, s feeds.Subject) tea.Cmd {
	keep := b.Have && s.Arrivals == b.Subject.Arrivals && s.Stop == b.Subject.Stop && b.Subject.Point == "" && s.Point != ""
	b.Subject = s
	b.Have = keep
	if !keep {
		b.Data, b.Raw = model.Board{}, model.Board{}
		b.Cursor = 0
	}
	b.Touch()
	if b.Feed == nil {
		return nil // hidden: the feed is acquired when the board shows
	}
	b.Hide()
	return b.Show(f)
}

// Show acquires the feed of the board's subject, returning the command of
// its first poll if no other view polls it already; then its data (if
// another view's poll brought some) fills the board at once, as it shows
// in frame f.
func (b *Pane) Show(f app.Frame) tea.Cmd {
	if b.Feed != nil {
		return nil
	}
	cmd := b.Acquire(feeds.BoardFeed(b.Subject), b.Demand(f))
	b.Fed(f)
	return cmd
}

// Hide gives the feed up; its poll ends unless another view shows it.
func (b *Pane) Hide() { b.Release() }

// Fed takes the feed's latest answer (or failure); the cursor stays on
// its trip among the rows shown in frame f.
func (b *Pane) Fed(f app.Frame) {
	if b.Feed != nil && b.Feed.Have {
		b.Raw, b.Have = b.Feed.Data.Board, true
		b.Refilter(f)
		return
	}
	b.Touch()
}

// Refilter shows the events of the last answer that the filters keep,
// the cursor on its trip among the rows shown in frame f.
func (b *Pane) Refilter(f app.Frame) {
	if !b.Have {
		b.Touch()
		return
	}
	d := b.Raw
	if b.Filters.Active() {
		d.Events = make([]model.Event, 0, len(b.Raw.Events))
		for i := range b.Raw.Events {
			if b.Filters.Keep(&b.Raw.Events[i]) {
				d.Events = append(d.Events, b.Raw.Events[i])
			}
		}
	}
	// The rows change; the cursor stays on the same trip.
	b.Data, b.Have = d, true
	if b.Subject.Point == "" {
		if d.StopName != "" {
			b.title = d.StopName
		}
		b.learn(d.Events)
	}
	b.SetCursor(f, b.CursorIn(b.Rows(f)))
	b.Touch()
}

// Open shows the board of target t (a stop, stop point or line): a line
// is the line filter on the stop's board; other filters go. f is the
// frame it shows in.
func (b *Pane) Open(f app.Frame, t app.Target) tea.Cmd {
	s := feeds.Subject{Stop: t.Stop, Point: t.Point, Arrivals: false}
	b.Filters = filters{}
	if t.Line != "" {
		b.Filters.Lines = []string{t.Line}
	}
	if t.Title != "" && t.Kind == app.TargetStop {
		b.title = t.Title
	} else if n := b.Services.Base.StopName(t.Stop); n != "" {
		b.title = n
	} else {
		b.title = ""
	}
	b.seen = nil
	b.Narrowed = false
	return b.setSubject(f, s)
}

// Key is the key of the board's feed.
func (b *Pane) Key() feeds.Key { return feeds.BoardFeed(b.Subject) }

// platforms are the platforms a board has seen in its stop's answers:
// all of them (for f when base data lacks them) and those with events in
// the last whole-stop answer.
type platforms struct {
	seen   []app.Platform
	served map[model.StopPointCode]bool
}

// learn remembers the platforms of a whole-stop answer's events.
func (p *platforms) learn(events []model.Event) {
	have := make(map[model.StopPointCode]bool, len(p.seen))
	for _, pl := range p.seen {
		have[pl.Code] = true
	}
	p.served = make(map[model.StopPointCode]bool, 8)
	for i := range events {
		e := &events[i]
		p.served[e.StopPointCode] = true
		if e.StopPointCode != "" && !have[e.StopPointCode] {
			have[e.StopPointCode] = true
			p.seen = append(p.seen, app.Platform{Code: e.StopPointCode, Name: e.PlatformName})
		}
	}
	app.SortPlatforms(p.seen)
}

// servedFirst orders ps with service in the last answer first (in their
// order), so `f` visits the stop points that have departures before the
// empty ones.
func (p platforms) servedFirst(ps []app.Platform) []app.Platform {
	out := slices.Clone(ps)
	slices.SortStableFunc(out, func(x, y app.Platform) int {
		switch {
		case p.served[x.Code] == p.served[y.Code]:
			return 0
		case p.served[x.Code]:
			return -1
		}
		return 1
	})
	return out
}

// Platforms returns the platforms of the board's stop.
func (b *Pane) Platforms() []app.Platform {
	if ps := b.Services.Base.Platforms(b.Subject.Stop); len(ps) > 0 {
		return ps
	}
	return b.seen
}

// PlatformName returns the name of the platform the board is narrowed to.
func (b *Pane) PlatformName() string {
	if b.Subject.Point == "" {
		return ""
	}
	for _, p := range b.Platforms() {
		if p.Code == b.Subject.Point {
			return p.Name
		}
	}
	if b.Services.Base != nil {
		if p, ok := b.Services.Base.Points[b.Subject.Point]; ok {
			return p.PlatformName
		}
	}
	return b.Subject.Point.String()
}

// Name returns the board's title: the stop's name, else its number in
// tx's words.
func (b *Pane) Name(tx *ui.Texts) string {
	switch {
	case b.title != "":
		return b.title
	case b.Services.Base.StopName(b.Subject.Stop) != "":
		return b.Services.Base.StopName(b.Subject.Stop)
	case b.Subject.Stop != 0:
		return fmt.Sprintf(tx.StopN, b.Subject.Stop)
	}
	return fmt.Sprintf(tx.StopPointN, b.Subject.Point.String())
}

// Rows returns the indexes of the events shown at the service's time now:
// not long past, of the chosen line and platform.
func (b *Pane) Rows(f app.Frame) []int {
	rows, _ := b.rowsHidden(f)
	return rows
}

// rowsHidden is Rows and how many missed departures it hides (HideMissed).
func (b *Pane) rowsHidden(f app.Frame) (out []int, hidden int) {
	if !b.Have {
		return nil, 0
	}
	now := f.Now
	out = make([]int, 0, len(b.Data.Events))
	// A wide answer asked for more events than a board shows (a
	// filtered holder's demand).
	n := fill(&f, b.height)
	wide := b.Feed != nil && b.Feed.Got > n
	var seen map[LineDir]int
	if b.perLine > 0 {
		seen = make(map[LineDir]int, 8)
	}
	for i := range b.Data.Events {
		e := &b.Data.Events[i]
		if due, ok := e.DueIn(now); ok && due < -ui.HideAfter {
			continue
		}
		if ui.EndsAt(e, b.Data.StopName) || ui.EndsAt(e, b.title) {
			continue // a trip ending here is no departure
		}
		if b.Subject.Point != "" && e.StopPointCode != "" && e.StopPointCode != b.Subject.Point {
			continue
		}
		if b.HideMissed && b.missed(e, now) && !b.Services.Reminders.Has(remind.EventID(e)) {
			hidden++
			continue // a reminded row stays: its warning says what to do
		}
		if !perLineKeep(seen, b.perLine, e) {
			continue
		}
		if wide && len(out) >= n {
			break // a wide answer (for a filter) shows as many rows as an unfiltered one
		}
		out = append(out, i)
	}
	b.sortRows(b.Subject, b.Data.Events, out)
	return out, hidden
}

// SetCursor moves the cursor to row i of the rows shown in frame f,
// clamped, and remembers its trip.
func (b *Pane) SetCursor(f app.Frame, i int) {
	rows := b.Rows(f)
	b.ListSet(i, len(rows), rowKey(b.Data.Events, rows))
	b.Touch()
}

// rowKey returns the key of the trip of each row of rows (indexes into
// events).
func rowKey(events []model.Event, rows []int) func(int) EventKey {
	return func(i int) EventKey { return KeyOf(&events[rows[i]]) }
}

// next is the subject f shows after subj, a board of the stop whose
// platforms are ps: the next platform (its stop point, polled on its own,
// so it shows as many rows as a whole stop; those served first), and
// after the last one the whole stop again. ok is false when the stop has
// no platforms to cycle.
func (p platforms) next(ps []app.Platform, subj feeds.Subject) (s feeds.Subject, ok bool) {
	ps = p.servedFirst(ps)
	if len(ps) == 0 || subj.Stop == 0 {
		return subj, false
	}
	s = subj
	next := 0
	if s.Point != "" {
		next = len(ps) // not found: back to the whole stop
		for i, pl := range ps {
			if pl.Code == s.Point {
				next = i + 1
				break
			}
		}
	}
	if next >= len(ps) {
		s.Point = ""
	} else {
		s.Point = ps[next].Code
	}
	return s, true
}

// BoardsHealth counts the boards whose data is stale (or failed before any
// answer) and those the service does not know, at frame f's clock.
func BoardsHealth(f *app.Frame, boards []*Pane) (stale, unknown int) {
	for _, b := range boards {
		p := b.Polls()
		switch {
		case !b.Have && errors.Is(p.LastErr, feed.ErrNotFound):
			unknown++
		case p.LastErr != nil && !b.Have:
			stale++
		default:
			if _, ok := f.Stale(p); ok {
				stale++
			}
		}
	}
	return stale, unknown
}
