package sim

import (
	"log/slog"
	"sync"
	"sync/atomic"
)

// BaseURL is the address of the simulated service when used in-process
// through NewTransport.
const BaseURL = "http://sim.abfahrt.invalid/mobility/v1"

// basePath is the path prefix of every endpoint.
const basePath = "/mobility/v1"

// Options configures a Service.
type Options struct {
	// Seed selects the simulated world: same seed and time give
	// byte-identical responses.
	Seed int64
	// Clock gives the simulated time; nil means real time.
	Clock Clock
	// Faults injects failures; the zero value injects none.
	Faults Faults
	// Logger receives one record per request; nil logs nothing.
	Logger *slog.Logger
}

// Service is the simulated mobility/v1 service on the Ulm network. It
// implements http.Handler and is safe for concurrent use.
type Service struct {
	net    *network
	plans  *planner
	clock  Clock
	faults Faults
	seed   int64
	log    *slog.Logger
	reqs   atomic.Uint64

	mu   sync.Mutex
	base map[string][]byte // encoded base data record lists by dataset|scope|filter

	gz *gzipCache // compressed answers per ETag
}

// New returns a Service for the given options.
func New(opts Options) *Service {
	c := opts.Clock
	if c == nil {
		c = realClock{}
	}
	n := theNetwork()
	return &Service{
		net:    n,
		plans:  newPlanner(n, opts.Seed),
		clock:  c,
		faults: opts.Faults,
		seed:   opts.Seed,
		log:    opts.Logger,
		base:   map[string][]byte{},
		gz:     newGzipCache(),
	}
}

// now returns the simulated time in whole Unix seconds.
func (s *Service) now() int64 { return s.clock.Now().Unix() }

// cachedBase returns the cached encoding for key, building it on first use.
// Base data only depends on the network, so entries never go stale.
func (s *Service) cachedBase(key string, build func(w *jw)) []byte {
	s.mu.Lock()
	b, ok := s.base[key]
	s.mu.Unlock()
	if ok {
		return b
	}
	w := &jw{}
	build(w)
	s.mu.Lock()
	if len(s.base) > 4096 {
		clear(s.base) // bound memory against requests for many distinct filters
	}
	s.base[key] = w.b
	s.mu.Unlock()
	return w.b
}

// stamp writes the CurrentTimestamp key and remembers where its value is so
// that the ETag ignores it.
func stamp(w *jw, now int64, resp *response) {
	w.key("CurrentTimestamp")
	resp.tsFrom = len(w.b)
	w.time(now)
	resp.tsTo = len(w.b)
}

// Warm builds the day plans a board's first answer needs at the simulated
// now (today's; yesterday's too in the small hours), so that a board
// started on the simulation does not wait for them in its first request.
// The other days around now are built when first needed (a vehicle's
// trip, a board late at night), about 2-5 ms each: built here too, they
// took a core from the terminal's start and the first answer's decoding.
// Safe to call concurrently with requests, which wait for the plans they
// share.
func (s *Service) Warm() { s.plans.warmFirst(s.now()) }
