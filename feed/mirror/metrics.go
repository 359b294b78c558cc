package mirror

import (
	"encoding/json"
	"net/http"
	"slices"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the mirror's Prometheus metrics, in a registry of its own
// (no global state: two mirrors in one process, as in the tests, do not
// share counters).
type metrics struct {
	reg          *prometheus.Registry
	upstream     *prometheus.CounterVec
	answers      *prometheus.CounterVec
	cacheHits    *prometheus.CounterVec
	staleAnswers *prometheus.CounterVec
	clients      prometheus.Gauge
	refused      prometheus.Counter
}

func newMetrics(m *Mirror) *metrics {
	reg := prometheus.NewRegistry()
	mt := &metrics{
		reg: reg,
		upstream: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "abfahrt_upstream_requests_total",
			Help: "Requests the mirror sent to the upstream, by endpoint and HTTP status (error: no answer, timeout: none in time).",
		}, []string{"endpoint", "status"}),
		answers: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "abfahrt_mirror_requests_total",
			Help: "Answers the mirror gave its clients, by endpoint and HTTP status.",
		}, []string{"endpoint", "status"}),
		cacheHits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "abfahrt_mirror_cache_hits_total",
			Help: "Client requests answered without an upstream request of their own (from the cache, or joined to one in flight).",
		}, []string{"endpoint"}),
		staleAnswers: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "abfahrt_mirror_stale_answers_total",
			Help: "Client requests answered with the last good answer while the upstream failed (stale-if-error).",
		}, []string{"endpoint"}),
		clients: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "abfahrt_mirror_clients",
			Help: "Open client connections of the mirror.",
		}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "abfahrt_mirror_refused_connections_total",
			Help: "Client connections refused because their source had its cap of connections open: closed at once (too many waiting) or answered 503 after waiting.",
		}),
	}
	reg.MustRegister(mt.upstream, mt.answers, mt.cacheHits, mt.staleAnswers, mt.clients, mt.refused,
		&stateCollector{m: m},
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return mt
}

func (mt *metrics) handler() http.Handler {
	return promhttp.HandlerFor(mt.reg, promhttp.HandlerOpts{Registry: mt.reg})
}

// Registry is the mirror's metrics registry; other components of the hub
// register theirs in it, so /metrics shows them all.
func (m *Mirror) Registry() *prometheus.Registry { return m.metrics.reg }

var (
	dataAgeDesc = prometheus.NewDesc("abfahrt_data_age_seconds",
		"Largest age of the answers the mirror serves per endpoint, since their last good upstream exchange; over the queries asked for within the last two intervals.",
		[]string{"endpoint"}, nil)
	subjectsDesc = prometheus.NewDesc("abfahrt_mirror_subjects",
		"Distinct queries asked for within the last two intervals with an answer to serve, fresh (within their interval) or stale.",
		[]string{"state"}, nil)
	upDesc = prometheus.NewDesc("abfahrt_upstream_up",
		"1 if the last upstream exchange succeeded (or none has happened yet), 0 if it failed.", nil, nil)
)

// stateCollector reports the cache's state at scrape time. Its labels
// come from fixed sets (the endpoints, fresh/stale), never from a
// client's query, so a scrape's size does not grow with what clients ask.
type stateCollector struct{ m *Mirror }

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- dataAgeDesc
	ch <- subjectsDesc
	ch <- upDesc
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	h := c.m.Health()
	up := 1.0
	if !h.UpstreamReachable {
		up = 0
	}
	ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, up)
	ch <- prometheus.MustNewConstMetric(subjectsDesc, prometheus.GaugeValue, float64(h.SubjectsFresh), "fresh")
	ch <- prometheus.MustNewConstMetric(subjectsDesc, prometheus.GaugeValue, float64(h.SubjectsStale), "stale")
	for ep, age := range h.Endpoints {
		ch <- prometheus.MustNewConstMetric(dataAgeDesc, prometheus.GaugeValue, age, ep)
	}
}

// Bounds of /healthz: it names at most maxHealthSubjects queries, each
// cut to maxSubjectLen bytes, and the last error cut to maxErrorLen.
const (
	maxHealthSubjects = 10
	maxSubjectLen     = 200
	maxErrorLen       = 300
)

