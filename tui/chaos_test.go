//go:build chaos

package tui

import (
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"go.uber.org/goleak"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
)

// `make chaos` runs the real program headless on the simulation for 72
// simulated minutes while the service cycles twice through its failure
// modes (sim --faults): latency, 503, 429 with Retry-After, truncated and
// non-JSON bodies, connection resets and stalls, with good spells between.

// chaosPhase is one spell of the service's behaviour.
type chaosPhase struct {
	name   string
	faults string
	dur    time.Duration
}

var chaosPhases = []chaosPhase{
	{"good", "", 3 * time.Minute},
	{"latency", "latency=3s", 3 * time.Minute},
	{"503", "503=1", 4 * time.Minute},
	{"good", "", 2 * time.Minute},
	{"429", "429=1,retry-after=60s", 4 * time.Minute},
	{"good", "", 2 * time.Minute},
	{"truncate", "truncate=1", 3 * time.Minute},
	{"good", "", 2 * time.Minute},
	{"nonjson", "nonjson=1", 3 * time.Minute},
	{"good", "", 2 * time.Minute},
	{"reset", "reset=1", 3 * time.Minute},
	{"good", "", 2 * time.Minute},
	{"stall", "stall=1,stall-for=40s", 3 * time.Minute},
	{"good", "", 3 * time.Minute},
}

// chaosCycle is the length of one pass through the phases.
func chaosCycle() time.Duration {
	var total time.Duration
	for _, ph := range chaosPhases {
		total += ph.dur
	}
	return total
}

// chaosRequest is one board request as the transport saw it.
type chaosRequest struct {
	at    time.Time
	phase int
	ok    bool
}

// phaseTransport routes each request to the simulated service of the
// phase its time falls in, and records the board requests.
type phaseTransport struct {
	start time.Time
	rts   []http.RoundTripper
	mu    sync.Mutex
	log   []chaosRequest
}

func (p *phaseTransport) phaseAt(t time.Time) int {
	d := t.Sub(p.start) % chaosCycle()
	for i, ph := range chaosPhases {
		if d < ph.dur {
			return i
		}
		d -= ph.dur
	}
	return len(chaosPhases) - 1
}

func (p *phaseTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	now := time.Now()
	i := p.phaseAt(now)
	resp, err := p.rts[i].RoundTrip(r)
	if strings.Contains(r.URL.Path, "/passage/") {
		ok := err == nil && resp.StatusCode == http.StatusOK && chaosPhases[i].faults == ""
		p.mu.Lock()
		p.log = append(p.log, chaosRequest{at: now, phase: i, ok: ok || (err == nil && chaosPhases[i].name == "latency")})
		p.mu.Unlock()
	}
	return resp, err
}

// chaosFrame is one rendered view and when it was drawn.
type chaosFrame struct {
	at    time.Time
	stale bool
}

// chaosProbe is the root model with every frame checked as it is drawn.
type chaosProbe struct {
	Model
	t      *testing.T
	width  int
	mu     *sync.Mutex
	frames *[]chaosFrame
	heap   *[]uint64
}

func (c chaosProbe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := c.Model.Update(msg)
	c.Model = m.(Model)
	return c, cmd
}

func (c chaosProbe) View() string {
	v := c.Model.View()
	for i, line := range strings.Split(v, "\n") {
		if w := lipgloss.Width(line); w > c.width {
			c.t.Errorf("line %d is %d wide on a %d-column terminal: %q", i, w, c.width, line)
		}
	}
	c.mu.Lock()
	*c.frames = append(*c.frames, chaosFrame{at: time.Now(), stale: strings.Contains(v, "stale since")})
	c.mu.Unlock()
	return v
}

func TestChaos(t *testing.T) {
	defer goleak.VerifyNone(t)
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin)
		clock := sim.NewClock(start, 1)
		tr := &phaseTransport{start: time.Now()}
		for _, ph := range chaosPhases {
			f, err := sim.ParseFaults(ph.faults)
			if err != nil {
				t.Fatal(err)
			}
			tr.rts = append(tr.rts, sim.NewTransport(sim.New(sim.Options{Seed: 1, Clock: clock, Faults: f})))
		}
		client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: tr}), feed.WithCacheDir(""))
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var frames []chaosFrame
		var heap []uint64
		m := chaosProbe{Model: New(Options{Source: client, SourceName: "chaos", Now: clock.Now}),
			t: t, width: 120, mu: &mu, frames: &frames, heap: &heap}
		_, stop := runHeadless(t, m, 120, 40)

		// Three passes: the first warms every simulated service (each builds
		// its timetable on first use), the second the program's caches that
		// fill as the simulated day moves on (base data after a failed load,
		// the alert, rows drawn), so the heap after the second pass and after
		// the third compare the program's own steady memory.
		total := 3 * chaosCycle()
		var ms runtime.MemStats
		for elapsed := time.Minute; elapsed <= total; elapsed += time.Minute {
			time.Sleep(time.Minute)
			if elapsed%chaosCycle() == 0 {
				synctest.Wait()
				runtime.GC()
				runtime.ReadMemStats(&ms)
				heap = append(heap, ms.HeapAlloc)
			}
		}
		stop(3 * time.Minute) // let pending ticks and stalled requests end

		tr.mu.Lock()
		log := append([]chaosRequest(nil), tr.log...)
		tr.mu.Unlock()
		mu.Lock()
		defer mu.Unlock()
		checkChaos(t, log, frames, heap)
	})
}

