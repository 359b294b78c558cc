package feed

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
)

// DefaultTimeout is the per-request timeout unless WithTimeout says otherwise.
const DefaultTimeout = 10 * time.Second

// Client talks to one mobility/v1 service. It is safe for concurrent use;
// share one Client between all callers so they share its cache.
type Client struct {
	base    string
	hc      *http.Client
	timeout time.Duration
	ua      string
	now     func() time.Time
	liveTTL time.Duration

	mem     *memCache  // nil when caching is off
	disk    *diskCache // nil when the disk cache is off
	flights singleflight.Group
	stats   counters
	shared  sharedBase // decoded whole-network base data, by URL and ETag
}

// Option configures a Client.
type Option func(*options)

type options struct {
	hc          *http.Client
	timeout     time.Duration
	ua          string
	cacheDir    string
	cacheDirSet bool
	noCache     bool
	now         func() time.Time
	liveTTL     time.Duration
}

// WithHTTPClient sets the HTTP client used for requests (default: a client
// with Go's default transport). Its own Timeout, if any, also applies. The
// client is copied: requests follow the feed's redirect policy (same
// origin only, no Referer) before hc's own CheckRedirect, if any.
func WithHTTPClient(hc *http.Client) Option {
	return func(o *options) {
		if hc != nil {
			o.hc = hc
		}
	}
}

// WithTimeout sets the per-request timeout (default 10 s). A request that
// takes longer fails with a *TimeoutError. d <= 0 removes the timeout;
// the caller's context still applies.
func WithTimeout(d time.Duration) Option {
	return func(o *options) { o.timeout = d }
}

// WithUserAgent sets the User-Agent header (default "abfahrt/<Version>").
func WithUserAgent(ua string) Option {
	return func(o *options) {
		if ua = strings.TrimSpace(ua); ua != "" {
			o.ua = ua
		}
	}
}

// WithCacheDir sets the directory of the base data disk cache (default
// os.UserCacheDir()/abfahrt). An empty dir disables the disk cache; the
// in-memory cache stays on.
func WithCacheDir(dir string) Option {
	return func(o *options) { o.cacheDir, o.cacheDirSet = dir, true }
}

// WithoutCache turns off all caching, in memory and on disk: every call
// that is not joined to an identical one already in flight is sent to the
// service.
func WithoutCache() Option {
	return func(o *options) { o.noCache = true }
}

// WithLiveTTL sets how long a live answer is reused (default
// DefaultLiveTTL). Keep it below the poll interval less its jitter, so
// that every poll gets a new answer while panes that ask within the
// lifetime share one.
func WithLiveTTL(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.liveTTL = d
		}
	}
}

// WithClock sets the clock used for cache expiry and Retry-After dates;
// for tests.
func WithClock(now func() time.Time) Option {
	return func(o *options) {
		if now != nil {
			o.now = now
		}
	}
}

// NewClient returns a client of the service at baseURL, which includes the
// version prefix (e.g. https://api.swu.de/mobility/v1). baseURL must be an
// absolute http or https URL; otherwise the error is a *ParamError.
func NewClient(baseURL string, opts ...Option) (*Client, error) {
	base, err := parseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	o := options{timeout: DefaultTimeout, ua: "abfahrt/" + Version, now: time.Now, liveTTL: DefaultLiveTTL}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	if o.hc == nil {
		o.hc = &http.Client{}
	}
	c := &Client{base: base, hc: withRedirectPolicy(o.hc), timeout: o.timeout, ua: o.ua, now: o.now, liveTTL: o.liveTTL}
	if o.noCache {
		return c, nil
	}
	c.mem = newMemCache(maxMemEntries)
	dir := o.cacheDir
	if !o.cacheDirSet {
		if ucd, err := os.UserCacheDir(); err == nil {
			dir = filepath.Join(ucd, "abfahrt")
		}
	}
	if dir != "" {
		c.disk = &diskCache{dir: dir}
	}
	return c, nil
}

func parseBaseURL(raw string) (string, error) {
	bad := func() (string, error) {
		return "", &ParamError{Param: "service URL", Value: raw, Reason: "must be an absolute http or https URL, such as https://api.swu.de/mobility/v1"}
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || u.Opaque != "" || u.RawQuery != "" || u.Fragment != "" {
		return bad()
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return bad()
	}
	u.Scheme = strings.ToLower(u.Scheme)
	return strings.TrimRight(u.String(), "/"), nil
}

// BaseURL returns the service's base URL, without a trailing slash.
func (c *Client) BaseURL() string { return c.base }

// Stats counts what the client did since it was made.
type Stats struct {
	Upstream    int64 // HTTP requests actually sent
	CacheHits   int64 // calls answered from the memory or disk cache without a request
	Revalidated int64 // requests answered 304 Not Modified (the cached answer was reused)
	Shared      int64 // calls that joined an identical request already in flight
	Errors      int64 // requests that failed (transport, HTTP status or body read)
}

type counters struct {
	upstream, cacheHits, revalidated, shared, errors atomic.Int64
}

// Stats returns a snapshot of the client's counters.
func (c *Client) Stats() Stats {
	return Stats{
		Upstream:    c.stats.upstream.Load(),
		CacheHits:   c.stats.cacheHits.Load(),
		Revalidated: c.stats.revalidated.Load(),
		Shared:      c.stats.shared.Load(),
		Errors:      c.stats.errors.Load(),
	}
}

// effectiveTimeout is the timeout a *TimeoutError reports.
func (c *Client) effectiveTimeout() time.Duration {
	switch {
	case c.timeout > 0 && (c.hc.Timeout <= 0 || c.timeout < c.hc.Timeout):
		return c.timeout
	default:
		return c.hc.Timeout
	}
}
