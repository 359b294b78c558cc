// Package mirror is a caching mirror of a mobility/v1 service: an
// http.Handler that serves /mobility/v1/... with the path and the wire
// format of the upstream, so that a board or kiosk only changes its --api.
//
// However many clients ask, the upstream sees at most one request per
// distinct query per update interval (15 s for live data, 24 h for base
// data): answers are cached per query and concurrent misses share one
// flight. A query is the endpoint's path and the parameters the service
// defines for it, in a canonical order (endpoints.go): other paths are
// answered 404 here and other parameters dropped, so that no client can
// reach anything else of the upstream or make every request a miss.
// Parameter values are checked as the service checks them (params.go): one
// it would refuse is refused here with its error body, never forwarded.
// Departures and arrivals are asked once per stop (stop point) with the
// service's maximum Limit of 100, and each client's Limit is cut from that
// answer (cut.go), byte for byte what the service sends for that Limit:
// so every client of a stop, whatever its Limit, shares one upstream
// request per interval and, while the upstream fails, the stop's last
// good answer. Only 200 and 304 are cacheable (errors say no-store), and
// a failing upstream is told to clients in plain words, never with its
// address. VersionInfo's URLs name the hub, not the upstream.
// Clients get ETag/304, a Cache-Control max-age of what is left of the
// interval and an Age, so further HTTP caches can stack. When the
// upstream fails, the last good answer is served for a bounded time
// (stale-if-error), byte for byte as the upstream sent it, so its own
// CurrentTimestamp (and Age) tells every board how old the data is.
//
// The mirror does not clean the text of the answers: it passes bodies
// through byte-exact. Cleaning would mean decoding and re-encoding every
// answer (changing bytes, ETags and the wire format for clients other than
// abfahrt), and abfahrt's feed client cleans every text as it decodes
// anyway, behind a hub as behind the real service. What the mirror does
// refuse is what would poison its cache: a 200 answer that is not valid
// JSON or is larger than 32 MiB counts as an upstream failure, and the last
// good answer stays; a refusal (4xx) that is not JSON is replaced by the
// service's error body. Every answer is sent as application/json with
// nosniff, whatever the upstream called it.
package mirror

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"abfahrt/feed/internal/wire"
)

// BasePath is where the mirror serves the service, as the service does.
const BasePath = "/mobility/v1"

// Defaults of Options.
const (
	DefaultLiveInterval = 15 * time.Second
	DefaultBaseInterval = 24 * time.Hour
	DefaultStaleFor     = 10 * time.Minute
	DefaultTimeout      = 10 * time.Second
)

// Bounds of what the mirror holds. An answer above maxCachedBody is passed
// on once and not kept; the cache holds at most maxCacheBytes of bodies and
// maxEntries queries, dropping the least recently asked first.
const (
	maxBody        = 32 << 20
	maxCachedBody  = 8 << 20
	maxCacheBytes  = 128 << 20
	maxEntries     = 4096
	maxRetryAfter  = 5 * time.Minute
	maxFailedRetry = 5 * time.Second
	// staleWait is how long a client with an expired answer to fall back
	// on waits for a slow upstream before it gets that answer.
	staleWait = 2 * time.Second
)

// Options configure a Mirror.
type Options struct {
	// Upstream is the base URL of the mobility/v1 service, with its
	// version prefix (https://api.swu.de/mobility/v1).
	Upstream string
	// Transport carries the upstream requests (default: a clone of
	// http.DefaultTransport); the embedded simulation passes its
	// in-process transport.
	Transport http.RoundTripper
	// Now is the clock of the cache intervals (default time.Now).
	Now func() time.Time
	// LiveInterval and BaseInterval are the update intervals of live and
	// base data: how long an answer is reused (a shorter max-age of the
	// upstream wins).
	LiveInterval, BaseInterval time.Duration
	// StaleFor bounds how long the last good answer is served while the
	// upstream fails.
	StaleFor time.Duration
	// Timeout bounds one upstream request.
	Timeout time.Duration
	// UserAgent of the upstream requests.
	UserAgent string
	// Logger gets upstream failures and recoveries (nil: none).
	Logger *slog.Logger
	// Simulated marks every answer (errors too) with wire.SimulatedHeader:
	// the upstream is the embedded simulation. Without it the marker is
	// passed on per answer, as the upstream sent it.
	Simulated bool
	// Observe, when set, is given every good (200) answer the upstream
	// sends, with its query (the path below the base and the canonical
	// parameters, /stop/passage/Departures?Limit=20&StopNumber=1008), as
	// it is stored. It runs within the flight that fetched the answer, so
	// it must not block: a recording hub hands the body on to a queue of
	// its own. The body must not be modified.
	Observe func(query string, body []byte)
	// PublicURL is the hub's own base URL as its clients reach it
	// (https://hub.example/mobility/v1 behind a proxy): VersionInfo's
	// BaseURL says it instead of the upstream's. Empty: the address each
	// client reached the hub at (its Host header).
	PublicURL string
}

