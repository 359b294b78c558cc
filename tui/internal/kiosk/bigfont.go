package kiosk

import (
	"strings"
	"unicode"
)

// The kiosk's letter font: glyphs of fontRows pixels high and mostly 3
// wide (M, N, W and a few more are 5), drawn with half blocks so that a
// pixel is as tall as it is wide (a terminal cell is twice as tall as
// wide). Letters are drawn as capitals, as on a hall display: they read
// from further away than lower case at this size. '#' is a pixel.
const fontRows = 5

// fontGlyphs are the glyphs of the letter font.
var fontGlyphs = map[rune][fontRows]string{
	'A':  {"###", "# #", "###", "# #", "# #"},
	'B':  {"## ", "# #", "## ", "# #", "## "},
	'C':  {"###", "#  ", "#  ", "#  ", "###"},
	'D':  {"## ", "# #", "# #", "# #", "## "},
	'E':  {"###", "#  ", "## ", "#  ", "###"},
	'F':  {"###", "#  ", "## ", "#  ", "#  "},
	'G':  {"###", "#  ", "# #", "# #", "###"},
	'H':  {"# #", "# #", "###", "# #", "# #"},
	'I':  {"###", " # ", " # ", " # ", "###"},
	'J':  {"  #", "  #", "  #", "# #", "###"},
	'K':  {"# #", "# #", "## ", "# #", "# #"},
	'L':  {"#  ", "#  ", "#  ", "#  ", "###"},
	'M':  {"#   #", "## ##", "# # #", "#   #", "#   #"},
	'N':  {"#   #", "##  #", "# # #", "#  ##", "#   #"},
	'O':  {"###", "# #", "# #", "# #", "###"},
	'P':  {"###", "# #", "###", "#  ", "#  "},
	'Q':  {"### ", "# # ", "# # ", "### ", "  ##"},
	'R':  {"###", "# #", "## ", "# #", "# #"},
	'S':  {"###", "#  ", "###", "  #", "###"},
	'T':  {"###", " # ", " # ", " # ", " # "},
	'U':  {"# #", "# #", "# #", "# #", "###"},
	'V':  {"# #", "# #", "# #", "# #", " # "},
	'W':  {"#   #", "#   #", "# # #", "## ##", "#   #"},
	'X':  {"# #", "# #", " # ", "# #", "# #"},
	'Y':  {"# #", "# #", " # ", " # ", " # "},
	'Z':  {"###", "  #", " # ", "#  ", "###"},
	'Ä':  {"# #", "   ", "###", "# #", "# #"},
	'Ö':  {"# #", "   ", "###", "# #", "###"},
	'Ü':  {"# #", "   ", "# #", "# #", "###"},
	'ß':  {"## ", "# #", "## ", "# #", "## "},
	'0':  {"###", "# #", "# #", "# #", "###"},
	'1':  {" # ", "## ", " # ", " # ", "###"},
	'2':  {"###", "  #", "###", "#  ", "###"},
	'3':  {"###", "  #", "###", "  #", "###"},
	'4':  {"# #", "# #", "###", "  #", "  #"},
	'5':  {"###", "#  ", "###", "  #", "###"},
	'6':  {"###", "#  ", "###", "# #", "###"},
	'7':  {"###", "  #", "  #", "  #", "  #"},
	'8':  {"###", "# #", "###", "# #", "###"},
	'9':  {"###", "# #", "###", "  #", "###"},
	' ':  {"  ", "  ", "  ", "  ", "  "},
	'-':  {"   ", "   ", "###", "   ", "   "},
	'.':  {" ", " ", " ", " ", "#"},
	',':  {" ", " ", " ", "#", "#"},
	':':  {" ", "#", " ", "#", " "},
	'/':  {"  #", "  #", " # ", "#  ", "#  "},
	'(':  {" #", "# ", "# ", "# ", " #"},
	')':  {"# ", " #", " #", " #", "# "},
	'\'': {"#", "#", " ", " ", " "},
	'~':  {"    ", " # #", "# # ", "    ", "    "},
	'+':  {"   ", " # ", "###", " # ", "   "},
	'&':  {" # ", "# #", " # ", "# #", " ##"},
	'?':  {"###", "  #", " ##", "   ", " # "},
	'!':  {"#", "#", "#", " ", "#"},
}

// fontGlyph returns the glyph of r: a letter as its capital (ß has its
// own), a rune the font lacks as '?'. ß's capital is itself: the font
// draws it, not "SS", so that a name keeps its width.
func fontGlyph(r rune) [fontRows]string {
	if g, ok := fontGlyphs[r]; ok {
		return g
	}
	if g, ok := fontGlyphs[unicode.ToUpper(r)]; ok {
		return g
	}
	switch r {
	case 'é', 'è', 'ê', 'É':
		return fontGlyphs['E']
	case 'á', 'à', 'â':
		return fontGlyphs['A']
	case '–', '—':
		return fontGlyphs['-']
	case '’', '`':
		return fontGlyphs['\'']
	}
	return fontGlyphs['?']
}

// FontWidth is the width in cells of s drawn by FontText at scale s: each
// glyph's pixels times the scale, one pixel apart.
func FontWidth(text string, scale int) int {
	scale = max(scale, 1)
	w := 0
	for i, r := range []rune(text) {
		if i > 0 {
			w += scale
		}
		w += len(fontGlyph(r)[0]) * scale
	}
	return w
}

// FontHeight is the height in cells of a line drawn by FontText at scale.
func FontHeight(scale int) int { return (fontRows*max(scale, 1) + 1) / 2 }

// FontText draws text in the letter font at scale (a pixel is scale
// cells wide and scale half cells high), with full and half blocks only:
// the Linux console's font has them. The lines are plain, of equal width
// FontWidth(text, scale).
func FontText(text string, scale int) []string {
	scale = max(scale, 1)
	rs := []rune(text)
	// The pixel rows, each pixel scale wide.
	px := make([][]bool, fontRows)
	for i, r := range rs {
		g := fontGlyph(r)
		for y := range fontRows {
			if i > 0 {
				for range scale {
					px[y] = append(px[y], false)
				}
			}
			for _, c := range g[y] {
				for range scale {
					px[y] = append(px[y], c == '#')
				}
			}
		}
	}
	// Half cells: each pixel row repeated scale times, two to a cell.
	n := fontRows * scale
	half := func(i int) []bool {
		if i >= n {
			return nil
		}
		return px[i/scale]
	}
	out := make([]string, 0, FontHeight(scale))
	var sb strings.Builder
	for y := 0; y < n; y += 2 {
		top, bot := half(y), half(y+1)
		sb.Reset()
		for x := range len(top) {
			t, b := top[x], bot != nil && bot[x]
			switch {
			case t && b:
				sb.WriteRune('█')
			case t:
				sb.WriteRune('▀')
			case b:
				sb.WriteRune('▄')
			default:
				sb.WriteByte(' ')
			}
		}
		out = append(out, sb.String())
	}
	return out
}
