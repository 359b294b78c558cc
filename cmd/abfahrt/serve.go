package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/internal/sdnotify"
)

// serveOptions are the flags of abfahrt serve.
type serveOptions struct {
	listen   string
	upstream string
	staleFor time.Duration
	maxConns int
	drain    time.Duration
	timeout  time.Duration
	ssh      sshOptions
	rec      hubRecordOptions
	push     pushOptions // /events and --mqtt (mqtt.go)

	// perSource caps the connections open at once per client address.
	perSource int
	// publicURL is the hub's base URL as clients reach it (behind a
	// proxy), for VersionInfo's BaseURL.
	publicURL string
	// upstreamVia says where the upstream came from, for the start line.
	upstreamVia string
}

func newServeCmd(g *globals) *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a fleet of screens: a caching mirror of the service, with health and metrics",
		Long: `serve runs a hub for many boards and kiosks: a caching mirror of a mobility/v1
service under /mobility/v1 (the path and wire format unchanged, so a board
only changes its --api to http://HUB/mobility/v1). However many clients ask,
the upstream sees one request per distinct query per update interval (15 s
live data, 24 h base data). Answers carry an ETag (304 when unchanged) and a
Cache-Control max-age of what is left of the interval. When the upstream
fails, the last good answer is served for --stale-for, byte for byte with the
upstream's own CurrentTimestamp, so boards can tell its age.

/healthz answers JSON (upstream reachable, data age; HTTP 503 while the
upstream fails) and /metrics the Prometheus text format.

The upstream is the embedded simulation unless --upstream (or the global
--api, the same) names a service; without either flag, an api of
ABFAHRT_API or the configuration file is the upstream. The start line
says which.

Limits against hostile clients: only the service's endpoints and their
parameters are forwarded (anything else is 404, unknown parameters are
dropped from the query, a value the service would refuse is answered
400 by the hub itself); at most --max-conns connections are open, at
most --max-conns-per-source of them from one address: more from that
address wait up to 0.5 s for one of them to finish (a browser's burst,
kiosks behind one NAT address), then get 503 with Retry-After: 1; more
than 4 × --max-conns-per-source waiting are closed at once. Raise
--max-conns-per-source for a NAT with many boards, or set 0 behind a
proxy (all clients then come from its address). A client has 10 s for
its request headers.

Departures and arrivals are asked upstream once per stop (or stop point)
and interval with the service's maximum Limit of 100, and each client
gets its own Limit cut from that answer; so during an outage every board
of the stop, of any size, gets its last good departures, marked stale
(Warning 110, Age). VersionInfo's BaseURL names the hub (--public-url,
else --listen, or the address the client used when the hub listens on
all addresses), so clients that follow it stay on the hub. Behind a
reverse proxy (nginx), give --public-url as clients reach the hub.

SIGTERM (or SIGINT) stops accepting, lets open requests finish within
--drain, then closes what is left. Under systemd (Type=notify) serve says
READY=1, pings the watchdog while it answers its own /healthz, and says
STOPPING=1.

--record keeps a history of what the hub mirrors (see abfahrt record and
abfahrt stats): every departure board and vehicle its boards, kiosks and
SSH sessions ask the upstream for is also read into the history database
(--db), without a request of its own. --all records the whole network
besides: the trips of all vehicles every interval and each vehicle's
passages when it starts a trip and just after its last departure (the
answer then holds every departure of the trip at its actual time), within
2 requests a second on average, through the hub's cache. A database that
is unreachable, read-only or goes away is logged; the hub serves on and
writes what it recorded once the database is back.`,
		Example: `  abfahrt serve
  abfahrt serve --listen 0.0.0.0:8081 --upstream https://api.swu.de/mobility/v1
  abfahrt --api http://hub.example:8081/mobility/v1 --kiosk --stop 1008
  abfahrt serve --ssh 0.0.0.0:2222 --record --all`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, _, err := net.SplitHostPort(o.listen); err != nil {
				return usagef("--listen must be host:port such as 127.0.0.1:8081, got %q", o.listen)
			}
			if o.publicURL != "" {
				if u, err := url.Parse(o.publicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
					return usagef("--public-url must be an http or https URL such as https://hub.example/mobility/v1, got %q", o.publicURL)
				}
			}
			if o.perSource < 0 {
				return usagef("--max-conns-per-source must not be negative (0: no cap per source), got %d", o.perSource)
			}
			if !cmd.Flags().Changed("mouse") && g.s != nil {
				o.ssh.mouse = g.s.file.Mouse // the configuration's, unless --mouse says
			}
			if cmd.Flags().Changed("mouse") && o.ssh.mouse && o.ssh.addr == "" {
				return usagef("--mouse is for the boards of --ssh sessions; serve has no board without --ssh")
			}
			if err := resolveUpstream(cmd, g, &o); err != nil {
				return err
			}
			if o.staleFor < 0 || o.drain < 0 || o.timeout <= 0 {
				return usagef("--stale-for and --drain must not be negative and --timeout must be positive")
			}
			if o.maxConns < 1 {
				return usagef("--max-conns must be at least 1, got %d", o.maxConns)
			}
			if !o.rec.on && (o.rec.all || cmd.Flags().Changed("db") || cmd.Flags().Changed("keep")) {
				return usagef("--all, --db and --keep go with --record: abfahrt serve --record [--all] [--db URL]")
			}
			if o.ssh.addr != "" {
				if _, _, err := net.SplitHostPort(o.ssh.addr); err != nil {
					return usagef("--ssh must be host:port such as 0.0.0.0:2222, got %q", o.ssh.addr)
				}
				if o.ssh.maxSessions < 1 || o.ssh.idle < 0 {
					return usagef("--ssh-max-sessions must be at least 1 and --ssh-idle not negative (0: never)")
				}
				if o.ssh.loginGrace <= 0 || o.ssh.maxStartups < 1 || o.ssh.maxStartupsPerIP < 1 {
					return usagef("--ssh-login-grace must be positive and --ssh-max-startups and --ssh-max-startups-per-ip at least 1")
				}
				if o.ssh.authorizedKeys == "" {
					o.ssh.authorizedKeys = filepath.Join(statePath(os.LookupEnv), "authorized_keys")
				}
			}
			mode, err := hyperlinkMode(o.ssh.hyperlinks, cmd.Flags().Changed("hyperlinks"), g.s.file)
			if err != nil {
				return err
			}
			o.ssh.hyperlinks = mode
			return runServe(cmd.Context(), g, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.listen, "listen", "127.0.0.1:8081", "address to serve on (0.0.0.0:8081 for a fleet)")
	f.StringVar(&o.upstream, "upstream", "", "base URL of the upstream mobility/v1 service (default: the embedded simulation)")
	f.DurationVar(&o.staleFor, "stale-for", mirror.DefaultStaleFor, "serve the last good answer this long while the upstream fails")
	f.IntVar(&o.maxConns, "max-conns", 1024, "client connections open at once (more wait in the accept queue)")
	f.IntVar(&o.perSource, "max-conns-per-source", 64, "client connections open at once from one address (more wait up to 0.5 s, then 503; 0: no cap, e.g. behind a proxy)")
	f.StringVar(&o.publicURL, "public-url", "", "the hub's base URL as clients reach it, for VersionInfo's BaseURL (behind nginx: https://hub.example/mobility/v1; default: --listen, or the address each client used when it listens on all addresses)")
	f.DurationVar(&o.drain, "drain", 10*time.Second, "on SIGTERM, wait this long for open requests to finish")
	f.DurationVar(&o.timeout, "timeout", mirror.DefaultTimeout, "timeout of one upstream request")
	f.StringVar(&o.ssh.addr, "ssh", "", "also serve the board over SSH on this address (ssh -t -p PORT HOST [STOP]...)")
	f.StringVar(&o.ssh.authorizedKeys, "ssh-authorized-keys", "", "public keys allowed over SSH (default $XDG_STATE_HOME/abfahrt/authorized_keys)")
	f.BoolVar(&o.ssh.mouse, "mouse", false, "mouse support on the SSH sessions' boards: a click on a row opens its vehicle, the wheel scrolls (config mouse = true)")
	f.BoolVar(&o.ssh.anonymous, "ssh-anonymous", false, "let anyone in over SSH (a trusted network only; the board is read-only)")
	f.IntVar(&o.ssh.maxSessions, "ssh-max-sessions", 100, "SSH sessions open at once")
	f.DurationVar(&o.ssh.idle, "ssh-idle", defaultSSHIdle, "end an SSH session whose client has not taken the board's output for this long (0: never)")
	f.DurationVar(&o.ssh.loginGrace, "ssh-login-grace", defaultSSHLoginGrace, "close an SSH connection that has not started a session within this time")
	f.IntVar(&o.ssh.maxStartups, "ssh-max-startups", defaultSSHMaxStartups, "SSH connections without a session at once; more are closed at once")
	f.IntVar(&o.ssh.maxStartupsPerIP, "ssh-max-startups-per-ip", defaultSSHMaxStartupsPerIP, "SSH connections without a session at once from one address")
	f.StringVar(&o.ssh.hyperlinks, "hyperlinks", "auto", "with --ssh: link stop names and vehicle numbers (OSC 8) to the [links] templates: auto (by each session's terminal), always or never")
	f.BoolVar(&o.rec.on, "record", false, "record the departures the hub mirrors into the history database")
	f.BoolVar(&o.rec.all, "all", false, "with --record: record the whole network, within 2 upstream requests a second")
	f.StringVar(&o.rec.db, "db", "", "with --record: "+dbUsage)
	f.StringVar(&o.rec.keep, "keep", "90d", "with --record: prune departures older than this while running (0: keep all)")
	addPushFlags(cmd, &o.push)
	return cmd
}

