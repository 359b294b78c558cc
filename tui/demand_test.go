package tui

import (
	"slices"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The same filtered board asks the service for the same number of events
// in the kiosk as in the grid (issue 22: a kiosk filtered to line 2 at
// Hauptbahnhof asked for 20 departures and showed 3 rows, while the same
// board in the grid asked for 100 and showed 11): both hold their filters
// in the board, and one demand rule (registry.go) makes a filtered feed wide.
func TestFilteredBoardAsksAlikeInKioskAndGrid(t *testing.T) {
	spec := app.BoardSpec{Stop: 1008, Lines: []string{"2"}}
	grid := newGridEnv(t, 160, 48, []app.BoardSpec{spec, {Stop: 1350}}, nil)
	grid.pollFeeds()
	grid.pollFeeds()
	kiosk := newKioskEnv(t, 100, 30, app.KioskOptions{}, spec)
	kiosk.kpoll()
	kiosk.kpoll()
	gridMax, kioskMax := slices.Max(grid.src.Limits), slices.Max(kiosk.src.Limits)
	if kioskMax != gridMax || kioskMax != app.MaxLimit {
		t.Errorf("a board filtered to line 2 asks for %d events in the kiosk (%v) and %d in the grid (%v); want %d in both",
			kioskMax, kiosk.src.Limits, gridMax, grid.src.Limits, app.MaxLimit)
	}
	// And the kiosk's rows are the filtered ones.
	for _, r := range kiosk.k.Kiosk.Rows(kiosk.k.Shared.Frame(app.PaneBoard), 0) {
		if e := kiosk.k.Kiosk.Boards[0].Data.Events[r]; e.Line() != "2" {
			t.Errorf("the kiosk filtered to line 2 shows line %s", e.Line())
		}
	}
}

// A line with no stops known is said in the board's language (it was an
// English literal).
func TestNoStopsForLineInGerman(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	e.m.sh.Texts = ui.TextsFor("de")
	e.send(e.src.Base)
	e.poll()
	e.runAll(app.OpenCmd(app.Target{Kind: app.TargetLine, Route: 99, Line: "99"}))
	if got, want := e.m.sh.Notice, "keine Haltestellen der Linie 99 bekannt"; got != want {
		t.Errorf("notice %q, want %q", got, want)
	}
}

// The one demand rule (registry.go): a feed asks for the largest demand
// of its holders; a rise polls once more at once, or when the request in
// flight answers; a fall or an equal demand asks nothing.
func TestDemandRule(t *testing.T) {
	sh := &app.Shared{State: &feeds.State{Reg: feeds.NewRegistry(), Limit: app.DefaultLimit}}
	a, b := feeds.NewHolder(), feeds.NewHolder()
	e, first := sh.Reg.Acquire(feeds.Subject{Stop: 1008}, a, app.DefaultLimit)
	if first == nil {
		t.Fatal("a new feed does not poll")
	}
	e.Asked = app.DefaultLimit // its first request
	if _, cmd := sh.Reg.Acquire(feeds.Subject{Stop: 1008}, b, app.DefaultLimit); cmd != nil {
		t.Error("a second holder with the same demand polls again")
	}
	if cmd := e.Demand(b, app.MaxLimit); cmd == nil || e.Asked != app.MaxLimit {
		t.Errorf("a rise to %d does not poll once more (asked %d)", app.MaxLimit, e.Asked)
	}
	if cmd := e.Demand(a, app.MaxLimit); cmd != nil {
		t.Error("a demand the last request covered polls again")
	}
	if cmd := e.Demand(b, app.DefaultLimit); cmd != nil {
		t.Error("a fall polls")
	}
	if w := e.Want(); w != app.MaxLimit {
		t.Errorf("want %d, the largest demand is %d", w, app.MaxLimit)
	}
	// In flight: the rise waits for the answer, then polls once.
	e.Demand(a, app.DefaultLimit)
	e.Asked = app.DefaultLimit
	e.Poll.Seq = 7
	if cmd := e.Demand(b, app.MaxLimit); cmd != nil || !e.Again {
		t.Error("a rise while a request is in flight polls at once, or is forgotten")
	}
	if _, cmd, ok := sh.Reg.Receive(sh.State, feeds.AnswerMsg{Key: e.Key, Seq: 7}); !ok || cmd == nil || e.Again || e.Asked != app.MaxLimit {
		t.Errorf("the answer does not ask once more for the risen demand (ok %v, again %v, asked %d)", ok, e.Again, e.Asked)
	}
	sh.Reg.Release(e, a)
	sh.Reg.Release(e, b)
	if len(sh.Reg.Entries) != 0 {
		t.Error("the last release leaves the feed")
	}
}
