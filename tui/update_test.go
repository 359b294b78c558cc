package tui

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
)

func TestFirstPollFillsBoard(t *testing.T) {
	e := newEnv(t, 80, 24, false)
	if !strings.Contains(e.m.View(), "Loading departures") {
		t.Fatalf("before the first answer the board should say it is loading:\n%s", e.m.View())
	}
	e.poll()
	v := e.m.View()
	for _, want := range []string{"Hauptbahnhof", "Science Park II", "updated < 30 s ago", "next in < 30 s"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if n := e.src.callCount(); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestNoSecondFetchWhileInFlight(t *testing.T) {
	e := newEnv(t, 80, 24, false)
	fetch := e.tick()
	if fetch == nil {
		t.Fatal("first tick started no fetch")
	}
	if cmd := e.tick(); cmd != nil {
		t.Fatal("a second tick of the same gen started a fetch while one is in flight")
	}
	if cmd := e.key("r"); cmd != nil {
		t.Fatal("r started a fetch while one is in flight")
	}
	// The answer of the request in flight is still accepted after r and
	// re-arms the schedule under the new gen.
	if cmd := e.deliver(fetch); cmd == nil {
		t.Fatal("the answer in flight armed no tick")
	}
	if e.m.board().polls().inFlight() || !e.m.board().have {
		t.Fatal("answer after r was not taken")
	}
}

func TestOldGenTickIgnored(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	old := e.m.board().polls().gen
	e.key("r") // bumps gen; returns a poll-now for the new gen
	if cmd := e.send(feedTickMsg{key: e.m.board().key(), gen: old}); cmd != nil {
		t.Fatal("a tick of the old schedule started a fetch")
	}
	if n := e.src.callCount(); n != 1 {
		t.Fatalf("requests = %d, want 1", n)
	}
}

func TestStaleSeqIgnored(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	fetch := e.tick() // departures request in flight
	e.runNow(e.key("a"))
	// The departures answer comes late, after the switch to arrivals.
	msg := fetch().(feedMsg)
	if cmd := e.send(msg); cmd != nil {
		t.Fatal("a stale answer armed a tick")
	}
	if e.m.board().have {
		t.Fatal("a stale departures answer filled the arrivals board")
	}
	if !e.m.board().polls().inFlight() {
		t.Fatal("the arrivals request should still be awaited")
	}
}

func TestManualRefreshIsFresh(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	cmd := e.key("r")
	if cmd == nil {
		t.Fatal("r did nothing")
	}
	msg, ok := cmd().(feedTickMsg)
	if !ok || !msg.fresh || msg.gen != e.m.board().polls().gen {
		t.Fatalf("r gave %#v, want a fresh poll of the current gen", msg)
	}
	e.deliver(e.send(msg))
	if n := e.src.callCount(); n != 2 {
		t.Fatalf("requests = %d, want 2", n)
	}
}

func TestErrorKeepsRowsAndMarksStale(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	e.advance(15 * time.Second)
	e.src.setErr(errors.New("cannot reach api.example: connection refused"))
	e.poll()
	v := e.m.View()
	for _, want := range []string{"Science Park II", "connection refused", "retry in", "updated < 30 s ago"} {
		if !strings.Contains(v, want) {
			t.Errorf("after a failed poll the view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "stale since") { // issue 12 item 13: stale is older than two intervals
		t.Errorf("one failed poll marks the data stale:\n%s", v)
	}
	first := e.m.board().polls().next.Sub(e.now)

	e.advance(first)
	e.poll()
	second := e.m.board().polls().next.Sub(e.now)
	if second <= first {
		t.Errorf("backoff did not grow: %v then %v", first, second)
	}
	e.advance(30 * time.Second)
	if !strings.Contains(e.m.View(), "stale since 12:34:56") {
		t.Errorf("the stale marker should say since when the data is unchanged (the last answer):\n%s", e.m.View())
	}
	if !strings.Contains(e.m.View(), "(2 failures)") {
		t.Error("the status bar should count failures")
	}

	e.src.setErr(nil)
	e.advance(second)
	e.poll()
	v = e.m.View()
	if strings.Contains(v, "stale") || strings.Contains(v, "✗") {
		t.Errorf("recovery should clear the marker and the error:\n%s", v)
	}
	if d := e.m.board().polls().next.Sub(e.now); d < 13*time.Second || d > 17*time.Second {
		t.Errorf("after recovery the next poll is in %v, want 15 s ± 10 %%", d)
	}
}

func TestRetryAfterRespected(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.src.setErr(&feed.HTTPError{Status: 503, URL: "https://x/", RetryAfter: 90 * time.Second})
	e.poll()
	if d := e.m.board().polls().next.Sub(e.now); d != 90*time.Second {
		t.Fatalf("next poll in %v, want the 90 s the service asked for", d)
	}
}

func TestJitterWithinTenPercent(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	seen := map[time.Duration]bool{}
	for range 20 {
		e.poll()
		d := e.m.board().polls().next.Sub(e.now)
		if d < 13500*time.Millisecond || d > 16500*time.Millisecond {
			t.Fatalf("delay %v outside 15 s ± 10 %%", d)
		}
		seen[d] = true
	}
	if len(seen) < 5 {
		t.Errorf("delays barely vary: %v", seen)
	}
}

func TestCountdownTicksAndPastRowsHide(t *testing.T) {
	e := newEnv(t, 160, 30, true)
	row := func() string {
		for _, l := range strings.Split(e.m.View(), "\n") {
			if strings.Contains(l, "Böfingen ") && strings.Contains(l, "151") {
				return l
			}
		}
		return ""
	}
	if !strings.Contains(row(), "2 min") {
		t.Fatalf("line 4 should be due in 2 min: %q", row())
	}
	e.send(clockMsg{now: t0.Add(61 * time.Second)})
	if !strings.Contains(row(), "1 min") {
		t.Fatalf("a minute later line 4 should be due in 1 min: %q", row())
	}
	if !strings.Contains(e.m.View(), "Söflingen") {
		t.Fatal("tram 53 left 30 s ago and should still show")
	}
	e.send(clockMsg{now: t0.Add(31 * time.Second)})
	e.send(clockMsg{now: t0.Add(3 * time.Minute)})
	v := e.m.View()
	if strings.Contains(v, "  53\n") || strings.Contains(v, "Science Park II   ") && strings.Contains(v, "    44") {
		t.Errorf("long departed rows should be hidden:\n%s", v)
	}
	if !strings.Contains(row(), "now") {
		t.Errorf("line 4, due 10 s ago, should say now: %q", row())
	}
}

func TestToggleArrivals(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	fetch := e.runNow(e.key("a"))
	if !strings.Contains(e.m.View(), "Loading arrivals") {
		t.Fatalf("switching to arrivals should clear the departures:\n%s", e.m.View())
	}
	e.deliver(fetch)
	v := e.m.View()
	if !strings.Contains(v, "Arrivals") || !strings.Contains(v, "from Science Park II") {
		t.Fatalf("arrivals board expected:\n%s", v)
	}
	if !strings.Contains(v, "a departures") {
		t.Errorf("the hint should offer departures now:\n%s", v)
	}
	e.deliver(e.runNow(e.key("a")))
	if !strings.Contains(e.m.View(), "Departures") {
		t.Fatal("a again should go back to departures")
	}
}

func TestPlatformCycle(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.key("f")
	if !strings.Contains(e.m.View(), "platform A") {
		t.Fatalf("f should narrow to platform A:\n%s", e.m.View())
	}
	// Rows of other platforms go at once, before the answer.
	if strings.Contains(e.m.View(), "Science Park II") {
		t.Fatalf("platform A should not list platform B's trams:\n%s", e.m.View())
	}
	e.poll()
	e.key("f")
	e.poll()
	v := e.m.View()
	if !strings.Contains(v, "platform B") || !strings.Contains(v, "Science Park II") || strings.Contains(v, "Böfingen Süd") {
		t.Fatalf("second f should show platform B only:\n%s", v)
	}
	if got := e.src.calls[len(e.src.calls)-1]; got.point != "100802" {
		t.Errorf("platform B should be polled by its stop point code, got %+v", got)
	}
	for range 6 {
		e.key("f")
	}
	if !strings.Contains(e.m.View(), "all platforms") {
		t.Fatalf("after the last platform f goes back to the whole stop:\n%s", e.m.View())
	}
}

func TestSearchOpensBoard(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.key("/")
	if e.m.overlay != overlaySearch {
		t.Fatal("/ should open the search")
	}
	for _, r := range "ehinger" {
		e.key(string(r))
	}
	v := e.m.View()
	if !strings.Contains(v, "/ ehinger") || !strings.Contains(v, "Ehinger Tor") {
		t.Fatalf("search for ehinger:\n%s", v)
	}
	// q is typed, not quit, while the input has focus.
	if cmd := e.key("q"); cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q quit while typing")
		}
	}
	e.key("backspace")
	cmd := e.key("enter")
	if e.m.overlay != overlayNone {
		t.Fatal("enter should close the search")
	}
	e.deliver(e.runNow(cmd))
	v = e.m.View()
	if !strings.Contains(v, "Ehinger Tor · Departures") {
		t.Fatalf("enter should open Ehinger Tor:\n%s", v)
	}
	if got := e.src.calls[len(e.src.calls)-1]; got.stop != 1350 || got.point != "" {
		t.Errorf("polled %+v, want stop 1350", got)
	}
}

func TestSearchEscCloses(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.key("/")
	e.key("x")
	e.key("esc")
	if e.m.overlay != overlayNone || strings.Contains(e.m.View(), "/ x") {
		t.Fatal("esc should close the search")
	}
	if e.m.board().subj.stop != 1008 {
		t.Fatal("esc should leave the board as it was")
	}
}

func TestSearchLineOpensItsDepartures(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	// From a stop line 2 does not serve (at one it serves, the board
	// stays there: TestFilteredBoardFillsItsRows).
	e.runNow(openCmd(target{kind: targetStop, stop: 1900}))
	e.key("/")
	for _, r := range "line 2" {
		e.key(string(r))
	}
	fetch := e.runNow(e.key("enter"))
	if e.m.board().subj.stop != 1350 || !slices.Equal(e.m.board().filt.lines, []string{"2"}) {
		t.Fatalf("line 2 should open its first stop (pattern direction 1) filtered to line 2, got %+v lines %q",
			e.m.board().subj, e.m.board().filt.lines)
	}
	e.deliver(fetch)
	v := e.m.View()
	if !strings.Contains(v, "line 2 only") || strings.Contains(v, "Söflingen") {
		t.Fatalf("line filter:\n%s", v)
	}
	e.key("esc")
	if e.m.board().filt.active() {
		t.Fatal("esc should clear the line filter")
	}
}

func TestVehicleOpensFromBoard(t *testing.T) {
	e := newEnv(t, 160, 30, true)
	e.src.trips, e.src.passages, e.src.pattern = line2Fixture(6, phaseAt)
	e.key("down")
	e.runNow(e.key("enter"))
	e.vehiclePoll()
	v := e.m.View()
	for _, want := range []string{"Tram 44", "Avenio 44", "+3 min late", "5 s ago", "Siemens Avenio M", "Hauptbahnhof"} {
		if !strings.Contains(v, want) {
			t.Errorf("vehicle pane lacks %q:\n%s", want, v)
		}
	}
	if e.m.focus != paneVehicle {
		t.Fatal("the vehicle pane should take focus")
	}
	e.key("tab")
	if e.m.focus != paneBoard {
		t.Fatal("tab should give focus back to the board")
	}
	e.key("tab")
	e.key("esc")
	if e.m.vehicle.open || e.m.focus != paneBoard {
		t.Fatal("esc should close the vehicle pane")
	}
}

func TestQuit(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		e := newEnv(t, 80, 24, true)
		cmd := e.key(k)
		if cmd == nil {
			t.Fatalf("%s did nothing", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s did not quit", k)
		}
	}
	e := newEnv(t, 80, 24, true)
	e.key("/")
	if _, ok := e.key("ctrl+c")().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c should quit from the search too")
	}
}

func TestHelpOverlay(t *testing.T) {
	e := newEnv(t, 100, 30, true)
	e.key("?")
	v := e.m.View()
	for _, want := range []string{"Board", "Everywhere", "Search", "arrivals", "platform", "refresh"} {
		if !strings.Contains(v, want) {
			t.Errorf("help lacks %q:\n%s", want, v)
		}
	}
	e.key("?")
	if e.m.overlay != overlayNone {
		t.Fatal("? should close help")
	}
}

func TestResizeReflows(t *testing.T) {
	e := newEnv(t, 160, 48, true)
	if !strings.Contains(e.m.View(), "SCHED") {
		t.Fatal("a wide board shows the scheduled time")
	}
	e.send(tea.WindowSizeMsg{Width: 50, Height: 15})
	v := e.m.View()
	lines := strings.Split(v, "\n")
	if len(lines) != 15 {
		t.Fatalf("%d lines, want 15", len(lines))
	}
	if strings.Contains(v, "SCHED") || strings.Contains(v, "PLAT") {
		t.Errorf("a narrow board drops the scheduled time and the platform first:\n%s", v)
	}
	if !strings.Contains(v, "DELAY") || !strings.Contains(v, "DUE") {
		t.Errorf("a narrow board keeps due and delay:\n%s", v)
	}
	e.send(tea.WindowSizeMsg{Width: 20, Height: 5})
	if !strings.Contains(e.m.View(), "too small") {
		t.Fatalf("tiny terminal:\n%s", e.m.View())
	}
}