// sourceWait is how long a connection beyond --max-conns-per-source waits
// for a place of its address before it gets a 503.
const sourceWait = 500 * time.Millisecond

// runServe runs the hub until ctx ends.
func runServe(ctx context.Context, g *globals, o serveOptions) error {
	log := g.logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(g.stderr, nil))
	}
	mo := mirror.Options{Upstream: o.upstream, StaleFor: o.staleFor, Timeout: o.timeout,
		UserAgent: "abfahrt/" + version + " (serve)", Logger: log, PublicURL: o.publicURL}
	if g.s != nil {
		mo.LiveInterval = g.s.interval
	}
	upstreamName := o.upstream
	if o.upstream == "" {
		svc := sim.New(sim.Options{Seed: g.seed, Clock: sim.NewClock(time.Time{}, 1)})
		mo.Upstream, mo.Transport = sim.BaseURL, sim.NewTransport(svc)
		// Every answer says it is invented, errors too, so that no board
		// behind the hub shows the simulation as a real city.
		mo.Simulated = true
		upstreamName = "embedded simulation (" + simName + ")"
	}
	var hr *hubRecorder
	if o.rec.on {
		hr = &hubRecorder{q: make(chan observed, hubQueue), log: log, simulated: mo.Simulated}
		mo.Observe = hr.observe
	}
	if _, err := mirror.New(mo); err != nil { // the upstream checked before listening
		return usageError{err}
	}
	if hr != nil {
		if _, err := parseAge(o.rec.keep); err != nil {
			return usagef("--keep: %v", err)
		}
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", o.listen)
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	if mo.PublicURL == "" {
		// VersionInfo's BaseURL: the address the hub listens on, when
		// that is one; listening on all addresses, the one each client
		// used.
		if h, _, err := net.SplitHostPort(addr); err == nil {
			if ip := net.ParseIP(h); ip != nil && !ip.IsUnspecified() {
				mo.PublicURL = "http://" + addr + mirror.BasePath
			}
		}
	}
	m, err := mirror.New(mo)
	if err != nil {
		_ = ln.Close() // nothing to do about it
		return usageError{err}
	}
	// Requests run on a context of their own, so that SIGTERM lets them
	// finish (within --drain) instead of cutting them off.
	reqCtx, cancelReqs := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelReqs()
	push, err := startPush(ctx, g, o.push, m, log)
	if err != nil {
		_ = ln.Close() // nothing to do about it
		return err
	}
	defer push.stop()
	srv := sim.NewServer(reqCtx, push.handler(m.Handler()), hubServerOptions(o))
	srv.RegisterOnShutdown(push.shutdown)
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		m.ConnState(c, s)
		sim.CloseIdleIfWaited(c, s)
	}
	errc := make(chan error, 1)
	go func() {
		errc <- srv.Serve(sim.LimitListenerQueued(ln, o.maxConns, o.perSource, sourceWait, m.RefusedConn))
	}()

	log.Info("mirror: serving", "url", "http://"+addr+mirror.BasePath, "upstream", upstreamName, "upstream_from", o.upstreamVia,
		"interval", m.Interval(), "stale_for", o.staleFor, "max_conns", o.maxConns, "max_conns_per_source", o.perSource)
	log.Info("health: serving", "healthz", "http://"+addr+"/healthz", "metrics", "http://"+addr+"/metrics")
	pctx, cancel := context.WithTimeout(ctx, o.timeout)
	if err := m.Probe(pctx); err != nil {
		log.Warn("upstream: not reachable yet; serving what it answers once it does", "upstream", m.Upstream(), "err", err)
	} else {
		log.Info("upstream: reachable", "upstream", m.Upstream())
	}
	cancel()

	if hr != nil {
		stopRecording, err := startHubRecording(ctx, o.rec, m, hr, m.Interval(), log)
		if err != nil {
			cancelReqs()
			_ = srv.Close()
			if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) {
				log.Warn("mirror: serving ended", "err", serr)
			}
			return err
		}
		// After the last request: what it fetched is recorded too.
		defer stopRecording()
	}

	var sshHub *sshHub
	if o.ssh.addr != "" {
		sshHub, _, err = startSSH(ctx, g, o.ssh, m, log)
		if err != nil {
			cancelReqs()
			_ = srv.Close()
			if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) {
				log.Warn("mirror: serving ended", "err", serr)
			}
			return err
		}
	}

	sd := sdnotify.FromEnv()
	if sd.Enabled() {
		_ = sd.Ready() // systemd gone: nothing to tell
		if p := sd.WatchdogPeriod(); p > 0 {
			t := time.NewTicker(p)
			defer t.Stop()
			self := selfURL(ln.Addr()) + "/healthz"
			go sd.Watchdog(reqCtx, t.C, func() bool { return answers(reqCtx, self, p) })
		}
		log.Info("systemd: notified ready", "watchdog", sd.WatchdogPeriod())
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	_ = sd.Stopping()
	log.Info("stopping: draining open requests", "within", o.drain)
	dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), o.drain)
	defer dcancel()
	if sshHub != nil {
		sshHub.stopSessions(dctx)
	}
	if err := srv.Shutdown(dctx); err != nil {
		log.Warn("stopping: drain time over; closing the connections left", "err", err)
		cancelReqs()
		_ = srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// resolveUpstream settles o.upstream: --upstream, or the global --api
// (the same thing; both given and different is a usage error), or else an
// api of the environment or the configuration file; empty for the
// embedded simulation. An explicitly empty --api is refused, as for the
// board: an unset variable in a unit file must not quietly serve the
// simulation to a fleet.
func resolveUpstream(cmd *cobra.Command, g *globals, o *serveOptions) error {
	upFlag := cmd.Flags().Changed("upstream")
	var api setting
	if g.s != nil {
		api = g.s.api
	} else if cmd.Flags().Changed("api") {
		api = setting{g.api, "flag --api"}
	}
	apiFlag := api.from == "flag --api"
	if apiFlag && strings.TrimSpace(api.value) == "" {
		return usagef("--api is empty; name the upstream, such as --api https://api.swu.de/mobility/v1 (without --api and --upstream serve mirrors the embedded simulation)")
	}
	switch {
	case upFlag && apiFlag:
		if strings.TrimRight(strings.TrimSpace(o.upstream), "/") != strings.TrimRight(strings.TrimSpace(api.value), "/") {
			return usagef("--upstream %q and --api %q name different upstreams; give one of them", o.upstream, api.value)
		}
		o.upstreamVia = "flags --upstream and --api"
	case upFlag:
		o.upstreamVia = "flag --upstream"
	case api.value != "":
		// --api, ABFAHRT_API or the configuration file: what the boards
		// of this machine read is what the hub mirrors.
		o.upstream, o.upstreamVia = api.value, api.from
	default:
		o.upstreamVia = "default"
	}
	if selfUpstream(o.upstream, o.listen) {
		// Say, ABFAHRT_API of the boards on the hub's own machine: every
		// query would wait on itself until --timeout.
		return usagef("the upstream %s (%s) is this hub's own --listen %s; name the service it mirrors with --upstream", o.upstream, o.upstreamVia, o.listen)
	}
	return nil
}

// selfUpstream reports whether upstream names the address the hub listens
// on (the same host, or loopback while the hub listens on loopback or all
// addresses, and the same port).
func selfUpstream(upstream, listen string) bool {
	u, err := url.Parse(upstream)
	if err != nil || u.Scheme != "http" || upstream == "" {
		return false
	}
	lhost, lport, err := net.SplitHostPort(listen)
	if err != nil || lport == "0" {
		return false
	}
	uport := u.Port()
	if uport == "" {
		uport = "80"
	}
	if uport != lport {
		return false
	}
	uhost := u.Hostname()
	if strings.EqualFold(uhost, lhost) {
		return true
	}
	loopback := func(h string) bool {
		ip := net.ParseIP(h)
		return strings.EqualFold(h, "localhost") || (ip != nil && ip.IsLoopback())
	}
	lip := net.ParseIP(lhost)
	return loopback(uhost) && (lhost == "" || loopback(lhost) || (lip != nil && lip.IsUnspecified()))
}

// hubServerOptions are the limits of the hub's HTTP server: the
// simulation server's timeouts (10 s for the request headers, 30 s for a
// request, a minute idle) with the write timeout above the upstream
// timeout, so that a slow upstream's answer still reaches the client.
func hubServerOptions(o serveOptions) sim.ServerOptions {
	return sim.ServerOptions{
		MaxConns:          o.maxConns,
		MaxConnsPerSource: o.perSource,
		WriteTimeout:      max(sim.DefaultWriteTimeout, o.timeout+30*time.Second),
	}
}

// selfURL is how the hub reaches itself: its address, loopback when it
// listens on all addresses.
func selfURL(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String()
	}
	ip := ta.IP
	if ip == nil || ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return "http://" + net.JoinHostPort(ip.String(), fmt.Sprint(ta.Port))
}

// answers reports whether u answers an HTTP request within d (any status:
// the watchdog watches the hub, not the upstream).
func answers(ctx context.Context, u string, d time.Duration) bool {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return true
}
