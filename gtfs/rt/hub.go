package rt

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"hash/crc32"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"abfahrt/feed"
	"abfahrt/gtfs"
	"abfahrt/ladder"
	"abfahrt/model"
)

// Paths of the feeds.
const (
	PathTripUpdates = "/gtfs-rt/trip-updates"
	PathVehicles    = "/gtfs-rt/vehicle-positions"
	PathAlerts      = "/gtfs-rt/alerts"
)

// Options configure a Hub.
type Options struct {
	// Client asks the live data; in the hub it goes through the mirror's
	// cache, so what boards asked within the interval costs nothing more.
	Client *feed.Client
	// Interval is how often the feeds are built (the service's 15 s).
	Interval time.Duration
	// Now is the service's clock; nil reads it from the answers (the
	// alert's CurrentTimestamp, else the latest position report), so that
	// a replay's recorded times are the feeds' now, not the wall clock's.
	Now func() time.Time
	// Logger gets what the feeds' operators need to know (nil: none).
	Logger *slog.Logger
}

// Hub builds the feeds once an interval and serves the last build. The
// live data it asks are bounded: one trips request and one alert request
// an interval and vehicle passages within what is left of one request a
// second (a vehicle's passages once per trip, again when its delay moves
// by a minute or its trip is over, as the exception queue's network does).
type Hub struct {
	c        *feed.Client
	interval time.Duration
	now      func() time.Time
	log      *slog.Logger

	static atomic.Pointer[staticFeed]
	cur    atomic.Pointer[published]

	mu     sync.Mutex // one build at a time; guards kept, boards, points, routes, turn, gone
	kept   map[int]kept
	boards map[int]model.Board // the first stops' departures, by stop
	// Without a static feed: the first stop points' departures and the
	// routes' patterns (asked at routesAt).
	points   map[model.StopPointCode]model.Board
	routes   []model.Route
	routesAt time.Time
	turn     int                   // the next first stop to ask, in turn
	gone     map[GoneKey]time.Time // departures the service stopped reporting, until their time

	requests atomic.Int64
	told     atomic.Bool // the 0-matched warning was logged

	// On demand (Serve): the feeds are built while they are asked for.
	ctx     context.Context
	running atomic.Bool
	asked   atomic.Int64 // Unix nanoseconds of the last request

	matchG   *prometheus.GaugeVec
	ageG     prometheus.GaugeFunc
	buildG   prometheus.Gauge
	requestC prometheus.CounterFunc
	bytesG   *prometheus.GaugeVec
}

type staticFeed struct {
	m      *gtfs.Matcher
	source string
	err    string // why there is none, for /healthz
}

type kept struct {
	vp   model.VehiclePassages
	trip string
	dev  int
}

// published is one build, encoded.
type published struct {
	at     time.Time // the service time of its data
	built  time.Time // when it was built
	took   time.Duration
	counts Counts
	static bool
	feeds  [3]*encoded
}

type encoded struct {
	msg      proto.Message
	pb, gz   []byte
	etag     string
	jsonOnce sync.Once
	json     []byte
}

// New returns a Hub.
func New(o Options) *Hub {
	h := &Hub{c: o.Client, interval: o.Interval, now: o.Now, log: o.Logger, kept: map[int]kept{}, boards: map[int]model.Board{}, points: map[model.StopPointCode]model.Board{}, gone: map[GoneKey]time.Time{}}
	if h.interval <= 0 {
		h.interval = 15 * time.Second
	}

	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	h.matchG = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "abfahrt_gtfsrt_trips",
		Help: "Live trips of the last GTFS-Realtime build by how they matched the static GTFS (matched, ambiguous, unmatched)."}, []string{"match"})
	h.ageG = prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "abfahrt_gtfsrt_feed_age_seconds",
		Help: "Age of the GTFS-Realtime feeds served (since their last build); -1 before the first."}, func() float64 {
		p := h.cur.Load()
		if p == nil {
			return -1
		}
		return time.Since(p.built).Seconds()
	})
	h.buildG = prometheus.NewGauge(prometheus.GaugeOpts{Name: "abfahrt_gtfsrt_build_seconds", Help: "Time the last build of the three GTFS-Realtime feeds took."})
	h.requestC = prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "abfahrt_gtfsrt_live_requests_total",
		Help: "Live data requests the GTFS-Realtime feeds made (through the mirror's cache)."}, func() float64 { return float64(h.requests.Load()) })
	h.bytesG = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "abfahrt_gtfsrt_feed_bytes", Help: "Size of each GTFS-Realtime feed of the last build (protobuf, uncompressed)."}, []string{"feed"})
	return h
}

