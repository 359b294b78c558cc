package textout

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"abfahrt/internal/jsonout"
	"abfahrt/model"
	"abfahrt/tui"
)

// NextHorizon is how far ahead `next` looks for a departure to catch.
const NextHorizon = time.Hour

// WhyNothing says why nothing of line (all when "") towards direction can
// be caught from board b in the next hour, from the answer as the board
// does (tui's "N1 from 00:40"): the stop has no departures; the line's
// next run in the answer (beyond the hour, or missed with the walking
// time); and when the answer holds none, whether the line serves the stop
// at all (routes: the network's base data, asked only then) or does not
// leave before the answer's last departure.
func WhyNothing(b model.Board, now time.Time, walk time.Duration, line, direction string, routes func() ([]model.Route, error)) string {
	title := b.StopName
	if title == "" {
		title = "stop point " + b.StopPointCode.String()
	}
	if len(b.Events) == 0 {
		if !b.StopPointCode.IsZero() && b.StopName != "" {
			return "stop point " + b.StopPointCode.String() + " of " + b.StopName + " has no departures in the coming hours"
		}
		return title + " has no departures in the coming hours"
	}
	hm := func(t time.Time) string { return t.In(model.Berlin).Format("15:04") }
	var last time.Time
	var missed *model.Event
	for i := range b.Events {
		e := &b.Events[i]
		if w := e.When(); w.After(last) {
			last = w
		}
		if (line != "" && !strings.EqualFold(e.Line(), line)) ||
			(direction != "" && !strings.Contains(strings.ToLower(e.DirectionText), strings.ToLower(direction))) {
			continue
		}
		_, band, ok := tui.LeaveBand(e, now, walk)
		if !ok || e.When().Before(now) {
			continue
		}
		if band == tui.BandMissed {
			if missed == nil {
				missed = e
			}
			continue
		}
		return fmt.Sprintf("line %s to %s next leaves at %s", e.Line(), e.DirectionText, hm(e.When()))
	}
	if missed != nil {
		return fmt.Sprintf("line %s to %s at %s is missed with %d min walking, and no later one is in the answer",
			missed.Line(), missed.DirectionText, hm(missed.When()), int(walk/time.Minute))
	}
	until := hm(last)
	switch {
	case line == "":
		return fmt.Sprintf("no departure towards %s before %s", direction, until)
	case direction != "" && slices.ContainsFunc(b.Events, func(e model.Event) bool { return strings.EqualFold(e.Line(), line) }):
		return fmt.Sprintf("no departure of line %s towards %s before %s", line, direction, until)
	}
	if !servesStop(routes, line, b.StopNumber) {
		return fmt.Sprintf("line %s does not serve %s", line, title)
	}
	if direction != "" {
		return fmt.Sprintf("no departure of line %s towards %s before %s", line, direction, until)
	}
	return fmt.Sprintf("line %s does not leave %s before %s (the last of the next %d departures)", line, title, until, len(b.Events))
}

// servesStop reports whether the network's line (by name) calls at stop,
// by its patterns; true when the base data cannot tell (not answered, no
// patterns, no stop number), so that a line is never denied on a guess.
func servesStop(routes func() ([]model.Route, error), line string, stop int) bool {
	rs, err := routes()
	if err != nil || len(rs) == 0 || stop == 0 {
		return true
	}
	for _, r := range rs {
		if !strings.EqualFold(r.RouteName, line) {
			continue
		}
		if len(r.RoutePattern) == 0 {
			return true
		}
		for _, p := range r.RoutePattern {
			if slices.ContainsFunc(p.StopPoints, func(s model.PatternStopRef) bool { return s.StopNumber == stop }) {
				return true
			}
		}
	}
	return false
}

// BoardNow is the service's time of an answer (its CurrentTimestamp),
// else the machine's.
func BoardNow(b model.Board) time.Time {
	if b.Timestamp.Known() {
		return b.Timestamp.Time
	}
	return time.Now()
}

// NextToCatch returns the earliest departure of line (all when "") towards
// direction (a case-insensitive part; all when "") that is not missed with
// walking time walk and whose leave time is within NextHorizon.
func NextToCatch(events []model.Event, now time.Time, walk time.Duration, line, direction string) (model.Event, bool) {
	var best model.Event
	found := false
	for i := range events {
		e := &events[i]
		if line != "" && !strings.EqualFold(e.Line(), line) {
			continue
		}
		if direction != "" && !strings.Contains(strings.ToLower(e.DirectionText), strings.ToLower(direction)) {
			continue
		}
		at, band, ok := tui.LeaveBand(e, now, walk)
		if !ok || band == tui.BandMissed || at.Sub(now) > NextHorizon {
			continue
		}
		if !found || e.When().Before(best.When()) {
			best, found = *e, true
		}
	}
	return best, found
}

