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

// fontHeight is the height of a line of the letter font at scale, on the
// Linux console (console) or elsewhere. The console's fonts (Debian's
// Lat15, Uni2, Uni3 of console-setup) have the full block but not the
// half blocks, so there a pixel is a whole cell high: the same height
// from scale 2, and 5 cells, not 3, at scale 1.
func fontHeight(scale int, console bool) int {
	if console {
		return max(FontHeight(scale), fontRows)
	}
	return FontHeight(scale)
}

// fontText is FontText, on the console with full blocks only
// (fontHeight): the pixel rows spread over the height, each one or more
// whole cells high (at scale 3 two, one, two, one, two).
func fontText(text string, scale int, console bool) []string {
	if !console {
		return FontText(text, scale)
	}
	px := fontPixels(text, scale)
	h := fontHeight(scale, console)
	out := make([]string, h)
	var sb strings.Builder
	for y := range h {
		row := px[(2*y+1)*fontRows/(2*h)]
		sb.Reset()
		for _, on := range row {
			if on {
				sb.WriteRune('█')
			} else {
				sb.WriteByte(' ')
			}
		}
		out[y] = sb.String()
	}
	return out
}

// fontPixels are the pixel rows of text at scale: each pixel scale wide,
// glyphs a pixel (scale) apart.
func fontPixels(text string, scale int) [][]bool {
	px := make([][]bool, fontRows)
	for i, r := range []rune(text) {
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
	return px
}

// FontText draws text in the letter font at scale (a pixel is scale
// cells wide and scale half cells high), with full and half blocks only:
// the Linux console's font has them. The lines are plain, of equal width
// FontWidth(text, scale).
func FontText(text string, scale int) []string {
	scale = max(scale, 1)
	// The pixel rows, each pixel scale wide.
	px := fontPixels(text, scale)
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
