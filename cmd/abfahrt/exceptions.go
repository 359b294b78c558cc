package main

import (
	"github.com/spf13/cobra"

	"abfahrt/exceptions"
	"abfahrt/internal/excout"
	"abfahrt/internal/jsonout"
)

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
			s, names, err := excout.Snapshot(ctx, src.client, src.now, o.Connections)
			if err != nil {
				return err
			}
			rules, net, err := excout.LineRules(ctx, src.client, s, o.Rules(), only, g.s.interval, g.stderr, g.words())
			if err != nil {
				return err
			}
			v := exceptions.Judge(s.Trips, s.Now)
			var tr exceptions.Tracker
			items := excout.OnLines(rules.Items(s), only)
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
			return excout.Print(g.stdout, g.words(), v, items, s.Now)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the items as a JSON list (kind, line, vehicle, stop, since, detail, verdict)")
	cmd.Flags().StringSliceVar(&only, "line", nil, "list this line's items only, of every kind (repeatable; default every line)")
	return cmd
}
