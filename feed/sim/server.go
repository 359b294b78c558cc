package sim

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
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

// LimitListener returns a listener that has at most n of its connections
// open at once: Accept waits for one of them to close before it takes the
// next from ln (which meanwhile waits in the kernel's queue). n <= 0 means
// DefaultMaxConns.
func LimitListener(ln net.Listener, n int) net.Listener {
	return LimitListenerPerSource(ln, n, 0, nil)
}

// LimitListenerPerSource is LimitListener with at most perSource
// connections open at once from one source (an IPv4 address, an IPv6
// /64): Accept closes a connection beyond that at once, with a reset,
// and calls refused (when not nil) with its address. A slow client that
// opens connections without end so holds perSource of the n, never all:
// the others are still served. perSource <= 0 means no cap per source.
func LimitListenerPerSource(ln net.Listener, n, perSource int, refused func(net.Addr)) net.Listener {
	if n <= 0 {
		n = DefaultMaxConns
	}
	l := &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{}),
		perSource: perSource, refused: refused}
	if perSource > 0 {
		l.open = make(map[string]int)
	}
	return l
}

type limitListener struct {
	net.Listener
	slots     chan struct{} // one token per open connection
	done      chan struct{} // closed by Close
	closeOnce sync.Once
	perSource int
	refused   func(net.Addr)

	mu   sync.Mutex
	open map[string]int // open connections per source, when perSource > 0
}

func (l *limitListener) Accept() (net.Conn, error) {
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
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its slot back once, on the first Close.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
