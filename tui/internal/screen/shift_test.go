package screen

import (
	"strings"
	"testing"
)

// bigRow is a block of n lines of a large departure: its text drawn in
// blocks, different for each text.
func bigRow(text string, n int) []string {
	out := make([]string, n)
	for y := range out {
		var sb strings.Builder
		sb.WriteString("\x1b[1;38;5;231;48;5;160m  ")
		for i, r := range text {
			if (int(r)+y+i)%3 == 0 {
				sb.WriteString("███")
			} else {
				sb.WriteString("▀▀▄")
			}
		}
		sb.WriteString("\x1b[m")
		out[y] = sb.String()
	}
	return out
}

// When a large row's countdown turns so that it reads like the row above
// it (two departures of one line in the same minute), only its countdown
// is written: the renderer does not move the row above down onto it and
// back (which wrote the whole row again).
func TestRowsThatBecameEqualAreNotSwapped(t *testing.T) {
	const w, h = 120, 30
	a := bigRow("5 WISSENSCHAFTSSTADT 1 MIN", 8)
	b := bigRow("5 WISSENSCHAFTSSTADT 2 MIN", 8)
	c := bigRow("7 IM LEHRER FELD 3 MIN", 8)
	frame := func(rows ...[]string) string {
		var lines []string
		for _, r := range rows {
			lines = append(lines, r...)
			lines = append(lines, "")
		}
		return strings.Join(lines, "\n")
	}
	s, v := scrambled(w, h)
	if _, r := renderCheck(s, v, frame(a, b, c), w, h); r != "" {
		t.Fatal(r)
	}
	out, r := renderCheck(s, v, frame(a, a, c), w, h)
	if r != "" {
		t.Fatal(r)
	}
	rowBytes := len(strings.Join(b, ""))
	if len(out) > rowBytes/4 {
		t.Errorf("the second row turned into the first: %d bytes written (the row is %d): %q", len(out), rowBytes, out)
	}
}

// When a departure leaves and, with the same answer, the countdown of the
// one below it turns, that row still moves up (delete line) and only its
// countdown is written: rows that moved match when fixing them after the
// move costs less than fixing them in place.
func TestRowsThatMovedAndChangedMove(t *testing.T) {
	const w, h = 120, 30
	a := bigRow("4 BOEFINGEN SUED NOW", 8)
	b := bigRow("7 IM LEHRER FELD 3 MIN", 8)
	b2 := bigRow("7 IM LEHRER FELD 2 MIN", 8)
	c := bigRow("5 WISSENSCHAFTSSTADT 6 MIN", 8)
	frame := func(rows ...[]string) string {
		var lines []string
		for _, r := range rows {
			lines = append(lines, r...)
			lines = append(lines, "")
		}
		return strings.Join(lines, "\n")
	}
	s, v := scrambled(w, h)
	if _, r := renderCheck(s, v, frame(a, b, c), w, h); r != "" {
		t.Fatal(r)
	}
	out, r := renderCheck(s, v, frame(b2, c), w, h)
	if r != "" {
		t.Fatal(r)
	}
	rowBytes := len(strings.Join(b2, ""))
	if !strings.Contains(string(out), "M") || len(out) > rowBytes/2 {
		t.Errorf("a row that moved up and turned its countdown: %d bytes written (the row is %d): %q", len(out), rowBytes, out)
	}
}
