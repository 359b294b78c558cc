package kiosk

import (
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// newColumnsEnv is a kiosk of four boards side by side at w×h on a service
// with 100 departures at each stop, its first polls answered; limit, when
// not 0, is the departures every board asks for instead of the kiosk's own.
func newColumnsEnv(t *testing.T, w, h, limit int) *env {
	t.Helper()
	src := testkit.NewFakeSource()
	src.Wide = map[feeds.Subject]model.Board{}
	var specs []app.BoardSpec
	for _, n := range []int{1008, 1350, 1240, 1010} {
		b := testkit.LongBoard(app.MaxLimit)
		b.StopNumber = n
		src.Wide[feeds.Subject{Stop: n}] = b
		specs = append(specs, app.BoardSpec{Stop: n})
	}
	e := &env{t: t, src: src, now: testkit.T0}
	e.m = NewModel(app.Options{Source: src, Now: func() time.Time { return e.now },
		Kiosk: app.KioskOptions{Enabled: true}, Boards: specs})
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	if limit > 0 {
		e.m.Shared.Limit = limit
	}
	e.send(src.Base)
	for _, cmd := range e.m.Start {
		e.runNow(cmd)
	}
	e.poll()
	return e
}

// Boards side by side ask each stop for the departures a column shows
// and a margin, not for as many as the screen has lines (80 at 300x80,
// when a column shows about 30): every answer is decoded and gone through
// each poll. The columns show what they showed when the kiosk asked for
// the most.
func TestKioskColumnsAskForWhatTheyShow(t *testing.T) {
	const w, h = 300, 80
	e := newColumnsEnv(t, w, h, 0)
	e.src.Mu.Lock()
	limits := slices.Clone(e.src.Limits)
	e.src.Mu.Unlock()
	if len(limits) == 0 {
		t.Fatal("the kiosk asked for no departures")
	}
	for _, l := range limits {
		if l > 40 {
			t.Errorf("a board of four side by side at %dx%d asked for %d departures (all asks %v), want at most 40", w, h, l, limits)
		}
	}
	all := newColumnsEnv(t, w, h, app.MaxLimit)
	for _, d := range []time.Duration{0, 5 * time.Minute} {
		if d > 0 {
			e.advance(d)
			all.advance(d)
		}
		if got, want := e.screen(), all.screen(); got != want {
			t.Errorf("after %v the columns differ from those of a kiosk asking for %d:\n%s\nwant:\n%s", d, app.MaxLimit, got, want)
		}
	}
}

// One board on the whole screen still asks for a screenful: its rows of
// text fill the height at a size without large rows.
func TestKioskOneBoardAsksForItsHeight(t *testing.T) {
	e := newLongEnv(t, 150, 50)
	if got := e.m.Shared.Limit; got < 40 {
		t.Errorf("one board at 150x50 asks for %d departures, want at least 40", got)
	}
}
