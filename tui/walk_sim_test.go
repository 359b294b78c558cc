package tui

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// walkScreen runs the board with walking time walk at w×h on the
// embedded simulation from start, as a real program, and returns its
// screen after the first answers (the View of the model Run ends with),
// after typing keys.
func walkScreen(t *testing.T, start time.Time, lang string, walk time.Duration, w, h int, keys string) string {
	t.Helper()
	var v string
	synctest.Test(t, func(t *testing.T) {
		clock := sim.NewClock(start, 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		m := New(app.Options{Source: simclient.Client(t, svc), Now: clock.Now, Walk: walk, Lang: lang})
		p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignalHandler(), tea.WithFPS(fps))
		done := make(chan tea.Model)
		go func() {
			fm, err := p.Run()
			if err != nil {
				t.Error(err)
			}
			done <- fm
		}()
		p.Send(tea.WindowSizeMsg{Width: w, Height: h})
		time.Sleep(2 * time.Second)
		synctest.Wait()
		for _, r := range keys {
			p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			time.Sleep(100 * time.Millisecond)
		}
		synctest.Wait()
		p.Quit()
		v = (<-done).View()
		time.Sleep(time.Minute) // the ticks Bubble Tea cannot cancel
		synctest.Wait()
	})
	return v
}

// Issue 33 item 6: a board with a walking time opens on what can be
// caught. At 100x12 with --walk 3m at rush hour on the simulation every
// row was "✗ verpasst": now the missed departures are hidden, the first
// screen holds catchable rows, the header says how many are hidden, and
// H shows them again (the rows say ✗ missed, the header no longer counts).
func TestWalkBoardOpensOnCatchable(t *testing.T) {
	start := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	for _, c := range []struct{ lang, catch, hidden, missed string }{
		{"en", "» in ", `walk 3 min · \d+ missed hidden`, "✗ missed"},
		{"de", "» in ", `Fußweg 3 Min · \d+ Verpasste ausgeblendet`, "✗ verpasst"},
	} {
		v := walkScreen(t, start, c.lang, 3*time.Minute, 100, 12, "")
		rows := 0
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, c.missed) {
				t.Errorf("%s: a missed row on the first screen: %q\n%s", c.lang, l, v)
			}
			if strings.Contains(l, c.catch) || strings.Contains(l, "! ") {
				rows++
			}
		}
		if rows < 5 {
			t.Errorf("%s: %d catchable rows on the first screen at 100x12, want at least 5:\n%s", c.lang, rows, v)
		}
		if !regexp.MustCompile(c.hidden).MatchString(v) {
			t.Errorf("%s: the header does not say how many are hidden (%s):\n%s", c.lang, c.hidden, v)
		}
		v = walkScreen(t, start, c.lang, 3*time.Minute, 100, 12, "H")
		if !strings.Contains(v, c.missed) || regexp.MustCompile(c.hidden).MatchString(v) {
			t.Errorf("%s: H does not show the missed rows:\n%s", c.lang, v)
		}
	}
}
