package tui

import (
	"regexp"
	"strings"
	"testing"

	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
)

// passageFeeds counts the registry's passage feeds (the fleet's NEXT).
func passageFeeds(r *feeds.Registry) int {
	n := 0
	for k := range r.Entries {
		if k.Kind == feeds.FeedPassages {
			n++
		}
	}
	return n
}

// pollPassages runs one full poll of every passage feed of the fleet.
func (e *testEnv) pollPassages() {
	e.t.Helper()
	for _, f := range e.m.disp.Fleet.Next.Entries {
		cmd := e.send(feeds.TickMsg{Key: f.Key, Gen: f.Poll.Gen})
		if cmd == nil {
			e.t.Fatalf("passages of %d: tick started no fetch", f.Key.Vehicle)
		}
		e.deliver(cmd)
	}
}

// Issue 12 item 9: fleet rows show the stop each vehicle reaches next,
// from the passages of the vehicles on screen only (one feed each), and
// nothing where those are not in yet or belong to another trip; closing
// the fleet ends those polls.
func TestFleetRowsShowNextStop(t *testing.T) {
	e := newGridEnv(t, 120, 30, specsOver(2), nil)
	_, vp, _ := line2Fixture(3, model.PhaseBetween) // vehicle 44 of line 2, arriving at stop 3
	e.src.Mu.Lock()
	e.src.VehPassages = vp
	e.src.Mu.Unlock()
	next := line2Stops[3].name
	e.Key("v")
	e.fleetPoll()
	rows := len(e.m.disp.Fleet.Trips)
	if rows == 0 {
		t.Fatal("the fleet has no rows")
	}
	if n := passageFeeds(e.m.sh.Reg); n != rows {
		t.Errorf("%d passage feeds for %d rows on screen", n, rows)
	}
	v := e.View()
	if !strings.Contains(v, "NEXT STOP") {
		t.Errorf("the fleet has no NEXT STOP column:\n%s", v)
	}
	if strings.Contains(v, next) {
		t.Errorf("a next stop shows before its passages are in:\n%s", v)
	}
	e.pollPassages()
	v = e.View()
	if !regexp.MustCompile(`44 .* 2 .*Science Park II\s+` + regexp.QuoteMeta(next)).MatchString(v) {
		t.Errorf("vehicle 44's row does not show its next stop %q:\n%s", next, v)
	}
	if n := strings.Count(v, next); n != 1 {
		t.Errorf("%q shows on %d rows: the passages of line 2 on rows of other lines:\n%s", next, n, v)
	}
	e.Key("esc")
	if n := passageFeeds(e.m.sh.Reg); n != 0 {
		t.Errorf("%d passage feeds polled after the fleet closed", n)
	}
}

// Issue 12 item 9: only the rows on screen are polled: a fleet of 3
// visible rows holds 3 passage feeds, and moving the cursor past them
// polls the row that comes into view instead of the one that left.
func TestFleetPollsVisibleRowsOnly(t *testing.T) {
	e := newGridEnv(t, 120, 30, specsOver(2), nil)
	e.Key("v")
	e.m.disp.Fleet.SetSize(120, 5) // summary, column titles, 3 rows
	e.fleetPoll()
	f := &e.m.disp.Fleet
	if n := passageFeeds(e.m.sh.Reg); n != 3 {
		t.Fatalf("%d passage feeds for 3 visible rows", n)
	}
	first, fourth := f.Trips[0].VehicleNumber, f.Trips[3].VehicleNumber
	for range 3 {
		e.Key("down")
	}
	if f.Next.Entries[fourth] == nil || f.Next.Entries[first] != nil {
		t.Errorf("after scrolling, feeds of %v; want %d in and %d out", keys(f.Next.Entries), fourth, first)
	}
	if n := passageFeeds(e.m.sh.Reg); n != 3 {
		t.Errorf("%d passage feeds after scrolling", n)
	}
}

func keys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
