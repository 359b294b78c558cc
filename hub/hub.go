// Package hub is abfahrt serve: a caching mirror of a mobility/v1 service
// for many boards, with health and metrics, optionally SSH boards
// (sshhub) and a recording of what it mirrors. Run runs it; Options are
// its settings. More HTTP endpoints (Mounts) and background publishers
// (Publishers) plug in beside the mirror without touching Run.
package hub

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/internal/recording"
	"abfahrt/internal/sdnotify"
	"abfahrt/internal/sshhub"
	"abfahrt/internal/usage"
)

// Options are the settings of a hub (the flags of abfahrt serve).
type Options struct {
	Listen string
	// Upstream is the service mirrored; empty is the embedded
	// simulation (of Seed), named SimName in the start line.
	Upstream string
	// UpstreamVia says where the upstream came from, for the start line.
	UpstreamVia string
	Seed        int64
	// SimStart is the embedded simulation's time when the hub starts
	// (zero: the wall clock's); from there it runs at the wall clock's
	// pace. Tests use it to stand in a busy hour whatever the hour is.
	SimStart time.Time
	SimName  string
	StaleFor time.Duration
	Timeout  time.Duration // of one upstream request
	Drain    time.Duration // on ctx's end, for open requests
	// LiveInterval is the live data's update interval (0: the mirror's).
	LiveInterval time.Duration
	// MaxConns caps the connections open at once, PerSource those of one
	// client address (0: no cap per source).
	MaxConns  int
	PerSource int
	// PublicURL is the hub's base URL as clients reach it (behind a
	// proxy), for VersionInfo's BaseURL.
	PublicURL string
	// Version is abfahrt's, for the upstream's user agent.
	Version string
	// SSH serves boards over SSH when SSH.Addr is set.
	SSH sshhub.Options
	// Record records what the hub mirrors when Record.On.
	Record RecordOptions
	// Logger takes the hub's log.
	Logger *slog.Logger

	// Mounts add HTTP endpoints beside the mirror's (/mobility/v1,
	// /healthz, /metrics) on the hub's own server, with its limits.
	Mounts []Mount
	// Publishers run beside the hub from when it serves until it stops:
	// Run ends their context and waits for them (within Drain).
	Publishers []Publisher
}

// Env is what the hub gives its mounts and publishers.
type Env struct {
	// Mirror is the hub's cache of the upstream (Mirror.Registry takes
	// more metrics).
	Mirror *mirror.Mirror
	// Client asks the mirror in-process: what it asks within an update
	// interval costs no second upstream request.
	Client *feed.Client
	// Log is the hub's log.
	Log *slog.Logger
	// Context is the requests' context: it ends when the hub stops
	// serving (after the drain).
	Context context.Context
}

// Mount adds HTTP endpoints to the hub's server: a request whose path
// matches a pattern of mux (such as "/gtfs-rt/alerts") goes there, every
// other request to the mirror as it is (never cleaned or redirected by
// the mux).
type Mount func(mux *http.ServeMux, env Env)

// Publisher runs in the background until ctx ends, publishing what the
// mirror holds somewhere else. An error it returns is logged; the hub
// serves on.
type Publisher func(ctx context.Context, env Env) error

// sourceWait is how long a connection beyond PerSource waits for a place
// of its address before it gets a 503.
const sourceWait = 500 * time.Millisecond

// hub is a running hub: its mirror, server and what runs beside them.
type hub struct {
	o       Options
	log     *slog.Logger
	m       *mirror.Mirror
	srv     *http.Server
	ln      net.Listener
	errc    chan error
	reqCtx  context.Context    // the requests' context
	cancel  context.CancelFunc // ends it
	ssh     *sshhub.Hub
	pubs    sync.WaitGroup
	stopPub context.CancelFunc
}

