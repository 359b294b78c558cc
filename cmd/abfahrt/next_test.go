package main

import (
	"encoding/json"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/textout"
	"abfahrt/model"
	"abfahrt/tui"
)

var nextRE = regexp.MustCompile(`^(leave in \d+ min|go now) for line 2 to [^,]+, \d\d:\d\d, (\+\d+|-\d+|on time|planned)\n$`)

// morningService serves the simulation at a fixed weekday morning, so that
// a test asking for lines that run by day passes at any hour (line 2
// rests after about 00:30).
func morningService(t *testing.T) string {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)})
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	return srv.URL + "/mobility/v1"
}

func TestNextOnTheSimulation(t *testing.T) {
	// Line 2 runs by day: at night there is nothing to catch in the next
	// hour, and this test failed between about 00:30 and 05:00 in Ulm.
	embeddedSimStart = time.Date(2026, 9, 11, 7, 38, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	code, out, errs := runCLI(t, "next", "--stop", "1008", "--line", "2", "--walk", "4m")
	if code != exitOK || !nextRE.MatchString(out) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestNextNothingToCatchExitsOne(t *testing.T) {
	code, out, errs := runCLI(t, "next", "--stop", "1008", "--line", "99")
	if code != exitFailure || out != "" || !strings.Contains(errs, "nothing to catch in the next hour") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1, nothing, a reason", code, out, errs)
	}
	if code, _, _ := runCLI(t, "next", "--stop", "1008", "--walk", "2h"); code != exitUsage {
		t.Errorf("--walk 2h: exit %d, want 2", code)
	}
}

func TestNextToCatchSkipsMissed(t *testing.T) {
	now := time.Date(2026, 9, 11, 7, 38, 0, 0, model.Berlin)
	mk := func(line, dir string, in time.Duration, dev int) model.Event {
		at := now.Add(in)
		return model.Event{RouteName: line, DirectionText: dir, VehicleNumber: 44,
			Scheduled: model.At(at.Add(-time.Duration(dev) * time.Second)), Actual: model.At(at), Deviation: dev}
	}
	events := []model.Event{
		mk("2", "Science Park II", 2*time.Minute, 0),  // missed with 4m
		mk("1", "Söflingen", 5*time.Minute, 0),        // other line
		mk("2", "Kuhberg", 6*time.Minute, 0),          // other direction
		mk("2", "Science Park II", 7*time.Minute, 60), // leave in 3
		mk("2", "Science Park II", 9*time.Minute, 0),
	}
	e, ok := textout.NextToCatch(events, now, 4*time.Minute, "2", "science")
	if !ok {
		t.Fatal("nothing found")
	}
	if got, want := textout.NextLine(english, e, now, 4*time.Minute), "leave in 3 min for line 2 to Science Park II, 07:45, +1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e, _ = textout.NextToCatch(events, now, 7*time.Minute, "2", "science")
	if got := textout.NextLine(english, e, now, 7*time.Minute); !strings.HasPrefix(got, "go now for line 2") {
		t.Errorf("leave time now: got %q", got)
	}
	if _, ok := textout.NextToCatch([]model.Event{mk("2", "X", 90*time.Minute, 0)}, now, 0, "2", ""); ok {
		t.Error("a departure beyond the next hour was offered")
	}
}

func TestDeparturesWalkJSON(t *testing.T) {
	code, out, errs := runCLI(t, "departures", "--stop", "1008", "--walk", "4m", "--json", "--limit", "10")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var b struct {
		Walk          string
		DepartureData []struct {
			DepartureTimeScheduled, DepartureTimeActual, LeaveAt model.Time
			Band                                                 string
		}
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if b.Walk != "4m" || len(b.DepartureData) == 0 {
		t.Fatalf("walk %q, %d records", b.Walk, len(b.DepartureData))
	}
	for i, r := range b.DepartureData {
		when := r.DepartureTimeActual
		if !when.Known() {
			when = r.DepartureTimeScheduled
		}
		if !r.LeaveAt.Equal(when.Add(-4 * time.Minute)) {
			t.Errorf("record %d: leave at %v for departure %v", i, r.LeaveAt, when)
		}
		if r.Band != tui.BandCatch.String() && r.Band != tui.BandHurry.String() && r.Band != tui.BandMissed.String() {
			t.Errorf("record %d: band %q", i, r.Band)
		}
	}
	code, out, _ = runCLI(t, "departures", "--stop", "1008", "--walk", "4m", "--limit", "5")
	if code != exitOK || !strings.Contains(out, "LEAVE") || !strings.Contains(out, "walking 4 min") {
		t.Errorf("table with --walk: exit %d\n%s", code, out)
	}
}

// english is the CLI's words without --lang de.
func english(s string) string { return s }

// Issue 23 item 12: when nothing can be caught, `next` says why: a line
// that does not serve the stop, a line that does but not within the
// answer (a night line by day), or when the line next leaves.
func TestNextSaysWhyNothing(t *testing.T) {
	api := morningService(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--stop", "1008", "--line", "99"}, "line 99 does not serve Hauptbahnhof"},
		{[]string{"--stop", "1008", "--line", "N1"}, "line N1 does not leave Hauptbahnhof before "},
		{[]string{"--stop", "1008", "--line", "2", "--direction", "nowhere"}, "no departure of line 2 towards nowhere before "},
		{[]string{"--stoppoint", "100821"}, "stop point 100821 of Hauptbahnhof has no departures"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, append([]string{"--api", api, "next"}, c.args...)...)
		if code != exitFailure || out != "" || !strings.Contains(errs, "nothing to catch in the next hour: "+c.want) {
			t.Errorf("next %v: exit %d, stdout %q, stderr %q; want 1 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// Issue 23 item 12: the line's next run in the answer is named, beyond
// the hour or missed with the walking time.
func TestWhyNothingNamesTheNextRun(t *testing.T) {
	now := time.Date(2026, 9, 11, 23, 0, 0, 0, model.Berlin)
	at := func(in time.Duration) model.Time { return model.At(now.Add(in)) }
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Events: []model.Event{
		{RouteName: "2", DirectionText: "Kuhberg", Scheduled: at(2 * time.Minute)},
		{RouteName: "N1", DirectionText: "Söflingen", Scheduled: at(100 * time.Minute)},
	}}
	none := func() ([]model.Route, error) { return nil, nil }
	if got, want := textout.WhyNothing(b, now, 0, "N1", "", none), "line N1 to Söflingen next leaves at 00:40"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := textout.WhyNothing(b, now, 4*time.Minute, "2", "", none), "line 2 to Kuhberg at 23:02 is missed with 4 min walking"; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want %q…", got, want)
	}
}
