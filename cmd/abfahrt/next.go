package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/model"
	"abfahrt/tui"
)

// nextHorizon is how far ahead `next` looks for a departure to catch.
const nextHorizon = time.Hour

// errNothingToCatch ends `next` with exit status 1: nothing can be caught
// in the next hour.
var errNothingToCatch = errors.New("nothing to catch in the next hour")

// newNextCmd builds the next command: the one departure to leave for, as
// one line for status bars and shell prompts.
func newNextCmd(g *globals) *cobra.Command {
	var (
		stop, stopPoint, line, direction, walk string
	)
	cmd := &cobra.Command{
		Use:   "next --stop N | --stoppoint CODE [--line L] [--walk 4m]",
		Short: "Print when to leave for the next departure that can still be caught",
		Long: `Print one line: when to leave for the next departure (of a line, towards a
direction) that can still be caught with the walking time, its direction,
its expected time and its delay:

  leave in 3 min for line 2 to Science Park II, 07:42, +1

"go now" when the leave time is within the next minute. Exit status 1 (and
nothing on standard output) when nothing can be caught in the next hour;
standard error then says why (the line does not serve the stop, when it
next leaves, or that it does not before the answer's last departure).`,
		Example: `  abfahrt next --stop 1008 --line 2 --walk 4m
  abfahrt next --stoppoint 100802 --direction söflingen`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w, err := tui.ParseWalk(walk)
			if err != nil {
				return usagef("--walk: %v", err)
			}
			b, src, err := fetchDepartures(cmd, g, stop, stopPoint, tui.MaxLimit)
			if err != nil {
				return err
			}
			now := boardNow(b)
			e, ok := nextToCatch(b.Events, now, w, line, direction)
			if !ok {
				ctx, cancel := withTimeout(cmd.Context())
				defer cancel()
				return fmt.Errorf("%w: %s", errNothingToCatch, whyNothing(b, now, w, line, direction, func() ([]model.Route, error) {
					return src.client.Routes(ctx, model.ScopeExtended, 0)
				}))
			}
			_, err = fmt.Fprintln(g.stdout, nextLine(g.word, e, now, w))
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&stop, "stop", "", "stop number (4 digits), e.g. 1008")
	f.StringVar(&stopPoint, "stoppoint", "", "stop point code (6 digits or a DHID), e.g. 100821")
	f.StringVar(&line, "line", "", "only this line, e.g. 2")
	f.StringVar(&direction, "direction", "", "only directions containing this text (case-insensitive)")
	f.StringVar(&walk, "walk", "0s", "walking time to the stop, e.g. 4m")
	return cmd
}

// fetchDepartures asks for the departures of --stop or --stoppoint; it
// returns the source asked too.
func fetchDepartures(cmd *cobra.Command, g *globals, stop, stopPoint string, limit int) (model.Board, source, error) {
	if (stop == "") == (stopPoint == "") {
		return model.Board{}, source{}, usagef("%s needs exactly one of --stop N or --stoppoint CODE", cmd.Name())
	}
	number, code, err := parseSubject(stop, stopPoint)
	if err != nil {
		return model.Board{}, source{}, err
	}
	src, err := g.source()
	if err != nil {
		return model.Board{}, source{}, err
	}
	ctx, cancel := withTimeout(cmd.Context())
	defer cancel()
	var b model.Board
	if stop != "" {
		b, err = src.client.StopDepartures(ctx, number, limit)
	} else {
		b, err = src.client.StopPointDepartures(ctx, code, limit)
	}
	if b.StopNumber == 0 {
		b.StopNumber = number
		if n, ok := code.StopNumber(); ok && stop == "" {
			b.StopNumber = n
		}
	}
	if b.StopPointCode.IsZero() {
		b.StopPointCode = code
	}
	return b, src, err
}

