package board

import (
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
	"fmt"
	"strings"
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
// the answer is empty, so that nothing can be said about it.
func nextRun(sh *app.Shared, events []model.Event, keep func(*model.Event) bool, lines []string, arrivals bool, stops ...string) (string, bool) {
	if len(events) == 0 {
		return "", false
	}
	tx := sh.T
	for i := range events {
		e := &events[i]
		if !keep(e) || endsAtAny(e, stops) {
			continue
		}
		due, ok := e.DueIn(sh.Now)
		if !ok || due < 0 {
			continue // gone, or no time to name
		}
		at := e.Due().In(model.Berlin).Format("15:04")
		if len(lines) > 0 {
			return fmt.Sprintf(tx.LineFrom, e.Line(), at), true
		}
		return fmt.Sprintf(tx.NextMatch, e.Line(), e.DirectionText, at), true
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

// endsAtAny reports whether e is a departure ending at one of stops.
func endsAtAny(e *model.Event, stops []string) bool {
	for _, s := range stops {
		if ui.EndsAt(e, s) {
			return true
		}
	}
	return false
}

// filterEmptyText is the empty text of a board (zoomed or a grid cell)
// whose filters keep no row, from the unfiltered answer.
func (b *Pane) filterEmptyText() (string, bool) {
	return nextRun(b.Sh, b.Raw.Events, b.Filt.Keep, b.Filt.Lines, b.Subj.Arrivals, b.Raw.StopName, b.title)
}