// Mirror is the caching mirror. It is safe for concurrent use.
type Mirror struct {
	base    string // upstream base URL without a trailing slash
	hc      *http.Client
	now     func() time.Time
	live    time.Duration
	baseTTL time.Duration
	stale   time.Duration
	timeout time.Duration
	ua      string
	log     *slog.Logger
	sim     bool
	observe func(query string, body []byte)
	public  string
	codes   pointCodes
	flights singleflight.Group
	metrics *metrics

	mu    sync.Mutex
	slots map[string]*slot
	bytes int
	up    upstreamState
}

// upstreamState is what /healthz says about the upstream.
type upstreamState struct {
	known     bool // an exchange has happened
	reachable bool
	lastOK    time.Time
	lastErrAt time.Time
	lastErr   string
	// failingSince is the first failure of the current run of failures
	// (zero while the upstream answers), failures how many there were.
	failingSince time.Time
	failures     int
}

// slot is the state of one distinct query.
type slot struct {
	key      string
	endpoint string
	cur      *entry    // the last good answer, nil before the first
	retryAt  time.Time // after a failure: no upstream request before this
	failure  error     // the last failure, while retryAt holds
	asked    time.Time // when a client last asked
}

// entry is one answer of the upstream. It is never modified once stored
// (the gzip form is made once, on first use).
type entry struct {
	status  int
	body    []byte
	etag    string // sent to clients; the upstream's, or our own
	upETag  string // the upstream's, for revalidation
	fetched time.Time
	expires time.Time
	upAge   int64 // the upstream's Age header in seconds: how old it already was
	// upStale: the upstream (a hub or cache itself) said the answer is
	// stale (Warning 110-112); it is passed on as stale.
	upStale   bool
	simulated bool // the upstream marked it with wire.SimulatedHeader
	// replay is the day a replay upstream recorded it (wire.ReplayHeader,
	// passed on only as a day), "" for live data.
	replay string
	// shape is where a departures or arrivals answer keeps its records,
	// nil for other answers (cut.go).
	shape  *listShape
	gzOnce sync.Once
	gz     []byte
}

// New returns a mirror of o.Upstream.
func New(o Options) (*Mirror, error) {
	u, err := url.Parse(strings.TrimSpace(o.Upstream))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
		return nil, fmt.Errorf("upstream must be an http or https URL such as https://api.swu.de/mobility/v1, got %q", o.Upstream)
	}
	rt := o.Transport
	if rt == nil {
		if dt, ok := http.DefaultTransport.(*http.Transport); ok {
			t := dt.Clone()
			t.MaxIdleConnsPerHost = 32
			rt = t
		} else {
			rt = http.DefaultTransport
		}
	}
	m := &Mirror{
		base:    strings.TrimRight(u.String(), "/"),
		hc:      &http.Client{Transport: rt, CheckRedirect: sameOrigin},
		now:     o.Now,
		live:    o.LiveInterval,
		baseTTL: o.BaseInterval,
		stale:   o.StaleFor,
		timeout: o.Timeout,
		ua:      o.UserAgent,
		log:     o.Logger,
		observe: o.Observe,
		sim:     o.Simulated,
		public:  strings.TrimRight(strings.TrimSpace(o.PublicURL), "/"),
		slots:   make(map[string]*slot),
	}
	if m.now == nil {
		m.now = time.Now
	}
	if m.live <= 0 {
		m.live = DefaultLiveInterval
	}
	if m.baseTTL <= 0 {
		m.baseTTL = DefaultBaseInterval
	}
	if m.stale <= 0 {
		m.stale = DefaultStaleFor
	}
	if m.timeout <= 0 {
		m.timeout = DefaultTimeout
	}
	if m.ua == "" {
		m.ua = "abfahrt-mirror"
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	m.metrics = newMetrics(m)
	return m, nil
}

