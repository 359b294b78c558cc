package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
)

// TestKioskFollowsProfileOfTheHour: at start the kiosk shows the layout
// whose hours hold the service's time, and its own boards when they end.
func TestKioskFollowsProfileOfTheHour(t *testing.T) {
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0} // 12:34:56
	k := kiosk.NewModel(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now },
		Kiosk:    app.KioskOptions{Enabled: true},
		Boards:   []app.BoardSpec{{Stop: 1008}},
		Profiles: []app.Profile{{Name: "night", From: 22 * 60, To: 5 * 60, Boards: []app.BoardSpec{{Stop: 1008}}}, {Name: "noon", From: 12 * 60, To: 12*60 + 40, Boards: []app.BoardSpec{{Stop: 1350}}}}})
	e.k = &k
	e.send(e.src.Base)
	if got := e.k.Kiosk.Boards[0].Subject.Stop; got != 1350 || e.k.Kiosk.Profile != 1 {
		t.Fatalf("at 12:34 the kiosk shows stop %d (profile %d), want the noon layout's 1350", got, e.k.Kiosk.Profile)
	}
	e.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	e.kpoll()
	if v := e.View(); !strings.Contains(v, "Ehinger Tor") {
		t.Errorf("noon layout not shown:\n%s", v)
	}
	// Issue 23 item 13: the kiosk names the layout of the hour, and says
	// for a minute that it switched.
	if v := e.View(); !strings.Contains(v, "layout noon") {
		t.Errorf("the kiosk does not name the layout of the hour:\n%s", v)
	}
	cmd := e.clockTo(testkit.T0.Add(6 * time.Minute)) // 12:40:56
	if v := e.View(); !strings.Contains(v, "layout noon ended · the usual boards") || strings.Contains(v, "layout noon ·") {
		t.Errorf("the kiosk switched without a word:\n%s", v)
	}
	if got := e.k.Kiosk.Boards[0].Subject.Stop; got != 1008 || e.k.Kiosk.Profile != -1 {
		t.Errorf("after 12:40 the kiosk shows stop %d, want its own board 1008", got)
	}
	if cmd == nil {
		t.Error("the switch polled nothing")
	}
	e.kpoll()
	if v := e.View(); !strings.Contains(v, "Hauptbahnhof") {
		t.Errorf("own board not shown after the profile ended:\n%s", v)
	}
	e.clockTo(testkit.T0.Add(6*time.Minute + kiosk.LayoutNoticeFor + time.Second))
	if v := e.View(); strings.Contains(v, "ended") {
		t.Errorf("the switch notice stayed past %v:\n%s", kiosk.LayoutNoticeFor, v)
	}
}

func TestProfileHours(t *testing.T) {
	night := app.Profile{From: 22 * 60, To: 5 * 60, Boards: []app.BoardSpec{{Stop: 1008}}}
	for h, want := range map[int]bool{23: true, 2: true, 5: false, 12: false, 22: true} {
		at := time.Date(2026, 9, 11, h, 0, 0, 0, testkit.T0.Location())
		if got := app.ProfileAt([]app.Profile{night}, at) == 0; got != want {
			t.Errorf("%02d:00: in the night profile %v, want %v", h, got, want)
		}
	}
}

// TestBoardFollowsProfileOfTheHour: the interactive board opens on the
// layout of the hour and, when its hours end, shows the boards it was
// started with.
func TestBoardFollowsProfileOfTheHour(t *testing.T) {
	noon := app.Profile{Name: "noon", From: 12 * 60, To: 12*60 + 40, Boards: []app.BoardSpec{{Stop: 1350}, {Stop: 1008, Lines: []string{"1", "2"}}}}
	e := newGridEnv(t, 160, 48, []app.BoardSpec{{Stop: 1008}}, func(o *app.Options) { o.Profiles = []app.Profile{noon} })
	if v := e.View(); e.m.prof.Profile != 0 || !strings.HasPrefix(v, " 2 boards ·") || !strings.Contains(v, "1 Ehinger Tor") || !strings.Contains(v, "2 Hauptbahnhof · line 1,2") {
		t.Fatalf("at 12:34: profile %d; want the noon layout's grid of two boards:\n%s", e.m.prof.Profile, v)
	}
	if v := e.m.View(); !strings.Contains(v, "Ehinger Tor") {
		t.Errorf("noon layout not shown:\n%s", v)
	}
	// Issue 23 item 13: the status bar names the layout of the hour and
	// says when it switches.
	if v := e.m.View(); !strings.Contains(v, "layout noon") {
		t.Errorf("the status bar does not name the layout of the hour:\n%s", v)
	}
	e.advance(6 * time.Minute) // 12:40:56
	e.pollFeeds()
	if title := firstLine(e.View()); e.m.prof.Profile != -1 || !strings.HasPrefix(title, " 1 Hauptbahnhof · Departures · all platforms") {
		t.Fatalf("after 12:40: profile %d, title %q; want the start board 1008 alone, unfiltered", e.m.prof.Profile, title)
	}
	if v := e.m.View(); !strings.Contains(v, "Hauptbahnhof") || strings.Contains(v, "Ehinger Tor") {
		t.Errorf("the start board not shown after the noon hours:\n%s", v)
	}
	if v := e.m.View(); !strings.Contains(v, "layout noon ended · the usual boards") {
		t.Errorf("the board switched without a word:\n%s", v)
	}
}

// Issue 23 item 13: a board started with no boards (a plain start) that
// opened a layout of the hour goes back to the default stop when the
// hours end, and says so; the layout's board must not stay on silently.
func TestPlainStartLeavesLayoutAtItsEnd(t *testing.T) {
	noon := app.Profile{Name: "noon", From: 12 * 60, To: 12*60 + 40, Boards: []app.BoardSpec{{Stop: 1350}}}
	e := newGridEnv(t, 160, 48, nil, func(o *app.Options) { o.Profiles = []app.Profile{noon} })
	if title := firstLine(e.View()); !strings.Contains(title, "Ehinger Tor") {
		t.Fatalf("at 12:34 the plain start does not show the noon layout: %q", title)
	}
	e.advance(6 * time.Minute) // 12:40:56
	e.pollFeeds()
	if title := firstLine(e.View()); e.m.prof.Profile != -1 || !strings.Contains(title, "Hauptbahnhof") { // app.DefaultStop
		t.Fatalf("after 12:40: profile %d, title %q; want the default stop", e.m.prof.Profile, title)
	}
	if v := e.m.View(); !strings.Contains(v, "Hauptbahnhof") || !strings.Contains(v, "layout noon ended") || strings.Contains(v, "layout noon ·") {
		t.Errorf("the plain start did not leave the layout with a word:\n%s", v)
	}
}
