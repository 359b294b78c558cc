package main

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/ladder"
	"abfahrt/model"
)

// headwaysRush pins the embedded simulation to a Friday morning rush.
func headwaysRush(t *testing.T) time.Time {
	t.Helper()
	at := time.Date(2026, 9, 11, 7, 38, 0, 0, model.Berlin)
	embeddedSimStart = at
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	return at
}

// Issue 25 item 3: `abfahrt headways --line 2 --json` through the real
// client against the simulation: every vehicle of the line in service is
// listed once with the fields scripts read, and each headway is what the
// simulation's truth says: the two vehicles' real departures at the
// measuring stop (the headway is of their arrivals there: dwell times
// make the difference). Flags follow the thresholds of the headways they
// state.
func TestHeadwaysJSONAgainstSimulation(t *testing.T) {
	at := headwaysRush(t)
	code, out, errs := runCLI(t, "headways", "--line", "2", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var raw []map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, r := range raw {
		for _, k := range []string{"vehicle", "stop", "delay_s", "headway_s", "scheduled_headway_s", "flag"} {
			if _, ok := r[k]; !ok {
				t.Fatalf("row without %q: %v", k, r)
			}
		}
	}
	var rows []ladder.Row
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	// The vehicles of line 2 in service, asked of the simulation directly.
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}))
	if err != nil {
		t.Fatal(err)
	}
	trips, err := client.Trips(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []int
	for _, v := range trips {
		if v.IsActive && v.JourneyData != nil && v.JourneyData.RouteNumber == 2 {
			want = append(want, v.VehicleNumber)
		}
	}
	for _, r := range rows {
		if r.Flag != ladder.FlagGhost {
			got = append(got, r.Vehicle)
		}
	}
	sort.Ints(want)
	sort.Ints(got)
	if len(want) < 8 || !slices.Equal(want, got) {
		t.Fatalf("vehicles of line 2 listed %v, in service %v", got, want)
	}
	// Each headway against the simulation's truth (sim.Truth): the pair
	// of the same leader and follower, measured as the truth measures it
	// (changed on purpose when the simulation became irregular, issue 25
	// item 7: vehicles may now overtake, and real departures at a stop
	// point no longer name one trip per vehicle).
	truth := map[[2]int]time.Duration{}
	for _, lt := range svc.Truth(at).Lines {
		for _, p := range lt.Pairs {
			truth[[2]int{p.Leader, p.Follower}] = p.Headway
		}
	}
	var errsS []float64
	for i, r := range rows {
		if r.HeadwayS == nil {
			continue
		}
		dir := map[int]int{}
		for _, o := range rows {
			dir[o.Vehicle] = o.Direction
		}
		if r.Leader == 0 || dir[r.Leader] != r.Direction {
			t.Fatalf("headway of %d measured against %d, not a vehicle of its direction", r.Vehicle, r.Leader)
		}
		h, ok := truth[[2]int{r.Leader, r.Vehicle}]
		if !ok {
			if rows[i].Waiting {
				continue // the truth pairs only vehicles under way
			}
			t.Fatalf("vehicle %d: headway to %d, a pair the truth does not have", r.Vehicle, r.Leader)
		}
		errsS = append(errsS, math.Abs(h.Seconds()-float64(*r.HeadwayS)))
		if r.Flag != ladder.FlagStale && r.ScheduledHeadwayS != nil {
			if f := ladder.Classify(time.Duration(*r.HeadwayS)*time.Second, time.Duration(*r.ScheduledHeadwayS)*time.Second); f != r.Flag {
				t.Errorf("vehicle %d: headway %d s, plan %d s, flag %s; the thresholds say %s", r.Vehicle, *r.HeadwayS, *r.ScheduledHeadwayS, r.Flag, f)
			}
		}
	}
	if len(errsS) < 5 {
		t.Fatalf("only %d headways checked against the truth", len(errsS))
	}
	sort.Float64s(errsS)
	med, worst := errsS[len(errsS)/2], errsS[len(errsS)-1]
	t.Logf("%d headways against the truth: median error %.0f s, worst %.0f s", len(errsS), med, worst)
	if med > 60 || worst > 300 {
		t.Errorf("headways off the truth: median %.0f s, worst %.0f s (want at most 60 and 300)", med, worst)
	}
}