// sameOrigin follows redirects only within the upstream's origin, at most 3.
func sameOrigin(req *http.Request, via []*http.Request) error {
	if len(via) >= 3 {
		return errors.New("too many redirects")
	}
	first := via[0].URL
	if req.URL.Scheme != first.Scheme || req.URL.Host != first.Host {
		return fmt.Errorf("redirected to another host (%s); refused", req.URL.Redacted())
	}
	req.Header.Del("Referer")
	return nil
}

// Upstream returns the upstream's base URL.
func (m *Mirror) Upstream() string { return m.base }

// Handler serves the mirror under /mobility/v1/, /healthz and /metrics;
// any other path gets the service's 404 body. It routes on the exact path
// itself rather than with an http.ServeMux, which would answer unclean
// paths (dot segments, doubled slashes) with redirects of its own.
func (m *Mirror) Handler() http.Handler {
	metrics := m.metrics.handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/healthz":
			m.serveHealth(w, r)
		case "/metrics":
			metrics.ServeHTTP(w, r)
		default:
			m.ServeHTTP(w, r)
		}
	})
}

// ConnState counts open client connections for the metrics; set it as
// the http.Server's ConnState.
func (m *Mirror) ConnState(_ net.Conn, state http.ConnState) {
	switch state {
	case http.StateNew:
		m.metrics.clients.Inc()
	case http.StateClosed, http.StateHijacked:
		m.metrics.clients.Dec()
	case http.StateActive, http.StateIdle:
	}
}

// RefusedConn counts a client connection refused for its source's cap;
// pass it to sim.LimitListenerPerSource.
func (m *Mirror) RefusedConn(net.Addr) { m.metrics.refused.Inc() }

// result says how an answer was obtained.
type result int

const (
	resHit    result = iota // fresh from the cache
	resMiss                 // this caller's flight asked the upstream
	resShared               // joined another caller's flight
	resStale                // the last good answer while the upstream fails
)

// ServeHTTP answers one request of a client. Only the endpoints of the
// service are forwarded, each with the parameters the service defines for
// it and only values it accepts (see parseQuery); anything else is
// answered here, before a byte leaves the hub.
func (m *Mirror) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ep, ok := endpointOf(r.URL)
	if !ok {
		m.writeError(w, r, "other", http.StatusNotFound, "", "unknown path "+quoteShort(r.URL.Path))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		m.writeError(w, r, ep.path, http.StatusMethodNotAllowed, "", "method "+r.Method+" not allowed, use GET or HEAD")
		return
	}
	q, perr, err := parseQuery(r.URL.RawQuery, ep)
	if err != nil {
		m.writeError(w, r, ep.path, http.StatusBadRequest, "", err.Error())
		return
	}
	if perr == nil && q.pointCode != "" {
		perr = m.checkPointCode(r.Context(), &q)
	}
	if perr != nil {
		m.writeError(w, r, ep.path, perr.status(), perr.param, perr.msg)
		return
	}
	key := rest
	if q.upstream != "" {
		key += "?" + q.upstream
	}
	e, res, err := m.get(r.Context(), key, ep.path, m.interval(rest))
	if err != nil {
		status := http.StatusBadGateway
		var ue *upstreamError
		if errors.As(err, &ue) && ue.timeout {
			status = http.StatusGatewayTimeout
		}
		if errors.As(err, &ue) && ue.retryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(ue.retryAfter.Seconds())))
		}
		if r.Context().Err() != nil {
			return // the client went away
		}
		m.writeError(w, r, ep.path, status, "", publicError(err))
		return
	}
	switch res {
	case resHit, resShared:
		m.metrics.cacheHits.WithLabelValues(ep.path).Inc()
	case resStale:
		m.metrics.staleAnswers.WithLabelValues(ep.path).Inc()
	case resMiss:
	}
	m.write(w, r, ep.path, e, res == resStale, q.limit)
}

