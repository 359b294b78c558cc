package screen_test

import (
	"io"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui"
	"abfahrt/tui/internal/screen"
	"abfahrt/tui/internal/testkit"
)

// linkedScreen runs the real program with the link templates l on the
// test source for a poll and a half, at 120x30 in 256 colours, and
// returns the strict terminal it painted.
func linkedScreen(t *testing.T, l tui.Links, theme string) *screen.Terminal {
	t.Helper()
	term := screen.NewTerminal(120, 30)
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		o := tui.Options{Source: testkit.NewFakeSource(), Now: func() time.Time { return testkit.T0.Add(time.Since(start)) },
			Theme: theme, Renderer: r, Links: l, StateDir: t.TempDir()}
		p := tui.NewProgram(t.Context(), o, nil, term)
		done := make(chan struct{})
		go func() {
			if _, err := p.Run(); err != nil {
				t.Error(err)
			}
			close(done)
		}()
		p.Send(tea.WindowSizeMsg{Width: 120, Height: 30})
		time.Sleep(tui.DefaultInterval + tui.DefaultInterval/2)
		synctest.Wait()
		p.Quit()
		<-done
		time.Sleep(2 * tui.DefaultInterval) // the ticks in flight end
		synctest.Wait()
	})
	return term
}

// Links change nothing else a rider sees: the board painted with its stop
// and vehicles linked shows the same cells, in the same colours, as the
// board without links (the renderer may draw them in another order: the
// strict terminal compares what is on the screen, not the bytes).
func TestLinksChangeNothingElseOnScreen(t *testing.T) {
	links := tui.Links{Stop: "https://example.org/stop/{stop}?n={name}", Vehicle: "https://example.org/vehicle/{vehicle}"}
	for _, theme := range []string{"mono", "dark"} {
		t.Run(theme, func(t *testing.T) {
			linked := linkedScreen(t, links, theme)
			plain := linkedScreen(t, tui.Links{}, theme)
			if linked.Linked() == 0 {
				t.Fatal("no cell of the linked board is in a link")
			}
			if plain.Linked() != 0 {
				t.Fatalf("%d cells linked without templates", plain.Linked())
			}
			if diff := linked.SameButLinks(plain); diff != "" {
				t.Errorf("with links the screen differs from the one without:\n%s", diff)
			}
		})
	}
}
