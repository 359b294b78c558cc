// Package sshhub serves the departure board over SSH: every session's
// board reads the hub's mirror in-process, behind guards against hostile
// clients (size, environment and request floods, stalled readers,
// unauthenticated connections).
package sshhub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/muesli/termenv"
	"github.com/prometheus/client_golang/prometheus"
	gossh "golang.org/x/crypto/ssh"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/internal/usage"
	"abfahrt/tui"
)

// Options are the --ssh flags of abfahrt serve and what the hub's
// settings give every session.
type Options struct {
	Addr             string
	AuthorizedKeys   string
	Anonymous        bool
	MaxSessions      int
	Idle             time.Duration // a client not taking output this long is gone; 0: never
	LoginGrace       time.Duration
	MaxStartups      int
	MaxStartupsPerIP int
	// Hyperlinks is the hub's --hyperlinks (or hyperlinks = …): auto
	// decides by each session's client terminal (its TERM and the
	// environment it sent).
	Hyperlinks string
	Mouse      bool // the sessions' boards take the mouse (--mouse)

	// StateDir holds the host key (and, by default, authorized_keys).
	StateDir string
	// Version is abfahrt's version, for the client's user agent.
	Version string
	// Theme is the theme the hub was given (flag, environment, config
	// file); empty picks one by each client's terminal.
	Theme string
	// Lang is the sessions' language (default en), Interval their poll
	// interval (default tui.DefaultInterval).
	Lang     string
	Interval time.Duration
	// LineColors, Links (the [links] templates), Motion and Notify are
	// the configuration file's.
	LineColors map[string]string
	Links      tui.Links
	Motion     string
	Notify     string
}

// The defaults of the --ssh limits. A board is watched, not typed at, so
// idle is about a client that stopped reading (a screen switched off, a
// network gone without a reset), not about keys; two minutes is long
// past any real stall of a working client. The login grace time and the
// startup caps are OpenSSH's (LoginGraceTime 30 s less its 120 s, since
// a board logs in by key, never by a person typing a password;
// MaxStartups 100 and PerSourceMaxStartups 10).
const (
	DefaultIdle             = 2 * time.Minute
	DefaultLoginGrace       = 30 * time.Second
	DefaultMaxStartups      = 100
	DefaultMaxStartupsPerIP = 10
)

// HostKeyName is the SSH host key's file in the state directory.
const HostKeyName = "ssh_host_ed25519_key"

// Hub serves the board to SSH sessions. Every session's board reads the
// hub's own mirror in-process, so however many sessions show a stop, the
// upstream sees it once per interval.
type Hub struct {
	o      Options
	log    *slog.Logger
	src    *feed.Client
	srv    *ssh.Server
	ctx    context.Context // ends every session
	stop   context.CancelFunc
	active atomic.Int64
	wg     sync.WaitGroup

	sessions prometheus.Gauge
	refused  *prometheus.CounterVec
	closed   *prometheus.CounterVec // connections closed by the hub's limits
	startups prometheus.Gauge       // connections that have not started a board
	connLog  *limitedLog            // per-connection lines, at most LogPerSecond
}