// Run runs the hub until ctx ends, then drains open requests within
// o.Drain. Mistakes in o are usage errors (usage.Is).
func Run(ctx context.Context, o Options) error {
	h := &hub{o: o, log: o.Logger}
	if h.log == nil {
		h.log = slog.Default()
	}
	mo, hr, err := h.mirrorOptions()
	if err != nil {
		return err
	}
	if err := h.listen(ctx, mo); err != nil {
		return err
	}
	h.serve(ctx, mo)
	defer h.cancel()
	if hr != nil {
		stopRecording, err := startHubRecording(ctx, o.Record, o.Version, h.m, hr, h.m.Interval(), h.log)
		if err != nil {
			return h.abort(err)
		}
		// After the last request: what it fetched is recorded too.
		defer stopRecording()
	}
	if o.SSH.Addr != "" {
		if h.ssh, _, err = sshhub.Start(ctx, o.SSH, h.m, h.log); err != nil {
			return h.abort(err)
		}
	}
	h.startPublishers(ctx)
	return h.wait(ctx)
}

// mirrorOptions are the mirror's options of o, with the recorder that
// observes it when o records; the upstream is checked before listening.
func (h *hub) mirrorOptions() (mirror.Options, *hubRecorder, error) {
	o := h.o
	mo := mirror.Options{Upstream: o.Upstream, StaleFor: o.StaleFor, Timeout: o.Timeout,
		UserAgent: "abfahrt/" + o.Version + " (serve)", Logger: h.log, PublicURL: o.PublicURL, LiveInterval: o.LiveInterval}
	if o.Upstream == "" {
		svc := sim.New(sim.Options{Seed: o.Seed, Clock: sim.NewClock(o.SimStart, 1)})
		mo.Upstream, mo.Transport = sim.BaseURL, sim.NewTransport(svc)
		// Every answer says it is invented, errors too, so that no board
		// behind the hub shows the simulation as a real city.
		mo.Simulated = true
	}
	var hr *hubRecorder
	if o.Record.On {
		hr = &hubRecorder{q: make(chan observed, hubQueue), log: h.log, simulated: mo.Simulated}
		mo.Observe = hr.observe
	}
	if _, err := mirror.New(mo); err != nil {
		return mo, nil, usage.Wrap(err)
	}
	if hr != nil {
		if _, err := recording.ParseAge(o.Record.Keep); err != nil {
			return mo, nil, usage.Errorf("--keep: %v", err)
		}
	}
	return mo, hr, nil
}

// listen opens the hub's address and makes its mirror: VersionInfo's
// BaseURL is the address it listens on, when that is one; listening on
// all addresses, the one each client used.
func (h *hub) listen(ctx context.Context, mo mirror.Options) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", h.o.Listen)
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	if mo.PublicURL == "" {
		if host, _, err := net.SplitHostPort(addr); err == nil {
			if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() {
				mo.PublicURL = "http://" + addr + mirror.BasePath
			}
		}
	}
	if h.m, err = mirror.New(mo); err != nil {
		_ = ln.Close() // nothing to do about it
		return usage.Wrap(err)
	}
	h.ln = ln
	return nil
}

// serve starts the server, says so and probes the upstream.
func (h *hub) serve(ctx context.Context, mo mirror.Options) {
	o, m, log := h.o, h.m, h.log
	// Requests run on a context of their own, so that the end of ctx
	// lets them finish (within Drain) instead of cutting them off.
	h.reqCtx, h.cancel = context.WithCancel(context.WithoutCancel(ctx))
	h.srv = sim.NewServer(h.reqCtx, h.handler(), ServerOptions(o))
	h.srv.ConnState = func(c net.Conn, s http.ConnState) {
		m.ConnState(c, s)
		sim.CloseIdleIfWaited(c, s)
	}
	h.errc = make(chan error, 1)
	go func() {
		h.errc <- h.srv.Serve(sim.LimitListenerQueued(h.ln, o.MaxConns, o.PerSource, sourceWait, m.RefusedConn))
	}()
	addr := h.ln.Addr().String()
	upstreamName := o.Upstream
	if mo.Simulated {
		upstreamName = "embedded simulation (" + o.SimName + ")"
	}
	log.Info("mirror: serving", "url", "http://"+addr+mirror.BasePath, "upstream", upstreamName, "upstream_from", o.UpstreamVia,
		"interval", m.Interval(), "stale_for", o.StaleFor, "max_conns", o.MaxConns, "max_conns_per_source", o.PerSource)
	log.Info("health: serving", "healthz", "http://"+addr+"/healthz", "metrics", "http://"+addr+"/metrics")
	pctx, pcancel := context.WithTimeout(ctx, o.Timeout)
	defer pcancel()
	if err := m.Probe(pctx); err != nil {
		log.Warn("upstream: not reachable yet; serving what it answers once it does", "upstream", m.Upstream(), "err", err)
	} else {
		log.Info("upstream: reachable", "upstream", m.Upstream())
	}
}

