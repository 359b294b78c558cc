package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
)

// A small kiosk shortens the date in whole words instead of cutting it:
// at 30×8 in German it read "01:29  Montag, 23. November …".
func TestSmallKioskDateInWholeWords(t *testing.T) {
	for _, c := range []struct {
		lang string
		w    int
		want string
	}{
		{"de", 30, "Freitag, 11. September"},
		{"en", 30, "Friday, 11 September"},
		{"en", 40, "Friday, 11 September 2026"},
	} {
		e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
		k := kiosk.NewModel(app.Options{Source: e.src, Lang: c.lang, Now: func() time.Time { return e.now },
			Kiosk: app.KioskOptions{Enabled: true}})
		e.k = &k
		e.send(tea.WindowSizeMsg{Width: c.w, Height: 8})
		e.send(e.src.Base)
		e.kpoll()
		var top string
		for _, l := range strings.Split(ansi.Strip(e.View()), "\n") {
			if strings.Contains(l, "12:34") {
				top = l // the clock's line (the next says "as of 12:34")
				break
			}
		}
		if strings.Contains(top, "…") || !strings.HasSuffix(strings.TrimSpace(top), c.want) {
			t.Errorf("%s, %d columns: the date line is %q, want it to end in %q", c.lang, c.w, top, c.want)
		}
	}
}
