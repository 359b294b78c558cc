// Package events serves a stop's departures as a Server-Sent Events
// stream (GET /events?stop=1008), for web dashboards, MagicMirror modules
// and e-ink frames that want the hub to push rather than poll.
//
// A stream starts with the stop's departures (event "departures", its
// data the board's JSON: the service's StopNumber, StopName,
// CurrentTimestamp and DepartureData, plus Stale and DataAgeSeconds) and
// sends them again only when they change: a departure, its time, delay,
// platform or status, or the stale flag. Every event's id names its
// content, so a client that reconnects with Last-Event-ID gets the
// departures only when they differ from what it had. A "heartbeat" event
// (no id) comes every 15 s while nothing changes; "unavailable" says the
// hub has no departures to give (its upstream down past its stale limit).
//
// Limits: at most MaxClients streams at once (503 with Retry-After
// beyond), at most a bounded number of distinct stops (the watcher's), and
// each client holds a constant amount of memory: it is sent the newest
// state only, never a queue, and a write that the client does not take
// within WriteTimeout ends its stream.
package events

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"abfahrt/hub/watch"
	"abfahrt/model"
)

// Path is where the stream is served.
const Path = "/events"

// Defaults of Options.
const (
	DefaultMaxClients   = 1000
	DefaultHeartbeat    = 15 * time.Second
	DefaultWriteTimeout = 10 * time.Second
	DefaultLimit        = 10
	// retryMillis is what clients are told to wait before reconnecting.
	retryMillis = 5000
)

// Options configure a Server.
type Options struct {
	// Watcher follows the stops.
	Watcher *watch.Watcher
	// MaxClients bounds the streams open at once.
	MaxClients int
	// Heartbeat is the period of the heartbeat event.
	Heartbeat time.Duration
	// WriteTimeout bounds each write to a client.
	WriteTimeout time.Duration
	// FirstWait bounds how long a new stream waits for the stop's first
	// read before it starts anyway (default: 30 s).
	FirstWait time.Duration
	// Logger gets refused streams (nil: none).
	Logger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Server serves the streams. It is safe for concurrent use.
type Server struct {
	o       Options
	mu      sync.Mutex
	clients int
	done    chan struct{}
	once    sync.Once
}

// New returns a stream server over o.Watcher.
func New(o Options) *Server {
	if o.MaxClients <= 0 {
		o.MaxClients = DefaultMaxClients
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = DefaultHeartbeat
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = DefaultWriteTimeout
	}
	if o.FirstWait <= 0 {
		o.FirstWait = 30 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Server{o: o, done: make(chan struct{})}
}

// Mount serves s at Path and everything else with next.
func Mount(next http.Handler, s *Server) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == Path {
			s.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Close ends every stream (the hub stops); new ones are refused.
func (s *Server) Close() { s.once.Do(func() { close(s.done) }) }

// Clients is the number of streams open now.
func (s *Server) Clients() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clients
}

// request is a client's parsed query.
type request struct {
	subject watch.Subject
	limit   int
}

// parse reads stop (a stop or a stop point) and limit; other parameters
// (a browser's cache buster) are ignored.
func parse(r *http.Request, most int) (request, error) {
	if len(r.URL.RawQuery) > 1024 {
		return request{}, errors.New("query too long")
	}
	q := r.URL.Query()
	req := request{limit: min(DefaultLimit, most)}
	stops := q["stop"]
	if p := q["stoppoint"]; len(p) > 0 {
		stops = append(stops, p...)
	}
	if len(stops) != 1 {
		return request{}, errors.New("give one stop: /events?stop=1008 (a stop point: stop=100801)")
	}
	subj, err := watch.ParseSubject(stops[0])
	if err != nil {
		return request{}, err
	}
	req.subject = subj
	if l := q["limit"]; len(l) > 0 {
		n, err := strconv.Atoi(l[0])
		if len(l) > 1 || err != nil || n < 1 || n > most {
			return request{}, fmt.Errorf("limit must be a number from 1 to %d", most)
		}
		req.limit = n
	}
	return req, nil
}

// ServeHTTP serves one stream.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet {
		h.Set("Allow", "GET")
		writeError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed, use GET")
		return
	}
	req, err := parse(r, s.o.Watcher.Limit())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	select {
	case <-s.done:
		writeError(w, http.StatusServiceUnavailable, "the hub is stopping")
		return
	default:
	}
	if !s.admit() {
		h.Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, "too many streams open; try again later")
		return
	}
	defer s.leave()
	sub, err := s.o.Watcher.Subscribe(req.subject)
	if err != nil {
		h.Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, "too many stops followed at once; try again later")
		return
	}
	defer sub.Close()
	rc := http.NewResponseController(w)
	// The stream outlives the server's read and write timeouts: each
	// write gets its own deadline instead, and reading is over.
	_ = rc.SetReadDeadline(time.Time{})

	// The first read of a stop nobody followed: wait for it, so that an
	// unknown stop is a 404 rather than a stream that never says anything.
	first := time.NewTimer(s.o.FirstWait)
	select {
	case <-sub.C:
	case <-first.C:
	case <-r.Context().Done():
		first.Stop()
		return
	case <-s.done:
		first.Stop()
		return
	}
	first.Stop()
	snap, ok := sub.Latest()
	if ok && snap.NotFound() {
		writeError(w, http.StatusNotFound, "no stop found ("+req.subject.String()+")")
		return
	}

	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: pass each event at once
	w.WriteHeader(http.StatusOK)

	st := stream{w: w, rc: rc, timeout: s.o.WriteTimeout, now: s.o.Now}
	if !st.write("retry: " + strconv.Itoa(retryMillis) + "\n\n") {
		return
	}
	last := strings.TrimSpace(r.Header.Get("Last-Event-ID"))
	if ok {
		if last = st.send(snap, req.limit, last); last == "\x00" {
			return
		}
	}
	beat := time.NewTicker(s.o.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case <-sub.C:
			snap, ok := sub.Latest()
			if !ok {
				continue
			}
			if last = st.send(snap, req.limit, last); last == "\x00" {
				return
			}
		case <-beat.C:
			snap, _ := sub.Latest()
			b, _ := json.Marshal(heartbeat{Time: s.o.Now().UTC().Format(time.RFC3339), Stale: snap.Answer.Stale || snap.Err != nil}) //nolint:errcheck // plain struct
			if !st.write("event: heartbeat\ndata: " + string(b) + "\n\n") {
				return
			}
		}
	}
}

