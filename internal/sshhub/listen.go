package sshhub

import (
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/prometheus/client_golang/prometheus"
)

// sshListener bounds the connections that have not started a board, as
// OpenSSH's LoginGraceTime and MaxStartups do: each must start one within
// grace or is closed, at most maxStartups of them are open at once and at
// most perIP from one address; a connection over a cap is closed as soon
// as it is accepted, before a byte of SSH. Without this, connections that
// never send a banner pile up until the hub runs out of file descriptors.
type sshListener struct {
	net.Listener
	grace       time.Duration
	maxStartups int
	perIP       int
	log         *limitedLog
	closed      *prometheus.CounterVec
	startups    prometheus.Gauge

	mu      sync.Mutex
	pending int            // connections that have not started a board
	byIP    map[string]int // pending, by remote address
	conns   map[*sshConn]struct{}
	done    bool
}

func newSSHListener(ln net.Listener, o Options, log *limitedLog, closed *prometheus.CounterVec, startups prometheus.Gauge) *sshListener {
	return &sshListener{Listener: ln, grace: o.LoginGrace, maxStartups: o.MaxStartups, perIP: o.MaxStartupsPerIP,
		log: log, closed: closed, startups: startups, byIP: map[string]int{}, conns: map[*sshConn]struct{}{}}
}

// Accept returns the next connection within the caps; those over a cap
// are closed here and never reach the SSH server.
func (l *sshListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := remoteIP(c.RemoteAddr())
		l.mu.Lock()
		reason := ""
		switch {
		case l.done:
			reason = "stopping"
		case l.pending >= l.maxStartups:
			reason = "startups"
		case l.byIP[ip] >= l.perIP:
			reason = "startups-per-ip"
		}
		if reason != "" {
			l.mu.Unlock()
			_ = c.Close()
			l.closed.WithLabelValues(reason).Inc()
			l.log.Info("ssh: connection closed at once: too many without a session", "remote", c.RemoteAddr().String(), "reason", reason)
			continue
		}
		l.pending++
		l.byIP[ip]++
		sc := &sshConn{Conn: c, l: l, ip: ip, pending: true}
		l.conns[sc] = struct{}{}
		l.mu.Unlock()
		l.startups.Inc()
		sc.mu.Lock()
		sc.timer = time.AfterFunc(l.grace, sc.graceOver)
		sc.mu.Unlock()
		return sc, nil
	}
}

// Close stops accepting and closes the connections that have not started
// a board (the SSH server closes the others).
func (l *sshListener) Close() error {
	err := l.Listener.Close()
	l.mu.Lock()
	l.done = true
	var left []*sshConn
	for c := range l.conns {
		if c.isPending() {
			left = append(left, c)
		}
	}
	l.mu.Unlock()
	for _, c := range left {
		_ = c.Close()
	}
	return err
}

// acquire puts a connection whose board ended back into the pending
// counts, if they have room.
func (l *sshListener) acquire(ip string) bool {
	l.mu.Lock()
	if l.done || l.pending >= l.maxStartups || l.byIP[ip] >= l.perIP {
		l.mu.Unlock()
		return false
	}
	l.pending++
	l.byIP[ip]++
	l.mu.Unlock()
	l.startups.Inc()
	return true
}

// release takes a connection out of the pending counts.
func (l *sshListener) release(ip string) {
	l.mu.Lock()
	l.pending--
	if l.byIP[ip]--; l.byIP[ip] <= 0 {
		delete(l.byIP, ip)
	}
	l.mu.Unlock()
	l.startups.Dec()
}

// remoteIP is the address of a connection's client without its port.
func remoteIP(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// sshConn is one accepted connection. While no board runs on it (before
// the first, and after one ended) it is pending: it counts against the
// caps and is closed after the grace time. So every open connection is
// either a running board (at most --ssh-max-sessions) or pending (at most
// --ssh-max-startups).
type sshConn struct {
	net.Conn
	l  *sshListener
	ip string

	mu      sync.Mutex
	pending bool // counted in the listener's pending counts
	started bool // a board started once
	boards  int  // boards running now
	closed  bool
	timer   *time.Timer

	// busy is set while a session channel is open: one at a time, so
	// that the channel's guard is found from the connection's context.
	busy  atomic.Bool
	guard atomic.Pointer[chanGuard]
	// triedKey and loginKey are the fingerprints of the public key last
	// offered and of the one that logged in, for the log.
	triedKey atomic.Pointer[string]
	loginKey atomic.Pointer[string]
}

// isPending reports whether c counts as pending.
func (c *sshConn) isPending() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pending
}

// boardStarted takes c out of the pending counts and stops its grace
// timer while the board runs.
func (c *sshConn) boardStarted() {
	c.mu.Lock()
	release := c.pending
	c.pending, c.started = false, true
	c.boards++
	if c.timer != nil {
		c.timer.Stop()
	}
	c.mu.Unlock()
	if release {
		c.l.release(c.ip)
	}
}

// boardEnded makes c pending again when its last board ended: it has the
// grace time to start another one, or is closed at once when the caps
// are full, so that a client cannot keep connections open without a
// board.
func (c *sshConn) boardEnded() {
	c.mu.Lock()
	c.boards--
	idle := c.boards == 0 && !c.closed
	c.mu.Unlock()
	if !idle {
		return
	}
	ok := c.l.acquire(c.ip) // not under c.mu: the listener locks its own, then ours
	c.mu.Lock()
	if c.boards > 0 || c.closed { // a board started or c closed meanwhile
		c.mu.Unlock()
		if ok {
			c.l.release(c.ip)
		}
		return
	}
	if ok {
		c.pending = true
		c.timer = time.AfterFunc(c.l.grace, c.graceOver)
	}
	c.mu.Unlock()
	if !ok {
		c.l.closed.WithLabelValues("startups").Inc()
		_ = c.Close()
	}
}

func (c *sshConn) graceOver() {
	c.mu.Lock()
	running, started, closed := c.boards > 0, c.started, c.closed
	c.mu.Unlock()
	if running || closed {
		return
	}
	c.l.closed.WithLabelValues("login-grace").Inc()
	c.l.log.Info("ssh: connection closed: no session within the login grace time", "remote", c.RemoteAddr().String(),
		"grace", c.l.grace, "had_session", started)
	_ = c.Close()
}

// Close closes the connection once and takes it out of the counts.
func (c *sshConn) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	release := c.pending
	c.pending = false
	if c.timer != nil {
		c.timer.Stop()
	}
	c.mu.Unlock()
	if release {
		c.l.release(c.ip)
	}
	c.l.mu.Lock()
	delete(c.l.conns, c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// sshConnKey holds a connection's *sshConn in its ssh.Context.
var sshConnKey = &struct{ name string }{"abfahrt-ssh-conn"}

// connOf is the accepted connection behind an SSH context, nil if none.
func connOf(ctx ssh.Context) *sshConn {
	c, _ := ctx.Value(sshConnKey).(*sshConn)
	return c
}
