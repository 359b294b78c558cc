package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// TestKioskFollowsProfileOfTheHour: at start the kiosk shows the layout
// whose hours hold the service's time, and its own boards when they end.
func TestKioskFollowsProfileOfTheHour(t *testing.T) {
	e := &testEnv{t: t, src: newFakeSource(), now: t0} // 12:34:56
	k := newKioskModel(Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now },
		Kiosk:    KioskOptions{Enabled: true},
		Boards:   []BoardSpec{{Stop: 1008}},
		Profiles: []Profile{{Name: "night", From: 22 * 60, To: 5 * 60, Boards: []BoardSpec{{Stop: 1008}}}, {Name: "noon", From: 12 * 60, To: 12*60 + 40, Boards: []BoardSpec{{Stop: 1350}}}}})
	e.k = &k
	e.send(e.src.base)
	if got := e.k.kiosk.boards[0].subj.stop; got != 1350 || e.k.kiosk.profile != 1 {
		t.Fatalf("at 12:34 the kiosk shows stop %d (profile %d), want the noon layout's 1350", got, e.k.kiosk.profile)
	}
	e.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	e.kpoll()
	if v := e.view(); !strings.Contains(v, "Ehinger Tor") {
		t.Errorf("noon layout not shown:\n%s", v)
	}
	cmd := e.clockTo(t0.Add(6 * time.Minute)) // 12:40:56
	if got := e.k.kiosk.boards[0].subj.stop; got != 1008 || e.k.kiosk.profile != -1 {
		t.Errorf("after 12:40 the kiosk shows stop %d, want its own board 1008", got)
	}
	if cmd == nil {
		t.Error("the switch polled nothing")
	}
	e.kpoll()
	if v := e.view(); !strings.Contains(v, "Hauptbahnhof") {
		t.Errorf("own board not shown after the profile ended:\n%s", v)
	}
}

func TestProfileHours(t *testing.T) {
	night := Profile{From: 22 * 60, To: 5 * 60, Boards: []BoardSpec{{Stop: 1008}}}
	for h, want := range map[int]bool{23: true, 2: true, 5: false, 12: false, 22: true} {
		at := time.Date(2026, 9, 11, h, 0, 0, 0, t0.Location())
		if got := ProfileAt([]Profile{night}, at) == 0; got != want {
			t.Errorf("%02d:00: in the night profile %v, want %v", h, got, want)
		}
	}
}

// TestBoardFollowsProfileOfTheHour: the interactive board opens on the
// layout of the hour and, when its hours end, shows the boards it was
// started with.
func TestBoardFollowsProfileOfTheHour(t *testing.T) {
	noon := Profile{Name: "noon", From: 12 * 60, To: 12*60 + 40, Boards: []BoardSpec{{Stop: 1350}, {Stop: 1008, Lines: []string{"1", "2"}}}}
	e := newGridEnv(t, 160, 48, []BoardSpec{{Stop: 1008}}, func(o *Options) { o.Profiles = []Profile{noon} })
	if e.m.disp.mode != modeGrid || e.m.disp.grid.len() != 2 || e.m.prof.profile != 0 {
		t.Fatalf("at 12:34: mode %d with %d boards, profile %d; want the noon layout's grid", e.m.disp.mode, e.m.disp.grid.len(), e.m.prof.profile)
	}
	if v := e.m.View(); !strings.Contains(v, "Ehinger Tor") {
		t.Errorf("noon layout not shown:\n%s", v)
	}
	e.advance(6 * time.Minute) // 12:40:56
	e.pollFeeds()
	g := &e.m.disp.grid
	if e.m.prof.profile != -1 || g.len() != 1 || g.boards[0].subj.stop != 1008 || len(g.boards[0].filt.lines) != 0 {
		t.Fatalf("after 12:40: profile %d, %d boards; want the start board 1008 alone", e.m.prof.profile, g.len())
	}
	if v := e.m.View(); !strings.Contains(v, "Hauptbahnhof") || strings.Contains(v, "Ehinger Tor") {
		t.Errorf("the start board not shown after the noon hours:\n%s", v)
	}
}
