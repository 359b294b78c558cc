package sim

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"abfahrt/feed/internal/wire"
)

// shutdownGrace bounds the graceful shutdown of ListenAndServe.
const shutdownGrace = 10 * time.Second

// Default limits of the simulation's HTTP server. A client that sends no
// request, never reads its answer or idles is dropped after its timeout;
// at most DefaultMaxConns connections are open at once, further ones wait
// in the kernel's accept queue (they hold no descriptor of the server)
// until one closes. There is no cap per source by default: the
// simulation's clients (tests, load generators, a proxy) often all come
// from one address; a server facing the open network sets
// ServerOptions.MaxConnsPerSource.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultWriteTimeout      = time.Minute
	DefaultIdleTimeout       = time.Minute
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultMaxConns          = 256
)

// ServerOptions are the limits of the server Serve runs; zero fields take
// the defaults above.
type ServerOptions struct {
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	// WriteTimeout bounds a request from the end of its headers to the end
	// of the answer; ListenAndServe raises it above the stall and latency
	// faults of the service.
	WriteTimeout   time.Duration
	IdleTimeout    time.Duration
	MaxHeaderBytes int
	MaxConns       int
	// MaxConnsPerSource caps the connections open at once from one source
	// (an IPv4 address, an IPv6 /64); a connection beyond it is closed at
	// once rather than queued, so that one client cannot take all of
	// MaxConns. Zero or less: no cap per source.
	MaxConnsPerSource int
}

func (o ServerOptions) withDefaults() ServerOptions {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&o.ReadTimeout, DefaultReadTimeout)
	def(&o.WriteTimeout, DefaultWriteTimeout)
	def(&o.IdleTimeout, DefaultIdleTimeout)
	if o.MaxHeaderBytes <= 0 {
		o.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	return o
}

// NewServer returns the HTTP server of h with the limits of o; requests'
// contexts derive from ctx.
func NewServer(ctx context.Context, h http.Handler, o ServerOptions) *http.Server {
	o = o.withDefaults()
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.WriteTimeout,
		IdleTimeout:       o.IdleTimeout,
		MaxHeaderBytes:    o.MaxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
}

// ListenAndServe runs the service on addr until ctx is cancelled, then shuts
// down gracefully: it stops accepting, ends stalled requests (their contexts
// derive from ctx) and waits up to ten seconds for the rest. The server has
// the default limits, with a write timeout above the service's stall and
// latency faults.
func ListenAndServe(ctx context.Context, addr string, s *Service) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(context.WithoutCancel(ctx), "tcp", addr)
	if err != nil {
		return err
	}
	if s.log != nil {
		s.log.Info("serving mobility/v1", "addr", ln.Addr().String(), "base", "http://"+ln.Addr().String()+basePath)
	}
	wt := DefaultWriteTimeout
	if s.faults.Stall > 0 {
		wt = max(wt, s.faults.stallFor()+s.faults.Latency+30*time.Second)
	}
	wt = max(wt, s.faults.Latency+30*time.Second)
	return Serve(ctx, ln, s, ServerOptions{WriteTimeout: wt})
}

// Serve runs h on ln, with at most o.MaxConns connections open at once and
// the timeouts of o, until ctx is cancelled; then it shuts down as
// ListenAndServe does. It closes ln.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, o ServerOptions) error {
	o = o.withDefaults()
	srv := NewServer(ctx, h, o)
	ln = LimitListenerPerSource(ln, o.MaxConns, o.MaxConnsPerSource, nil)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// LimitListenerPerSource is LimitListener with at most perSource
// connections open at once from one source (an IPv4 address, an IPv6
// /64): Accept closes a connection beyond that at once, with a reset,
// and calls refused (when not nil) with its address. A slow client that
// opens connections without end so holds perSource of the n, never all:
// the others are still served. perSource <= 0 means no cap per source.
func LimitListenerPerSource(ln net.Listener, n, perSource int, refused func(net.Addr)) net.Listener {
	return LimitListenerQueued(ln, n, perSource, 0, refused)
}