// LeavePhrase is when to leave in word's language: "leave in 3 min",
// "go now", "missed".
func LeavePhrase(word func(string) string, e *model.Event, now time.Time, walk time.Duration) (string, tui.Band) {
	at, band, ok := tui.LeaveBand(e, now, walk)
	if !ok {
		return "-", tui.BandNone
	}
	switch band {
	case tui.BandHurry:
		return word("go now"), band
	case tui.BandMissed:
		return word("missed"), band
	case tui.BandCatch, tui.BandNone:
	}
	return fmt.Sprintf(word("leave in %d min"), int(at.Sub(now)/time.Minute)), band
}

// NextLine is the one line of `next` in word's language: "leave in 3 min
// for line 2 to Science Park II, 07:42, +1".
func NextLine(word func(string) string, e model.Event, now time.Time, walk time.Duration) string {
	phrase, _ := LeavePhrase(word, &e, now, walk)
	when := e.When().In(model.Berlin).Format("15:04")
	d := "planned"
	if e.Realtime() {
		d = DelayText(e.Deviation)
	}
	return fmt.Sprintf(word("%s for line %s to %s, %s, %s"), phrase, e.Line(), e.DirectionText, when, word(d))
}

// walkRecord is a departure record of `departures --walk --json`: the
// decoded record with when to leave and the band.
type walkRecord struct {
	model.Departure
	LeaveAt model.Time `json:"LeaveAt"`
	Band    string     `json:"Band"`
}

// walkBoard is the JSON of `departures --walk --json`.
type walkBoard struct {
	model.Board
	Walk          tui.WalkTime `json:"Walk"`
	DepartureData []walkRecord `json:"DepartureData"`
}

// PrintWalkJSON prints the board's records with their leave times.
func PrintWalkJSON(w io.Writer, b model.Board, walk time.Duration) error {
	now := BoardNow(b)
	out := walkBoard{Board: b, Walk: tui.WalkTime(walk), DepartureData: make([]walkRecord, 0, len(b.DepartureData))}
	out.Board.DepartureData = nil
	for _, d := range b.DepartureData {
		e := d.Event()
		r := walkRecord{Departure: d}
		if at, band, ok := tui.LeaveBand(&e, now, walk); ok {
			r.LeaveAt, r.Band = model.At(at), band.String()
		}
		out.DepartureData = append(out.DepartureData, r)
	}
	return jsonout.Print(w, out)
}

// PrintWalkBoard prints the departures table with the leave column.
func PrintWalkBoard(out io.Writer, w Words, b model.Board, walk time.Duration) error {
	title := b.StopName
	if title == "" {
		title = w.Word("stop point ") + b.StopPointCode.String()
	}
	if _, err := fmt.Fprintf(out, w.Word("%s at %s, %s, walking %s")+"\n\n", w.Word("Departures"), title, Clock(b.Timestamp), walkWords(w, walk)); err != nil {
		return err
	}
	events := Departing(b)
	if len(events) == 0 {
		_, err := fmt.Fprintln(out, w.Word("No departures in the coming hours."))
		return err
	}
	now := BoardNow(b)
	head := []string{"LINE", "DIRECTION", "PLATFORM", "SCHEDULED", "EXPECTED", "DELAY", "IN", "LEAVE", "BAND"}
	for i := range head {
		head[i] = w.Word(head[i])
	}
	t := NewTable(out, head...)
	for i := range events {
		// LEAVE says when to leave, BAND whether that can still be done:
		// each fact once (it said "missed  missed").
		e := &events[i]
		leave := "-"
		at, band, ok := tui.LeaveBand(e, now, walk)
		if ok {
			leave = Clock(model.At(at))
		}
		t.Row(e.Line(), e.DirectionText, Dash(e.PlatformName), Clock(e.Scheduled), w.Word(Expected(*e)), w.Word(Delay(*e)),
			w.CountdownIn(e.DueSeconds(b.Timestamp.Time)), leave, Dash(w.Word(band.String())))
	}
	return t.Flush()
}

// walkWords says a walking time as minutes in the CLI's language: "4 min"
// ("4m" reads as metres), or as a duration ("1m30s") when it is not whole
// minutes.
func walkWords(w Words, walk time.Duration) string {
	if walk%time.Minute != 0 {
		return tui.WalkTime(walk).String()
	}
	return strconv.Itoa(int(walk/time.Minute)) + w.Word(" min")
}