// Start listens on o.Addr and serves sessions until StopSessions.
func Start(ctx context.Context, o Options, m *mirror.Mirror, log *slog.Logger) (*Hub, net.Addr, error) {
	state := o.StateDir
	if state == "" {
		return nil, nil, errors.New("--ssh: no state directory for the host key")
	}
	if err := os.MkdirAll(state, 0o700); err != nil {
		return nil, nil, fmt.Errorf("--ssh: %w", err)
	}
	keyPath := filepath.Join(state, HostKeyName)
	// The sessions' client asks the mirror in-process; the mirror caches,
	// so the client does not (its answers would age twice).
	src, err := feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath, feed.WithoutCache(),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(m.Handler())}),
		feed.WithUserAgent("abfahrt/"+o.Version+" (ssh)"))
	if err != nil {
		return nil, nil, err
	}
	h := newHub(o, log, src)
	h.ctx, h.stop = context.WithCancel(context.WithoutCancel(ctx))
	for _, c := range []prometheus.Collector{h.sessions, h.refused, h.closed, h.startups} {
		if err := m.Registry().Register(c); err != nil {
			return nil, nil, err
		}
	}
	opts := []ssh.Option{
		wish.WithHostKeyPath(keyPath),
		wish.WithVersion("abfahrt"),
		wish.WithMiddleware(h.middleware),
		// No idle timeout on the connection: the listener closes one
		// without a board after the login grace time, and a session ends
		// when its client stops taking the board's output (--ssh-idle).
		ssh.WrapConn(func(ctx ssh.Context, c net.Conn) net.Conn {
			if sc, ok := c.(*sshConn); ok {
				ctx.SetValue(sshConnKey, sc)
			}
			return c
		}),
		func(s *ssh.Server) error {
			s.ChannelHandlers = map[string]ssh.ChannelHandler{"session": sessionChannel}
			s.ServerConfigCallback = h.serverConfig
			return nil
		},
	}
	auth, authOpts, err := h.auth(state)
	if err != nil {
		return nil, nil, err
	}
	opts = append(opts, authOpts...)
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("--ssh: %w", err)
	}
	h.srv = srv
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", o.Addr)
	if err != nil {
		return nil, nil, err
	}
	go func() {
		if err := srv.Serve(newSSHListener(ln, o, h.connLog, h.closed, h.startups)); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
			log.Warn("ssh: serving ended", "err", err)
		}
	}()
	fp := ""
	if len(srv.HostSigners) > 0 {
		fp = gossh.FingerprintSHA256(srv.HostSigners[0].PublicKey())
	}
	log.Info("ssh: serving", "addr", ln.Addr().String(), "auth", auth, "host_key", keyPath, "fingerprint", fp,
		"max_sessions", o.MaxSessions, "idle_timeout", o.Idle, "login_grace", o.LoginGrace,
		"max_startups", o.MaxStartups, "max_startups_per_ip", o.MaxStartupsPerIP)
	return h, ln.Addr(), nil
}

// auth is how clients log in: anyone (--ssh-anonymous) or the keys of the
// authorized_keys file, read at each login; it says which for the log.
func (h *Hub) auth(state string) (string, []ssh.Option, error) {
	auth := "anonymous (--ssh-anonymous)"
	var opts []ssh.Option
	if h.o.Anonymous {
		opts = append(opts,
			wish.WithPublicKeyAuth(h.offeredKey(func(ssh.Context, ssh.PublicKey) bool { return true })),
			wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }))
	} else {
		if _, err := os.Stat(h.o.AuthorizedKeys); err != nil {
			return "", nil, usage.Errorf("--ssh needs an authorized_keys file (--ssh-authorized-keys, default %s) or --ssh-anonymous on a trusted network: %v",
				filepath.Join(state, "authorized_keys"), err)
		}
		// wish's check of the file, read at each login, behind our
		// note of the key offered (for the log).
		var keys ssh.Server
		if err := wish.WithAuthorizedKeys(h.o.AuthorizedKeys)(&keys); err != nil {
			return "", nil, fmt.Errorf("--ssh-authorized-keys: %w", err)
		}
		opts = append(opts, wish.WithPublicKeyAuth(h.offeredKey(keys.PublicKeyHandler)))
		auth = "public keys of " + h.o.AuthorizedKeys
	}
	return auth, opts, nil
}

// newHub is a hub of o with its metrics, not yet registered.
func newHub(o Options, log *slog.Logger, src *feed.Client) *Hub {
	return &Hub{o: o, log: log, src: src,
		sessions: prometheus.NewGauge(prometheus.GaugeOpts{Name: "abfahrt_ssh_sessions", Help: "Open SSH board sessions."}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "abfahrt_ssh_refused_total",
			Help: "SSH sessions refused, by reason (cap, no-pty, usage)."}, []string{"reason"}),
		closed: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "abfahrt_ssh_connections_closed_total",
			Help: "SSH connections the hub closed, by reason (startups, startups-per-ip, login-grace, idle)."}, []string{"reason"}),
		startups: prometheus.NewGauge(prometheus.GaugeOpts{Name: "abfahrt_ssh_startups",
			Help: "SSH connections open that have not started a board (login grace time running)."}),
		connLog: newLimitedLog(log, LogPerSecond),
	}
}