// Issue 25 item 3: an unknown line is a usage error that names the lines
// there are; a service that cannot be reached says so (exit 1).
func TestHeadwaysErrors(t *testing.T) {
	headwaysRush(t)
	code, _, errs := runCLI(t, "headways", "--line", "99")
	if code != exitUsage || !strings.Contains(errs, `unknown line "99"`) || !strings.Contains(errs, "1, 2, 4") {
		t.Errorf("unknown line: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "headways")
	if code != exitUsage || !strings.Contains(errs, "needs a line") {
		t.Errorf("no line: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "headways", "--line", "2", "--direction", "7")
	if code != exitUsage || !strings.Contains(errs, "no direction 7") {
		t.Errorf("direction 7: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "headways", "--line", "2", "--api", "http://127.0.0.1:1/mobility/v1")
	if code != exitFailure || !strings.Contains(errs, "cannot reach") || strings.Count(errs, "cannot reach") != 1 {
		t.Errorf("dead service: exit %d, %q", code, errs)
	}
}

// Issue 25 item 3: the table names each vehicle with its stop, headway,
// plan and flag in words.
func TestHeadwaysTable(t *testing.T) {
	headwaysRush(t)
	code, out, errs := runCLI(t, "headways", "--line", "2", "--direction", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Line 2, headways vary ±") || !strings.Contains(out, "HEADWAY") || !strings.Contains(out, "PLAN") ||
		!strings.Contains(out, " min") || !strings.Contains(out, " ok") {
		t.Errorf("table:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n")[3:] {
		if l != "" && !strings.HasPrefix(l, "1 ") {
			t.Errorf("--direction 1 lists %q", l)
		}
	}
}

// negMinutes is a negative headway as the tables write one ("-0.6 min", "-40 s").
var negMinutes = regexp.MustCompile(`-\d+(\.\d)? (min|s)\b`)

// Issue 33 item 5: on the rush-hour simulation no line's ladder has a
// negative headway, in `headways --json`, its table or `exceptions`: a
// vehicle that passed the trip the timetable runs before it is said to
// have overtaken it ("overtook 51"), with how far ahead it is.
func TestNoNegativeHeadwayAtRushHour(t *testing.T) {
	at := headwaysRush(t)
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}))
	if err != nil {
		t.Fatal(err)
	}
	routes, err := client.Routes(context.Background(), model.ScopeExtended, 0)
	if err != nil {
		t.Fatal(err)
	}
	overtook := 0
	for _, line := range ladder.Lines(routes) {
		code, out, errs := runCLI(t, "headways", "--line", line, "--json")
		if code != exitOK {
			t.Fatalf("line %s: exit %d: %s", line, code, errs)
		}
		var rows []ladder.Row
		if err := json.Unmarshal([]byte(out), &rows); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.HeadwayS != nil && *r.HeadwayS < 0 {
				t.Errorf("line %s vehicle %d: headway %d s", line, r.Vehicle, *r.HeadwayS)
			}
			if r.Overtook != 0 {
				overtook++
				if r.AheadS == nil || *r.AheadS < 0 || r.HeadwayS != nil {
					t.Errorf("line %s vehicle %d overtook %d: ahead %v, headway %v", line, r.Vehicle, r.Overtook, r.AheadS, r.HeadwayS)
				}
			}
		}
		code, out, errs = runCLI(t, "headways", "--line", line)
		if code != exitOK || negMinutes.MatchString(out) {
			t.Errorf("line %s: exit %d %s, a negative figure in the table:\n%s", line, code, errs, out)
		}
		if !strings.Contains(out, "headways vary ±") && !strings.Contains(out, "too few headways") {
			t.Errorf("line %s: no regularity in words:\n%s", line, out)
		}
	}
	t.Logf("%d vehicles overtook their leader at %s", overtook, at.Format("15:04"))
	code, out, errs := runCLI(t, "--lang", "en", "exceptions")
	if code != exitOK || negMinutes.MatchString(out) {
		t.Errorf("exceptions: exit %d %s, a negative figure:\n%s", code, errs, out)
	}
}
