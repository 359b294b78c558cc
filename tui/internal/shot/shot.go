// Package shot draws a frame of the TUI (what a View returns: lines with
// SGR escapes) as an SVG picture of the terminal cells it paints, for the
// manual's pictures (docs/pictures). A frame is read as the renderer
// (tui/internal/screen) reads it: row i is line i from column 0, a line
// is cut at the width (a wide grapheme crossing the edge is dropped),
// cells after a line's end are blank, of more lines than rows the last
// are shown, and escape sequences other than SGR draw nothing.
//
// Each run of cells of one style becomes one <text> whose textLength is
// the run's cells, so the columns stand where the terminal puts them
// whatever monospace font the viewer has; backgrounds are <rect>s.
package shot

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Cell geometry of the picture, in SVG user units (pixels).
const (
	CellW    = 8.4 // the advance of a 14 px monospace font (0.6 em)
	CellH    = 18
	FontSize = 14
	pad      = 8 // margin around the cells
)

// Font is the font family of the pictures: the fonts a terminal has.
const Font = `'DejaVu Sans Mono','Menlo','Consolas','Liberation Mono',monospace`

// Palette is what the terminal's own colours look like: the default
// foreground and background (FG, BG as "#RRGGBB") and the 16 ANSI
// colours. The zero ANSI table is xterm's.
type Palette struct {
	FG, BG string
	ANSI   [16]string
}

// xterm is xterm's 16 colours.
var xterm = [16]string{
	"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
	"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
}

// colour kinds of a cell's colour.
const (
	kDefault = iota
	kANSI
	kIndex
	kRGB
)

type colour struct {
	kind int
	v    uint32
}

// style of a cell.
type style struct {
	fg, bg                                      colour
	bold, faint, italic, under, reverse, strike bool
}

// cell is one terminal column: its grapheme ("" for the right half of a
// wide one) and style.
type cell struct {
	g  string
	st style
}

// cells reads frame into h rows of w cells (see the package comment).
func cells(frame string, w, h int) [][]cell {
	lines := strings.Split(strings.TrimSuffix(frame, "\n"), "\n")
	if len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	rows := make([][]cell, h)
	for i := range rows {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		rows[i] = parseLine(l, w)
	}
	return rows
}

// parseLine returns the w cells line paints.
func parseLine(line string, w int) []cell {
	out := make([]cell, 0, w)
	var st style
	var state byte
	for len(line) > 0 {
		seq, width, n, next := ansi.DecodeSequence(line, state, nil)
		if n <= 0 {
			break
		}
		state, line = next, line[n:]
		if width == 0 {
			if len(seq) >= 3 && seq[0] == ansi.ESC && seq[1] == '[' && seq[len(seq)-1] == 'm' {
				st = st.apply(seq[2 : len(seq)-1])
			} else if len(out) > 0 && (seq[0] >= 0xc0 || seq[0] >= 0x20 && seq[0] < 0x7f) {
				last := len(out) - 1
				for last > 0 && out[last].g == "" {
					last--
				}
				out[last].g += seq // a combining mark joins the cell before
			}
			continue
		}
		if len(out)+width > w {
			break
		}
		out = append(out, cell{g: seq, st: st})
		for ; width > 1; width-- {
			out = append(out, cell{st: st})
		}
	}
	for len(out) < w {
		out = append(out, cell{g: " "})
	}
	return out
}

// apply changes s by the parameters of one SGR sequence.
func (s style) apply(params string) style {
	if params == "" {
		return style{}
	}
	var ps []int
	for _, f := range strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' }) {
		v, _ := strconv.Atoi(f)
		ps = append(ps, v)
	}
	for i := 0; i < len(ps); i++ {
		switch p := ps[i]; {
		case p == 0:
			s = style{}
		case p == 1:
			s.bold = true
		case p == 2:
			s.faint = true
		case p == 3:
			s.italic = true
		case p == 4:
			s.under = true
		case p == 7:
			s.reverse = true
		case p == 9:
			s.strike = true
		case p == 22:
			s.bold, s.faint = false, false
		case p == 23:
			s.italic = false
		case p == 24:
			s.under = false
		case p == 27:
			s.reverse = false
		case p == 29:
			s.strike = false
		case p >= 30 && p <= 37:
			s.fg = colour{kANSI, uint32(p - 30)}
		case p >= 90 && p <= 97:
			s.fg = colour{kANSI, uint32(p - 90 + 8)}
		case p >= 40 && p <= 47:
			s.bg = colour{kANSI, uint32(p - 40)}
		case p >= 100 && p <= 107:
			s.bg = colour{kANSI, uint32(p - 100 + 8)}
		case p == 39:
			s.fg = colour{}
		case p == 49:
			s.bg = colour{}
		case p == 38 || p == 48:
			var c colour
			switch {
			case i+2 < len(ps) && ps[i+1] == 5:
				c, i = colour{kIndex, uint32(ps[i+2] & 0xff)}, i+2
			case i+4 < len(ps) && ps[i+1] == 2:
				c, i = colour{kRGB, uint32(ps[i+2]&0xff)<<16 | uint32(ps[i+3]&0xff)<<8 | uint32(ps[i+4]&0xff)}, i+4
			default:
				i = len(ps)
			}
			if p == 38 {
				s.fg = c
			} else {
				s.bg = c
			}
		}
	}
	return s
}

