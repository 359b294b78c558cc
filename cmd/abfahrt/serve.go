package main

import (
	"log/slog"
	"net"
	"net/url"
	"os"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed/mirror"
	"abfahrt/hub"
	"abfahrt/hub/gtfsmount"
	"abfahrt/hub/push"
	"abfahrt/internal/sshhub"
	"abfahrt/internal/userenv"
)

func newServeCmd(g *globals) *cobra.Command {
	var o hub.Options
	var gtfsStatic, gtfsLimits string // --gtfs-static, --gtfs-limits (docs/gtfs.md)
	var pf pushOptions                // /events and --mqtt (mqtt.go)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a fleet of screens: a caching mirror of the service, with health and metrics",
		Long:  serveLong,
		Example: `  abfahrt serve
  abfahrt serve --listen 0.0.0.0:8081 --upstream https://api.swu.de/mobility/v1
  abfahrt --api http://hub.example:8081/mobility/v1 --kiosk --stop 1008
  abfahrt serve --ssh 0.0.0.0:2222 --record --all`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkServe(cmd, g, &o); err != nil {
				return err
			}
			ho := hubOptions(g, o)
			// More endpoints and background publishers of the hub plug
			// in here: ho.Mounts = append(ho.Mounts, ...) for HTTP
			// endpoints on the hub's address, ho.Publishers =
			// append(ho.Publishers, ...) for what runs beside it (see
			// hub.Mount and hub.Publisher); their flags go at the end of
			// serveFlags.
			p, err := preparePush(g, pf)
			if err != nil {
				return err
			}
			pm, pp := push.Parts(p)
			ho.Mounts = append(ho.Mounts, pm)
			ho.Publishers = append(ho.Publishers, pp)
			lim, err := gtfsLimitsOf(g, "--gtfs-limits", gtfsLimits)
			if err != nil {
				return err
			}
			gm, gp := gtfsmount.Parts(gtfsStatic, lim)
			ho.Mounts = append(ho.Mounts, gm)
			ho.Publishers = append(ho.Publishers, gp)
			return hub.Run(cmd.Context(), ho)
		},
	}
	serveFlags(cmd, &o)
	cmd.Flags().StringVar(&gtfsStatic, "gtfs-static", "", gtfsStaticUsage)
	cmd.Flags().StringVar(&gtfsLimits, "gtfs-limits", "", gtfsLimitsUsage)
	addPushFlags(cmd, &pf)
	return cmd
}

// resolveUpstream settles o.Upstream from --upstream and the api setting
// (hub.ResolveUpstream).
func resolveUpstream(cmd *cobra.Command, g *globals, o *hub.Options) error {
	var api setting
	if g.s != nil {
		api = g.s.api
	} else if cmd.Flags().Changed("api") {
		api = setting{Value: g.api, From: "flag --api"}
	}
	return hub.ResolveUpstream(o, cmd.Flags().Changed("upstream"), api.Value, api.From)
}

// hubOptions are the hub's options: the flags o and what the settings
// give (the live interval, the SSH sessions' theme, language, colours,
// links, motion and notification).
func hubOptions(g *globals, o hub.Options) hub.Options {
	o.Seed, o.SimName, o.Version, o.Logger = g.seed, simName, version, g.logger
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(g.stderr, nil))
	}
	if g.s != nil {
		o.LiveInterval = g.s.interval
	}
	if o.Record.On {
		o.Record.DB = historyDB(o.Record.DB)
	}
	o.SSH = sshSettings(g, o.SSH)
	return o
}

// sshSettings are the SSH sessions' options: the flags o and what the
// hub's settings give every session.
func sshSettings(g *globals, o sshhub.Options) sshhub.Options {
	o.StateDir, o.Version = userenv.StateDir(os.LookupEnv), version
	if s := g.s; s != nil {
		o.Theme, o.Lang, o.Interval = hubTheme(s), s.lang.Value, s.interval
		o.LineColors, o.Links = s.file.LineColors, s.file.Links.TUI()
		o.Motion, o.Notify = s.file.Motion, s.file.Notify
	}
	return o
}

// hubTheme is the theme the hub was given (flag, environment,
// configuration file) for its SSH sessions; empty when its own terminal
// picked one (TERM, NO_COLOR), which is not the clients'.
func hubTheme(s *settings) string {
	if s != nil {
		switch s.theme.From {
		case "flag --theme", "env ABFAHRT_THEME", "config":
			return s.theme.Value
		}
	}
	return ""
}

// serveLong is abfahrt serve --help.
const serveLong = `serve runs a hub for many boards and kiosks: a caching mirror of a mobility/v1
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
writes what it recorded once the database is back.`