// admit counts a new stream, false when MaxClients are open.
func (s *Server) admit() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.clients >= s.o.MaxClients {
		return false
	}
	s.clients++
	return true
}

func (s *Server) leave() {
	s.mu.Lock()
	s.clients--
	s.mu.Unlock()
}

// heartbeat is the data of a heartbeat event.
type heartbeat struct {
	Time  string `json:"time"`
	Stale bool   `json:"stale"`
}

// Board is the data of a departures event: the board's JSON (as
// `abfahrt departures --json` prints it) with the data's age and whether
// the hub serves it stale.
type Board struct {
	StopNumber       int                 `json:"StopNumber,omitempty"`
	StopCode         string              `json:"StopCode,omitempty"`
	StopName         string              `json:"StopName,omitempty"`
	StopPointCode    model.StopPointCode `json:"StopPointCode,omitempty"`
	CurrentTimestamp model.Time          `json:"CurrentTimestamp"`
	DepartureData    []model.Departure   `json:"DepartureData"`
	Stale            bool                `json:"Stale"`
	DataAgeSeconds   int                 `json:"DataAgeSeconds"`
}

// unavailable is the data of an unavailable event.
type unavailable struct {
	Error string `json:"error"`
}

// stream writes one client's events.
type stream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	now     func() time.Time
}

// write sends text and flushes it within the write timeout; false when
// the client did not take it (the stream ends).
func (st stream) write(text string) bool {
	_ = st.rc.SetWriteDeadline(st.now().Add(st.timeout))
	if _, err := st.w.Write([]byte(text)); err != nil {
		return false
	}
	return st.rc.Flush() == nil
}

// send sends snap cut to limit unless its id is last; it returns the id
// now current, or "\x00" when the client is gone.
func (st stream) send(snap watch.Snapshot, limit int, last string) string {
	id, data := view(snap, limit, st.now())
	if id == last {
		return last
	}
	event := "departures"
	if snap.Err != nil {
		event = "unavailable"
	}
	if !st.write("id: " + id + "\nevent: " + event + "\ndata: " + string(data) + "\n\n") {
		return "\x00"
	}
	return id
}

// view is the event of snap cut to limit: its id (a digest of what is
// shown) and its data.
func view(snap watch.Snapshot, limit int, now time.Time) (string, []byte) {
	if snap.Err != nil {
		msg := "the hub has no departures for this stop now"
		if snap.NotFound() {
			msg = "no stop found"
		}
		cut := snap
		cut.Err = errors.New(msg)
		b, _ := json.Marshal(unavailable{Error: msg}) //nolint:errcheck // plain struct
		return "u" + strconv.FormatUint(watch.Signature(cut), 36), b
	}
	board := snap.Board.Truncate(limit)
	cut := snap
	cut.Board = board
	out := Board{StopNumber: board.StopNumber, StopCode: board.StopCode, StopName: board.StopName,
		StopPointCode: board.StopPointCode, CurrentTimestamp: board.Timestamp, DepartureData: board.DepartureData,
		Stale: snap.Answer.Stale, DataAgeSeconds: int(snap.Age(now) / time.Second)}
	if out.DepartureData == nil {
		out.DepartureData = []model.Departure{}
	}
	b, err := json.Marshal(out)
	if err != nil {
		b = []byte(`{"error":"cannot encode the departures"}`)
	}
	return "d" + strconv.FormatUint(watch.Signature(cut), 36), b
}

// writeError answers a request that gets no stream, as the service's
// error body would say it.
func writeError(w http.ResponseWriter, status int, msg string) {
	b, _ := json.Marshal(struct { //nolint:errcheck // plain struct
		Error string `json:"error"`
	}{msg})
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