// offeredKey notes the fingerprint of each public key a client offers
// before check decides on it, so that a refused login names the key.
func (h *Hub) offeredKey(check ssh.PublicKeyHandler) ssh.PublicKeyHandler {
	return func(ctx ssh.Context, key ssh.PublicKey) bool {
		if c := connOf(ctx); c != nil {
			fp := gossh.FingerprintSHA256(key)
			c.triedKey.Store(&fp)
		}
		return check(ctx, key)
	}
}

// serverConfig is the SSH configuration of one connection: it logs each
// login and each refused attempt (a client's first "none" attempt is no
// refusal), with the key that proved itself.
func (h *Hub) serverConfig(ctx ssh.Context) *gossh.ServerConfig {
	c := connOf(ctx)
	return &gossh.ServerConfig{
		VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, key gossh.PublicKey, p *gossh.Permissions, _ string) (*gossh.Permissions, error) {
			if c != nil {
				fp := gossh.FingerprintSHA256(key)
				c.loginKey.Store(&fp)
			}
			return p, nil
		},
		AuthLogCallback: func(cm gossh.ConnMetadata, method string, err error) {
			key := ""
			if c != nil {
				at := &c.triedKey
				if err == nil {
					at = &c.loginKey
				}
				if fp := at.Load(); fp != nil && method == "publickey" {
					key = *fp
				}
			}
			switch {
			case err == nil:
				h.connLog.Info("ssh: login", "user", cm.User(), "method", method, "key", key, "remote", cm.RemoteAddr().String())
			case method != "none":
				h.connLog.Info("ssh: login refused", "user", cm.User(), "method", method, "key", key, "remote", cm.RemoteAddr().String(), "err", err)
			}
		},
	}
}

// middleware is the whole session: no shell, no command but stop numbers,
// a terminal required, at most maxSessions at once, and the board.
func (h *Hub) middleware(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		defer next(s)
		c := connOf(s.Context())
		if c != nil {
			// A session started: the connection is no longer one
			// that only holds a place (login grace, startup caps).
			c.boardStarted()
			defer c.boardEnded()
		}
		if h.ctx.Err() != nil {
			wish.Fatalln(s, "abfahrt: the hub is shutting down")
			return
		}
		stops, err := sessionStops(s.Command())
		if err != nil {
			h.refuse(s, "usage")
			wish.Fatalln(s, "abfahrt: "+err.Error())
			return
		}
		pty, _, ok := s.Pty()
		accessible := sessionAccessible(s.Environ())
		if (!ok && !accessible) || c == nil {
			h.refuse(s, "no-pty")
			wish.Fatalln(s, "abfahrt: the board needs a terminal: ssh -t")
			return
		}
		if n := h.active.Add(1); n > int64(h.o.MaxSessions) {
			h.active.Add(-1)
			h.refuse(s, "cap")
			wish.Fatalln(s, sessionsInUse(h.o.MaxSessions))
			return
		}
		h.wg.Add(1)
		h.sessions.Inc()
		defer func() {
			h.active.Add(-1)
			h.sessions.Dec()
			h.wg.Done()
		}()
		if accessible {
			h.runAccessible(s, c, ok, stops)
			return
		}
		h.run(s, c, pty, stops)
	}
}

// refuse counts and logs a session refused for reason.
func (h *Hub) refuse(s ssh.Session, reason string) {
	h.refused.WithLabelValues(reason).Inc()
	h.connLog.Info("ssh: session refused", "user", s.User(), "remote", s.RemoteAddr().String(), "reason", reason,
		"command", clip(s.RawCommand(), 80))
}

// clip is s cut to at most n bytes, for the log: a client's command can
// be as long as an SSH packet.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// sessionStops reads the session's command: stop numbers (a grid for
// more than one); none is the default board.
func sessionStops(cmd []string) ([]tui.BoardSpec, error) {
	var specs []tui.BoardSpec
	for _, a := range cmd {
		n, err := strconv.Atoi(a)
		if err != nil || n < 1000 || n > 9999 {
			return nil, fmt.Errorf("usage: ssh -t HOST [STOP]... (4-digit stop numbers such as 1008), got %q", a)
		}
		specs = append(specs, tui.BoardSpec{Stop: n})
	}
	if len(specs) > tui.MaxBoards {
		return nil, fmt.Errorf("at most %d boards", tui.MaxBoards)
	}
	return specs, nil
}