// checkServe checks serve's flags and settles what they leave open (the
// upstream, the configuration's mouse and hyperlinks).
func checkServe(cmd *cobra.Command, g *globals, o *hub.Options) error {
	if _, _, err := net.SplitHostPort(o.Listen); err != nil {
		return usagef("--listen must be host:port such as 127.0.0.1:8081, got %q", o.Listen)
	}
	if o.PublicURL != "" {
		if u, err := url.Parse(o.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
			return usagef("--public-url must be an http or https URL such as https://hub.example/mobility/v1, got %q", o.PublicURL)
		}
	}
	if o.PerSource < 0 {
		return usagef("--max-conns-per-source must not be negative (0: no cap per source), got %d", o.PerSource)
	}
	if !cmd.Flags().Changed("mouse") && g.s != nil {
		o.SSH.Mouse = g.s.file.Mouse // the configuration's, unless --mouse says
	}
	if cmd.Flags().Changed("mouse") && o.SSH.Mouse && o.SSH.Addr == "" {
		return usagef("--mouse is for the boards of --ssh sessions; serve has no board without --ssh")
	}
	if err := resolveUpstream(cmd, g, o); err != nil {
		return err
	}
	if o.StaleFor < 0 || o.Drain < 0 || o.Timeout <= 0 {
		return usagef("--stale-for and --drain must not be negative and --timeout must be positive")
	}
	if o.MaxConns < 1 {
		return usagef("--max-conns must be at least 1, got %d", o.MaxConns)
	}
	if !o.Record.On && (o.Record.All || cmd.Flags().Changed("db") || cmd.Flags().Changed("keep")) {
		return usagef("--all, --db and --keep go with --record: abfahrt serve --record [--all] [--db URL]")
	}
	if err := o.SSH.Check(userenv.StateDir(os.LookupEnv)); err != nil {
		return err
	}
	mode, err := hyperlinkMode(o.SSH.Hyperlinks, cmd.Flags().Changed("hyperlinks"), g.s.file)
	if err != nil {
		return err
	}
	o.SSH.Hyperlinks = mode
	return nil
}

// serveFlags are serve's flags into o.
func serveFlags(cmd *cobra.Command, o *hub.Options) {
	f := cmd.Flags()
	f.StringVar(&o.Listen, "listen", "127.0.0.1:8081", "address to serve on (0.0.0.0:8081 for a fleet)")
	f.StringVar(&o.Upstream, "upstream", "", "base URL of the upstream mobility/v1 service (default: the embedded simulation)")
	f.DurationVar(&o.StaleFor, "stale-for", mirror.DefaultStaleFor, "serve the last good answer this long while the upstream fails")
	f.IntVar(&o.MaxConns, "max-conns", 1024, "client connections open at once (more wait in the accept queue)")
	f.IntVar(&o.PerSource, "max-conns-per-source", 64, "client connections open at once from one address (more wait up to 0.5 s, then 503; 0: no cap, e.g. behind a proxy)")
	f.StringVar(&o.PublicURL, "public-url", "", "the hub's base URL as clients reach it, for VersionInfo's BaseURL (behind nginx: https://hub.example/mobility/v1; default: --listen, or the address each client used when it listens on all addresses)")
	f.DurationVar(&o.Drain, "drain", 10*time.Second, "on SIGTERM, wait this long for open requests to finish")
	f.DurationVar(&o.Timeout, "timeout", mirror.DefaultTimeout, "timeout of one upstream request")
	f.StringVar(&o.SSH.Addr, "ssh", "", "also serve the board over SSH on this address (ssh -t -p PORT HOST [STOP]...)")
	f.StringVar(&o.SSH.AuthorizedKeys, "ssh-authorized-keys", "", "public keys allowed over SSH (default $XDG_STATE_HOME/abfahrt/authorized_keys)")
	f.BoolVar(&o.SSH.Mouse, "mouse", false, "mouse support on the SSH sessions' boards: a click on a row opens its vehicle, the wheel scrolls (config mouse = true)")
	f.BoolVar(&o.SSH.Anonymous, "ssh-anonymous", false, "let anyone in over SSH (a trusted network only; the board is read-only)")
	f.IntVar(&o.SSH.MaxSessions, "ssh-max-sessions", 100, "SSH sessions open at once")
	f.DurationVar(&o.SSH.Idle, "ssh-idle", sshhub.DefaultIdle, "end an SSH session whose client has not taken the board's output for this long (0: never)")
	f.DurationVar(&o.SSH.LoginGrace, "ssh-login-grace", sshhub.DefaultLoginGrace, "close an SSH connection that has not started a session within this time")
	f.IntVar(&o.SSH.MaxStartups, "ssh-max-startups", sshhub.DefaultMaxStartups, "SSH connections without a session at once; more are closed at once")
	f.IntVar(&o.SSH.MaxStartupsPerIP, "ssh-max-startups-per-ip", sshhub.DefaultMaxStartupsPerIP, "SSH connections without a session at once from one address")
	f.StringVar(&o.SSH.Hyperlinks, "hyperlinks", "auto", "with --ssh: link stop names and vehicle numbers (OSC 8) to the [links] templates: auto (by each session's terminal), always or never")
	f.BoolVar(&o.Record.On, "record", false, "record the departures the hub mirrors into the history database")
	f.BoolVar(&o.Record.All, "all", false, "with --record: record the whole network, within 2 upstream requests a second")
	f.StringVar(&o.Record.DB, "db", "", "with --record: "+dbUsage)
	f.StringVar(&o.Record.Keep, "keep", "90d", "with --record: prune departures older than this while running (0: keep all)")
}
