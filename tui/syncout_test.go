package tui

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/internal/lockbuf"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/screen"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// Issue 26 item 7: the program asks the terminal about synchronized
// output without waiting for it; a terminal that answers it knows the mode
// gets its later frames wrapped in begin/end; one that answers "not
// recognized", or nothing, gets plain frames.
func TestSynchronizedOutputWhenTheTerminalSaysSo(t *testing.T) {
	for _, c := range []struct {
		answer string
		sync   bool
	}{{"\x1b[?2026;2$y", true}, {"\x1b[?2026;1$y", true}, {"\x1b[?2026;0$y", false}, {"", false}} {
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			var out lockbuf.Buffer
			in, w := io.Pipe()
			src := testkit.NewFakeSource()
			p := newProgram(New(app.Options{Source: src, Now: func() time.Time { return testkit.T0 }}), in, &out, tea.WithContext(ctx), tea.WithoutSignalHandler())
			p.askSync = true
			go func() {
				p.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
				time.Sleep(5 * time.Second) // the first frames go out before any answer
				if c.answer != "" {
					_, _ = w.Write([]byte(c.answer))
				}
				time.Sleep(40 * time.Second) // polls paint again
				_ = w.Close()
			}()
			_, _ = p.Run()
			time.Sleep(2 * feeds.DefaultInterval)
			got := out.String()
			if !strings.HasPrefix(got, seqEnter+termio.SeqSyncQuery) {
				t.Errorf("%q: the terminal was not asked first: %q", c.answer, got[:min(60, len(got))])
			}
			first := strings.Index(got, "Hauptbahnhof")
			if first < 0 || strings.Contains(got[:first], screen.SyncBegin) {
				t.Errorf("%q: the first frame waited for the answer or was wrapped", c.answer)
			}
			if has := strings.Contains(got, screen.SyncBegin); has != c.sync || strings.Count(got, screen.SyncBegin) != strings.Count(got, screen.SyncEnd) {
				t.Errorf("%q: synchronized frames %v, want %v", c.answer, has, c.sync)
			}
		})
	}
}