// run shows the board in session s on connection c until the session
// ends, its client stops taking the output for --ssh-idle, or the hub
// stops.
func (h *Hub) run(s ssh.Session, c *sshConn, pty ssh.Pty, stops []tui.BoardSpec) {
	began := time.Now()
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()
	gd := c.guard.Load()
	chanDone := make(<-chan struct{})
	if gd != nil {
		chanDone = gd.done
	}
	go func() { // the connection or the session channel going away ends the board
		select {
		case <-s.Context().Done():
			cancel()
		case <-chanDone:
			cancel()
		case <-ctx.Done():
		}
	}()
	// The guard clamped the size already; this clamp keeps the board
	// safe from any other way a size could come in.
	cols, rows := clampSize(pty.Window.Width, pty.Window.Height)
	env := append(s.Environ(), "TERM="+pty.Term)
	r := lipgloss.NewRenderer(s, termenv.WithEnvironment(sessionEnv(env)), termenv.WithUnsafe(), termenv.WithColorCache(true))
	theme := sessionTheme(h.o.Theme, pty.Term)
	if pty.Term == "" || pty.Term == "dumb" || sessionEnv(env).Getenv("NO_COLOR") != "" {
		theme, r = "mono", lipgloss.NewRenderer(s, termenv.WithProfile(termenv.Ascii))
	}
	out := &stallWriter{w: s}
	o := tui.Options{Source: h.src, SourceName: "abfahrt hub", Boards: stops, Theme: theme, Renderer: r,
		ConsoleFont: tui.LinuxConsole(pty.Term),
		Lang:        "en", Interval: tui.DefaultInterval, Bell: out} // a reminder rings the session's terminal
	o.Lang, o.Interval, o.LineColors = h.o.lang(), h.o.interval(), h.o.LineColors
	o.Links = h.o.Links.On(h.o.Hyperlinks, sessionEnv(env).Getenv)
	o.Mouse = h.o.Mouse
	o.ReduceMotion, o.Notify = sessionMotionNotify(h.o, sessionEnv(env).Getenv)
	user, remote := s.User(), s.RemoteAddr().String()
	h.connLog.Info("ssh: session started", "user", user, "remote", remote, "stops", s.Command(),
		"cols", cols, "rows", rows, "term", pty.Term)
	p := tui.NewProgram(ctx, o, s, out)
	go resizes(ctx, p, gd, cols, rows)
	var idled atomic.Bool
	if h.o.Idle > 0 {
		go h.watchIdle(ctx, cancel, out, c, &idled)
	}
	_, err := p.Run()
	p.Kill()
	reason := h.ended(s, err, idled.Load(), chanDone)
	h.connLog.Info("ssh: session ended", "user", user, "remote", remote, "reason", reason,
		"duration", time.Since(began).Round(time.Millisecond))
}

// resizes sends the board its first size, then the sizes the client
// asks for, newest first: the guard keeps only the newest size a client
// asked for, and this is the only place that waits for the board to take
// one (Send blocks until the program runs, and while it draws).
func resizes(ctx context.Context, p interface{ Send(tea.Msg) }, gd *chanGuard, cols, rows int) {
	p.Send(tea.WindowSizeMsg{Width: cols, Height: rows})
	if gd == nil {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-gd.resized:
			if w, ok := gd.newest(); ok {
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			}
		}
	}
}

// watchIdle ends the session (cancel, and closes c) once a write to its
// client has blocked for --ssh-idle: the client takes no output (its
// channel window is full), and only closing the connection ends the
// blocked write.
func (h *Hub) watchIdle(ctx context.Context, cancel context.CancelFunc, out *stallWriter, c *sshConn, idled *atomic.Bool) {
	t := time.NewTicker(min(max(h.o.Idle/10, 100*time.Millisecond), 5*time.Second))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if out.stalledFor() > h.o.Idle {
				idled.Store(true)
				h.closed.WithLabelValues("idle").Inc()
				cancel()
				_ = c.Close()
				return
			}
		}
	}
}

