package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/gtfs"
	"abfahrt/gtfs/rt"
)

// gtfsStaticUsage is the help of serve's --gtfs-static.
const gtfsStaticUsage = "a static GTFS (zip file or http(s) URL, refreshed daily) the GTFS-Realtime feeds under /gtfs-rt/ match their trips to (default: none, trips described by route, direction and start time)"

// gtfsRefresh is how often a static GTFS of a URL is asked again (with
// its ETag: an unchanged feed is not downloaded again).
const gtfsRefresh = 24 * time.Hour

// startGTFS starts the hub's GTFS-Realtime feeds (docs/gtfs.md) until ctx
// ends and returns the hub's handler: the mirror's, with /gtfs-rt/ and the
// feeds' state in /healthz. The live data go through the mirror's cache.
// With a static feed they are built from the start, without one from the
// first request for them until nobody asked for rt.IdleAfter.
func startGTFS(ctx context.Context, m *mirror.Mirror, static string, log *slog.Logger) http.Handler {
	inner := m.Handler()
	client, err := feed.NewClient("http://hub.invalid"+mirror.BasePath, feed.WithoutCache(), feed.WithCacheDir(""),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(m)}), feed.WithUserAgent("abfahrt/"+version+" (serve gtfs-rt)"))
	if err != nil {
		log.Warn("gtfs-rt: not served", "err", err)
		return inner
	}
	h := rt.New(rt.Options{Client: client, Interval: m.Interval(), Logger: log})
	if err := h.Register(m.Registry()); err != nil {
		log.Warn("gtfs-rt: metrics not registered", "err", err)
	}
	if static != "" {
		// A static feed asked for: built from the start, so that a feed
		// that fits nothing is said at once.
		go func() {
			loadStatic(ctx, h, static, log)
			h.Run(ctx)
		}()
	} else {
		// Without one, built while somebody reads them: a hub whose
		// feeds nobody reads asks the upstream nothing more.
		h.Serve(ctx)
	}
	log.Info("gtfs-rt: serving", "trip_updates", rt.PathTripUpdates, "vehicle_positions", rt.PathVehicles, "alerts", rt.PathAlerts, "static", static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case rt.Handles(r.URL.Path):
			h.ServeHTTP(w, r)
		case r.URL.Path == "/healthz":
			serveHealthWithGTFS(w, r, m, h)
		default:
			inner.ServeHTTP(w, r)
		}
	})
}

// loadStatic loads the static GTFS once (a feed refused leaves the hub
// serving the stop-based feeds, and says why) and, for a URL, again daily
// with its ETag.
func loadStatic(ctx context.Context, h *rt.Hub, src string, log *slog.Logger) {
	etag := ""
	load := func() {
		fctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		defer cancel()
		data, tag, same, err := gtfs.Fetch(fctx, src, etag, gtfs.DefaultLimits)
		if err == nil && same {
			return
		}
		var f *gtfs.Feed
		if err == nil {
			f, err = gtfs.Load(data, gtfs.DefaultLimits)
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
		etag = tag
		h.SetStatic(gtfs.NewMatcher(f), src, "")
		log.Info("gtfs-rt: static GTFS loaded", "static", src, "stops", len(f.Stops), "routes", len(f.Routes), "trips", len(f.Trips))
	}
	load()
	if !strings.HasPrefix(src, "http://") && !strings.HasPrefix(src, "https://") {
		return
	}
	go func() {
		t := time.NewTicker(gtfsRefresh)
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

// serveHealthWithGTFS answers /healthz as the mirror does, with the
// feeds' state under "gtfs_rt".
func serveHealthWithGTFS(w http.ResponseWriter, r *http.Request, m *mirror.Mirror, h *rt.Hub) {
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
