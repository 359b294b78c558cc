package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/exceptions"
	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
	"abfahrt/ladder"
	"abfahrt/model"
	"abfahrt/tui"
)

// exceptionDemand is how many arrivals and departures a connection stop's
// boards are asked for, as in the TUI's queue.
const exceptionDemand = 40

// exceptionJSON is one item of `abfahrt exceptions --json`: the item and
// the network data verdict it was made under.
type exceptionJSON struct {
	exceptions.Item
	Verdict string `json:"verdict"`
	Outage  bool   `json:"outage"`
}

func newExceptionsCmd(g *globals) *cobra.Command {
	var (
		asJSON bool
		only   []string
	)
	cmd := &cobra.Command{
		Use:   "exceptions",
		Short: "Print what needs a dispatcher now: late and silent vehicles, bunched pairs, gaps, ghosts, connections at risk",
		Long: `exceptions polls the service once (every vehicle's trip, the arrivals and
departures of the stops of the configured [[connections]], and for the line items
the passages of the vehicles of every line in service, or of the --line lines,
and the arrivals at the lines' last stops) and prints what the exception queue
(key E on the board) lists: vehicles late beyond [exceptions] late (default 5m),
vehicles whose position is older than 150 s, bunched pairs, gaps and ghost trips
(judged as the line ladder judges them: abfahrt headways), and connections at
risk, under the network data verdict: the most severe kind first (connections,
ghosts, gaps, bunched pairs, silent, late), the oldest first within a kind, each
with where it is (its stop, or between which two), its direction and what it
is against ("17 min behind 42 (plan 10 min)"), in the words of the queue. With
--line only those lines' items, of every kind. For the whole network that is
one request per vehicle in service, four at a time.`,
		Example: `  abfahrt exceptions
  abfahrt exceptions --json
  abfahrt exceptions --line 2 --line 4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			src, err := g.source()
			if err != nil {
				return err
			}
			ctx, cancel := withTimeout(cmd.Context())
			defer cancel()
			o := g.s.file.ExceptionOptions()
			s, names, err := exceptionSnapshot(ctx, src, o.Connections)
			if err != nil {
				return err
			}
			rules, net, err := lineRules(ctx, g, src, s, o.Rules(), only)
			if err != nil {
				return err
			}
			v := exceptions.Judge(s.Trips, s.Now)
			var tr exceptions.Tracker
			items := onLines(rules.Items(s), only)
			net.Place(items, s.Now)
			items = tr.Stamp(items, s.Now)
			for i := range items {
				if n, ok := names[items[i].Stop]; ok && items[i].StopName == "" {
					items[i].StopName = n
				}
			}
			if asJSON {
				out := make([]exceptionJSON, 0, len(items))
				for _, it := range items {
					out = append(out, exceptionJSON{Item: it, Verdict: v.String(), Outage: v.Outage})
				}
				return jsonout.Print(g.stdout, out)
			}
			return printExceptions(g, v, items, s.Now)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the items as a JSON list (kind, line, vehicle, stop, since, detail, verdict)")
	cmd.Flags().StringSliceVar(&only, "line", nil, "list this line's items only, of every kind (repeatable; default every line)")
	return cmd
}

// lineRules are rules with the line items of the lines in service (of
// only, when given), judged by the line ladder on the passages and last
// stops' arrivals asked now. A line in only that the service does not
// know is a usage error; a failed request of the line items is said on
// stderr and leaves its vehicle unplaced, it does not fail the command.
func lineRules(ctx context.Context, g *globals, src source, s *exceptions.Snapshot, rules exceptions.Rules, only []string) (exceptions.Rules, *ladder.Network, error) {
	var net ladder.Network
	routes, err := src.client.Routes(ctx, model.ScopeExtended, 0)
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
				return rules, &net, usagef("--line %s: the service knows no such line (it knows %s)", l, strings.Join(known, ", "))
			}
		}
		lines = only
	}
	if failed, err := net.Fill(ctx, src.client, s.Trips, routes, lines); err != nil {
		if _, werr := fmt.Fprintf(g.stderr, g.word("abfahrt: line items: %d requests failed (%v); their vehicles are left out")+"\n", failed, err); werr != nil {
			return rules, &net, werr
		}
	}
	flags := net.Flags(routes, g.s.interval)
	rules.Lines = exceptions.LineFlagsFunc(func(line string, s *exceptions.Snapshot) []exceptions.Item {
		if !slices.Contains(lines, line) {
			return nil
		}
		return flags.Flags(line, s)
	})
	return rules, &net, nil
}

// onLines are the items of lines only (every item when only is empty):
// `--line 2 --line 4` lists late, silent, connection and line items of
// lines 2 and 4 only. A connection is its feeder's line's (Item.Line).
func onLines(items []exceptions.Item, only []string) []exceptions.Item {
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

// exceptionSnapshot polls the trips and the connections' stops' boards
// once; names are the stops' names by number.
func exceptionSnapshot(ctx context.Context, src source, conns []exceptions.Transfer) (*exceptions.Snapshot, map[int]string, error) {
	trips, err := src.client.Trips(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	s := &exceptions.Snapshot{Trips: trips, Boards: map[int]exceptions.StopBoards{}}
	names := map[int]string{}
	var svcNow time.Time // the service's clock: a board's CurrentTimestamp
	for _, c := range conns {
		if _, done := s.Boards[c.Stop]; done {
			continue
		}
		arr, err := src.client.StopArrivals(ctx, c.Stop, exceptionDemand)
		if err != nil {
			return nil, nil, fmt.Errorf("connection at stop %d: %w", c.Stop, err)
		}
		dep, err := src.client.StopDepartures(ctx, c.Stop, exceptionDemand)
		if err != nil {
			return nil, nil, fmt.Errorf("connection at stop %d: %w", c.Stop, err)
		}
		s.Boards[c.Stop] = exceptions.StopBoards{Arrivals: arr.Events, Departures: dep.Events, HaveArr: true, HaveDep: true}
		names[c.Stop] = dep.StopName
		if svcNow.IsZero() {
			svcNow = dep.Timestamp.Time
		}
	}
	switch {
	case src.now != nil: // the embedded simulation: its clock
		s.Now = src.now()
	case !svcNow.IsZero():
		s.Now = svcNow
	default:
		// A remote service's clock may be far from this machine's (a
		// simulation started at another date): the ages of the positions
		// are judged against the service's time, from one small board.
		b, err := src.client.StopDepartures(ctx, tui.DefaultStop, 1)
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

// printExceptions writes the verdict and the items as a table.
func printExceptions(g *globals, v exceptions.Verdict, items []exceptions.Item, now time.Time) error {
	w := g.stdout
	verdict := g.word("data ok")
	if v.Outage {
		verdict = fmt.Sprintf(g.word("outage: %d %% of vehicles silent > %d s"), v.Percent, int(exceptions.SilentAfter/time.Second))
	}
	if _, err := fmt.Fprintf(w, "%s · "+g.word("%d vehicles in service")+"\n", verdict, v.Vehicles); err != nil {
		return err
	}
	if v.Outage {
		if _, err := fmt.Fprintln(w, g.word("The items may be wrong: many vehicles report no position.")); err != nil {
			return err
		}
	}
	if len(items) == 0 {
		_, err := fmt.Fprintln(w, g.word("Nothing needs a dispatcher."))
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	head := []string{"SINCE", "KIND", "LINE", "VEHICLE", "WHERE", "DIRECTION", "DETAIL"}
	for i := range head {
		head[i] = g.word(head[i])
	}
	wd := &exceptions.English
	if g.s != nil && g.s.lang.value == "de" { // as g.word decides
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
