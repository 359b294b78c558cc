package hub

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/history"
	"abfahrt/internal/recording"
	"abfahrt/internal/usage"
	"abfahrt/model"
)

// RecordOptions are serve's recording flags.
type RecordOptions struct {
	On   bool   // --record
	All  bool   // --all
	DB   string // --db, resolved: a SQLite file or a postgres:// URL
	Keep string // --keep, such as 90d
}

// hubRecorder records what the hub's mirror fetches from the upstream:
// every departure board and vehicle passage answer is handed to a queue
// (never waiting: a full queue drops the answer and counts it) and read
// into a history.Hub by one goroutine; the Hub writes to the database on
// its own time. The hub's clients never wait on the recording.
type hubRecorder struct {
	hub     *history.Hub
	q       chan observed
	dropped atomic.Int64
	log     *slog.Logger
	// all: the whole network is recorded (--all), and the raw answers a
	// replay serves are kept (rawSubject): the trips, passages, arrivals
	// and alerts; the base data are kept always, once a day and when
	// they change.
	all bool
	// simulated: the upstream is the embedded simulation.
	simulated bool
	changed   history.OnChange
}

type observed struct {
	query string
	body  []byte
}

// hubQueue is how many answers wait to be read into the recorder: some
// minutes of a busy hub's upstream answers.
const hubQueue = 4096

// observe is the mirror's Observe: it takes the answers worth recording.
func (h *hubRecorder) observe(query string, body []byte) {
	if !strings.HasPrefix(query, "/stop/passage/Departures?") && !strings.HasPrefix(query, "/stoppoint/passage/Departures?") &&
		!strings.HasPrefix(query, "/vehicle/trip/Passage?") && !strings.Contains(query, "/attributes/BaseData") &&
		(!h.all || !strings.HasPrefix(query, "/vehicle/trip/Trip") && !strings.Contains(query, "/passage/Arrivals?") &&
			!strings.HasPrefix(query, "/passenger/alert/UnplannedAlert")) {
		return
	}
	select {
	case h.q <- observed{query, body}:
	default:
		h.dropped.Add(1)
	}
}

// read reads the queue into the recorder until ctx ends.
func (h *hubRecorder) read(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case o := <-h.q:
			h.take(o)
		}
	}
}

func (h *hubRecorder) take(o observed) {
	path, raw, _ := strings.Cut(o.query, "?")
	q, err := url.ParseQuery(raw)
	if err != nil {
		return
	}
	h.keepRaw(path, q, o.body)
	if path != "/vehicle/trip/Passage" && !strings.HasSuffix(path, "/passage/Departures") {
		return
	}
	if path == "/vehicle/trip/Passage" {
		vp, err := feed.DecodePassages(o.body)
		if err == nil {
			h.hub.Passages(vp)
		}
		return
	}
	b, err := feed.DecodeDepartures(o.body)
	if err != nil {
		return
	}
	var s history.Subject
	if path == "/stoppoint/passage/Departures" {
		s.StopPoint = model.StopPointCode(q.Get("StopPointCode"))
	} else if s.Stop, err = strconv.Atoi(q.Get("StopNumber")); err != nil {
		return
	}
	limit, _ := strconv.Atoi(q.Get("Limit"))
	h.hub.Board(s, limit, b)
}

// keepRaw hands the answer to the recorder's raw answers when a replay
// serves it: base data always, the rest with --all; departure boards
// never (their events are recorded).
func (h *hubRecorder) keepRaw(path string, q url.Values, body []byte) {
	subject := recording.Subject(path, q)
	if subject == "" || strings.HasPrefix(subject, "stop/") || strings.HasPrefix(subject, "stoppoint/") || !h.all && !history.Seldom(subject) {
		return
	}
	a, ok := recording.Answer(subject, "", body)
	if !ok || !h.changed.Pass(a) {
		return
	}
	if h.simulated && history.Seldom(subject) {
		if s := history.SimulatedAnswer(a.At); h.changed.Pass(s) {
			h.hub.R.KeepAnswer(s)
		}
	}
	h.hub.R.KeepAnswer(a)
}

// hubRawFor is how long a hub keeps the raw answers (at most --keep).
const hubRawFor = 14 * 24 * time.Hour