// quoteShort quotes a client's string for an error message, cut to 200
// bytes: an answer (and a log line) does not grow with what a client sends.
func quoteShort(s string) string {
	const most = 200
	if len(s) <= most {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:most]) + "..."
}

// interval is the update interval of the dataset at path rest.
func (m *Mirror) interval(rest string) time.Duration {
	if rest == "/VersionInfo" || strings.HasSuffix(rest, "/BaseData") {
		return m.baseTTL
	}
	return m.live
}

// get returns the answer for key: from the cache while it is current (or
// while a failed upstream is not to be asked again yet), else from one
// flight shared by all concurrent callers.
func (m *Mirror) get(ctx context.Context, key, ep string, ttl time.Duration) (*entry, result, error) {
	now := m.now()
	var prev *entry // the last good answer, expired but within StaleFor
	m.mu.Lock()
	if s := m.slots[key]; s != nil {
		s.asked = now
		if e := s.cur; e != nil && now.Before(e.expires) {
			m.mu.Unlock()
			return e, resHit, nil
		}
		if now.Before(s.retryAt) {
			e, err := s.cur, s.failure
			m.mu.Unlock()
			if e != nil && now.Sub(e.fetched) <= m.stale {
				return e, resStale, nil
			}
			return nil, 0, err
		}
		if e := s.cur; e != nil && now.Sub(e.fetched) <= m.stale {
			prev = e
		}
	}
	m.mu.Unlock()
	// A caller that has an answer to fall back on waits for a slow upstream
	// only so long; the flight goes on and refreshes the cache for later.
	var slow <-chan time.Time
	if prev != nil {
		t := time.NewTimer(staleWait)
		defer t.Stop()
		slow = t.C
	}
	led := false
	ch := m.flights.DoChan(key, func() (any, error) {
		led = true
		return m.refresh(context.WithoutCancel(ctx), key, ep, ttl)
	})
	select {
	case <-ctx.Done():
		return nil, 0, context.Cause(ctx)
	case <-slow:
		return prev, resStale, nil
	case r := <-ch:
		if r.Err != nil {
			return nil, 0, r.Err
		}
		fr, ok := r.Val.(flightResult)
		if !ok || fr.entry == nil {
			return nil, 0, errors.New("internal error: empty flight result")
		}
		if !led && fr.res == resMiss {
			fr.res = resShared
		}
		return fr.entry, fr.res, nil
	}
}

// flightResult is what one flight hands to its callers.
type flightResult struct {
	entry *entry
	res   result
}

// refresh asks the upstream for key once, revalidating the last good
// answer with its ETag, and stores the outcome.
func (m *Mirror) refresh(ctx context.Context, key, ep string, ttl time.Duration) (flightResult, error) {
	now := m.now()
	m.mu.Lock()
	s := m.slots[key]
	if s == nil {
		s = &slot{key: key, endpoint: ep, asked: now}
		m.addSlot(s)
	}
	old := s.cur
	if old != nil && now.Before(old.expires) {
		// Another flight finished between the caller's look and this one.
		m.mu.Unlock()
		return flightResult{entry: old, res: resHit}, nil
	}
	m.mu.Unlock()

	e, err := m.request(ctx, key, ep, ttl, old)
	now = m.now()

	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		var ue *upstreamError
		retry := min(ttl, maxFailedRetry)
		if errors.As(err, &ue) && ue.retryAfter > retry {
			retry = ue.retryAfter
		}
		s.retryAt, s.failure = now.Add(retry), err
		if !m.up.known || m.up.reachable {
			m.log.Warn("upstream failing", "upstream", m.base, "query", key, "err", err)
		}
		if !m.up.known || m.up.reachable {
			m.up.failingSince, m.up.failures = now, 0
		}
		m.up.failures++
		m.up.known, m.up.reachable, m.up.lastErrAt, m.up.lastErr = true, false, now, publicError(err)
		if old != nil && now.Sub(old.fetched) <= m.stale {
			return flightResult{entry: old, res: resStale}, nil
		}
		return flightResult{}, err
	}
	if m.up.known && !m.up.reachable {
		m.log.Info("upstream back", "upstream", m.base, "failing_since", m.up.failingSince.Format(time.RFC3339),
			"failed_for", now.Sub(m.up.failingSince).Round(time.Second), "failed_requests", m.up.failures)
	}
	m.up.failingSince, m.up.failures = time.Time{}, 0
	m.up.known, m.up.reachable, m.up.lastOK = true, true, now
	s.retryAt, s.failure = time.Time{}, nil
	if m.observe != nil && e.status == http.StatusOK {
		m.observe(key, e.body)
	}
	if len(e.body) <= maxCachedBody && m.slots[key] == s {
		if old != nil {
			m.bytes -= len(old.body)
		}
		s.cur = e
		m.bytes += len(e.body)
		m.evict(s)
	}
	return flightResult{entry: e, res: resMiss}, nil
}

