package tui

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
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
	if n := e.src.CallCount(); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestNoSecondFetchWhileInFlight(t *testing.T) {
	e := newEnv(t, 80, 24, false)
	fetch := e.Tick()
	if fetch == nil {
		t.Fatal("first tick started no fetch")
	}
	if cmd := e.Tick(); cmd != nil {
		t.Fatal("a second tick of the same gen started a fetch while one is in flight")
	}
	if cmd := e.Key("r"); cmd != nil {
		t.Fatal("r started a fetch while one is in flight")
	}
	// The answer of the request in flight is still accepted after r and
	// re-arms the schedule under the new gen.
	if cmd := e.deliver(fetch); cmd == nil {
		t.Fatal("the answer in flight armed no tick")
	}
	if e.shown().Poll.InFlight() || !e.shown().Have {
		t.Fatal("answer after r was not taken")
	}
}

func TestOldGenTickIgnored(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	old := e.shown().Poll.Gen
	e.Key("r") // bumps gen; returns a poll-now for the new gen
	if cmd := e.send(feeds.TickMsg{Key: e.shown().Key, Gen: old}); cmd != nil {
		t.Fatal("a tick of the old schedule started a fetch")
	}
	if n := e.src.CallCount(); n != 1 {
		t.Fatalf("requests = %d, want 1", n)
	}
}

func TestStaleSeqIgnored(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	fetch := e.Tick() // departures request in flight
	e.runNow(e.Key("a"))
	// The departures answer comes late, after the switch to arrivals.
	msg := fetch().(feeds.AnswerMsg)
	if cmd := e.send(msg); cmd != nil {
		t.Fatal("a stale answer armed a tick")
	}
	if e.shown().Have {
		t.Fatal("a stale departures answer filled the arrivals board")
	}
	if !e.shown().Poll.InFlight() {
		t.Fatal("the arrivals request should still be awaited")
	}
}

func TestManualRefreshIsFresh(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	cmd := e.Key("r")
	if cmd == nil {
		t.Fatal("r did nothing")
	}
	msg, ok := cmd().(feeds.TickMsg)
	if !ok || !msg.Fresh || msg.Gen != e.shown().Poll.Gen {
		t.Fatalf("r gave %#v, want a fresh poll of the current gen", msg)
	}
	e.deliver(e.send(msg))
	if n := e.src.CallCount(); n != 2 {
		t.Fatalf("requests = %d, want 2", n)
	}
}

func TestErrorKeepsRowsAndMarksStale(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	e.advance(15 * time.Second)
	e.src.SetErr(errors.New("cannot reach api.example: connection refused"))
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
	first := e.shown().Poll.Next.Sub(e.now)

	e.advance(first)
	e.poll()
	second := e.shown().Poll.Next.Sub(e.now)
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

	e.src.SetErr(nil)
	e.advance(second)
	e.poll()
	v = e.m.View()
	if strings.Contains(v, "stale") || strings.Contains(v, "✗") {
		t.Errorf("recovery should clear the marker and the error:\n%s", v)
	}
	if d := e.shown().Poll.Next.Sub(e.now); d < 13*time.Second || d > 17*time.Second {
		t.Errorf("after recovery the next poll is in %v, want 15 s ± 10 %%", d)
	}
}

func TestRetryAfterRespected(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.src.SetErr(&feed.HTTPError{Status: 503, URL: "https://x/", RetryAfter: 90 * time.Second})
	e.poll()
	if d := e.shown().Poll.Next.Sub(e.now); d != 90*time.Second {
		t.Fatalf("next poll in %v, want the 90 s the service asked for", d)
	}
}

