package screen

import (
	"bytes"
	"fmt"
	"testing"
)

// A grapheme of several runes (a letter and its combining marks, a flag)
// is kept in its screen's table; the same grapheme in the next frame is
// the same cell, so a countdown that turns next to it writes the new
// digit and not the graphemes again.
func TestClustersCompareEqualAcrossFrames(t *testing.T) {
	s, v := scrambled(30, 2)
	for i, frame := range []string{"Cafe\u0301 🇩🇪 \x1b[1m1\x1b[m min\nx", "Cafe\u0301 🇩🇪 \x1b[1m2\x1b[m min\nx"} {
		out, r := renderCheck(s, v, frame, 30, 2)
		if r != "" {
			t.Fatalf("frame %d: %s", i, r)
		}
		if i == 1 && (bytes.Contains(out, []byte("\u0301")) || bytes.Contains(out, []byte("🇩"))) {
			t.Errorf("the unchanged graphemes were written again: %q", out)
		}
	}
}

// Many distinct graphemes of several runes on a long-running screen (a
// hub's board runs for weeks) keep its table bounded and every frame
// right: beyond maxClusters the next frame repaints and the table starts
// afresh.
func TestManyClusters(t *testing.T) {
	s, v := scrambled(30, 3)
	most := 0
	for i := range 6000 {
		g := fmt.Sprintf("%c%c%c", 'a'+i%26, 0x300+(i/26)%112, 0x300+(i/(26*112))%112)
		frame := "stop " + g + fmt.Sprintf(" %d\n\nend", i)
		if _, r := renderCheck(s, v, frame, 30, 3); r != "" {
			t.Fatalf("frame %d: %s", i, r)
		}
		most = max(most, len(s.clusters))
	}
	if most > maxClusters+30*3 {
		t.Errorf("%d graphemes kept", most)
	}
	if most < maxClusters {
		t.Errorf("the table held at most %d graphemes: the test did not reach its bound", most)
	}
}
