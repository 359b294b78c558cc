package kiosk

import (
	"strings"
)

// digitRows is the height of a big glyph at scale 1.
const digitRows = 5

// bigGlyph returns the rows of the big glyph of r, drawn with full blocks
// on a 3×5 grid (the colon is one column wide); blank for a rune the font
// lacks. Full blocks stay readable from across a platform and on any
// terminal font.
func bigGlyph(r rune) [digitRows]string {
	switch r {
	case '0':
		return [digitRows]string{"███", "█ █", "█ █", "█ █", "███"}
	case '1':
		return [digitRows]string{" █ ", "██ ", " █ ", " █ ", "███"}
	case '2':
		return [digitRows]string{"███", "  █", "███", "█  ", "███"}
	case '3':
		return [digitRows]string{"███", "  █", "███", "  █", "███"}
	case '4':
		return [digitRows]string{"█ █", "█ █", "███", "  █", "  █"}
	case '5':
		return [digitRows]string{"███", "█  ", "███", "  █", "███"}
	case '6':
		return [digitRows]string{"███", "█  ", "███", "█ █", "███"}
	case '7':
		return [digitRows]string{"███", "  █", "  █", "  █", "  █"}
	case '8':
		return [digitRows]string{"███", "█ █", "███", "█ █", "███"}
	case '9':
		return [digitRows]string{"███", "█ █", "███", "  █", "███"}
	case ':':
		return [digitRows]string{" ", "█", " ", "█", " "}
	}
	return [digitRows]string{"   ", "   ", "   ", "   ", "   "}
}

// BigText draws s (digits and colons) in big glyphs, one column apart, at
// scale 1 (3×5 cells a digit) or 2 (6×10). The lines are plain and of
// equal width.
func BigText(s string, scale int) []string {
	scale = max(scale, 1)
	rows := make([]strings.Builder, digitRows)
	for i, r := range s {
		g := bigGlyph(r)
		for y := range digitRows {
			if i > 0 {
				rows[y].WriteString(strings.Repeat(" ", scale))
			}
			for _, c := range g[y] {
				rows[y].WriteString(strings.Repeat(string(c), scale))
			}
		}
	}
	out := make([]string, 0, digitRows*scale)
	for y := range digitRows {
		line := rows[y].String()
		for range scale {
			out = append(out, line)
		}
	}
	return out
}

// bigWidth is the width of bigText(s, scale) in cells.
func bigWidth(s string, scale int) int {
	scale = max(scale, 1)
	w := 0
	for i, r := range s {
		if i > 0 {
			w += scale
		}
		if r == ':' {
			w += scale
		} else {
			w += 3 * scale
		}
	}
	return w
}
