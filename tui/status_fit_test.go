package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
)

// The status bar leaves out the source, then the age, when the line is
// too long, also when there is no message: the German grid at 80 columns
// ended in "nächste in …", the time of the next poll cut away.
func TestStatusBarLeavesOutRatherThanCuts(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		for _, w := range []int{60, 70, 80} {
			e := newGridEnv(t, w, 24, specsOver(3), func(o *app.Options) { o.Lang = lang })
			lines := strings.Split(ansi.Strip(e.View()), "\n")
			bar := lines[len(lines)-2]
			next := map[string]string{"en": "next in", "de": "nächste in"}[lang]
			if strings.Contains(bar, "…") || !strings.Contains(bar, next) {
				t.Errorf("%s, %d columns: the status bar is cut: %q", lang, w, bar)
			}
		}
	}
}