// ended says goodbye as the way the board of session s ended asks, sets
// its exit status and returns the reason for the log.
func (h *Hub) ended(s ssh.Session, err error, idled bool, chanDone <-chan struct{}) string {
	switch {
	case idled:
		return "idle" // nothing reaches this client any more: no goodbye
	case h.ctx.Err() != nil:
		_, _ = fmt.Fprint(s, "abfahrt: the hub is shutting down; goodbye\r\n")
		_ = s.Exit(0)
		return "hub stopping"
	case err != nil && !errors.Is(err, tea.ErrProgramKilled) && s.Context().Err() == nil && !closed(chanDone):
		h.connLog.Warn("ssh: session ended with an error", "user", s.User(), "remote", s.RemoteAddr().String(), "err", err)
		_ = s.Exit(1)
		return "error"
	}
	reason := "client left"
	if s.Context().Err() == nil && !closed(chanDone) {
		reason = "quit"
	}
	_ = s.Exit(0)
	return reason
}

// closed reports whether c is closed.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// StopSessions tells every session that the hub stops, ends them and
// waits for them within ctx, then closes the server.
func (h *Hub) StopSessions(ctx context.Context) {
	h.stop()
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	_ = h.srv.Close()
}

// stallWriter is a session's output that knows how long the write in
// progress has not moved: a write to an SSH channel blocks while the
// client's window is full, that is while the client reads nothing.
// Writes go in pieces, so that a large frame to a slow client that does
// read counts as moving.
type stallWriter struct {
	mu    sync.Mutex
	w     io.Writer
	since atomic.Int64 // unix nanoseconds the piece in progress began; 0 when none
}

// stallPiece is how much of a write goes at once: a few SSH packets.
const stallPiece = 16 << 10

func (sw *stallWriter) Write(p []byte) (int, error) {
	sw.mu.Lock()
	defer sw.mu.Unlock()
	defer sw.since.Store(0)
	n := 0
	for n < len(p) {
		sw.since.Store(time.Now().UnixNano())
		k, err := sw.w.Write(p[n:min(len(p), n+stallPiece)])
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// stalledFor is how long the write in progress has not moved, 0 if none.
func (sw *stallWriter) stalledFor() time.Duration {
	t := sw.since.Load()
	if t == 0 {
		return 0
	}
	return time.Since(time.Unix(0, t))
}

// sessionEnv is a session's environment for termenv.
type sessionEnv []string

func (e sessionEnv) Environ() []string { return e }

func (e sessionEnv) Getenv(k string) string {
	v := ""
	for _, kv := range e {
		if after, ok := strings.CutPrefix(kv, k+"="); ok {
			v = after
		}
	}
	return v
}

// sessionTheme is the theme of an SSH session whose client's terminal is
// term: the hub's theme when one was chosen (flag, environment, config
// file), else the console theme for a client on a Linux console
// (TERM=linux) and dark for others. What the hub's own TERM or NO_COLOR
// picked is not the client's.
func sessionTheme(chosen, term string) string {
	if chosen != "" {
		return chosen
	}
	if tui.LinuxConsole(term) {
		return tui.ThemeConsole
	}
	return tui.ThemeDark
}

// sessionsInUse is the refusal of a session beyond --ssh-max-sessions.
func sessionsInUse(maxSessions int) string {
	if maxSessions == 1 {
		return "abfahrt: the only session is in use; try again later"
	}
	return fmt.Sprintf("abfahrt: all %d sessions are in use; try again later", maxSessions)
}

// sessionMotionNotify are an SSH session's reduced motion and
// notification: motion is reduced when the hub's config says motion =
// "reduced" or the client sends ABFAHRT_REDUCE_MOTION=1 (a need of the
// person at that terminal, as the screen-reader mode is); the hub's
// notify (default auto) is resolved by the client's terminal (its TERM
// and the variables it sent), not the hub's.
func sessionMotionNotify(o Options, getenv func(string) string) (reduce bool, notify string) {
	mode := "auto"
	reduce = o.Motion == "reduced"
	if o.Notify != "" {
		mode = o.Notify
	}
	if v := getenv("ABFAHRT_REDUCE_MOTION"); v == "1" || v == "true" {
		reduce = true
	}
	return reduce, tui.NotifyFor(mode, getenv)
}

// lang is the sessions' language: o.Lang, en by default.
func (o Options) lang() string {
	if o.Lang == "" {
		return "en"
	}
	return o.Lang
}

// interval is the sessions' poll interval: o.Interval, else the board's
// default.
func (o Options) interval() time.Duration {
	if o.Interval == 0 {
		return tui.DefaultInterval
	}
	return o.Interval
}
