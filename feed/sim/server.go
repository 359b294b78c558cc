package sim

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// shutdownGrace bounds the graceful shutdown of ListenAndServe.
const shutdownGrace = 10 * time.Second

// ListenAndServe runs the service on addr until ctx is cancelled, then shuts
// down gracefully: it stops accepting, ends stalled requests (their contexts
// derive from ctx) and waits up to ten seconds for the rest.
func ListenAndServe(ctx context.Context, addr string, s *Service) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(context.WithoutCancel(ctx), "tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if s.log != nil {
		s.log.Info("serving mobility/v1", "addr", ln.Addr().String(), "base", "http://"+ln.Addr().String()+basePath)
	}
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
