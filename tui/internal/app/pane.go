package app

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// Pane is the contract between the root and a pane (the board side with
// its boards, grid cells, merged, fleet and ladder views, the vehicle pane,
// the exception queue): the root keeps its panes in a list and hands
// every message, rectangle and question to each in turn, so that a new
// pane adds no line to the root's routing.
type Pane interface {
	// Update handles msg in frame f: a key (taken only when the pane has
	// the focus f names; handled reports whether it took it, and a pane
	// that takes every key while it shows says so), a mouse event at a
	// point of its own rectangle, feed news (feeds.NewsMsg), a redraw
	// (RedrawMsg, BasedMsg) or data it asked for. It returns its command
	// and what it asks of the root.
	Update(f Frame, msg tea.Msg) (cmd tea.Cmd, act Action, handled bool)
	// View draws the pane in its rectangle.
	View(f Frame) string
	// Layout hands the pane its rectangle.
	Layout(r Rect)
	// Hints are the pane's live keys in frame f (ui.Key records); modal
	// reports that it takes every key, so that no pane below it gets one.
	Hints(f Frame) (hints []ui.Hint, modal bool)
	// NextChange hands what the pane shows, as it changes with the clock,
	// to c.
	NextChange(c *Changes)
	// Status is the poller whose data age and errors the status bar
	// reports while the pane shows, nil when it reports none.
	Status() *feeds.Poller
	// Shows reports whether the pane is on screen.
	Shows() bool
}

// Frame is what one Update (or View) of the root knows and every pane
// reads the same: made once per message, per key and per View, and
// passed down by value; a pane never writes it.
type Frame struct {
	// Focus is the pane that takes keys.
	Focus PaneID
	// Now is the service's clock, Local the local clock it was read on,
	// Zone the local clock's zone.
	Now, Local time.Time
	Zone       *time.Location
	// Texts is the catalogue of the chosen language, DispatchTexts its
	// dispatcher's section, Styles the styles.
	Texts         *ui.Texts
	DispatchTexts *catalog.DispTexts
	Styles        *ui.Styles
	// Limit is the number of events a board asks for at least;
	// limitFixed says the user gave it, and it caps every board (Fill).
	Limit      int
	limitFixed bool
	// Alert is the service's unplanned alert, which every view shows;
	// alertLines are the lines it names (alerts.go: AlertOn and the
	// alert's other views are the frame's).
	Alert      model.Alert
	alertLines map[string]bool
	// interval is the poll interval and svc the service's clock (nil when
	// in-process): Stale reckons with them at the frame's local clock.
	interval time.Duration
	svc      *feeds.ServiceClock
	// Verdict is the exception queue's network data verdict, once it
	// watches: the grid's summary line shows it.
	Verdict NetVerdict
}

// Frame is the frame of this moment as s holds it, with focus on focus:
// the root makes one per message, key and View (adding the queue's
// verdict), the kiosk one per drawing.
func (s *Shared) Frame(focus PaneID) Frame {
	return Frame{Focus: focus, Now: s.Now, Local: s.Local, Zone: s.Local.Location(),
		Texts: s.Texts, DispatchTexts: s.DispatchTexts, Styles: s.Styles,
		Limit: s.Limit, limitFixed: s.LimitFixed, Alert: s.Alert, alertLines: s.alertLines,
		interval: s.Policy.Interval, svc: s.Svc}
}

// Fill is how many events a board with rows lines for its events asks
// for and shows unfiltered: the limit the user gave (--limit, limit = …)
// caps it; without one, as many as it has lines for, in steps of
// LimitStep (LimitFor), never fewer than Limit.
func (f *Frame) Fill(rows int) int {
	if f.limitFixed {
		return f.Limit
	}
	return LimitFor(rows, f.Limit)
}

// SvcAt is the service's time at local time t, as the frame's service
// clock reckons it (t itself in-process or before the first answer:
// ServiceClock.At).
func (f *Frame) SvcAt(t time.Time) time.Time { return f.svc.At(t) }

// Stale is whether p's data is stale at the frame's local clock, and
// since when (in the service's time): the one staleness rule of every
// view (feeds.State.Stale).
func (f *Frame) Stale(p *feeds.Poller) (since time.Time, ok bool) {
	return feeds.StaleSince(p, f.Local, f.interval, f.svc)
}

// Rect is a pane's rectangle: its size and whether it has the focus.
type Rect struct {
	W, H    int
	Focused bool
}

// Changes gathers the next visible change of the panes (the root's
// nextChange): a pane that changes by the second sets EverySecond;
// others hand the service times at which what they show turns.
type Changes struct {
	// Frame is the frame the panes' rows are reckoned in (at its
	// service's time, with its limit).
	Frame Frame
	// Turn takes a service time whose minutes, as they turn, change the
	// screen (a countdown); At a service time at which it changes once.
	Turn, At func(time.Time)
	// EverySecond is set by a pane that changes by the second.
	EverySecond bool
	// Cells is set when only the grid's cells show: the status bar's steps
	// then matter for the focused board's feed only.
	Cells bool
}

// RedrawMsg asks every pane to draw again: the styles, the alert or the
// reminders changed what its cached lines show.
type RedrawMsg struct{}

// BasedMsg says the base data (stops, lines) came: panes that show names
// from it draw again.
type BasedMsg struct{}

// SettleMsg is handed to every pane after each message, once the root
// routed it: a pane brings what it derives from its state up to date (the
// vehicle pane measures its passage list, the board side tells its feeds
// their demand).
type SettleMsg struct{}