// hex is c in p as "#rrggbb"; def is the default colour's.
func (p Palette) hex(c colour, def string) string {
	switch c.kind {
	case kANSI:
		return p.ansi(int(c.v))
	case kIndex:
		return p.index(int(c.v))
	case kRGB:
		return fmt.Sprintf("#%06x", c.v)
	}
	return def
}

func (p Palette) ansi(n int) string {
	if p.ANSI[n] != "" {
		return p.ANSI[n]
	}
	return xterm[n]
}

// index is a colour of the 256-colour palette: the 16, the 6×6×6 cube,
// the grey ramp.
func (p Palette) index(n int) string {
	switch {
	case n < 16:
		return p.ansi(n)
	case n < 232:
		n -= 16
		lv := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("#%02x%02x%02x", lv(n/36), lv(n/6%6), lv(n%6))
	}
	g := 8 + 10*(n-232)
	return fmt.Sprintf("#%02x%02x%02x", g, g, g)
}

// colours are the fill colours of a style's text and background (bg ""
// when the default background shows).
func (p Palette) colours(s style) (fg, bg string) {
	fg, bg = p.hex(s.fg, p.FG), p.hex(s.bg, "")
	if s.reverse {
		fg, bg = p.hex(s.bg, p.BG), p.hex(s.fg, p.FG)
	}
	return fg, bg
}

// SVG returns the picture of frame on a w×h terminal in palette p, with
// title as its accessible name.
func SVG(frame string, w, h int, p Palette, title string) []byte {
	rows := cells(frame, w, h)
	var b bytes.Buffer
	f := func(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
	width, height := 2*pad+float64(w)*CellW, float64(2*pad+h*CellH)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img" aria-label="%s">`+"\n",
		f(width), f(height), f(width), f(height), esc(title))
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(title))
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" rx="6" fill="%s"/>`+"\n", p.BG)
	fmt.Fprintf(&b, `<g font-family="%s" font-size="%d" xml:space="preserve" shape-rendering="crispEdges">`+"\n", esc(Font), FontSize)
	x := func(col int) string { return f(pad + float64(col)*CellW) }
	for r, row := range rows {
		y := pad + r*CellH
		// Backgrounds: one rect per run of one colour.
		for c := 0; c < len(row); {
			_, bg := p.colours(row[c].st)
			e := c + 1
			for e < len(row) {
				if _, b2 := p.colours(row[e].st); b2 != bg {
					break
				}
				e++
			}
			if bg != "" {
				fmt.Fprintf(&b, `<rect x="%s" y="%d" width="%s" height="%d" fill="%s"/>`+"\n", x(c), y, f(float64(e-c)*CellW), CellH, bg)
			}
			c = e
		}
		// Block elements: rects of the text's colour, so that large
		// glyphs made of them join as on a terminal whatever the font.
		for c := 0; c < len(row); {
			bl, ok := blocks[row[c].g]
			if !ok {
				c++
				continue
			}
			fg, _ := p.colours(row[c].st)
			e := c + 1
			for e < len(row) && row[e].g == row[c].g {
				if f2, _ := p.colours(row[e].st); f2 != fg {
					break
				}
				e++
			}
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
				f(pad+(float64(c)+bl[0])*CellW), f(float64(y)+bl[1]*CellH), f((float64(e-c)-bl[0]-(1-bl[2]))*CellW), f((bl[3]-bl[1])*CellH), fg)
			c = e
		}
		// Text: one element per run of one style, blanks and blocks
		// skipped.
		for c := 0; c < len(row); {
			if _, bl := blocks[row[c].g]; bl || row[c].g == " " && !row[c].st.under && !row[c].st.strike {
				c++
				continue
			}
			e := c + 1
			for e < len(row) && row[e].st == row[c].st && (row[e].g != " " || e+1 >= len(row) || row[e+1].g != " ") {
				if _, bl := blocks[row[e].g]; bl {
					break
				}
				e++
			}
			var txt strings.Builder
			for _, cl := range row[c:e] {
				txt.WriteString(cl.g)
			}
			s := strings.TrimRight(txt.String(), " ")
			n := e - c - (len(txt.String()) - len(s))
			if n > 0 {
				fg, _ := p.colours(row[c].st)
				fmt.Fprintf(&b, `<text x="%s" y="%s" fill="%s" textLength="%s" lengthAdjust="spacingAndGlyphs"%s>%s</text>`+"\n",
					x(c), f(float64(y)+CellH*0.75), fg, f(float64(n)*CellW), attrs(row[c].st), esc(s))
			}
			c = e
		}
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Bytes()
}

// blocks are the block elements drawn as rects: the part of the cell
// each covers (left, top, right, bottom as fractions).
var blocks = map[string][4]float64{
	"█": {0, 0, 1, 1}, "▀": {0, 0, 1, 0.5}, "▄": {0, 0.5, 1, 1}, "▌": {0, 0, 0.5, 1}, "▐": {0.5, 0, 1, 1},
}

// attrs are the SVG attributes of a style's attributes.
func attrs(s style) string {
	var a string
	if s.bold {
		a += ` font-weight="bold"`
	}
	if s.faint {
		a += ` opacity="0.6"`
	}
	if s.italic {
		a += ` font-style="italic"`
	}
	switch {
	case s.under && s.strike:
		a += ` text-decoration="underline line-through"`
	case s.under:
		a += ` text-decoration="underline"`
	case s.strike:
		a += ` text-decoration="line-through"`
	}
	return a
}

// esc escapes text for XML.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