// Register adds the hub's metrics to reg.
func (h *Hub) Register(reg prometheus.Registerer) error {
	for _, c := range []prometheus.Collector{h.matchG, h.ageG, h.buildG, h.requestC, h.bytesG} {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// SetStatic sets the static feed the trips are matched to (nil: none;
// why says why, for /healthz).
func (h *Hub) SetStatic(m *gtfs.Matcher, source, why string) {
	h.static.Store(&staticFeed{m: m, source: source, err: why})
	h.told.Store(false)
}

// startBoards is how many first stops' boards are asked an interval.
const startBoards = 3

// IdleAfter is how long the feeds are built on demand (Serve) after the
// last request for them.
const IdleAfter = 10 * time.Minute

// Run builds the feeds every interval until ctx ends.
func (h *Hub) Run(ctx context.Context) {
	h.running.Store(true)
	h.loop(ctx, false)
}

// Serve makes the hub build its feeds on demand until ctx ends: from the
// first request for one of them until IdleAfter without a request, so
// that a hub whose feeds nobody reads asks the upstream nothing more.
func (h *Hub) Serve(ctx context.Context) { h.ctx = ctx }

func (h *Hub) loop(ctx context.Context, onDemand bool) {
	t := time.NewTicker(h.interval)
	defer t.Stop()
	for {
		if err := h.Refresh(ctx); err != nil && ctx.Err() == nil {
			h.log.Warn("gtfs-rt: build failed; serving the last feeds", "err", err)
		}
		select {
		case <-ctx.Done():
			h.running.Store(false)
			return
		case <-t.C:
		}
		if onDemand && time.Since(time.Unix(0, h.asked.Load())) > IdleAfter {
			h.log.Info("gtfs-rt: nobody asked for the feeds for a while; building them again on the next request", "idle", IdleAfter)
			h.cur.Store(nil)
			h.running.Store(false)
			return
		}
	}
}

// demand starts the on-demand builds if they are not running and waits a
// bounded time for a first build.
func (h *Hub) demand(ctx context.Context) {
	h.asked.Store(time.Now().UnixNano())
	if h.ctx != nil && h.running.CompareAndSwap(false, true) {
		go h.loop(h.ctx, true)
	}
	wait := time.NewTimer(10 * time.Second)
	defer wait.Stop()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for h.cur.Load() == nil && h.running.Load() {
		select {
		case <-ctx.Done():
			return
		case <-wait.C:
			return
		case <-tick.C:
		}
	}
}

// Refresh asks the live data and builds the feeds once.
func (h *Hub) Refresh(ctx context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	snap, err := h.poll(ctx)
	if err != nil {
		return err
	}
	start := time.Now()
	var m *gtfs.Matcher
	sf := h.static.Load()
	if sf != nil {
		m = sf.m
	}
	b := Build(snap, m)
	p := &published{at: snap.At, counts: b.Counts, static: m != nil}
	for i, msg := range []proto.Message{b.TripUpdates, b.Vehicles, b.Alerts} {
		e, err := encode(msg)
		if err != nil {
			return err
		}
		p.feeds[i] = e
	}
	p.took = time.Since(start)
	p.built = time.Now()
	h.cur.Store(p)
	h.buildG.Set(p.took.Seconds())
	for i, name := range []string{"trip-updates", "vehicle-positions", "alerts"} {
		h.bytesG.WithLabelValues(name).Set(float64(len(p.feeds[i].pb)))
	}
	h.matchG.WithLabelValues("matched").Set(float64(b.Counts.Matched))
	h.matchG.WithLabelValues("ambiguous").Set(float64(b.Counts.Ambiguous))
	h.matchG.WithLabelValues("unmatched").Set(float64(b.Counts.Unmatched))
	if m != nil && b.Counts.Matched == 0 && b.Counts.Unmatched+b.Counts.Ambiguous >= 5 && !h.told.Swap(true) {
		h.log.Warn("gtfs-rt: the static GTFS fits none of the network's trips (0 matched); is it another city's? trips are published stop-based",
			"static", sf.source, "unmatched", b.Counts.Unmatched, "ambiguous", b.Counts.Ambiguous)
	}
	return nil
}

func encode(msg proto.Message) (*encoded, error) {
	pb, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("encoding a GTFS-Realtime feed: %w", err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	_, _ = zw.Write(pb) // a bytes.Buffer does not fail
	_ = zw.Close()
	return &encoded{msg: msg, pb: pb, gz: gz.Bytes(), etag: `"` + strconv.FormatUint(uint64(crc32.ChecksumIEEE(pb)), 16) + "-" + strconv.Itoa(len(pb)) + `"`}, nil
}

// poll asks the trips, the alert and the passages the budget allows.
func (h *Hub) poll(ctx context.Context) (Snapshot, error) {
	budget := max(int(h.interval/time.Second), 3)
	h.requests.Add(1)
	trips, err := h.c.Trips(ctx, 0)
	if err != nil {
		return Snapshot{}, fmt.Errorf("vehicle trips: %w", err)
	}
	h.requests.Add(1)
	al, err := h.c.Alert(ctx)
	if err != nil {
		al = model.Alert{} // the trips are worth publishing without it
	}
	at := h.serviceNow(trips, al)
	type want struct{ v, rank, drift int }
	var ws []want
	active := map[int]bool{}
	for _, t := range trips {
		if !t.IsActive || t.VehicleNumber == 0 || t.JourneyData == nil {
			continue
		}
		active[t.VehicleNumber] = true
		k, ok := h.kept[t.VehicleNumber]
		drift := t.Deviation() - k.dev
		if drift < 0 {
			drift = -drift
		}
		switch {
		case !ok || k.trip != tripKey(t):
			ws = append(ws, want{t.VehicleNumber, 0, 0})
		case ladder.Ended(k.vp, at):
			ws = append(ws, want{t.VehicleNumber, 1, 0})
		case drift >= ladder.DriftAfter:
			ws = append(ws, want{t.VehicleNumber, 2, drift})
		}
	}
	for v := range h.kept {
		if !active[v] {
			delete(h.kept, v)
		}
	}
	slices.SortFunc(ws, func(a, b want) int {
		return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(b.drift, a.drift), cmp.Compare(a.v, b.v))
	})
	byVehicle := map[int]model.Trip{}
	for _, t := range trips {
		byVehicle[t.VehicleNumber] = t
	}
	// The boards of the stops where trips start, a few an interval in
	// turn: how the trips that have not started will leave, and which
	// have no vehicle (ghosts). With a static feed the stops where its
	// trips start, else the first stop points of the routes' patterns.
	starts, asked, err := h.askStarts(ctx, at)
	if err != nil {
		return Snapshot{}, err
	}
	budget -= asked
	for _, w := range ws[:max(0, min(len(ws), budget-2))] {
		h.requests.Add(1)
		vp, err := h.c.Passages(ctx, w.v, model.RangeAll)
		if err != nil {
			if ctx.Err() != nil {
				return Snapshot{}, ctx.Err()
			}
			continue
		}
		t := byVehicle[w.v]
		if old, ok := h.kept[w.v]; ok && old.trip == tripKey(t) {
			vp = h.vanishedPassages(old.vp, vp, at)
		}
		h.kept[w.v] = kept{vp: vp, trip: tripKey(t), dev: t.Deviation()}
	}
	s := Snapshot{At: at, Trips: trips, Alert: al, Starts: starts, Passages: make(map[int]model.VehiclePassages, len(h.kept)), Gone: map[GoneKey]bool{}}
	for k, until := range h.gone {
		if !until.After(at) {
			delete(h.gone, k)
			continue
		}
		s.Gone[k] = true
	}
	for v, k := range h.kept {
		s.Passages[v] = k.vp
	}
	return s, nil
}

// serviceNow is the service's time: Options.Now when given, else the
// alert answer's CurrentTimestamp (as fresh as the trips, through the same
// cache), else the latest position report of the trips, else the wall
// clock. A replay's service runs on its recorded times: on the wall
// clock every trip would be over and the feeds empty.
func (h *Hub) serviceNow(trips []model.Trip, al model.Alert) time.Time {
	if h.now != nil {
		return h.now()
	}
	if al.Timestamp.Known() {
		return al.Timestamp.Time
	}
	var latest time.Time
	for _, t := range trips {
		if t.TimeData != nil && t.TimeData.ReferenceTime.Known() && t.TimeData.ReferenceTime.After(latest) {
			latest = t.TimeData.ReferenceTime.Time
		}
	}
	if !latest.IsZero() {
		return latest
	}
	return time.Now()
}

// routesEvery is how often the routes' patterns are asked again without a
// static feed (base data: the mirror keeps them a day).
const routesEvery = time.Hour

// firstPoint is a stop point where a route's pattern starts.
type firstPoint struct {
	code      model.StopPointCode
	route     int
	direction int
}

// askStarts asks the boards of startBoards stops (or stop points) where
// trips start, in turn, and returns the departures of all asked so far
// and how many requests it made. Caller holds h.mu.
func (h *Hub) askStarts(ctx context.Context, at time.Time) ([]Start, int, error) {
	asked := 0
	var out []Start
	if sf := h.static.Load(); sf != nil && sf.m != nil {
		first := sf.m.FirstStops()
		for i := 0; i < min(startBoards, len(first)); i++ {
			stop := first[(h.turn+i)%len(first)]
			h.requests.Add(1)
			asked++
			b, err := h.c.StopDepartures(ctx, stop, 100)
			if err != nil {
				if ctx.Err() != nil {
					return nil, asked, ctx.Err()
				}
				continue
			}
			if old, ok := h.boards[stop]; ok {
				h.vanishedEvents(old, b, at)
			}
			h.boards[stop] = b
		}
		if len(first) > 0 {
			h.turn = (h.turn + min(startBoards, len(first))) % len(first)
		}
		for _, b := range h.boards {
			for _, e := range b.Events {
				out = append(out, Start{Event: e})
			}
		}
		return out, asked, nil
	}
	if h.routes == nil || at.Sub(h.routesAt) >= routesEvery || at.Before(h.routesAt) {
		h.requests.Add(1)
		asked++
		rs, err := h.c.Routes(ctx, model.ScopeExtended, 0)
		if err != nil && ctx.Err() != nil {
			return nil, asked, ctx.Err()
		}
		if err == nil {
			h.routes, h.routesAt = rs, at
		}
	}
	first := firstPoints(h.routes)
	var codes []model.StopPointCode
	for _, f := range first {
		if !slices.Contains(codes, f.code) {
			codes = append(codes, f.code)
		}
	}
	n := min(startBoards, len(codes))
	for i := 0; i < n; i++ {
		code := codes[(h.turn+i)%len(codes)]
		h.requests.Add(1)
		asked++
		b, err := h.c.StopPointDepartures(ctx, code, 100)
		if err != nil {
			if ctx.Err() != nil {
				return nil, asked, ctx.Err()
			}
			continue
		}
		if old, ok := h.points[code]; ok {
			h.vanishedEvents(old, b, at)
		}
		h.points[code] = b
	}
	if len(codes) > 0 {
		h.turn = (h.turn + n) % len(codes)
	}
	for _, f := range first {
		for _, e := range h.points[f.code].Events {
			if e.RouteNumber == f.route && !e.Arrival {
				out = append(out, Start{Event: e, Direction: f.direction})
			}
		}
	}
	return out, asked, nil
}

// firstPoints are the stop points where the routes' patterns start, in
// a stable order.
func firstPoints(routes []model.Route) []firstPoint {
	var out []firstPoint
	for _, r := range routes {
		for _, p := range r.RoutePattern {
			if len(p.StopPoints) > 0 && p.StopPoints[0].StopPointCode != "" {
				out = append(out, firstPoint{p.StopPoints[0].StopPointCode, r.RouteNumber, p.PatternDirection})
			}
		}
	}
	slices.SortFunc(out, func(a, b firstPoint) int {
		return cmp.Or(cmp.Compare(a.code, b.code), cmp.Compare(a.route, b.route), cmp.Compare(a.direction, b.direction))
	})
	return out
}

// Departures the service stops reporting (abfahrt's "✗ gone", as the
// board judges them): a departure of the last answer missing from the new
// one, due more than vanishMargin ahead (one due sooner may have left
// early), while the new answer still reaches vanishReach beyond it (a
// delay that pushed it past the answer's end is no vanishing). The
// service has no cancellation code; this is how it says a stop is not
// served.
const (
	vanishMargin = 2 * time.Minute
	vanishReach  = 5 * time.Minute
)

// vanishedPassages compares a vehicle's passages of the same trip asked
// again: the stops ahead that the new answer no longer has, while it goes
// on beyond them, are gone (kept in the passages, in sequence order, so
// that the trip update says SKIPPED there until their time). Caller holds
// h.mu.
func (h *Hub) vanishedPassages(old, cur model.VehiclePassages, at time.Time) model.VehiclePassages {
	if len(old.Passages) == 0 || len(cur.Passages) == 0 || !samePassageTrip(old, cur) {
		return cur
	}
	have := make(map[GoneKey]bool, len(cur.Passages))
	var reach time.Time
	for _, p := range cur.Passages {
		have[GoneKey{cur.RouteName, p.StopPointCode, p.Scheduled().Unix()}] = true
		if w := passageWhen(p); w.After(reach) {
			reach = w
		}
	}
	var add []model.Passage
	for _, p := range old.Passages {
		k := GoneKey{old.RouteName, p.StopPointCode, p.Scheduled().Unix()}
		if have[k] || p.Status.Done() || !p.Scheduled().Known() {
			continue
		}
		when := passageWhen(p)
		_, already := h.gone[k]
		switch {
		case already && when.After(at):
		case when.Sub(at) > vanishMargin && reach.Sub(when) >= vanishReach:
			// Kept until the trip is over: the passage stays in the kept
			// passages until they are asked again, SKIPPED all along.
			h.gone[k] = reach.Add(vanishReach)
		default:
			continue
		}
		add = append(add, p)
	}
	if len(add) == 0 {
		return cur
	}
	out := cur
	out.Passages = append(slices.Clone(cur.Passages), add...)
	slices.SortStableFunc(out.Passages, func(a, b model.Passage) int { return cmp.Compare(a.SequenceNumber, b.SequenceNumber) })
	return out
}

// vanishedEvents compares a stop's departures asked again: the ones
// gone (see vanishMargin) are kept in h.gone until their time. Caller
// holds h.mu.
func (h *Hub) vanishedEvents(old, cur model.Board, at time.Time) {
	if len(old.Events) == 0 || len(cur.Events) == 0 {
		return
	}
	have := make(map[GoneKey]bool, len(cur.Events))
	var reach time.Time
	for i := range cur.Events {
		e := &cur.Events[i]
		have[GoneKey{e.RouteName, e.StopPointCode, e.Scheduled.Unix()}] = true
		if w := e.When(); w.After(reach) {
			reach = w
		}
	}
	for i := range old.Events {
		e := &old.Events[i]
		k := GoneKey{e.RouteName, e.StopPointCode, e.Scheduled.Unix()}
		if !e.Scheduled.Known() || have[k] || e.Status != model.StatusPredicted {
			continue
		}
		if when := e.When(); when.Sub(at) > vanishMargin && reach.Sub(when) >= vanishReach {
			h.gone[k] = when
		}
	}
}

// samePassageTrip reports whether two answers of a vehicle's passages are
// of the same trip: the same line and first scheduled time.
func samePassageTrip(a, b model.VehiclePassages) bool {
	return a.RouteName == b.RouteName && a.RouteNumber == b.RouteNumber &&
		a.Passages[0].Scheduled().Equal(b.Passages[0].Scheduled().Time)
}

// passageWhen is a passage's predicted time (departure, else arrival),
// else its scheduled time.
func passageWhen(p model.Passage) time.Time {
	for _, t := range []model.Time{p.DepartureTimeActual, p.ArrivalTimeActual, p.Scheduled()} {
		if t.Known() {
			return t.Time
		}
	}
	return time.Time{}
}

func tripKey(t model.Trip) string {
	j := t.JourneyData
	if j == nil {
		return ""
	}
	return strconv.Itoa(j.RouteNumber) + "|" + j.RouteName + "|" + strconv.Itoa(j.Direction)
}

// Status is what /healthz says of the feeds.
type Status struct {
	// Built is false before the first build.
	Built bool `json:"built"`
	// AgeSeconds is the feeds' age since their last build.
	AgeSeconds float64 `json:"age_seconds"`
	// BuildSeconds is how long the last build took.
	BuildSeconds float64 `json:"build_seconds"`
	Matched      int     `json:"matched"`
	Ambiguous    int     `json:"ambiguous"`
	Unmatched    int     `json:"unmatched"`
	// Upcoming counts trips not started with a predicted start, Canceled
	// the ghost trips (no vehicle for a scheduled start).
	Upcoming int `json:"upcoming"`
	Canceled int `json:"canceled"`
	// MatchShare is the matched share of the live trips, 0 to 1.
	MatchShare float64 `json:"match_share"`
	// Static is the static GTFS matched against, "" without one.
	Static string `json:"static,omitempty"`
	// Problem says what is wrong, in words: no static feed could be
	// loaded, or it fits none of the network's trips.
	Problem string `json:"problem,omitempty"`
}

// Status returns the feeds' state.
func (h *Hub) Status() Status {
	var s Status
	sf := h.static.Load()
	if sf != nil {
		s.Static = sf.source
		if sf.m == nil {
			s.Problem = sf.err
		}
	}
	p := h.cur.Load()
	if p == nil {
		return s
	}
	s.Built, s.AgeSeconds, s.BuildSeconds = true, time.Since(p.built).Seconds(), p.took.Seconds()
	s.Matched, s.Ambiguous, s.Unmatched, s.MatchShare = p.counts.Matched, p.counts.Ambiguous, p.counts.Unmatched, p.counts.Share()
	s.Upcoming, s.Canceled = p.counts.Upcoming, p.counts.Canceled
	if p.static && p.counts.Matched == 0 && p.counts.Unmatched+p.counts.Ambiguous >= 5 {
		s.Problem = "the static GTFS fits none of the network's trips (0 matched): another city's feed? trips are published stop-based"
	}
	return s
}

// ServeHTTP serves the three feeds: protobuf (gzip when asked), or JSON
// with ?format=json; ETag and 304, Cache-Control of what is left of the
// interval.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := -1
	switch r.URL.Path {
	case PathTripUpdates:
		i = 0
	case PathVehicles:
		i = 1
	case PathAlerts:
		i = 2
	}
	if i < 0 {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method "+r.Method+" not allowed, use GET or HEAD", http.StatusMethodNotAllowed)
		return
	}
	h.demand(r.Context())
	p := h.cur.Load()
	if p == nil {
		w.Header().Set("Retry-After", "5")
		http.Error(w, "the GTFS-Realtime feeds are being built; ask again in a few seconds", http.StatusServiceUnavailable)
		return
	}
	e := p.feeds[i]
	left := h.interval - time.Since(p.built)
	if left < 0 {
		left = 0
	}
	hd := w.Header()
	hd.Set("Cache-Control", "public, max-age="+strconv.Itoa(int(left/time.Second)))
	hd.Set("Access-Control-Allow-Origin", "*")
	hd.Set("Last-Modified", p.built.UTC().Format(http.TimeFormat))
	hd.Set("Vary", "Accept-Encoding")
	asJSON := r.URL.Query().Get("format") == "json"
	etag := e.etag
	if asJSON {
		etag = strings.TrimSuffix(etag, `"`) + `-json"`
	}
	hd.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if asJSON {
		e.jsonOnce.Do(func() {
			e.json, _ = protojson.MarshalOptions{Multiline: true, Indent: "  ", UseProtoNames: true}.Marshal(e.msg)
		})
		hd.Set("Content-Type", "application/json; charset=utf-8")
		if r.Method != http.MethodHead {
			_, _ = w.Write(e.json) // the client went away: nothing to do
		}
		return
	}
	hd.Set("Content-Type", "application/x-protobuf")
	body := e.pb
	if acceptsGzip(r) {
		hd.Set("Content-Encoding", "gzip")
		body = e.gz
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) // the client went away: nothing to do
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}
