package screen

import (
	"strconv"
	"strings"
)

// colour kinds: the default colour, one of the 16 ANSI colours (30–37,
// 90–97), an index of the 256-colour palette, or 24-bit RGB. A colour is
// written back in the form it came in: a terminal may show ANSI red and
// palette index 1 differently.
const (
	colourDefault uint8 = iota
	colourANSI
	colourIndex
	colourRGB
)

// colour is a foreground or background colour, packed into four bytes so
// a style (and so a cell, which the diff compares and copies by the
// thousand each frame) stays small: its kind in the top byte, below it the
// ANSI number 0–15, the palette index, or 0xRRGGBB. The zero colour is the
// default.
type colour uint32

// mkColour is the colour of kind k and value v (the low 24 bits of v).
func mkColour(k uint8, v uint32) colour { return colour(uint32(k)<<24 | v&0xffffff) }

// kind is c's kind: colourDefault, colourANSI, colourIndex or colourRGB.
func (c colour) kind() uint8 { return uint8(c >> 24) }

// value is c's ANSI number, palette index or 0xRRGGBB.
func (c colour) value() uint32 { return uint32(c) & 0xffffff }

// attribute bits of a cell.
const (
	attrBold uint16 = 1 << iota
	attrFaint
	attrItalic
	attrUnderline
	attrBlink
	attrReverse
	attrConceal
	attrStrike
)

// attrOn and attrOff are the SGR numbers that set and clear each bit (bold
// and faint share their clearing 22).
var (
	attrOn  = [...]string{"1", "2", "3", "4", "5", "7", "8", "9"}
	attrOff = [...]string{"22", "22", "23", "24", "25", "27", "28", "29"}
)

// style is what SGR sets: colours and attributes. The zero style is the
// terminal's default.
type style struct {
	fg, bg colour
	attr   uint16
}

// onSpace are the attributes a space shows: a line through or under it,
// or its colours swapped. Colour, bold, faint, italic, blink and conceal
// leave a space as blank as the default's.
const onSpace = attrUnderline | attrReverse | attrStrike

// showsOnSpace reports whether a space in s looks different from a space
// in the default style: it has a background or an attribute a space shows.
func (s style) showsOnSpace() bool { return s.bg.kind() != colourDefault || s.attr&onSpace != 0 }

// apply changes s by the parameters of one SGR sequence ("1;38;5;12", ""
// for a reset; colons as sub-parameter separators are read like
// semicolons). Unknown parameters are skipped.
func (s style) apply(params string) style {
	if params == "" {
		return style{}
	}
	var ps [64]int // Lip Gloss writes at most a dozen
	n := 0
	for params != "" && n < len(ps) {
		i := strings.IndexAny(params, ";:")
		f := params
		if i >= 0 {
			f, params = params[:i], params[i+1:]
		} else {
			params = ""
		}
		v, err := strconv.Atoi(f)
		if err != nil {
			v = 0 // an empty parameter is 0
		}
		ps[n] = v
		n++
	}
	for i := 0; i < n; i++ {
		p := ps[i]
		switch {
		case p == 0:
			s = style{}
		case p >= 1 && p <= 9 && p != 6:
			s.attr |= bitOf(p)
		case p == 6: // rapid blink
			s.attr |= attrBlink
		case p == 22:
			s.attr &^= attrBold | attrFaint
		case p == 23:
			s.attr &^= attrItalic
		case p == 24:
			s.attr &^= attrUnderline
		case p == 25:
			s.attr &^= attrBlink
		case p == 27:
			s.attr &^= attrReverse
		case p == 28:
			s.attr &^= attrConceal
		case p == 29:
			s.attr &^= attrStrike
		case p >= 30 && p <= 37:
			s.fg = mkColour(colourANSI, uint32(p-30))
		case p >= 90 && p <= 97:
			s.fg = mkColour(colourANSI, uint32(p-90+8))
		case p >= 40 && p <= 47:
			s.bg = mkColour(colourANSI, uint32(p-40))
		case p >= 100 && p <= 107:
			s.bg = mkColour(colourANSI, uint32(p-100+8))
		case p == 39:
			s.fg = colour(0)
		case p == 49:
			s.bg = colour(0)
		case p == 38 || p == 48:
			c, used := extended(ps[i+1 : n])
			i += used
			if p == 38 {
				s.fg = c
			} else {
				s.bg = c
			}
		}
	}
	return s
}

// bitOf is the attribute bit SGR p (1–9, not 6) sets.
func bitOf(p int) uint16 {
	switch p {
	case 1:
		return attrBold
	case 2:
		return attrFaint
	case 3:
		return attrItalic
	case 4:
		return attrUnderline
	case 5:
		return attrBlink
	case 7:
		return attrReverse
	case 8:
		return attrConceal
	case 9:
		return attrStrike
	}
	return 0
}

