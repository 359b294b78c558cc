package board

import (
	"fmt"
	"strings"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// A filtered board (a line, platform or direction) whose filters keep no
// row says when they next would, from the events the answer holds (the
// wide answer of up to MaxLimit events a filtered board asks for): "N1
// from 00:40". When the answer holds none, it says that the line does not
// run in the next N departures, N being what the answer holds; it never
// guesses beyond the answer.

// nextRun returns the empty text of a filtered board: events is the
// answer (unfiltered), keep the board's filters, lines its line filter
// (nil when it filters by platform or direction only), stops the names
// of the stop (a trip ending there is no departure). ok is false when
// the answer is empty, so that nothing can be said about it. catchable,
// when set, leaves out the events the board hides as missed (a walking
// time with missed rows hidden): they are never named as the next run.
func nextRun(now time.Time, tx *ui.Texts, events []model.Event, keep, catchable func(*model.Event) bool, lines []string, arrivals bool, stops ...string) (string, bool) {
	if len(events) == 0 {
		return "", false
	}
	var missed *model.Event // the first run the board hides as missed
	for i := range events {
		e := &events[i]
		if !keep(e) || endsAtAny(e, stops) || e.Gone() {
			continue
		}
		due, ok := e.DueIn(now)
		if !ok || due < 0 {
			continue // gone, or no time to name
		}
		if catchable != nil && !catchable(e) {
			if missed == nil {
				missed = e
			}
			continue
		}
		return runText(tx, e, lines, ""), true
	}
	if missed != nil {
		// The line runs, but every run is missed with the walking time:
		// say when it runs and that it is missed, never as catchable.
		return runText(tx, missed, lines, " · "+tx.Missed), true
	}
	what := tx.DeparturesN
	if arrivals {
		what = tx.ArrivalsN
	}
	if len(lines) > 0 {
		return fmt.Sprintf(tx.LineNotInN, strings.Join(lines, ","), len(events), what), true
	}
	return fmt.Sprintf(tx.NoMatchInN, len(events), what), true
}

// runText names the run e: "2 from 12:43" with a line filter, else
// "next: 2 → Kuhberg at 12:43"; tail follows.
func runText(tx *ui.Texts, e *model.Event, lines []string, tail string) string {
	at := e.Due().In(model.Berlin).Format("15:04")
	if len(lines) > 0 {
		return fmt.Sprintf(tx.LineFrom, e.Line(), at) + tail
	}
	return fmt.Sprintf(tx.NextMatch, e.Line(), e.DirectionText, at) + tail
}

// endsAtAny reports whether e is a departure ending at one of stops.
func endsAtAny(e *model.Event, stops []string) bool {
	for _, s := range stops {
		if ui.EndsAt(e, s) {
			return true
		}
	}
	return false
}

// emptyText is the empty text of a board (zoomed or a grid cell) whose
// filters f keep no row at the service's time now, in tx's words, from
// raw, the unfiltered answer, with the board's walking time; title is the
// board's name.
func (f filters) emptyText(now time.Time, tx *ui.Texts, raw model.Board, walk walking, arrivals bool, title string) (string, bool) {
	var catchable func(*model.Event) bool
	if walk.HideMissed && walk.Walk > 0 {
		catchable = func(e *model.Event) bool { return !walk.missed(e, now) }
	}
	return nextRun(now, tx, raw.Events, f.Keep, catchable, f.Lines, arrivals, raw.StopName, title)
}