// startHubRecording starts recording into the history database; the
// returned function stops the recording after a last write and says what
// was recorded. The database may fail at any time, at start too
// (unreachable, read-only, a newer schema): that is logged, the hub
// serves on, the recording keeps what it saw in memory and writes it once
// the database takes it.
func startHubRecording(ctx context.Context, o RecordOptions, version string, m *mirror.Mirror, hr *hubRecorder, interval time.Duration, log *slog.Logger) (func(), error) {
	keep, err := recording.ParseAge(o.Keep)
	if err != nil {
		return nil, usage.Errorf("--keep: %v", err)
	}
	// The whole network's questions (--all) go through the mirror, so that what clients asked
	// within the interval costs no second upstream request, and its
	// answers reach the recorder as the clients' do.
	client, err := feed.NewClient("http://hub.invalid"+mirror.BasePath, feed.WithoutCache(), feed.WithCacheDir(""),
		feed.WithHTTPClient(&http.Client{Transport: recording.HandlerTransport{H: m}}), feed.WithUserAgent("abfahrt/"+version+" (serve --record)"))
	if err != nil {
		return nil, err
	}
	hr.all = o.All
	dsn := o.DB
	hr.hub = history.NewHub(nil, interval)
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { hr.read(rctx) })
	var net *history.Network
	if o.All {
		// The network, the base data hourly (the mirror keeps them a
		// day) and the alerts. Without --all the hub asks nothing of its
		// own: the base data its clients ask are kept.
		net = &history.Network{Source: client, Interval: interval}
		x := &recording.Extras{Client: client, Interval: interval, Alerts: true, Network: net}
		wg.Go(func() { x.Run(rctx) })
	}
	logf := func(format string, a ...any) { log.Error("record: " + fmt.Sprintf(format, a...)) }
	var store *history.Store
	done := make(chan error, 1)
	go func() {
		var err error
		store, err = hr.open(rctx, dsn, logf, log)
		if err != nil {
			done <- err
			return
		}
		keepRaw := hubRawFor
		if keep > 0 {
			keepRaw = min(keep, hubRawFor)
		}
		infof := func(format string, a ...any) { log.Info("record: " + fmt.Sprintf(format, a...)) }
		done <- hr.hub.Run(rctx, history.HubRunOptions{Keep: keep, KeepRaw: keepRaw, Logf: logf, Infof: infof})
	}()
	what := "the boards and vehicles the hub's clients watch"
	if o.All {
		what = "the whole network (vehicle passages within 2 requests a second) and " + what
	}
	log.Info("record: recording", "what", what, "db", recording.RedactDSN(dsn), "keep", o.Keep)
	return func() {
		cancel()
		wg.Wait()
		err := <-done // before store is read: the goroutine set it
		hr.finish(err, net, store, log)
	}, nil
}

// finish reads in what is still queued before the last write, says what
// was recorded and closes the database.
func (h *hubRecorder) finish(err error, net *history.Network, store *history.Store, log *slog.Logger) {
	for len(h.q) > 0 {
		h.take(<-h.q)
	}
	r := h.hub.R
	attrs := []any{"departed", r.Departed, "vanished", r.Vanished, "dropped_answers", h.dropped.Load()}
	if net != nil {
		attrs = append(attrs, "network_requests", net.Requests, "network_failed", net.Failed)
	}
	if err != nil {
		log.Error("record: stopped; the last write failed", append(attrs, "err", err)...)
	} else {
		log.Info("record: stopped", attrs...)
	}
	if store != nil {
		_ = store.Close()
	}
}

// open opens the history database, retrying while it is not there; once
// more when the hub stops (rctx ends), for a last write.
func (h *hubRecorder) open(rctx context.Context, dsn string, logf func(string, ...any), log *slog.Logger) (*history.Store, error) {
	var last string
	for wait := 5 * time.Second; ; wait = min(2*wait, time.Minute) {
		limit := 30 * time.Second
		if rctx.Err() != nil {
			limit = 5 * time.Second // the hub is stopping: not for long
		}
		octx, ocancel := context.WithTimeout(context.WithoutCancel(rctx), limit)
		s, err := history.Open(octx, dsn, history.Options{})
		ocancel()
		if err == nil {
			if last != "" {
				log.Info("record: the history database is open now", "db", s.Name())
			}
			h.hub.R.Store = s
			return s, nil
		}
		if rctx.Err() != nil {
			return nil, fmt.Errorf("the history database was never reachable (%w); %d departures not saved", err, h.hub.R.Unsaved())
		}
		if err.Error() != last {
			logf("cannot open the history database: %v; the hub serves on and keeps what it records in memory, retrying", err)
			last = err.Error()
		}
		select {
		case <-rctx.Done():
		case <-time.After(wait):
		}
	}
}
