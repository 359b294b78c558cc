package kiosk

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The night screen's next departure. Outside its display hours (the
// operator's, not the service's: night lines may run) the kiosk does not
// poll, but when it falls asleep it asks each board's departures once,
// for as many as the service gives (MaxLimit): the mobility service (and
// the embedded simulation) answers the next departures whatever the
// hour. The next of them still to come, whatever its line, is shown with
// its time, line and direction, and the one after it when it has left;
// when the answer is used up the kiosk asks again (at most once per
// firstRetry), and a failed request is tried again after firstRetry.
// Without a departure still to come the night screen says only when the
// display resumes.

// firstRetry is the wait before asking again after a failed request or
// an answer used up.
const firstRetry = 5 * time.Minute

// FirstMsg asks for board i's next departures (sleep gen).
type FirstMsg struct{ Gen, I int }

// FirstAnswer is the answer for board i.
type FirstAnswer struct {
	gen, i int
	board  model.Board
	err    error
}

// firstDep is a board's departures of the night: those of its last
// answer that pass its filters, in the answer's order (at most MaxLimit).
type firstDep struct {
	evs     []model.Event
	asked   time.Time // when the last answer came (the service's clock)
	pending bool      // a request (or its retry) is under way
}

// next returns the first of the departures still to come at now.
func (f *firstDep) next(now time.Time) (model.Event, bool) {
	for _, e := range f.evs {
		if due := e.Due(); !due.IsZero() && !due.Before(now) {
			return e, true
		}
	}
	return model.Event{}, false
}

// askFirst starts a new night: it forgets the last night's departures and
// asks for every board's first one, through Update (kioskFirstMsg).
func (k *Kiosk) askFirst() tea.Cmd {
	k.FirstGen++
	k.first = make([]firstDep, len(k.Boards))
	k.arev++
	cmds := make([]tea.Cmd, len(k.Boards))
	for i := range k.Boards {
		k.first[i].pending = true
		msg := FirstMsg{Gen: k.FirstGen, I: i}
		cmds[i] = func() tea.Msg { return msg }
	}
	return tea.Batch(cmds...)
}

// askAgain asks again for the departures of each board whose last answer
// is used up at now (none still to come), at most once per firstRetry.
func (k *Kiosk) askAgain(now time.Time) tea.Cmd {
	if !k.Asleep || len(k.first) != len(k.Boards) {
		return nil
	}
	var cmds []tea.Cmd
	for i := range k.first {
		f := &k.first[i]
		if f.pending || now.Sub(f.asked) < firstRetry {
			continue
		}
		if _, ok := f.next(now); ok {
			continue
		}
		f.pending = true
		msg := FirstMsg{Gen: k.FirstGen, I: i}
		cmds = append(cmds, func() tea.Msg { return msg })
	}
	return tea.Batch(cmds...)
}

// fetchFirst requests board i's departures, as many as the service gives.
func (k *Kiosk) fetchFirst(msg FirstMsg) tea.Cmd {
	if msg.Gen != k.FirstGen || !k.Asleep || msg.I >= len(k.Boards) {
		return nil
	}
	ctx, cancel := context.WithTimeout(k.sh.Ctx, k.sh.Policy.Timeout)
	src, subj := k.sh.Source, k.Boards[msg.I].Subject
	return func() tea.Msg {
		defer cancel()
		b, err := feeds.FetchBoard(ctx, src, subj, app.MaxLimit)
		return FirstAnswer{gen: msg.Gen, i: msg.I, board: b, err: err}
	}
}

// tookFirst keeps the departures of a board's answer that pass the
// board's filters (and do not end here); a failure asks again after
// firstRetry. f is the frame of the update.
func (k *Kiosk) tookFirst(f app.Frame, a FirstAnswer) tea.Cmd {
	if a.gen != k.FirstGen || !k.Asleep || a.i >= len(k.first) {
		return nil
	}
	if a.err != nil {
		retry := FirstMsg{Gen: a.gen, I: a.i}
		return tea.Tick(firstRetry, func(time.Time) tea.Msg { return retry })
	}
	b, first := &k.Boards[a.i], &k.first[a.i]
	evs := first.evs[:0] // the slice of the last answer, reused: a night of asking does not grow
	for j := range a.board.Events {
		e := &a.board.Events[j]
		if b.Filters.Active() && !b.Filters.Keep(e) {
			continue
		}
		if ui.EndsAt(e, a.board.StopName) || ui.EndsAt(e, b.Name(f.Texts)) {
			continue
		}
		if len(evs) == app.MaxLimit {
			break
		}
		evs = append(evs, *e)
	}
	first.evs, first.asked, first.pending = evs, f.Now, false
	k.arev++
	return nil
}

// firstLines are the night screen's next departures at now, one per
// board that has one: "Next departure 01:30: N1 → Söflingen", with the
// stop's name before it when the kiosk shows several boards; in frame f.
func (k *Kiosk) firstLines(f app.Frame) []string {
	if len(k.first) != len(k.Boards) {
		return nil // the boards changed (a layout by time of day) since
	}
	var out []string
	for i := range k.first {
		ev, ok := k.first[i].next(f.Now)
		if !ok {
			continue
		}
		s := fmt.Sprintf(f.Texts.FirstDep, ev.Due().In(model.Berlin).Format("15:04"), ev.Line(), ev.DirectionText)
		if len(k.Boards) > 1 {
			s = k.Boards[i].Name(f.Texts) + " · " + s
		}
		out = append(out, s)
	}
	return out
}
