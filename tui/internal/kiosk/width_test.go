package kiosk

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// cellWidth measures as ansi.StringWidth does: the kiosk's own lines (the
// letter font, the clock, badges, SGR and hyperlinks) and random strings
// of ASCII, Latin-1, blocks, marks, wide and joined graphemes.
func TestCellWidthIsStringWidth(t *testing.T) {
	cases := append(FontText("WISSENSCHAFTSSTADT 12 MIN", 3), BigText("12:34", 2)...)
	cases = append(cases, fontText("Ehinger Tor", 3, true)...)
	cases = append(cases, "\x1b[1;38;5;231;48;5;160m 2 \x1b[m  Söflingen · Gleis 3 │ ⚠ ~5 min",
		"\x1b]8;;https://example.org/\x1b\\link\x1b]8;;\x1b\\", "\x1b]8;;x\alink\x1b]8;;\a", "e\u0301", "a\u00adb", "日本", "👍🏽", "\x1b[", "\x1b]8;;", "\x1bP", "\t")
	atoms := []string{"a", " ", "ß", "Ü", "·", "\u00ad", "█", "▀", "▄", "│", "─", "…", "⚠", "日", "e\u0301", "\u0301", "\x1b[1m", "\x1b[38;5;12m", "\x1b[m", "\x1b]8;;u\x1b\\", "\x1b", "\n", "👍", "\u200d", "\ufe0f", "\xff"}
	rng := rand.New(rand.NewPCG(34, 5))
	for range 5000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteString(atoms[rng.IntN(len(atoms))])
		}
		cases = append(cases, sb.String())
	}
	for _, s := range cases {
		if got, want := cellWidth(s), ansi.StringWidth(s); got != want {
			t.Errorf("cellWidth(%q) = %d, ansi.StringWidth %d", s, got, want)
		}
	}
}
