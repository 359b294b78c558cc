package main

import (
	"context"
	"fmt"
	"net"
	"net/http"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/recording"
	"abfahrt/model"
)

// replaySource is the board's source on a recording: the replay's
// handler in-process, through the same HTTP client path as the embedded
// simulation.
func (g *globals) replaySource(ctx context.Context) (source, error) {
	if g.s != nil && g.s.api.Value != "" && g.s.api.From == "flag --api" {
		return source{}, usagef("--replay and --api exclude each other")
	}
	h, clock, store, err := recording.OpenReplay(ctx, historyDB(g.replay), g.replayFrom, 1, g.seed, g.s.interval, g.stderr)
	if err != nil {
		return source{}, err
	}
	c, err := feed.NewClient(sim.BaseURL, feed.WithUserAgent("abfahrt/"+version), feed.WithLiveTTL(liveTTL(g.s)),
		feed.WithHTTPClient(&http.Client{Transport: g.logTransport(sim.NewTransport(h))}), feed.WithCacheDir(""))
	if err != nil {
		_ = store.Close()
		return source{}, err
	}
	return source{client: c, name: "replay of " + store.Name(), now: clock.Now}, nil
}

func newReplayCmd(g *globals) *cobra.Command {
	var (
		db, from, listen string
		speed            float64
	)
	cmd := &cobra.Command{
		Use:   "replay",
		Short: "Serve a recording as a mobility/v1 service over HTTP, its clock from --from",
		Long: `replay serves what abfahrt record kept as the mobility/v1 service would
have answered then, under /mobility/v1, so that any client of abfahrt sim
(another abfahrt with --api http://ADDR/mobility/v1) shows the recorded day.
Its clock starts at --from (default: the start of the recording) and runs at
--speed.

The base data (stops, stop points, routes, vehicles) are the recording's;
one made before abfahrt kept them is served with the simulation's, which
the log, VersionInfo and the header Abfahrt-Replay-Base say. With the raw
answers kept (record --keep-raw) the boards' departures and arrivals, the
alerts and (record --all) the trips of all vehicles and their passages are
served as they were recorded at or before the replay's time (within two
polling intervals, --interval). Without them a stop's departures are those
its recorded boards showed then: first seen by then, last seen less than
the polling interval and 5 s before, not departed yet. A vehicle not on the
recorded trips answers as an idle vehicle of the fleet.

A stop, an arrivals board or a time the recording does not hold answers
State (or CurrentStatus) "no recording found" with an empty list, as the
service answers "no stop found": a client tells it from a board with
nothing on it. Every answer carries the header Abfahrt-Replay with the day
recorded, and VersionInfo's CurrentStatus says "replay · recorded DAY", so
that a board shows it is a replay.`,
		Example: `  abfahrt replay --listen 127.0.0.1:8090 --speed 10`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, _, err := net.SplitHostPort(listen); err != nil {
				return usagef("--listen must be host:port such as 127.0.0.1:8090, got %q", listen)
			}
			if err := checkSpeed(speed); err != nil {
				return err
			}
			h, clock, store, err := recording.OpenReplay(cmd.Context(), historyDB(db), from, speed, g.seed, g.s.interval, g.stderr)
			if err != nil {
				return err
			}
			defer func() { _ = store.Close() }()
			var lc net.ListenConfig
			ln, err := lc.Listen(cmd.Context(), "tcp", listen)
			if err != nil {
				return err
			}
			_, _ = fmt.Fprintf(g.stderr, "abfahrt replay: serving %s from %s at %gx on http://%s/mobility/v1 (Ctrl-C stops)\n",
				store.Name(), clock.Now().In(model.Berlin).Format("2006-01-02 15:04:05"), speed, ln.Addr())
			return sim.Serve(cmd.Context(), ln, h, sim.ServerOptions{})
		},
	}
	f := cmd.Flags()
	f.StringVar(&db, "db", "", dbUsage)
	f.StringVar(&from, "from", "", "start of the replay's clock: 2026-09-11T07:30 (Europe/Berlin) or RFC 3339 (default: the start of the recording)")
	f.Float64Var(&speed, "speed", 1, "speed of the replay's clock relative to real time")
	f.StringVar(&listen, "listen", "127.0.0.1:8090", "address to listen on")
	return cmd
}
