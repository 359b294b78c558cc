// Package excout is the body of abfahrt exceptions: one poll of the
// service into a snapshot for the exception queue, the line items' rules,
// and the items as a table.
package excout

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"abfahrt/exceptions"
	"abfahrt/feed"
	"abfahrt/internal/textout"
	"abfahrt/internal/usage"
	"abfahrt/ladder"
	"abfahrt/model"
	"abfahrt/tui"
)

// demand is how many arrivals and departures a connection stop's boards
// are asked for, as in the TUI's queue.
const demand = 40

// LineRules are rules with the line items of the lines in service (of
// only, when given), judged by the line ladder on the passages and last
// stops' arrivals asked now. A line in only that the service does not
// know is a usage error; a failed request of the line items is said on
// stderr and leaves its vehicle unplaced, it does not fail the command.
func LineRules(ctx context.Context, c *feed.Client, s *exceptions.Snapshot, rules exceptions.Rules, only []string, interval time.Duration, warn io.Writer, w textout.Words) (exceptions.Rules, *ladder.Network, error) {
	var net ladder.Network
	routes, err := c.Routes(ctx, model.ScopeExtended, 0)
	if err != nil {
		return rules, &net, err
	}
	var lines []string
	for _, t := range s.Trips {
		if l := exceptions.TripLine(t); t.IsActive && l != "" && !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
	}
	if len(only) > 0 {
		known := ladder.Lines(routes)
		for _, l := range only {
			if !slices.Contains(known, l) && !slices.Contains(lines, l) {
				return rules, &net, usage.Errorf("--line %s: the service knows no such line (it knows %s)", l, strings.Join(known, ", "))
			}
		}
		lines = only
	}
	if failed, err := net.Fill(ctx, c, s.Trips, routes, lines); err != nil {
		if _, werr := fmt.Fprintf(warn, w.Word("abfahrt: line items: %d requests failed (%v); their vehicles are left out")+"\n", failed, err); werr != nil {
			return rules, &net, werr
		}
	}
	flags := net.Flags(routes, interval)
	rules.Lines = exceptions.LineFlagsFunc(func(line string, s *exceptions.Snapshot) []exceptions.Item {
		if !slices.Contains(lines, line) {
			return nil
		}
		return flags.Flags(line, s)
	})
	return rules, &net, nil
}

// OnLines are the items of lines only (every item when only is empty):
// `--line 2 --line 4` lists late, silent, connection and line items of
// lines 2 and 4 only. A connection is its feeder's line's (Item.Line).
func OnLines(items []exceptions.Item, only []string) []exceptions.Item {
	if len(only) == 0 {
		return items
	}
	out := items[:0]
	for _, it := range items {
		if slices.Contains(only, it.Line) {
			out = append(out, it)
		}
	}
	return out
}

// Snapshot polls the trips and the connections' stops' boards
// once; names are the stops' names by number.
func Snapshot(ctx context.Context, c *feed.Client, now func() time.Time, conns []exceptions.Transfer) (*exceptions.Snapshot, map[int]string, error) {
	trips, err := c.Trips(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	s := &exceptions.Snapshot{Trips: trips, Boards: map[int]exceptions.StopBoards{}}
	names := map[int]string{}
	var svcNow time.Time // the service's clock: a board's CurrentTimestamp
	for _, k := range conns {
		if _, done := s.Boards[k.Stop]; done {
			continue
		}
		arr, err := c.StopArrivals(ctx, k.Stop, demand)
		if err != nil {
			return nil, nil, fmt.Errorf("connection at stop %d: %w", k.Stop, err)
		}
		dep, err := c.StopDepartures(ctx, k.Stop, demand)
		if err != nil {
			return nil, nil, fmt.Errorf("connection at stop %d: %w", k.Stop, err)
		}
		s.Boards[k.Stop] = exceptions.StopBoards{Arrivals: arr.Events, Departures: dep.Events, HaveArr: true, HaveDep: true}
		names[k.Stop] = dep.StopName
		if svcNow.IsZero() {
			svcNow = dep.Timestamp.Time
		}
	}
	switch {
	case now != nil: // the embedded simulation: its clock
		s.Now = now()
	case !svcNow.IsZero():
		s.Now = svcNow
	default:
		// A remote service's clock may be far from this machine's (a
		// simulation started at another date): the ages of the positions
		// are judged against the service's time, from one small board.
		b, err := c.StopDepartures(ctx, tui.DefaultStop, 1)
		if err != nil {
			return nil, nil, err
		}
		s.Now = b.Timestamp.Time
		if s.Now.IsZero() {
			s.Now = time.Now()
		}
	}
	s.Now = s.Now.Truncate(time.Second)
	return s, names, nil
}

// Print writes the verdict and the items as a table.
func Print(out io.Writer, words textout.Words, v exceptions.Verdict, items []exceptions.Item, now time.Time) error {
	w := out
	verdict := words.Word("data ok")
	if v.Outage {
		verdict = fmt.Sprintf(words.Word("outage: %d %% of vehicles silent > %d s"), v.Percent, int(exceptions.SilentAfter/time.Second))
	}
	if _, err := fmt.Fprintf(w, "%s · "+words.Word("%d vehicles in service")+"\n", verdict, v.Vehicles); err != nil {
		return err
	}
	if v.Outage {
		if _, err := fmt.Fprintln(w, words.Word("The items may be wrong: many vehicles report no position.")); err != nil {
			return err
		}
	}
	if len(items) == 0 {
		_, err := fmt.Fprintln(w, words.Word("Nothing needs a dispatcher."))
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	head := []string{"SINCE", "KIND", "LINE", "VEHICLE", "WHERE", "DIRECTION", "DETAIL"}
	for i := range head {
		head[i] = words.Word(head[i])
	}
	wd := &exceptions.English
	if words.German {
		wd = &exceptions.German
	}
	t := textout.NewTable(w, head...)
	for i := range items {
		it := &items[i]
		where := wd.Where(it)
		if where == "" {
			where = numOrDash(it.Stop)
		}
		t.Row(exceptions.Ago(now.Sub(it.Since)), wd.Kind(it.Kind), textout.Dash(it.Line), numOrDash(it.Vehicle), where, textout.Dash(it.Direction), wd.Describe(it))
	}
	return t.Flush()
}

// numOrDash is n, or a dash for 0 (none).
func numOrDash(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}
