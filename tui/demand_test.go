package tui

import (
	"slices"
	"testing"
)

// The same filtered board asks the service for the same number of events
// in the kiosk as in the grid (issue 22: a kiosk filtered to line 2 at
// Hauptbahnhof asked for 20 departures and showed 3 rows, while the same
// board in the grid asked for 100 and showed 11): both hold their filters
// in the board, and one demand rule (registry.go) makes a filtered feed wide.
func TestFilteredBoardAsksAlikeInKioskAndGrid(t *testing.T) {
	spec := BoardSpec{Stop: 1008, Lines: []string{"2"}}
	grid := newGridEnv(t, 160, 48, []BoardSpec{spec, {Stop: 1350}}, nil)
	grid.pollFeeds()
	grid.pollFeeds()
	kiosk := newKioskEnv(t, 100, 30, KioskOptions{}, spec)
	kiosk.kpoll()
	kiosk.kpoll()
	gridMax, kioskMax := slices.Max(grid.src.limits), slices.Max(kiosk.src.limits)
	if kioskMax != gridMax || kioskMax != MaxLimit {
		t.Errorf("a board filtered to line 2 asks for %d events in the kiosk (%v) and %d in the grid (%v); want %d in both",
			kioskMax, kiosk.src.limits, gridMax, grid.src.limits, MaxLimit)
	}
	// And the kiosk's rows are the filtered ones.
	for _, r := range kiosk.k.kiosk.rows(0) {
		if e := kiosk.k.kiosk.boards[0].data.Events[r]; e.Line() != "2" {
			t.Errorf("the kiosk filtered to line 2 shows line %s", e.Line())
		}
	}
}

// A line with no stops known is said in the board's language (it was an
// English literal).
func TestNoStopsForLineInGerman(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	e.m.sh.t = textsFor("de")
	e.send(e.src.base)
	e.poll()
	e.runAll(openCmd(target{kind: targetLine, route: 99, line: "99"}))
	if got, want := e.m.sh.notice, "keine Haltestellen der Linie 99 bekannt"; got != want {
		t.Errorf("notice %q, want %q", got, want)
	}
}

// The one demand rule (registry.go): a feed asks for the largest demand
// of its holders; a rise polls once more at once, or when the request in
// flight answers; a fall or an equal demand asks nothing.
func TestDemandRule(t *testing.T) {
	sh := &shared{feedState: &feedState{reg: newRegistry(), limit: DefaultLimit}}
	a, b := newHolder(), newHolder()
	e, first := sh.reg.acquire(subject{stop: 1008}, a, DefaultLimit)
	if first == nil {
		t.Fatal("a new feed does not poll")
	}
	e.asked = DefaultLimit // its first request
	if _, cmd := sh.reg.acquire(subject{stop: 1008}, b, DefaultLimit); cmd != nil {
		t.Error("a second holder with the same demand polls again")
	}
	if cmd := e.demand(b, MaxLimit); cmd == nil || e.asked != MaxLimit {
		t.Errorf("a rise to %d does not poll once more (asked %d)", MaxLimit, e.asked)
	}
	if cmd := e.demand(a, MaxLimit); cmd != nil {
		t.Error("a demand the last request covered polls again")
	}
	if cmd := e.demand(b, DefaultLimit); cmd != nil {
		t.Error("a fall polls")
	}
	if w := e.want(); w != MaxLimit {
		t.Errorf("want %d, the largest demand is %d", w, MaxLimit)
	}
	// In flight: the rise waits for the answer, then polls once.
	e.demand(a, DefaultLimit)
	e.asked = DefaultLimit
	e.poll.seq = 7
	if cmd := e.demand(b, MaxLimit); cmd != nil || !e.again {
		t.Error("a rise while a request is in flight polls at once, or is forgotten")
	}
	if _, cmd, ok := sh.reg.receive(sh.feedState, feedMsg{key: e.key, seq: 7}); !ok || cmd == nil || e.again || e.asked != MaxLimit {
		t.Errorf("the answer does not ask once more for the risen demand (ok %v, again %v, asked %d)", ok, e.again, e.asked)
	}
	sh.reg.release(e, a)
	sh.reg.release(e, b)
	if len(sh.reg.entries) != 0 {
		t.Error("the last release leaves the feed")
	}
}
