package feed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"
)

// kind is the dataset class of an endpoint, which sets its cache lifetime.
type kind int

const (
	live kind = iota // 15-second live data
	base             // 24-hour base data (BaseData, VersionInfo); also kept on disk
)

// Update intervals of the service's datasets.
const (
	LiveTTL = 15 * time.Second
	BaseTTL = 24 * time.Hour
)

// DefaultLiveTTL is how long a live answer is reused by default: below
// the 15 s poll interval less its 10 % jitter (13.5 s), so that every
// poll of a pane gets a new answer, while identical requests of panes
// that ask within it share one upstream call.
const DefaultLiveTTL = 12 * time.Second

// ttl is the cache lifetime of an answer of kind k.
func (c *Client) ttl(k kind) time.Duration {
	if k == base {
		return BaseTTL
	}
	return c.liveTTL
}

type freshKey struct{}

// WithFresh returns a context whose requests skip the cache lifetime: the
// service is asked again even if a cached answer is still current (for a
// manual refresh). Such requests are still joined with identical ones in
// flight and still revalidate with If-None-Match, so an unchanged answer
// costs a 304 only.
func WithFresh(ctx context.Context) context.Context {
	return context.WithValue(ctx, freshKey{}, true)
}

func isFresh(ctx context.Context) bool {
	v, _ := ctx.Value(freshKey{}).(bool)
	return v
}

// flightResult is what one upstream flight hands to all its callers.
type flightResult struct {
	entry  *entry
	cached bool // answered from cache without a request
}

// fetch returns the body for path and query: from the cache while it is
// current, otherwise from one flight shared by all concurrent callers of
// the same URL.
func (c *Client) fetch(ctx context.Context, path string, q url.Values, k kind) (*entry, string, error) {
	u := c.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	if err := ctx.Err(); err != nil {
		return nil, u, fmt.Errorf("%s: %w", stripQuery(u), context.Cause(ctx))
	}
	fresh := isFresh(ctx)
	if !fresh && c.mem != nil {
		if e := c.mem.current(u, c.now()); e != nil {
			c.stats.cacheHits.Add(1)
			return e, u, nil
		}
	}
	key := u
	if fresh {
		key = "fresh " + u
	}
	led := false
	// The flight outlives a caller that gives up, so its answer still
	// reaches the cache and the other callers; the timeout bounds it.
	fctx := context.WithoutCancel(ctx)
	ch := c.flights.DoChan(key, func() (any, error) {
		led = true
		return c.flight(fctx, u, k, fresh)
	})
	select {
	case <-ctx.Done():
		return nil, u, fmt.Errorf("%s: %w", stripQuery(u), context.Cause(ctx))
	case r := <-ch:
		if r.Err != nil {
			return nil, u, r.Err
		}
		res, ok := r.Val.(*flightResult)
		if !ok || res == nil || res.entry == nil {
			return nil, u, errors.New("internal error: empty flight result")
		}
		switch {
		case res.cached:
			c.stats.cacheHits.Add(1)
		case !led:
			c.stats.shared.Add(1)
		}
		return res.entry, u, nil
	}
}

// flight makes at most one request for u, revalidating a cached answer
// with its ETag, and stores a good answer in the caches.
func (c *Client) flight(ctx context.Context, u string, k kind, fresh bool) (*flightResult, error) {
	var old *entry
	if c.mem != nil {
		old = c.mem.get(u)
		if old == nil && k == base && c.disk != nil {
			if old = c.disk.load(u, c.ttl(k), c.now()); old != nil {
				c.mem.put(u, old)
			}
		}
		if old != nil && !fresh && c.now().Before(old.expires) {
			return &flightResult{entry: old, cached: true}, nil
		}
	}
	e, err := c.request(ctx, u, k, old)
	if err != nil {
		c.stats.errors.Add(1)
		return nil, err
	}
	if c.mem != nil {
		c.mem.put(u, e)
		if k == base && c.disk != nil && len(e.body) <= maxCachedBody {
			// The disk cache is an optimisation: failing to write it is not
			// the caller's problem.
			_ = c.disk.save(u, e) //nolint:errcheck // best effort
		}
	}
	return &flightResult{entry: e}, nil
}

// request sends one GET for u, with If-None-Match when old has an ETag.
func (c *Client) request(ctx context.Context, u string, k kind, old *entry) (*entry, error) {
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, &NetError{URL: c.base, Err: err}
	}
	req.Header.Set("User-Agent", c.ua)
	req.Header.Set("Accept", "application/json")
	revalidating := old != nil && old.etag != ""
	if revalidating {
		req.Header.Set("If-None-Match", old.etag)
	}
	c.stats.upstream.Add(1)
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, c.transportError(u, err)
	}
	defer func() {
		// Drain a little so the connection can be reused, then close.
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10) //nolint:errcheck // best effort
		_ = resp.Body.Close()                         //nolint:errcheck // nothing to do about it
	}()
	now := c.now()
	switch {
	case resp.StatusCode == http.StatusNotModified && revalidating:
		c.stats.revalidated.Add(1)
		etag := old.etag
		if v := resp.Header.Get("ETag"); v != "" && !old.shed {
			// (A shed entry keeps the ETag its decoded value is kept by:
			// the 304 says the answer is still the one it names.)
			etag = v
		}
		e := &entry{body: old.body, etag: etag, fetched: now, expires: now.Add(c.ttl(k)), shed: old.shed}
		readMeta(e, resp.Header) // a 304 carries the answer's headers anew (RFC 9111 4.3.4)
		return e, nil
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		return nil, statusError(resp, u, now)
	}
	body, err := readBody(resp.Body, maxBody, resp.ContentLength)
	switch {
	case errors.Is(err, errTooLarge):
		return nil, sizeError(u)
	case err != nil:
		return nil, c.transportError(u, err)
	}
	e := &entry{body: body, etag: resp.Header.Get("ETag"), fetched: now, expires: now.Add(c.ttl(k))}
	readMeta(e, resp.Header)
	return e, nil
}

// transportError classifies a failed exchange as a timeout or an
// unreachable service.
func (c *Client) transportError(u string, err error) error {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return &TimeoutError{URL: u, After: c.effectiveTimeout(), Err: err}
	}
	return &NetError{URL: c.base, Err: err}
}