// extended reads the colour after 38 or 48 ("5;N" or "2;R;G;B") and says
// how many parameters it used.
func extended(ps []int) (colour, int) {
	if len(ps) >= 2 && ps[0] == 5 {
		return mkColour(colourIndex, uint32(ps[1]&0xff)), 2
	}
	if len(ps) >= 4 && ps[0] == 2 {
		return mkColour(colourRGB, uint32(ps[1]&0xff)<<16|uint32(ps[2]&0xff)<<8|uint32(ps[3]&0xff)), 4
	}
	return colour(0), len(ps)
}

// appendColour appends the SGR parameters of c as a foreground (base 30)
// or background (base 40) colour.
func appendColour(dst []byte, c colour, fg bool) []byte {
	switch c.kind() {
	case colourDefault:
		if fg {
			return append(dst, "39"...)
		}
		return append(dst, "49"...)
	case colourANSI:
		n := int(c.value())
		switch {
		case fg && n < 8:
			n += 30
		case fg:
			n += 90 - 8
		case n < 8:
			n += 40
		default:
			n += 100 - 8
		}
		return strconv.AppendInt(dst, int64(n), 10)
	case colourIndex:
		if fg {
			dst = append(dst, "38;5;"...)
		} else {
			dst = append(dst, "48;5;"...)
		}
		return strconv.AppendInt(dst, int64(c.value()), 10)
	default:
		if fg {
			dst = append(dst, "38;2;"...)
		} else {
			dst = append(dst, "48;2;"...)
		}
		dst = strconv.AppendInt(dst, int64(c.value()>>16&0xff), 10)
		dst = append(dst, ';')
		dst = strconv.AppendInt(dst, int64(c.value()>>8&0xff), 10)
		dst = append(dst, ';')
		return strconv.AppendInt(dst, int64(c.value()&0xff), 10)
	}
}

// appendSGR appends the shortest SGR sequence that turns the pen from into
// to: either the changes alone, or a reset and all of to.
func appendSGR(dst []byte, from, to style) []byte {
	if from == to {
		return dst
	}
	if to == (style{}) {
		return append(dst, "\x1b[m"...)
	}
	dst = append(dst, "\x1b["...)
	// The changes alone: clear what goes (22 clears bold and faint both,
	// so a kept one of them is set again), set what comes.
	params := len(dst)
	gone := from.attr &^ to.attr
	set := to.attr &^ from.attr
	if gone&(attrBold|attrFaint) != 0 {
		set |= to.attr & (attrBold | attrFaint)
	}
	for b := 0; b < len(attrOn); b++ {
		bit := uint16(1) << b
		if gone&bit != 0 && (bit != attrFaint || gone&attrBold == 0) {
			dst = sep(dst, params)
			dst = append(dst, attrOff[b]...)
		}
	}
	for b := 0; b < len(attrOn); b++ {
		if set&(uint16(1)<<b) != 0 {
			dst = sep(dst, params)
			dst = append(dst, attrOn[b]...)
		}
	}
	if from.fg != to.fg {
		dst = sep(dst, params)
		dst = appendColour(dst, to.fg, true)
	}
	if from.bg != to.bg {
		dst = sep(dst, params)
		dst = appendColour(dst, to.bg, false)
	}
	changes := len(dst) - params
	// A reset and all of to, when shorter.
	var tmp [64]byte
	full := appendFull(tmp[:0], to)
	if len(full)+1 < changes { // "0;" against the changes, both without "ESC[" and "m"
		dst = append(dst[:params], '0', ';')
		dst = append(dst, full...)
	}
	return append(dst, 'm')
}

// appendFull appends the parameters that set s from the default.
func appendFull(dst []byte, s style) []byte {
	first := len(dst)
	for b := 0; b < len(attrOn); b++ {
		if s.attr&(uint16(1)<<b) != 0 {
			dst = sep(dst, first)
			dst = append(dst, attrOn[b]...)
		}
	}
	if s.fg.kind() != colourDefault {
		dst = sep(dst, first)
		dst = appendColour(dst, s.fg, true)
	}
	if s.bg.kind() != colourDefault {
		dst = sep(dst, first)
		dst = appendColour(dst, s.bg, false)
	}
	return dst
}

// sep appends a ';' unless dst has nothing after its parameters' start.
func sep(dst []byte, start int) []byte {
	if len(dst) > start {
		return append(dst, ';')
	}
	return dst
}
