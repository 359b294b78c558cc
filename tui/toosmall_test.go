package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/ui"
)

// A terminal too small for any view says so in whole words, in both
// languages, at every size from 1×1 up: at 10 to 17 columns it used to
// show "terminal …" (the word "too small" cut away).
func TestTooSmallSaysSoInWholeWords(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		tx := ui.TextsFor(lang)
		for w := 1; w < ui.MinWidth; w++ {
			for h := 1; h < ui.MinHeight; h++ {
				v := ui.TooSmall(tx, w, h)
				lines := strings.Split(v, "\n")
				if len(lines) != h {
					t.Fatalf("%s %dx%d: %d lines", lang, w, h, len(lines))
				}
				for _, l := range lines {
					if ansi.StringWidth(l) > w {
						t.Fatalf("%s %dx%d: line %q too wide", lang, w, h, l)
					}
					if strings.Contains(l, "…") && w >= 10 {
						t.Errorf("%s %dx%d: a cut word in %q", lang, w, h, v)
					}
				}
				if w >= 9 && h >= 2 && !strings.Contains(strings.Join(strings.Fields(v), " "), tx.TooSmallShort) {
					t.Errorf("%s %dx%d: %q does not say %q", lang, w, h, v, tx.TooSmallShort)
				}
			}
		}
	}
}