// LimitListenerQueued is LimitListenerPerSource where a connection beyond
// a source's cap waits for one of that source's connections to close (or
// to go idle between requests: CloseIdleIfWaited closes it then) and
// takes its place, so that a burst from one address (a browser map asking
// a hundred stops, ten kiosks behind one NAT address) is answered rather
// than reset. It waits while the source's connections make progress: one
// that has seen no place of its source freed for wait (silent
// connections hold them), or has waited maxSourceWait in all, gets a 503
// with Retry-After: 1, and refused is called. At most
// 4×perSource connections of one source and n of all sources wait; beyond
// that a connection is closed at once, as without a wait. Waiting
// connections hold no place of the n. wait <= 0: no waiting.
func LimitListenerQueued(ln net.Listener, n, perSource int, wait time.Duration, refused func(net.Addr)) net.Listener {
	if n <= 0 {
		n = DefaultMaxConns
	}
	l := &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{}),
		perSource: perSource, refused: refused}
	if perSource > 0 {
		l.open = make(map[string]int)
		if wait > 0 {
			l.wait = wait
			l.waiting = make(map[string][]*waiter)
			l.idle = make(map[string]map[*limitConn]struct{})
			l.ready = make(chan net.Conn, n)
			l.accepted = make(chan acceptResult)
			l.maxWaiting = n
		}
	}
	return l
}

// maxSourceWait bounds the wait of a connection beyond its source's cap
// however its source's other connections progress.
const maxSourceWait = 10 * time.Second

// waiter is a connection waiting for a place of its source.
type waiter struct {
	c     net.Conn
	src   string
	since time.Time
	timer *time.Timer
	gone  bool // handed over, refused or closed; under limitListener.mu
}

// acceptResult is one connection (or error) of the accept loop.
type acceptResult struct {
	c   net.Conn
	err error
}

type limitListener struct {
	net.Listener
	slots     chan struct{} // one token per open connection
	done      chan struct{} // closed by Close
	closeOnce sync.Once
	perSource int
	refused   func(net.Addr)

	// With a wait (LimitListenerQueued): connections waiting per source,
	// how many wait in all and at most, those given a place, and what the
	// accept loop accepted.
	wait       time.Duration
	waiting    map[string][]*waiter
	nWaiting   int
	maxWaiting int
	ready      chan net.Conn
	accepted   chan acceptResult
	loopOnce   sync.Once

	mu   sync.Mutex
	open map[string]int // open connections per source, when perSource > 0
	// idle are the connections of each source idle between requests
	// (CloseIdleIfWaited marks them), for a connection that comes to wait
	// after they went idle: one of them is closed for it.
	idle map[string]map[*limitConn]struct{}
}

