package mapview

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// In half blocks the same diagonal is drawn with █ and ▒ only, each cell
// lit where its braille cell would have dots, and no braille at all.
func TestHalfBlocksDrawTheTrackWithoutBraille(t *testing.T) {
	pts := []LonLat{hbf, scip}
	p := Fit(pts, 20, 5)
	braille, blocks := NewCanvas(20, 5), NewCanvas(20, 5)
	blocks.DrawWith(HalfBlocks)
	braille.Polyline(p, pts)
	blocks.Polyline(p, pts)
	b1, b2 := braille.Render(nil), blocks.Render(nil)
	drawn := 0
	for i := range b2 {
		if utf8.RuneCountInString(b2[i]) != 20 {
			t.Fatalf("row %q is not 20 cells", b2[i])
		}
		r1, r2 := []rune(b1[i]), []rune(b2[i])
		for j, ch := range r2 {
			if !strings.ContainsRune(" ▒█", ch) {
				t.Fatalf("half blocks drew %q:\n%s", ch, strings.Join(b2, "\n"))
			}
			if (ch == ' ') != (r1[j] == ' ') {
				t.Errorf("cell %d,%d: %q in half blocks, %q in braille", j, i, ch, r1[j])
			}
			if ch != ' ' {
				drawn++
			}
		}
	}
	if drawn < 10 {
		t.Errorf("a diagonal lit only %d cells:\n%s", drawn, strings.Join(b2, "\n"))
	}
	for dots, want := range map[uint8]rune{0: ' ', 0x01: '▒', 0x10: '▒', 0x04: '▒', 0x80: '▒', 0x09: '▒', 0x41: '█', 0xFF: '█'} {
		if got := CellRune(dots, HalfBlocks); got != want {
			t.Errorf("CellRune(%#02x, HalfBlocks) = %q, want %q", dots, got, want)
		}
	}
}

// The console sparkline rises in three heights the console font has.
func TestSparklineWithConsoleSparks(t *testing.T) {
	if got := SparklineWith([]float64{0, 60, 120, 180}, 10, ConsoleSparks); got != "_▒▒█" {
		t.Errorf("rising delay = %q", got)
	}
	if got := SparklineWith([]float64{0, 0}, 10, ConsoleSparks); got != "__" {
		t.Errorf("on time throughout = %q", got)
	}
	if got := SparklineWith([]float64{0, 1}, 10, nil); got != "▁█" {
		t.Errorf("no levels = %q, want the eighth blocks", got)
	}
}