// Health is what /healthz answers. Its size is bounded whatever clients
// ask: counts, the worst age per endpoint and the few oldest queries.
type Health struct {
	// Status is "ok", "stale" (the upstream fails and old answers are
	// served) or "down" (the upstream fails and nothing is left to serve).
	Status   string `json:"status"`
	Upstream string `json:"upstream"`
	// UpstreamReachable is whether the last upstream exchange succeeded
	// (true before the first).
	UpstreamReachable bool       `json:"upstream_reachable"`
	LastSuccess       *time.Time `json:"last_success,omitempty"`
	LastError         string     `json:"last_error,omitempty"`
	LastErrorAt       *time.Time `json:"last_error_at,omitempty"`
	// FailingSince is the first failure of the upstream's current outage
	// (absent while it answers).
	FailingSince *time.Time `json:"failing_since,omitempty"`
	// DataAgeSeconds is the largest age of the live answers served to
	// clients within the last two intervals.
	DataAgeSeconds float64 `json:"data_age_seconds"`
	// SubjectsFresh and SubjectsStale count the queries asked for within
	// the last two intervals with an answer, within their interval or
	// older.
	SubjectsFresh int `json:"subjects_fresh"`
	SubjectsStale int `json:"subjects_stale"`
	// Endpoints is the largest data age per endpoint over those queries.
	Endpoints map[string]float64 `json:"endpoints_worst_age_seconds"`
	// Subjects are the oldest of those queries (at most ten) with their
	// data age, oldest first.
	Subjects []SubjectHealth `json:"subjects"`
}

// SubjectHealth is one query's data age.
type SubjectHealth struct {
	Subject    string  `json:"subject"`
	AgeSeconds float64 `json:"age_seconds"`
	Stale      bool    `json:"stale"` // older than its interval
}

// Health reports the upstream's state and the age of the data.
func (m *Mirror) Health() Health {
	now := m.now()
	m.mu.Lock()
	h := Health{Upstream: m.base, UpstreamReachable: !m.up.known || m.up.reachable,
		LastError: cut(m.up.lastErr, maxErrorLen), Endpoints: map[string]float64{}}
	if !m.up.lastOK.IsZero() {
		t := m.up.lastOK
		h.LastSuccess = &t
	}
	if !m.up.lastErrAt.IsZero() {
		t := m.up.lastErrAt
		h.LastErrorAt = &t
	}
	if !m.up.failingSince.IsZero() {
		t := m.up.failingSince
		h.FailingSince = &t
	}
	anyServable := false
	worst := make([]SubjectHealth, 0, maxHealthSubjects+1) // the oldest, oldest first
	for _, s := range m.slots {
		ttl := m.interval(pathOf(s.key))
		if s.cur == nil || now.Sub(s.asked) > 2*ttl {
			continue
		}
		age := max(now.Sub(s.cur.fetched), 0)
		if age <= m.stale {
			anyServable = true
		}
		stale := age > ttl
		if stale {
			h.SubjectsStale++
		} else {
			h.SubjectsFresh++
		}
		worst = keepWorst(worst, SubjectHealth{Subject: s.key, AgeSeconds: age.Seconds(), Stale: stale})
		if a, ok := h.Endpoints[s.endpoint]; !ok || age.Seconds() > a {
			h.Endpoints[s.endpoint] = age.Seconds()
		}
		if ttl == m.live {
			h.DataAgeSeconds = max(h.DataAgeSeconds, age.Seconds())
		}
	}
	m.mu.Unlock()
	h.Subjects = worst
	for i := range h.Subjects {
		h.Subjects[i].Subject = cut(h.Subjects[i].Subject, maxSubjectLen)
	}
	switch {
	case h.UpstreamReachable:
		h.Status = "ok"
	case anyServable:
		h.Status = "stale"
	default:
		h.Status = "down"
	}
	return h
}

// keepWorst inserts s into worst, ordered oldest first (then by name),
// keeping at most maxHealthSubjects: a pass over the cache without
// sorting all of it.
func keepWorst(worst []SubjectHealth, s SubjectHealth) []SubjectHealth {
	older := func(a, b SubjectHealth) bool {
		if a.AgeSeconds != b.AgeSeconds {
			return a.AgeSeconds > b.AgeSeconds
		}
		return a.Subject < b.Subject
	}
	if len(worst) == maxHealthSubjects && !older(s, worst[len(worst)-1]) {
		return worst
	}
	i := sort.Search(len(worst), func(i int) bool { return older(s, worst[i]) })
	worst = slices.Insert(worst, i, s)
	if len(worst) > maxHealthSubjects {
		worst = worst[:maxHealthSubjects]
	}
	return worst
}

// cut shortens s to at most n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

func pathOf(key string) string {
	for i := 0; i < len(key); i++ {
		if key[i] == '?' {
			return key[:i]
		}
	}
	return key
}

// serveHealth answers /healthz: 200 while the upstream answers, 503 when
// its last exchange failed (the body says whether old answers are served).
func (m *Mirror) serveHealth(w http.ResponseWriter, r *http.Request) {
	h := m.Health()
	body, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	if !h.UpstreamReachable {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	if r.Method != http.MethodHead {
		_, _ = w.Write(append(body, '\n')) // the client went away; nothing to do
	}
}
