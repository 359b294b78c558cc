package main

import (
	"context"
	"errors"
	"fmt"
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
	"abfahrt/tui"
)

// sshOptions are the --ssh flags of abfahrt serve.
type sshOptions struct {
	addr           string
	authorizedKeys string
	anonymous      bool
	maxSessions    int
	idle           time.Duration
}

// hostKeyName is the SSH host key's file in the state directory.
const hostKeyName = "ssh_host_ed25519_key"

// sshHub serves the board to SSH sessions. Every session's board reads the
// hub's own mirror in-process, so however many sessions show a stop, the
// upstream sees it once per interval.
type sshHub struct {
	g      *globals
	o      sshOptions
	log    *slog.Logger
	src    *feed.Client
	srv    *ssh.Server
	ctx    context.Context // ends every session
	stop   context.CancelFunc
	active atomic.Int64
	wg     sync.WaitGroup

	sessions prometheus.Gauge
	refused  *prometheus.CounterVec
}

// startSSH listens on o.addr and serves sessions until stopSessions.
func startSSH(ctx context.Context, g *globals, o sshOptions, m *mirror.Mirror, log *slog.Logger) (*sshHub, net.Addr, error) {
	state := statePath(os.LookupEnv)
	if state == "" {
		return nil, nil, errors.New("--ssh: no state directory for the host key")
	}
	if err := os.MkdirAll(state, 0o700); err != nil {
		return nil, nil, fmt.Errorf("--ssh: %w", err)
	}
	keyPath := filepath.Join(state, hostKeyName)
	// The sessions' client asks the mirror in-process; the mirror caches,
	// so the client does not (its answers would age twice).
	src, err := feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath, feed.WithoutCache(),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(m.Handler())}),
		feed.WithUserAgent("abfahrt/"+version+" (ssh)"))
	if err != nil {
		return nil, nil, err
	}
	h := &sshHub{g: g, o: o, log: log, src: src,
		sessions: prometheus.NewGauge(prometheus.GaugeOpts{Name: "abfahrt_ssh_sessions", Help: "Open SSH board sessions."}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "abfahrt_ssh_refused_total",
			Help: "SSH sessions refused, by reason (cap, no-pty, usage)."}, []string{"reason"}),
	}
	h.ctx, h.stop = context.WithCancel(context.WithoutCancel(ctx))
	if err := m.Registry().Register(h.sessions); err != nil {
		return nil, nil, err
	}
	if err := m.Registry().Register(h.refused); err != nil {
		return nil, nil, err
	}
	opts := []ssh.Option{
		wish.WithHostKeyPath(keyPath),
		wish.WithVersion("abfahrt"),
		wish.WithMiddleware(h.middleware),
		// A connection that opens no session and sends nothing: gone
		// after the idle time (a board's output keeps its own alive;
		// sessions have their own idle timeout on input).
		wish.WithIdleTimeout(o.idle),
	}
	auth := "anonymous (--ssh-anonymous)"
	if o.anonymous {
		opts = append(opts,
			wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
			wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }))
	} else {
		if _, err := os.Stat(o.authorizedKeys); err != nil {
			return nil, nil, usagef("--ssh needs an authorized_keys file (--ssh-authorized-keys, default %s) or --ssh-anonymous on a trusted network: %v",
				filepath.Join(state, "authorized_keys"), err)
		}
		opts = append(opts, wish.WithAuthorizedKeys(o.authorizedKeys))
		auth = "public keys of " + o.authorizedKeys
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("--ssh: %w", err)
	}
	h.srv = srv
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", o.addr)
	if err != nil {
		return nil, nil, err
	}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
			log.Warn("ssh: serving ended", "err", err)
		}
	}()
	fp := ""
	if len(srv.HostSigners) > 0 {
		fp = gossh.FingerprintSHA256(srv.HostSigners[0].PublicKey())
	}
	log.Info("ssh: serving", "addr", ln.Addr().String(), "auth", auth, "host_key", keyPath, "fingerprint", fp,
		"max_sessions", o.maxSessions, "idle_timeout", o.idle)
	return h, ln.Addr(), nil
}