// addSlot stores a new slot, making room first; m.mu is held.
func (m *Mirror) addSlot(s *slot) {
	if len(m.slots) >= maxEntries {
		m.dropOldest(nil)
	}
	m.slots[s.key] = s
}

// evict drops the least recently asked slots while the cache holds too
// many bytes, never keep; m.mu is held.
func (m *Mirror) evict(keep *slot) {
	for m.bytes > maxCacheBytes && len(m.slots) > 1 {
		m.dropOldest(keep)
	}
}

// dropOldest removes the slot asked for least recently, other than keep.
func (m *Mirror) dropOldest(keep *slot) {
	var victim *slot
	for _, s := range m.slots {
		if s != keep && (victim == nil || s.asked.Before(victim.asked)) {
			victim = s
		}
	}
	if victim == nil {
		return
	}
	if victim.cur != nil {
		m.bytes -= len(victim.cur.body)
	}
	delete(m.slots, victim.key)
}

// upstreamError is a failed upstream exchange. msg is for the hub's log
// (it may name the upstream's address and Go's error); clients and
// /healthz get public.
type upstreamError struct {
	msg        string
	public     string
	timeout    bool
	retryAfter time.Duration
}

func (e *upstreamError) Error() string { return e.msg }

// The plain words of a failed upstream exchange, for clients: they name
// neither the upstream's address nor an error of the hub's code.
const (
	msgUnreachable = "the service behind the hub cannot be reached"
	msgBadAnswer   = "the service behind the hub sent an answer that cannot be used"
)

// publicError says err in plain words for a client.
func publicError(err error) string {
	var ue *upstreamError
	if errors.As(err, &ue) && ue.public != "" {
		return ue.public
	}
	return msgUnreachable
}

