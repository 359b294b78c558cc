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

// The night screen's first departure. Outside its operating hours the
// kiosk does not poll, but when it falls asleep it asks each board's
// departures once, for as many as the service gives (MaxLimit): the
// mobility service (and the embedded simulation) answers the next
// departures whatever the hour, night lines first, so the answer reaches
// the first departures of the morning unless the night is busy. The
// first departure at or after the time service resumes is shown with its
// time, line and direction; when the answer ends before that time, or
// the request fails (it is tried again every firstRetry), the night
// screen says only when service resumes.

// firstRetry is the wait before asking again after a failed request.
const firstRetry = 5 * time.Minute

// FirstMsg asks for board i's first departure (sleep gen).
type FirstMsg struct{ Gen, I int }

// FirstAnswer is the answer for board i.
type FirstAnswer struct {
	gen, i int
	board  model.Board
	err    error
}

// firstDep is a board's first departure when service resumes.
type firstDep struct {
	ev model.Event
	ok bool
}

// resumeAt is when the operating hours next begin after now.
func (k *Kiosk) resumeAt(now time.Time) time.Time {
	now = now.In(model.Berlin)
	from := k.Opt.HoursFrom
	t := time.Date(now.Year(), now.Month(), now.Day(), from/60, from%60, 0, 0, model.Berlin)
	if !t.After(now) {
		t = time.Date(now.Year(), now.Month(), now.Day()+1, from/60, from%60, 0, 0, model.Berlin)
	}
	return t
}

// askFirst starts a new night: it forgets the last night's departures and
// asks for every board's first one, through Update (kioskFirstMsg).
func (k *Kiosk) askFirst() tea.Cmd {
	k.FirstGen++
	k.first = make([]firstDep, len(k.Boards))
	k.arev++
	cmds := make([]tea.Cmd, len(k.Boards))
	for i := range k.Boards {
		msg := FirstMsg{Gen: k.FirstGen, I: i}
		cmds[i] = func() tea.Msg { return msg }
	}
	return tea.Batch(cmds...)
}

// fetchFirst requests board i's departures, as many as the service gives.
func (k *Kiosk) fetchFirst(msg FirstMsg) tea.Cmd {
	if msg.Gen != k.FirstGen || !k.Asleep || msg.I >= len(k.Boards) {
		return nil
	}
	ctx, cancel := context.WithTimeout(k.sh.Ctx, k.sh.Pol.Timeout)
	src, subj := k.sh.Src, k.Boards[msg.I].Subj
	return func() tea.Msg {
		defer cancel()
		b, err := feeds.FetchBoard(ctx, src, subj, app.MaxLimit)
		return FirstAnswer{gen: msg.Gen, i: msg.I, board: b, err: err}
	}
}

// tookFirst keeps the first departure at or after the resume time of a
// board's answer (passing the board's filters); a failure asks again
// after firstRetry.
func (k *Kiosk) tookFirst(a FirstAnswer) tea.Cmd {
	if a.gen != k.FirstGen || !k.Asleep || a.i >= len(k.first) {
		return nil
	}
	if a.err != nil {
		retry := FirstMsg{Gen: a.gen, I: a.i}
		return tea.Tick(firstRetry, func(time.Time) tea.Msg { return retry })
	}
	resume := k.resumeAt(k.sh.Now)
	b := &k.Boards[a.i]
	for j := range a.board.Events {
		e := &a.board.Events[j]
		if b.Filt.Active() && !b.Filt.Keep(e) {
			continue
		}
		if ui.EndsAt(e, a.board.StopName) || ui.EndsAt(e, b.Name()) {
			continue
		}
		if due := e.Due(); !due.IsZero() && !due.Before(resume) {
			k.first[a.i] = firstDep{ev: *e, ok: true}
			k.arev++
			break
		}
	}
	return nil
}

// firstLines are the night screen's first departures, one per board that
// has one: "First departure 05:03: 4 → Kuhberg", with the stop's name
// before it when the kiosk shows several boards.
func (k *Kiosk) firstLines() []string {
	if len(k.first) != len(k.Boards) {
		return nil // the boards changed (a layout by time of day) since
	}
	var out []string
	for i, f := range k.first {
		if !f.ok {
			continue
		}
		s := fmt.Sprintf(k.sh.T.FirstDep, f.ev.Due().In(model.Berlin).Format("15:04"), f.ev.Line(), f.ev.DirectionText)
		if len(k.Boards) > 1 {
			s = k.Boards[i].Name() + " · " + s
		}
		out = append(out, s)
	}
	return out
}
