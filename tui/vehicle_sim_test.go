package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// passageRecorder wraps a Source and keeps every Passage answer and the
// number of Pattern requests.
type passageRecorder struct {
	feeds.Source
	mu       sync.Mutex
	answers  []model.VehiclePassages
	patterns int
}

func (r *passageRecorder) Passages(ctx context.Context, n int, rg model.Range) (model.VehiclePassages, error) {
	vp, err := r.Source.Passages(ctx, n, rg)
	if err == nil {
		r.mu.Lock()
		r.answers = append(r.answers, vp)
		r.mu.Unlock()
	}
	return vp, err
}

func (r *passageRecorder) Pattern(ctx context.Context, n int, s model.PatternScope) (model.Pattern, error) {
	r.mu.Lock()
	r.patterns++
	r.mu.Unlock()
	return r.Source.Pattern(ctx, n, s)
}

// TestVehicleFollowsSimulation runs the real program on the simulation
// with the pane open on a tram mid-trip (--vehicle) for 10 simulated
// minutes: it polls every interval, its next stop advances, no stop's
// status ever goes back, and the pattern is fetched once for the trip.
func TestVehicleFollowsSimulation(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
		clock := sim.NewClock(start, 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client := simclient.Client(t, svc)
		tram := tramMidTrip(t, client, start)
		src := &passageRecorder{Source: client}
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: src, SourceName: "simulated Ulm network", Now: clock.Now, Vehicle: tram}),
			mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 100, 40)
		time.Sleep(10 * time.Minute)
		stop(feeds.DefaultInterval * 2) // let the last pending tick fire

		src.mu.Lock()
		answers, patterns := src.answers, src.patterns
		src.mu.Unlock()
		if n := len(answers); n < 36 || n > 45 {
			t.Errorf("%d passage polls in 10 min, want about 40 (every 15 s ± 10 %%)", n)
		}
		if patterns != 2 { // Track and Stops, once for the one trip
			t.Errorf("%d pattern requests, want 2 (Track and Stops once)", patterns)
		}
		firstNext, lastNext := -1, -1
		status := map[model.StopPointCode]model.PassageStatus{}
		for i, a := range answers {
			pos := model.LocateOnTrip(a.Passages, true)
			if pos.Next >= 0 {
				if firstNext < 0 {
					firstNext = pos.Next
				}
				if pos.Next < lastNext {
					t.Errorf("poll %d: next stop went back from %d to %d", i, lastNext, pos.Next)
				}
				lastNext = pos.Next
			}
			for _, ps := range a.Passages {
				if ps.Status < status[ps.StopPointCode] {
					t.Errorf("poll %d: %s went from %v back to %v", i, ps.StopName, status[ps.StopPointCode], ps.Status)
				}
				status[ps.StopPointCode] = ps.Status
			}
		}
		t.Logf("tram %d: %d passage polls, next stop %d -> %d", tram, len(answers), firstNext, lastNext)
		if lastNext-firstNext < 2 {
			t.Errorf("the next stop moved from %d to %d in 10 minutes, want at least 2 stops on", firstNext, lastNext)
		}

		mu.Lock()
		defer mu.Unlock()
		last := views[len(views)-1]
		// Served stops stay Status 4 "departed", as the real service sends
		// them (the simulation no longer turns them into 5 "passed").
		for _, want := range []string{"Tram " + ui.Itoa(tram), "STOP", "departed", "▶"} {
			if !strings.Contains(last, want) {
				t.Errorf("the last view lacks %q:\n%s", want, last)
			}
		}
		if !strings.ContainsAny(last, "⠁⠂⠄⡀⠈⠐⠠⢀⠉⠒⠤⣀") {
			t.Errorf("the last view has no map:\n%s", last)
		}
	})
}

// tramMidTrip finds a tram that at start has just begun a trip with at
// least 12 minutes and several stops ahead.
func tramMidTrip(t *testing.T, src feeds.Source, start time.Time) int {
	t.Helper()
	ctx := context.Background()
	trips, err := src.Trips(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range trips {
		if !tr.IsActive || tr.VehicleCategory != model.VehicleTram {
			continue
		}
		vp, err := src.Passages(ctx, tr.VehicleNumber, model.RangeAll)
		if err != nil || len(vp.Passages) < 8 {
			continue
		}
		pos := model.LocateOnTrip(vp.Passages, true)
		if pos.Phase != model.PhaseBetween && pos.Phase != model.PhaseAt {
			continue
		}
		end := vp.Passages[len(vp.Passages)-1].Actual()
		if end.Known() && end.Sub(start) > 12*time.Minute && len(vp.Passages)-max(pos.Next, 0) >= 6 {
			return tr.VehicleNumber
		}
	}
	t.Fatal("no tram mid-trip at the start")
	return 0
}