// request sends one GET for key to the upstream.
func (m *Mirror) request(ctx context.Context, key, ep string, ttl time.Duration, old *entry) (*entry, error) {
	ctx, cancel := context.WithTimeout(ctx, m.timeout)
	defer cancel()
	u := m.base + key
	// The host is the upstream's, always: key is an escaped path below
	// the base and a query, and redirects stay within the origin.
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil) //nolint:gosec // see above
	if err != nil {
		return nil, &upstreamError{msg: "upstream request: " + err.Error(), public: msgUnreachable}
	}
	req.Header.Set("User-Agent", m.ua)
	req.Header.Set("Accept", "application/json")
	if old != nil && old.upETag != "" {
		req.Header.Set("If-None-Match", old.upETag)
	}
	resp, err := m.hc.Do(req) //nolint:gosec // the upstream's host, see above
	if err != nil {
		timeout := errors.Is(err, context.DeadlineExceeded)
		label := "error"
		if timeout {
			label = "timeout"
		}
		m.metrics.upstream.WithLabelValues(ep, label).Inc()
		msg, public := "upstream unreachable: "+err.Error(), msgUnreachable
		if timeout {
			msg = "upstream did not answer within " + m.timeout.String()
			public = "the service behind the hub did not answer within " + m.timeout.String()
		}
		return nil, &upstreamError{msg: msg, public: public, timeout: timeout}
	}
	defer func() {
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10) //nolint:errcheck // best effort, for reuse
		_ = resp.Body.Close()                         //nolint:errcheck // nothing to do about it
	}()
	m.metrics.upstream.WithLabelValues(ep, strconv.Itoa(resp.StatusCode)).Inc()
	now := m.now()
	life := lifetime(resp.Header.Get("Cache-Control"), ttl)
	switch {
	case resp.StatusCode == http.StatusNotModified && old != nil:
		return &entry{status: old.status, body: old.body, etag: old.etag, upETag: old.upETag,
			fetched: now, expires: now.Add(life), upAge: wire.ParseAge(resp.Header.Get("Age")),
			upStale: wire.StaleWarning(resp.Header), simulated: resp.Header.Get(wire.SimulatedHeader) == "1",
			replay: replayDay(resp.Header), shape: old.shape}, nil
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 || resp.StatusCode < 200 ||
		(resp.StatusCode > 200 && resp.StatusCode < 400):
		// The service answers 200, 304 or an error; any other 1xx-3xx
		// (a 204 without a body, a redirect off the origin) is no answer.
		return nil, &upstreamError{msg: "upstream answered " + resp.Status,
			public:     "the service behind the hub answered HTTP " + strconv.Itoa(resp.StatusCode) + "; it cannot be used now",
			retryAfter: retryAfter(resp.Header.Get("Retry-After"), now)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	switch {
	case err != nil:
		return nil, &upstreamError{msg: "upstream answer cut short: " + err.Error(), public: msgBadAnswer}
	case len(body) > maxBody:
		return nil, &upstreamError{msg: "upstream answer larger than 32 MiB", public: msgBadAnswer}
	case resp.StatusCode == http.StatusOK && !json.Valid(body):
		return nil, &upstreamError{msg: "upstream answer is not valid JSON", public: msgBadAnswer}
	case !json.Valid(body):
		// A refusal (4xx) that is not JSON, say a proxy's HTML page: the
		// client gets the status with the service's error body instead,
		// never markup under the hub's name.
		body = wire.ErrorBody(resp.StatusCode, "", "the service behind the hub refused the request (HTTP "+strconv.Itoa(resp.StatusCode)+")")
	}
	// The upstream's Content-Type is not kept: every answer is sent as
	// JSON (write), which the body has just been checked to be.
	e := &entry{status: resp.StatusCode, body: body, fetched: now, expires: now.Add(life),
		upAge: wire.ParseAge(resp.Header.Get("Age")), upStale: wire.StaleWarning(resp.Header),
		simulated: resp.Header.Get(wire.SimulatedHeader) == "1", replay: replayDay(resp.Header)}
	if resp.StatusCode == http.StatusOK {
		e.upETag = resp.Header.Get("ETag")
		e.etag = e.upETag
		if e.etag == "" {
			e.etag = ownETag(body)
		}
		if takesLimit(ep) {
			// Where the records lie, to serve every client's Limit
			// from this one answer; an answer of another shape is
			// served whole.
			e.shape, _ = shapeOf(body, listName(ep)) //nolint:errcheck // nil shape: served whole
		}
	}
	return e, nil
}

// lifetime is how long an answer is reused: the dataset's interval, or
// the upstream's max-age when that is shorter (an upstream that is itself a
// cache says what is left), at least a second.
func lifetime(cacheControl string, ttl time.Duration) time.Duration {
	for _, d := range strings.Split(cacheControl, ",") {
		v, ok := strings.CutPrefix(strings.TrimSpace(strings.ToLower(d)), "max-age=")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(strings.Trim(v, `"`))
		if err != nil || n < 0 {
			break
		}
		if a := time.Duration(n) * time.Second; a < ttl {
			return max(a, time.Second)
		}
	}
	return ttl
}

// retryAfter reads a Retry-After value (seconds or an HTTP date), capped.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.Atoi(v); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), maxRetryAfter)
}

// maxAge is the largest Age the mirror sends (wire.MaxAge).
const maxAge = wire.MaxAge