// handler is the mirror's handler, and the mounts' beside it.
func (h *hub) handler() http.Handler {
	if len(h.o.Mounts) == 0 {
		return h.m.Handler()
	}
	mux := http.NewServeMux()
	env := h.env()
	for _, mount := range h.o.Mounts {
		mount(mux, env)
	}
	mirrorH := h.m.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hd, pattern := mux.Handler(r); pattern != "" {
			hd.ServeHTTP(w, r)
			return
		}
		mirrorH.ServeHTTP(w, r)
	})
}

// env is what mounts and publishers get.
func (h *hub) env() Env {
	c, err := feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath, feed.WithoutCache(), feed.WithCacheDir(""),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(h.m.Handler())}),
		feed.WithUserAgent("abfahrt/"+h.o.Version+" (serve)"))
	if err != nil { // a constant URL: cannot happen
		h.log.Warn("hub: no in-process client", "err", err)
	}
	return Env{Mirror: h.m, Client: c, Log: h.log, Context: h.reqCtx}
}

// startPublishers starts o.Publishers.
func (h *hub) startPublishers(ctx context.Context) {
	if len(h.o.Publishers) == 0 {
		return
	}
	pctx, cancel := context.WithCancel(ctx)
	h.stopPub = cancel
	env := h.env()
	for _, p := range h.o.Publishers {
		h.pubs.Go(func() {
			if err := p(pctx, env); err != nil && pctx.Err() == nil {
				h.log.Warn("publisher: ended", "err", err)
			}
		})
	}
}

// abort closes what serves and returns err.
func (h *hub) abort(err error) error {
	h.cancel()
	_ = h.srv.Close()
	if serr := <-h.errc; !errors.Is(serr, http.ErrServerClosed) {
		h.log.Warn("mirror: serving ended", "err", serr)
	}
	return err
}

// wait tells systemd the hub is ready, serves until ctx ends and drains.
func (h *hub) wait(ctx context.Context) error {
	sd := sdnotify.FromEnv()
	if sd.Enabled() {
		_ = sd.Ready() // systemd gone: nothing to tell
		if p := sd.WatchdogPeriod(); p > 0 {
			t := time.NewTicker(p)
			defer t.Stop()
			self := selfURL(h.ln.Addr()) + "/healthz"
			go sd.Watchdog(h.reqCtx, t.C, func() bool { return answers(h.reqCtx, self, p) })
		}
		h.log.Info("systemd: notified ready", "watchdog", sd.WatchdogPeriod())
	}
	select {
	case err := <-h.errc:
		return err
	case <-ctx.Done():
	}
	_ = sd.Stopping()
	return h.drain(ctx)
}

// drain stops accepting, ends the SSH sessions and the publishers and lets
// open requests finish within o.Drain.
func (h *hub) drain(ctx context.Context) error {
	h.log.Info("stopping: draining open requests", "within", h.o.Drain)
	dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), h.o.Drain)
	defer dcancel()
	if h.ssh != nil {
		h.ssh.StopSessions(dctx)
	}
	if h.stopPub != nil {
		h.stopPub()
		done := make(chan struct{})
		go func() { h.pubs.Wait(); close(done) }()
		select {
		case <-done:
		case <-dctx.Done():
		}
	}
	if err := h.srv.Shutdown(dctx); err != nil {
		h.log.Warn("stopping: drain time over; closing the connections left", "err", err)
		h.cancel()
		_ = h.srv.Close()
	}
	if err := <-h.errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	h.log.Info("stopped")
	return nil
}