// checkChaos asserts what a user would see over the run.
func checkChaos(t *testing.T, log []chaosRequest, frames []chaosFrame, heap []uint64) {
	t.Helper()
	staleAt := func(at time.Time) (bool, bool) {
		// the frame on screen at at: the last one drawn at or before it
		// (the board draws when something it shows changes, not every
		// second: tui/nextchange.go)
		var on *chaosFrame
		for i := range frames {
			if frames[i].at.After(at) {
				break
			}
			on = &frames[i]
		}
		if on == nil {
			return false, false
		}
		return on.stale, true
	}
	if len(log) < 80 {
		t.Fatalf("only %d board requests in 72 minutes", len(log))
	}
	// The stale marker follows the one stale rule of every view: it
	// appears once the last good answer is older than two intervals (the
	// default 15 s) while a bad spell lasts, never with a single failed
	// poll of fresh data, and goes with the first good poll after it.
	const staleAfter = 2 * 15 * time.Second
	wentStale, recovered := 0, 0
	for i := 1; i < len(log); i++ {
		prev, cur := log[i-1], log[i]
		if prev.ok && !cur.ok {
			wentStale++
			next := len(log)
			for j := i + 1; j < len(log); j++ {
				if log[j].ok {
					next = j
					break
				}
			}
			// the answer may take up to the request timeout to fail
			check := prev.at.Add(staleAfter + 11*time.Second)
			if next < len(log) && log[next].at.Before(check.Add(4*time.Second)) {
				continue // the spell ended before the data was two intervals old
			}
			if s, ok := staleAt(check); ok && !s {
				t.Errorf("%s: no stale marker %v after the last good poll at %s", chaosPhases[cur.phase].name, staleAfter, prev.at.Format("15:04:05"))
			}
		}
		if !prev.ok && cur.ok {
			recovered++
			if s, ok := staleAt(cur.at.Add(4 * time.Second)); !ok || s {
				t.Errorf("%s: stale marker still shown after the good poll at %s", chaosPhases[cur.phase].name, cur.at.Format("15:04:05"))
			}
		}
	}
	// Backoff: within a failing spell the gaps between polls never
	// shrink and stay capped; 429 spells respect Retry-After (60 s).
	for i := 2; i < len(log); i++ {
		a, b, c := log[i-2], log[i-1], log[i]
		if a.ok || b.ok || c.ok || a.phase != c.phase {
			continue
		}
		g1, g2 := b.at.Sub(a.at), c.at.Sub(b.at)
		if g2 < g1*8/10 {
			t.Errorf("%s: backoff shrank from %v to %v", chaosPhases[c.phase].name, g1, g2)
		}
		if g2 > 2*time.Minute+15*time.Second {
			t.Errorf("%s: gap %v beyond the 2 min cap", chaosPhases[c.phase].name, g2)
		}
		if chaosPhases[c.phase].name == "429" && g2 < 54*time.Second {
			t.Errorf("429: poll %v after the last, Retry-After was 60 s", g2)
		}
	}
	// Memory stays flat: the heap after the third pass is not above the
	// heap after the second.
	if len(heap) != 3 {
		t.Fatalf("%d heap samples", len(heap))
	}
	if heap[2] > heap[1]+heap[1]/10+1<<20 {
		t.Errorf("heap grew from %d KB after the second pass to %d KB after the third", heap[1]>>10, heap[2]>>10)
	}
	if wentStale < 10 || recovered < 10 {
		t.Errorf("only %d bad spells and %d recoveries seen", wentStale, recovered)
	}
	t.Logf("%d board requests, %d frames, %d bad spells, %d recoveries, heap %v bytes", len(log), len(frames), wentStale, recovered, heap)
}