// middleware is the whole session: no shell, no command but stop numbers,
// a terminal required, at most maxSessions at once, and the board.
func (h *sshHub) middleware(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		defer next(s)
		if h.ctx.Err() != nil {
			wish.Fatalln(s, "abfahrt: the hub is shutting down")
			return
		}
		stops, err := sessionStops(s.Command())
		if err != nil {
			h.refused.WithLabelValues("usage").Inc()
			wish.Fatalln(s, "abfahrt: "+err.Error())
			return
		}
		pty, winCh, ok := s.Pty()
		if !ok {
			h.refused.WithLabelValues("no-pty").Inc()
			wish.Fatalln(s, "abfahrt: the board needs a terminal: ssh -t")
			return
		}
		if n := h.active.Add(1); n > int64(h.o.maxSessions) {
			h.active.Add(-1)
			h.refused.WithLabelValues("cap").Inc()
			wish.Fatalln(s, fmt.Sprintf("abfahrt: all %d sessions are in use; try again later", h.o.maxSessions))
			return
		}
		h.wg.Add(1)
		h.sessions.Inc()
		defer func() {
			h.active.Add(-1)
			h.sessions.Dec()
			h.wg.Done()
		}()
		h.run(s, pty, winCh, stops)
	}
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
	if len(specs) > 16 {
		return nil, errors.New("at most 16 boards")
	}
	return specs, nil
}

// run shows the board in session s until it ends, goes idle or the hub
// stops.
func (h *sshHub) run(s ssh.Session, pty ssh.Pty, winCh <-chan ssh.Window, stops []tui.BoardSpec) {
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()
	go func() { // the session going away ends the board
		select {
		case <-s.Context().Done():
			cancel()
		case <-ctx.Done():
		}
	}()
	env := append(s.Environ(), "TERM="+pty.Term)
	r := lipgloss.NewRenderer(s, termenv.WithEnvironment(sessionEnv(env)), termenv.WithUnsafe(), termenv.WithColorCache(true))
	theme := sessionTheme(h.g.s, pty.Term)
	if pty.Term == "" || pty.Term == "dumb" || sessionEnv(env).Getenv("NO_COLOR") != "" {
		theme, r = "mono", lipgloss.NewRenderer(s, termenv.WithProfile(termenv.Ascii))
	}
	o := tui.Options{Source: h.src, SourceName: "abfahrt hub", Boards: stops, Theme: theme, Renderer: r,
		ConsoleFont: tui.LinuxConsole(pty.Term),
		Lang:        "en", Interval: 15 * time.Second, Bell: s} // a reminder rings the session's terminal
	if h.g.s != nil {
		o.Lang, o.Interval, o.LineColors = h.g.s.lang.value, h.g.s.interval, h.g.s.file.LineColors
	}
	in := &idleInput{s: s}
	in.touch()
	p := tui.NewProgram(ctx, o, in, s)
	go func() {
		// Send blocks until the program runs.
		p.Send(tea.WindowSizeMsg{Width: pty.Window.Width, Height: pty.Window.Height})
		t := time.NewTicker(max(h.o.idle/10, 100*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case w := <-winCh:
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			case <-t.C:
				if in.idleFor() > h.o.idle {
					in.idled.Store(true)
					cancel()
					return
				}
			}
		}
	}()
	_, err := p.Run()
	p.Kill()
	switch {
	case in.idled.Load():
		_, _ = fmt.Fprintf(s, "abfahrt: no key for %v; goodbye\r\n", h.o.idle)
		_ = s.Exit(0)
	case h.ctx.Err() != nil:
		_, _ = fmt.Fprint(s, "abfahrt: the hub is shutting down; goodbye\r\n")
		_ = s.Exit(0)
	case err != nil && !errors.Is(err, tea.ErrProgramKilled):
		h.log.Warn("ssh: session ended with an error", "user", s.User(), "remote", s.RemoteAddr().String(), "err", err)
		_ = s.Exit(1)
	default:
		_ = s.Exit(0)
	}
}

// stopSessions tells every session that the hub stops, ends them and
// waits for them within ctx, then closes the server.
func (h *sshHub) stopSessions(ctx context.Context) {
	h.stop()
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	_ = h.srv.Close()
}

// idleInput is a session's input that remembers when the last key came.
type idleInput struct {
	s     ssh.Session
	last  atomic.Int64 // unix nanoseconds
	idled atomic.Bool
}

func (in *idleInput) Read(p []byte) (int, error) {
	n, err := in.s.Read(p)
	if n > 0 {
		in.touch()
	}
	return n, err
}

func (in *idleInput) touch() { in.last.Store(time.Now().UnixNano()) }

func (in *idleInput) idleFor() time.Duration { return time.Since(time.Unix(0, in.last.Load())) }

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
func sessionTheme(s *settings, term string) string {
	if s != nil {
		switch s.theme.from {
		case "flag --theme", "env ABFAHRT_THEME", "config":
			return s.theme.value
		}
	}
	if tui.LinuxConsole(term) {
		return tui.ThemeConsole
	}
	return tui.ThemeDark
}
