package tui

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// TestRequestRate: the status bar shows the requests of the last minute.
func TestRequestRate(t *testing.T) {
	var n int64
	e := newEnvWithOptions(t, func(o *app.Options) { o.Stats = func() int64 { return n } })
	for range 90 {
		n += 2
		e.advance(time.Second)
	}
	if v := e.m.View(); !strings.Contains(v, "120 req/min") {
		t.Errorf("want 120 req/min after 90 s at 2/s:\n%s", lastLines(v, 2))
	}
}

// newEnvWithOptions is newEnv with options changed by opt; base data is
// loaded and the single board's first poll answered.
func newEnvWithOptions(t testing.TB, opt func(*app.Options)) *testEnv {
	return newGridEnv(t, 120, 40, nil, func(o *app.Options) {
		opt(o)
	})
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	l := strings.Split(s, "\n")
	return strings.Join(l[max(len(l)-n, 0):], "\n")
}

var _ = model.Berlin

// In the first minute the rate counts every request since the start
// (the counter starts with the program), not only those after the first
// sample.
func TestRequestRateInTheFirstMinute(t *testing.T) {
	n := int64(6) // the first polls and the base data, before the first clock second
	e := newEnvWithOptions(t, func(o *app.Options) { o.Stats = func() int64 { return n } })
	for range 10 {
		e.advance(time.Second)
	}
	if v := e.m.View(); !strings.Contains(v, "6 req/min") {
		t.Errorf("want 6 req/min 10 s after a start with 6 requests:\n%s", lastLines(v, 2))
	}
}

// TestZoomedBoardAndVehiclePaneOneFocus: with a zoomed grid board and the
// vehicle pane open beside it, only the pane with the focus draws as
// focused (the board its cursor, the pane its border's colour); tab hands
// the focus, and the look, back to the board.
func TestZoomedBoardAndVehiclePaneOneFocus(t *testing.T) {
	e := newGridEnv(t, 200, 40, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}}, func(o *app.Options) {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		o.Renderer = r
	})
	e.Key("enter")
	if v := ansi.Strip(e.View()); strings.Contains(v, "Ehinger Tor") || !strings.Contains(v, "▸") {
		t.Fatalf("enter did not zoom to the focused board:\n%s", v)
	}
	e.runNow(e.Key("enter")) // opens the vehicle of the row
	open := e.View()
	if e.m.focus != app.PaneVehicle || !strings.Contains(ansi.Strip(open), "Vehicle 53") {
		t.Fatalf("enter on a zoomed row did not open and focus the vehicle pane (focus %v):\n%s", e.m.focus, ansi.Strip(open))
	}
	if strings.Contains(ansi.Strip(open), "▸") {
		t.Errorf("the zoomed board draws its cursor beside the focused vehicle pane:\n%s", ansi.Strip(open))
	}
	e.Key("tab")
	back := e.View()
	if e.m.focus != app.PaneBoard || !strings.Contains(ansi.Strip(back), "▸") {
		t.Errorf("after tab: focus %v, the board's cursor drawn %v; want the board focused", e.m.focus, strings.Contains(ansi.Strip(back), "▸"))
	}
	if a, b := paneBorder(open), paneBorder(back); a == "" || a == b {
		t.Errorf("the vehicle pane's border is drawn alike focused (%q) and not (%q)", a, b)
	}
}

// paneBorder is the style the first line of view v draws the vehicle
// pane's top left corner in.
func paneBorder(v string) string {
	line, _, _ := strings.Cut(v, "\n")
	i := strings.Index(line, "╭")
	if i < 0 {
		return ""
	}
	j := strings.LastIndex(line[:i], "\x1b[")
	if j < 0 {
		return ""
	}
	return line[j:i]
}
