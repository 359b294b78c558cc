package tui

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/internal/lockbuf"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// Issue 26 item 5: the window title names the board and its next
// departure (OSC 2), changes at most once a minute, and the terminal's own
// title is saved at start and restored on exit; off, nothing of it is
// written.
func TestWindowTitle(t *testing.T) {
	for _, on := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
			defer cancel()
			var out lockbuf.Buffer
			start := time.Now()
			src := testkit.NewFakeSource()
			p := newProgram(New(app.Options{Source: src, Now: func() time.Time { return testkit.T0.Add(time.Since(start)) }}), nil, &out,
				tea.WithContext(ctx), tea.WithoutSignalHandler())
			p.title.On, p.focus = on, on // focus reports: for desktop notifications (notify.go)
			go p.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
			_, _ = p.Run()
			time.Sleep(2 * feeds.DefaultInterval) // the ticks in flight end
			got := out.String()
			titles := regexp.MustCompile("\x1b\\]2;([^\x1b]*)\x1b\\\\").FindAllStringSubmatch(got, -1)
			if !on {
				if len(titles) != 0 || strings.Contains(got, termio.SeqTitlePush) || strings.Contains(got, termio.SeqTitlePop) || strings.Contains(got, seqFocusOn) {
					t.Errorf("title off, but %d titles written", len(titles))
				}
				return
			}
			if !strings.HasPrefix(got, seqEnter+seqFocusOn+termio.SeqTitlePush) || !strings.HasSuffix(got, termio.SeqTitlePop+seqFocusOff+seqLeave) {
				t.Errorf("the terminal's title is not saved first and restored last: %q … %q", got[:min(40, len(got))], got[max(0, len(got)-40):])
			}
			if len(titles) < 2 || len(titles) > 6 {
				t.Errorf("%d titles in 5 minutes, want a few, at most one a minute: %q", len(titles), titles)
			}
			if len(titles) > 0 && !regexp.MustCompile(`^Hauptbahnhof · \S+ .+ (now|\d+ min) · abfahrt$`).MatchString(titles[0][1]) {
				t.Errorf("title %q, want the board and its next departure", titles[0][1])
			}
		})
	}
}

// In kiosk mode the title is off unless asked.
func TestKioskTitleOffUnlessAsked(t *testing.T) {
	o := app.Options{Kiosk: app.KioskOptions{Enabled: true}}
	if o.TitleOn() {
		t.Error("a kiosk sets the window title by default")
	}
	o.Title = "on"
	if !o.TitleOn() {
		t.Error("a kiosk that asked gets no window title")
	}
	var _ titled = kiosk.Model{}
}