// whyNothing says why nothing of line (all when "") towards direction can
// be caught from board b in the next hour, from the answer as the board
// does (tui's "N1 from 00:40"): the stop has no departures; the line's
// next run in the answer (beyond the hour, or missed with the walking
// time); and when the answer holds none, whether the line serves the stop
// at all (routes: the network's base data, asked only then) or does not
// leave before the answer's last departure.
func whyNothing(b model.Board, now time.Time, walk time.Duration, line, direction string, routes func() ([]model.Route, error)) string {
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

// boardNow is the service's time of an answer (its CurrentTimestamp),
// else the machine's.
func boardNow(b model.Board) time.Time {
	if b.Timestamp.Known() {
		return b.Timestamp.Time
	}
	return time.Now()
}

// nextToCatch returns the earliest departure of line (all when "") towards
// direction (a case-insensitive part; all when "") that is not missed with
// walking time walk and whose leave time is within nextHorizon.
func nextToCatch(events []model.Event, now time.Time, walk time.Duration, line, direction string) (model.Event, bool) {
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
		if !ok || band == tui.BandMissed || at.Sub(now) > nextHorizon {
			continue
		}
		if !found || e.When().Before(best.When()) {
			best, found = *e, true
		}
	}
	return best, found
}

// leavePhrase is when to leave in word's language: "leave in 3 min",
// "go now", "missed".
func leavePhrase(word func(string) string, e *model.Event, now time.Time, walk time.Duration) (string, tui.Band) {
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

// nextLine is the one line of `next` in word's language: "leave in 3 min
// for line 2 to Science Park II, 07:42, +1".
func nextLine(word func(string) string, e model.Event, now time.Time, walk time.Duration) string {
	phrase, _ := leavePhrase(word, &e, now, walk)
	when := e.When().In(model.Berlin).Format("15:04")
	d := "planned"
	if e.Realtime() {
		d = delayText(e.Deviation)
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

// printWalkJSON prints the board's records with their leave times.
func printWalkJSON(w io.Writer, b model.Board, walk time.Duration) error {
	now := boardNow(b)
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
	return printJSON(w, out)
}

// printWalkBoard prints the departures table with the leave column.
func printWalkBoard(g *globals, b model.Board, walk time.Duration) error {
	title := b.StopName
	if title == "" {
		title = g.word("stop point ") + b.StopPointCode.String()
	}
	if _, err := fmt.Fprintf(g.stdout, g.word("%s at %s, %s, walking %s")+"\n\n", g.word("Departures"), title, clock(b.Timestamp), walkWords(g, walk)); err != nil {
		return err
	}
	events := departing(b)
	if len(events) == 0 {
		_, err := fmt.Fprintln(g.stdout, g.word("No departures in the coming hours."))
		return err
	}
	now := boardNow(b)
	head := []string{"LINE", "DIRECTION", "PLATFORM", "SCHEDULED", "EXPECTED", "DELAY", "IN", "LEAVE", "BAND"}
	for i := range head {
		head[i] = g.word(head[i])
	}
	t := newTable(g.stdout, head...)
	for i := range events {
		// LEAVE says when to leave, BAND whether that can still be done:
		// each fact once (issue 33 item 6; it said "missed  missed").
		e := &events[i]
		leave := "-"
		at, band, ok := tui.LeaveBand(e, now, walk)
		if ok {
			leave = clock(model.At(at))
		}
		t.row(e.Line(), e.DirectionText, dash(e.PlatformName), clock(e.Scheduled), g.word(expected(*e)), g.word(delay(*e)),
			g.countdownIn(e.DueSeconds(b.Timestamp.Time)), leave, dash(g.word(band.String())))
	}
	return t.flush()
}

// walkWords says a walking time as minutes in the CLI's language: "4 min"
// ("4m" reads as metres), or as a duration ("1m30s") when it is not whole
// minutes.
func walkWords(g *globals, walk time.Duration) string {
	if walk%time.Minute != 0 {
		return tui.WalkTime(walk).String()
	}
	return strconv.Itoa(int(walk/time.Minute)) + g.word(" min")
}