func TestJitterWithinTenPercent(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	seen := map[time.Duration]bool{}
	for range 20 {
		e.poll()
		d := e.shown().Poll.Next.Sub(e.now)
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
	e.send(app.ClockMsg{Now: testkit.T0.Add(61 * time.Second)})
	if !strings.Contains(row(), "1 min") {
		t.Fatalf("a minute later line 4 should be due in 1 min: %q", row())
	}
	if !strings.Contains(e.m.View(), "Söflingen") {
		t.Fatal("tram 53 left 30 s ago and should still show")
	}
	e.send(app.ClockMsg{Now: testkit.T0.Add(31 * time.Second)})
	e.send(app.ClockMsg{Now: testkit.T0.Add(3 * time.Minute)})
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
	fetch := e.runNow(e.Key("a"))
	if !strings.Contains(e.m.View(), "Loading arrivals") {
		t.Fatalf("switching to arrivals should clear the departures:\n%s", e.m.View())
	}
	e.deliver(fetch)
	v := e.m.View()
	if !strings.Contains(v, "Arrivals") || !strings.Contains(v, "from Science Park II") {
		t.Fatalf("arrivals board expected:\n%s", v)
	}
	e.Key("?")
	if !strings.Contains(strings.Join(strings.Fields(e.m.View()), " "), "a departures") {
		t.Errorf("the help should offer departures now:\n%s", e.m.View())
	}
	e.Key("?")
	e.deliver(e.runNow(e.Key("a")))
	if !strings.Contains(e.m.View(), "Departures") {
		t.Fatal("a again should go back to departures")
	}
}

func TestPlatformCycle(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.Key("f")
	if !strings.Contains(e.m.View(), "platform A") {
		t.Fatalf("f should narrow to platform A:\n%s", e.m.View())
	}
	// Rows of other platforms go at once, before the answer.
	if strings.Contains(e.m.View(), "Science Park II") {
		t.Fatalf("platform A should not list platform B's trams:\n%s", e.m.View())
	}
	e.poll()
	e.Key("f")
	e.poll()
	v := e.m.View()
	if !strings.Contains(v, "platform B") || !strings.Contains(v, "Science Park II") || strings.Contains(v, "Böfingen Süd") {
		t.Fatalf("second f should show platform B only:\n%s", v)
	}
	if got := e.src.Calls[len(e.src.Calls)-1]; got.Point != "100802" {
		t.Errorf("platform B should be polled by its stop point code, got %+v", got)
	}
	for range 6 {
		e.Key("f")
	}
	if !strings.Contains(e.m.View(), "all platforms") {
		t.Fatalf("after the last platform f goes back to the whole stop:\n%s", e.m.View())
	}
}

func TestSearchOpensBoard(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.Key("/")
	if e.m.overlay != ui.OverlaySearch {
		t.Fatal("/ should open the search")
	}
	for _, r := range "ehinger" {
		e.Key(string(r))
	}
	v := e.m.View()
	if !strings.Contains(v, "/ ehinger") || !strings.Contains(v, "Ehinger Tor") {
		t.Fatalf("search for ehinger:\n%s", v)
	}
	// q is typed, not quit, while the input has focus.
	if cmd := e.Key("q"); cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q quit while typing")
		}
	}
	e.Key("backspace")
	cmd := e.Key("enter")
	if e.m.overlay != ui.OverlayNone {
		t.Fatal("enter should close the search")
	}
	e.deliver(e.runNow(cmd))
	v = e.m.View()
	if !strings.Contains(v, "Ehinger Tor · Departures") {
		t.Fatalf("enter should open Ehinger Tor:\n%s", v)
	}
	if got := e.src.Calls[len(e.src.Calls)-1]; got.Stop != 1350 || got.Point != "" {
		t.Errorf("polled %+v, want stop 1350", got)
	}
}

func TestSearchEscCloses(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.Key("/")
	e.Key("x")
	e.Key("esc")
	if e.m.overlay != ui.OverlayNone || strings.Contains(e.m.View(), "/ x") {
		t.Fatal("esc should close the search")
	}
	if title := firstLine(e.View()); !strings.HasPrefix(title, " Hauptbahnhof · Departures") {
		t.Fatalf("esc should leave the board as it was: %q", title)
	}
}

func TestSearchLineOpensItsDepartures(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	// From a stop line 2 does not serve (at one it serves, the board
	// stays there: TestFilteredBoardFillsItsRows).
	e.runNow(app.OpenCmd(app.Target{Kind: app.TargetStop, Stop: 1900}))
	e.Key("/")
	for _, r := range "line 2" {
		e.Key(string(r))
	}
	fetch := e.runNow(e.Key("enter"))
	if s := e.shown().Subject; s.Stop != 1350 {
		t.Fatalf("line 2 should open its first stop (pattern direction 1), got %+v", s)
	}
	e.deliver(fetch)
	v := e.m.View()
	if title := firstLine(v); !strings.HasPrefix(title, " Ehinger Tor ·") || !strings.Contains(v, "line 2 only") || strings.Contains(v, "Söflingen") {
		t.Fatalf("line 2 should open Ehinger Tor filtered to line 2:\n%s", v)
	}
	e.Key("esc")
	if v := e.View(); strings.Contains(v, "line 2 only") || !strings.Contains(v, "Söflingen") {
		t.Fatalf("esc should clear the line filter:\n%s", v)
	}
}

func TestVehicleOpensFromBoard(t *testing.T) {
	e := newEnv(t, 160, 30, true)
	e.src.Fleet, e.src.VehPassages, e.src.VehPattern = testkit.Line2Trip(6, model.PhaseAt)
	e.Key("down")
	e.runNow(e.Key("enter"))
	e.vehiclePoll()
	v := e.m.View()
	for _, want := range []string{"Tram 44", "Avenio 44", "+3 min late", "5 s ago", "Siemens Avenio M", "Hauptbahnhof"} {
		if !strings.Contains(v, want) {
			t.Errorf("vehicle pane lacks %q:\n%s", want, v)
		}
	}
	if e.m.focus != app.PaneVehicle {
		t.Fatal("the vehicle pane should take focus")
	}
	e.Key("tab")
	if e.m.focus != app.PaneBoard {
		t.Fatal("tab should give focus back to the board")
	}
	e.Key("tab")
	e.Key("esc")
	if v := e.View(); showsVehicle(v, 44) || e.m.focus != app.PaneBoard {
		t.Fatalf("esc should close the vehicle pane:\n%s", v)
	}
}

func TestQuit(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		e := newEnv(t, 80, 24, true)
		cmd := e.Key(k)
		if cmd == nil {
			t.Fatalf("%s did nothing", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s did not quit", k)
		}
	}
	e := newEnv(t, 80, 24, true)
	e.Key("/")
	if _, ok := e.Key("ctrl+c")().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c should quit from the search too")
	}
}

func TestHelpOverlay(t *testing.T) {
	e := newEnv(t, 100, 30, true)
	e.Key("?")
	v := e.m.View()
	for _, want := range []string{"Board", "Everywhere", "Search", "arrivals", "platform", "refresh"} {
		if !strings.Contains(v, want) {
			t.Errorf("help lacks %q:\n%s", want, v)
		}
	}
	e.Key("?")
	if e.m.overlay != ui.OverlayNone {
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
