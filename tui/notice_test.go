package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// longBody is a service's error message longer than an 80-column line.
const longBody = "The departure service is down for planned maintenance until 05:30; boards show the timetable until then, please check the operator's website for replacement buses"

// words returns s's visible words, joined by single spaces.
func words(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(s), "│", " ")), " ")
}

// Issue 12 item 8: a long message in the status bar wraps onto lines of
// its own (the board gives up lines for them) instead of being cut; the
// screen keeps its size; a message is not repeated in one line.
func TestLongNoticeWraps(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.src.SetErr(&feed.HTTPError{Status: 503, Body: longBody})
	e.advance(feeds.DefaultInterval)
	e.poll()
	v := e.View()
	lines := strings.Split(v, "\n")
	if len(lines) != 24 {
		t.Errorf("%d lines, want 24", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d wide", i, w)
		}
	}
	if !strings.Contains(words(v), longBody) {
		t.Errorf("the message is cut:\n%s", v)
	}
	if !strings.Contains(v, "Hauptbahnhof") || !strings.Contains(lines[len(lines)-1], "? help") {
		t.Errorf("the board's title or the key hint is gone:\n%s", v)
	}

	e.src.SetErr(&feed.HTTPError{Status: 503, Body: "Service Unavailable"})
	e.advance(feeds.DefaultInterval * 4)
	e.poll()
	v = e.View()
	if n := strings.Count(v, "Service Unavailable"); n != 1 {
		t.Errorf("the status says %q %d times:\n%s", "Service Unavailable", n, v)
	}
}

// Issue 12 item 8: the vehicle pane's notes wrap: a long failure is read
// whole at 80 columns.
func TestVehicleNoteWraps(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.src.Mu.Lock()
	e.src.VehErr = &feed.HTTPError{Status: 503, Body: longBody}
	e.src.Mu.Unlock()
	e.runNow(app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: 44}))
	cmd := e.vehicleTick()
	if cmd == nil {
		t.Fatal("no vehicle poll")
	}
	e.deliver(cmd)
	v := e.View()
	if !strings.Contains(words(v), "Vehicle not available: 503 Service Unavailable: "+longBody) {
		t.Errorf("the vehicle note is cut:\n%s", v)
	}
}

// Issue 12 item 8: an unknown stop is said once on its board, in each
// language: that it does not exist, and how to ask again, not the same
// fact twice ("does not exist: the service knows no such stop").
func TestUnknownStopSaidOnce(t *testing.T) {
	for _, c := range []struct{ lang, want, twice string }{
		{"en", "Hauptbahnhof does not exist (r asks the service again).", "knows no"},
		{"de", "Hauptbahnhof gibt es nicht (r fragt den Dienst erneut).", "kennt"},
	} {
		e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
		e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Lang: c.lang, Now: func() time.Time { return e.now }})
		e.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		e.src.SetErr(&feed.NotFoundError{Status: "no stop found", Subject: "StopNumber 1008"})
		e.send(e.src.Base)
		e.poll()
		v := e.View()
		if !strings.Contains(v, c.want) || strings.Contains(v, c.twice) {
			t.Errorf("%s: want %q once, without %q:\n%s", c.lang, c.want, c.twice, v)
		}
	}
}