// age is the entry's Age at now: what the upstream said it was, plus the
// whole seconds since the mirror got it.
func (e *entry) age(now time.Time) int64 {
	return min(e.upAge+int64(max(now.Sub(e.fetched), 0)/time.Second), maxAge)
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ownETag is a strong validator of a body the upstream sent without one.
func ownETag(body []byte) string {
	return `"m` + strconv.FormatUint(uint64(crc32.Checksum(body, crcTable)), 16) + "-" + strconv.FormatInt(int64(len(body)), 16) + `"`
}

// write sends an answer: 304 when the client has it, else the body as the
// upstream sent it (gzip-encoded when the client asks for it).
func (m *Mirror) write(w http.ResponseWriter, r *http.Request, ep string, e *entry, stale bool, limit int) {
	h := w.Header()
	m.commonHeaders(h, e.simulated)
	if e.replay != "" {
		h.Set(wire.ReplayHeader, e.replay)
	}
	h.Set("Vary", "Accept-Encoding")
	now := m.now()
	// Age tells a board (and any cache further down) how old the data is,
	// also while it is fresh.
	h.Set("Age", strconv.FormatInt(e.age(now), 10))
	left := max(e.expires.Sub(now), 0)
	if stale || e.upStale {
		left = 0
		h.Set("Warning", `110 abfahrt "Response is Stale"`)
	}
	if e.status == http.StatusOK {
		h.Set("Cache-Control", "public, max-age="+strconv.Itoa(int(left/time.Second))+", stale-if-error="+strconv.Itoa(int(m.stale/time.Second)))
	} else {
		// A refusal is the answer to one client's request, never to be
		// kept by a cache further down (a typo served for a day).
		h.Set("Cache-Control", "no-store")
	}
	c := e.cutFor(limit)
	if ep == "/VersionInfo" && e.status == http.StatusOK {
		c = m.versionInfo(r, e)
	}
	if c.etag != "" && e.status == http.StatusOK {
		h.Set("ETag", c.etag)
		if inm := r.Header.Get("If-None-Match"); inm != "" && wire.ETagMatch(inm, c.etag) {
			m.metrics.answers.WithLabelValues(ep, "304").Inc()
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body := c.body
	if wire.Accepts(r.Header.Get("Accept-Encoding"), "gzip") && len(body) > 512 {
		body = c.gzipped(e)
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	m.metrics.answers.WithLabelValues(ep, strconv.Itoa(e.status)).Inc()
	w.WriteHeader(e.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) //nolint:gosec // G705: a JSON body (application/json, strings escaped), never HTML; a write error means the client went away
	}
}

// gzipped is the body gzip-encoded, made once.
func (e *entry) gzipped() []byte {
	e.gzOnce.Do(func() { e.gz = gzipBytes(e.body) })
	if e.gz == nil {
		return e.body
	}
	return e.gz
}

// gzipBytes is b gzip-encoded, nil when that fails.
func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil
	}
	_, _ = zw.Write(b) // writing to a bytes.Buffer cannot fail
	if zw.Close() != nil {
		return nil
	}
	return buf.Bytes()
}

// writeError answers with the service's error body, the same bytes as
// the simulation's.
func (m *Mirror) writeError(w http.ResponseWriter, r *http.Request, ep string, status int, param, msg string) {
	body := wire.ErrorBody(status, param, msg)
	h := w.Header()
	m.commonHeaders(h, false)
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if ep != "" {
		m.metrics.answers.WithLabelValues(ep, strconv.Itoa(status)).Inc()
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) //nolint:gosec // G705: a JSON body (application/json, strings escaped), never HTML; a write error means the client went away
	}
}

// commonHeaders are the headers of every answer, errors too: always
// JSON, whatever the upstream said its body was, and not to be sniffed as
// anything else; CORS for browser boards, as the service sends it; and the
// simulation's marker.
func (m *Mirror) commonHeaders(h http.Header, simulated bool) {
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "ETag, Age, Warning, "+wire.SimulatedHeader+", "+wire.ReplayHeader)
	if simulated || m.sim {
		h.Set(wire.SimulatedHeader, "1")
	}
}

// replayDay is the day a replay upstream says it recorded its answer
// (wire.ReplayHeader), "" when it says none or something else than a day.
func replayDay(h http.Header) string {
	d := strings.TrimSpace(h.Get(wire.ReplayHeader))
	if _, err := time.Parse(time.DateOnly, d); err != nil {
		return ""
	}
	return d
}

// Interval is the update interval of live data.
func (m *Mirror) Interval() time.Duration { return m.live }

// Probe asks the upstream for /VersionInfo through the cache (a start-up
// check that also warms the cache); it returns the upstream's failure.
func (m *Mirror) Probe(ctx context.Context) error {
	const p = "/VersionInfo"
	_, _, err := m.get(ctx, p, p, m.interval(p))
	return err
}
