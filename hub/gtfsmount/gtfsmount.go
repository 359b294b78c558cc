// Package gtfsmount mounts the hub's GTFS-Realtime feeds (docs/gtfs.md)
// on abfahrt serve: /gtfs-rt/, the feeds' state in /healthz, and the
// static GTFS they match trips to, loaded and refreshed daily.
package gtfsmount

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/gtfs"
	"abfahrt/gtfs/rt"
	"abfahrt/hub"
	"abfahrt/model"
)

// refresh is how often a static GTFS of a URL is asked again (with
// its ETag: an unchanged feed is not downloaded again).
const refresh = 24 * time.Hour

// Parts are the hub's GTFS-Realtime feeds (docs/gtfs.md): a mount
// serving /gtfs-rt/ and the feeds' state in /healthz, and a publisher
// building them. The live data go through the mirror's cache. With a
// static feed they are built from the start (so that a feed that fits
// nothing is said at once; stop-based until it is loaded), without one
// from the first request for them until nobody asked for rt.IdleAfter.
// The static feed is loaded within lim, for the live network: of a
// large feed (the national one) only the network's stops and the trips
// calling at them are kept.
func Parts(static string, lim gtfs.Limits) (hub.Mount, hub.Publisher) {
	var h *rt.Hub
	mount := func(mux *http.ServeMux, env hub.Env) {
		h = rt.New(rt.Options{Client: env.Client, Interval: env.Mirror.Interval(), Logger: env.Log})
		if err := h.Register(env.Mirror.Registry()); err != nil {
			env.Log.Warn("gtfs-rt: metrics not registered", "err", err)
		}
		if static == "" {
			// Without a static feed, built while somebody reads them: a
			// hub whose feeds nobody reads asks the upstream nothing more.
			h.Serve(env.Context)
		}
		for _, p := range []string{rt.PathTripUpdates, rt.PathVehicles, rt.PathAlerts} {
			mux.Handle(p, h)
		}
		mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) { serveHealth(w, r, env.Mirror, h) })
		env.Log.Info("gtfs-rt: serving", "trip_updates", rt.PathTripUpdates, "vehicle_positions", rt.PathVehicles, "alerts", rt.PathAlerts, "static", static)
	}
	publish := func(ctx context.Context, env hub.Env) error {
		if h == nil || static == "" {
			return nil
		}
		// Loaded beside the builds: until it is (the live stop points
		// may take a while to answer), the feeds are stop-based.
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); loadStatic(ctx, h, env.Client, static, lim, env.Log) }()
		h.Run(ctx)
		wg.Wait()
		return nil
	}
	return mount, publish
}

// loadStatic loads the static GTFS once (a feed refused leaves the hub
// serving the stop-based feeds, and says why) and, for a URL, again daily
// with its ETag. It is loaded for the network of the live stop points
// (through the mirror's cache); when they cannot be asked, all of it.
func loadStatic(ctx context.Context, h *rt.Hub, c *feed.Client, src string, lim gtfs.Limits, log *slog.Logger) {
	etag := ""
	loaded := false
	load := func() {
		network := liveNetwork(ctx, h, c, src, !loaded, log)
		fctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		defer cancel()
		path, done, tag, same, err := gtfs.FetchFile(fctx, src, etag, lim)
		if err == nil && same {
			return
		}
		var f *gtfs.Feed
		if err == nil {
			f, err = gtfs.LoadFile(path, lim, network)
			done()
		}
		if err != nil {
			var le *gtfs.LoadError
			msg := err.Error()
			if !errors.As(err, &le) {
				msg = "static GTFS not loaded: " + msg
			}
			log.Warn("gtfs-rt: "+msg+"; serving the stop-based feeds without matching", "static", src)
			h.SetStatic(nil, src, msg)
			return
		}
		etag, loaded = tag, true
		h.SetStatic(gtfs.NewMatcher(f), src, "")
		log.Info("gtfs-rt: static GTFS loaded", "static", src, "stops", len(f.Stops), "routes", len(f.Routes), "trips", len(f.Trips), "for_network", network != nil)
	}
	load()
	if !strings.HasPrefix(src, "http://") && !strings.HasPrefix(src, "https://") {
		return
	}
	go func() {
		t := time.NewTicker(refresh)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				load()
			}
		}
	}()
}

// networkRetry is how often the live stop points are asked again while
// they fail, and networkTries how many times before a static feed is
// loaded whole (ten minutes at most: a city's feed loads whole, the
// national one would be refused).
var (
	networkRetry = 30 * time.Second
	networkTries = 20
)

// liveNetwork is the network of the live stop points, asked until they
// answer (before the first load the hub serves the stop-based feeds
// meanwhile, and says why: first; a refresh keeps the feed it has); nil
// when they did not within networkTries.
func liveNetwork(ctx context.Context, h *rt.Hub, c *feed.Client, src string, first bool, log *slog.Logger) *gtfs.Network {
	for try := 1; ; try++ {
		points, err := c.StopPoints(ctx, model.ScopeExtended, "")
		if err == nil {
			return gtfs.NetworkOf(points)
		}
		if try >= networkTries || ctx.Err() != nil {
			log.Warn("gtfs-rt: the live stop points could not be asked; the static GTFS is loaded whole", "err", err)
			return nil
		}
		if try == 1 && first {
			log.Warn("gtfs-rt: the live stop points could not be asked; the static GTFS is loaded for the network once they answer",
				"err", err, "retry", networkRetry)
			h.SetStatic(nil, src, "static GTFS not loaded yet: waiting for the live stop points to load it for the network")
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(networkRetry):
		}
	}
}

// serveHealth answers /healthz as the mirror does, with the
// feeds' state under "gtfs_rt".
func serveHealth(w http.ResponseWriter, r *http.Request, m *mirror.Mirror, h *rt.Hub) {
	mh := m.Health()
	body, err := json.MarshalIndent(struct {
		mirror.Health
		GTFSRT rt.Status `json:"gtfs_rt"`
	}{mh, h.Status()}, "", "  ")
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "no-store")
	if !mh.UpstreamReachable {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	if r.Method != http.MethodHead {
		_, _ = w.Write(append(body, '\n')) // the client went away: nothing to do
	}
}