func (l *limitListener) Accept() (net.Conn, error) {
	if l.wait > 0 {
		return l.acceptWaiting()
	}
	for {
		select {
		case l.slots <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		if l.perSource <= 0 {
			return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
		}
		src := source(c.RemoteAddr())
		l.mu.Lock()
		full := l.open[src] >= l.perSource
		if !full {
			l.open[src]++
		}
		l.mu.Unlock()
		if full {
			// Closed at once: a reset frees both ends without TIME_WAIT,
			// and the next connection in the queue gets the slot.
			if tc, ok := c.(*net.TCPConn); ok {
				_ = tc.SetLinger(0) // best effort; Close follows anyway
			}
			_ = c.Close() // nothing to do about a failed close of a refused connection
			<-l.slots
			if l.refused != nil {
				l.refused(c.RemoteAddr())
			}
			continue
		}
		return &limitConn{Conn: c, release: func() {
			l.mu.Lock()
			if l.open[src]--; l.open[src] <= 0 {
				delete(l.open, src)
			}
			l.mu.Unlock()
			<-l.slots
		}}, nil
	}
}

// acceptWaiting is Accept with a wait: connections come from the accept
// loop, or are waiting ones given the place of a closed one.
func (l *limitListener) acceptWaiting() (net.Conn, error) {
	l.loopOnce.Do(func() { go l.acceptLoop() })
	select {
	case c := <-l.ready:
		return c, nil
	case r := <-l.accepted:
		return r.c, r.err
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// acceptLoop accepts while a place of the n is free and sorts each
// connection: served, waiting for its source, or refused.
func (l *limitListener) acceptLoop() {
	for {
		select {
		case l.slots <- struct{}{}:
		case <-l.done:
			return
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			select {
			case l.accepted <- acceptResult{err: err}:
			case <-l.done:
				return
			}
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		src := source(c.RemoteAddr())
		l.mu.Lock()
		switch {
		case l.open[src] < l.perSource:
			l.open[src]++
			l.mu.Unlock()
			select {
			case l.accepted <- acceptResult{c: l.conn(c, src)}:
			case <-l.done:
				_ = c.Close() // the listener is closed
				return
			}
		case len(l.waiting[src]) < 4*l.perSource && l.nWaiting < l.maxWaiting:
			w := &waiter{c: c, src: src, since: time.Now()}
			w.timer = time.AfterFunc(l.wait, func() { l.expire(w) })
			l.waiting[src] = append(l.waiting[src], w)
			l.nWaiting++
			idle := l.takeIdle(src)
			l.mu.Unlock()
			<-l.slots // a waiting connection holds no place
			if idle != nil {
				// A connection of the source already idle would hold its
				// place while its client keeps it open: its place goes to
				// the one that waits (the close releases it).
				_ = idle.Close() // the server's read of it ends; nothing else to do
			}
		default:
			l.mu.Unlock()
			l.refuse(c)
			<-l.slots
		}
	}
}

// conn wraps a connection of src that has a place.
func (l *limitListener) conn(c net.Conn, src string) *limitConn {
	lc := &limitConn{Conn: c, l: l, src: src}
	lc.release = func() { l.releaseWaiting(src) }
	return lc
}

// releaseWaiting gives a closed connection's place to the first
// connection waiting from the same source, else back.
func (l *limitListener) releaseWaiting(src string) {
	l.mu.Lock()
	if w := l.popWaiting(src); w != nil {
		// The source makes progress: the others waiting get their
		// wait again, within maxSourceWait.
		now := time.Now()
		for _, o := range l.waiting[src] {
			o.timer.Reset(min(l.wait, max(maxSourceWait-now.Sub(o.since), 0)))
		}
		l.mu.Unlock()
		w.timer.Stop()
		select {
		case l.ready <- l.conn(w.c, src): // ready holds maxWaiting: never full
		case <-l.done:
			_ = w.c.Close() // the listener is closed
		}
		return
	}
	if l.open[src]--; l.open[src] <= 0 {
		delete(l.open, src)
	}
	l.mu.Unlock()
	<-l.slots
}

// takeIdle takes one connection of src idle between requests off the
// idle set, nil when none is; l.mu is held.
func (l *limitListener) takeIdle(src string) *limitConn {
	for c := range l.idle[src] {
		l.setIdle(c, false)
		return c
	}
	return nil
}

// setIdle marks c idle between requests or not; l.mu is held.
func (l *limitListener) setIdle(c *limitConn, idle bool) {
	set := l.idle[c.src]
	switch {
	case idle && set == nil:
		l.idle[c.src] = map[*limitConn]struct{}{c: {}}
	case idle:
		set[c] = struct{}{}
	case set != nil:
		delete(set, c)
		if len(set) == 0 {
			delete(l.idle, c.src)
		}
	}
}

// popWaiting takes the first connection waiting from src; l.mu is held.
func (l *limitListener) popWaiting(src string) *waiter {
	q := l.waiting[src]
	if len(q) == 0 {
		return nil
	}
	w := q[0]
	q[0] = nil
	if q = q[1:]; len(q) == 0 {
		delete(l.waiting, src)
	} else {
		l.waiting[src] = q
	}
	l.nWaiting--
	w.gone = true
	return w
}

// expire answers a connection that waited its time without a place.
func (l *limitListener) expire(w *waiter) {
	l.mu.Lock()
	if w.gone {
		l.mu.Unlock()
		return
	}
	w.gone = true
	q := l.waiting[w.src]
	for i, x := range q {
		if x == w {
			q = append(q[:i], q[i+1:]...)
			break
		}
	}
	if len(q) == 0 {
		delete(l.waiting, w.src)
	} else {
		l.waiting[w.src] = q
	}
	l.nWaiting--
	l.mu.Unlock()
	if l.refused != nil {
		l.refused(w.c.RemoteAddr())
	}
	busy(w.c)
}

// busyBody is the answer to a connection that waited in vain.
var busyBody = wire.ErrorBody(http.StatusServiceUnavailable, "",
	"too many connections from your address at once; try again in a second")

// busy sends c a 503 with Retry-After and closes it: the write side first,
// then after the client has read (at most a second), so that the answer
// is not lost to a reset over the request it sent and nobody read.
func busy(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(time.Second))
	_, err := c.Write([]byte("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n" +
		"Retry-After: 1\r\nCache-Control: no-store\r\nConnection: close\r\nContent-Length: " +
		strconv.Itoa(len(busyBody)) + "\r\n\r\n" + string(busyBody)))
	if cw, ok := c.(interface{ CloseWrite() error }); ok && err == nil {
		_ = cw.CloseWrite()           // best effort; Close follows
		_, _ = io.Copy(io.Discard, c) // until the client closes or the deadline
	}
	_ = c.Close() // nothing to do about a failed close
}

// refuse closes a connection at once, with a reset: that frees both ends
// without TIME_WAIT.
func (l *limitListener) refuse(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetLinger(0) // best effort; Close follows anyway
	}
	_ = c.Close() // nothing to do about a failed close of a refused connection
	if l.refused != nil {
		l.refused(c.RemoteAddr())
	}
}

// CloseIdleIfWaited closes c when it is idle between requests (state) and
// a connection of its source waits for a place (LimitListenerQueued), so
// that the waiting one gets it; a connection that stays idle is
// remembered, and closed when one of its source comes to wait later. Set
// it in the http.Server's ConnState. A client's keep-alive connection
// closed while idle is an ordinary event of HTTP: it opens another.
func CloseIdleIfWaited(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok || lc.l == nil {
		return
	}
	l := lc.l
	l.mu.Lock()
	waited := state == http.StateIdle && len(l.waiting[lc.src]) > 0
	l.setIdle(lc, state == http.StateIdle && !waited)
	l.mu.Unlock()
	if waited {
		_ = lc.Close() // the server's read of it ends; nothing else to do
	}
}

// source is the key of a connection's origin for the cap per source: the
// IPv4 address, or the /64 of an IPv6 address (one host's usual share);
// the whole address string for other networks.
func source(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if ip4 := ta.IP.To4(); ip4 != nil {
		return ip4.String()
	}
	return ta.IP.Mask(net.CIDRMask(64, 128)).String()
}

func (l *limitListener) Close() error {
	l.closeOnce.Do(func() {
		close(l.done)
		l.mu.Lock()
		for src := range l.waiting {
			for w := l.popWaiting(src); w != nil; w = l.popWaiting(src) {
				w.timer.Stop()
				_ = w.c.Close() // the listener is closed
			}
		}
		l.mu.Unlock()
	})
	return l.Listener.Close()
}

// limitConn gives its slot back once, on the first Close.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
	// With a wait: the listener and the connection's source.
	l   *limitListener
	src string
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		if c.l != nil && c.l.idle != nil {
			c.l.mu.Lock()
			c.l.setIdle(c, false)
			c.l.mu.Unlock()
		}
		c.release()
	})
	return err
}
