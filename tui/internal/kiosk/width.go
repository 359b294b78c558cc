package kiosk

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/ui"
)

// The kiosk's frames at 300×80 are mostly block glyphs: measuring them
// with grapheme segmentation (ansi.StringWidth) every second cost more
// than drawing them. cellWidth measures what the kiosk draws (ASCII,
// Latin-1 letters and signs, box drawing and blocks, SGR and OSC
// sequences) by the byte and leaves everything else to ansi.StringWidth.

// cellWidth is ansi.StringWidth(s).
func cellWidth(s string) int {
	if n, ok := fastWidth(s); ok {
		return n
	}
	return ansi.StringWidth(s)
}

// fastWidth is the width of s if every grapheme of it is one cell wide
// and one rune of the kinds the kiosk draws; ok is false otherwise.
func fastWidth(s string) (n int, ok bool) {
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b >= 0x20 && b < 0x7f:
			n++
			i++
		case b == 0x1b:
			j := skipEscape(s, i)
			if j < 0 {
				return 0, false
			}
			i = j
		case b < 0x80:
			return 0, false // a control byte
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return 0, false
			}
			n++
			i += size
		}
	}
	return n, true
}

// oneCell reports whether r is a rune of one cell that joins no other
// (no combining mark, no joiner): Latin-1's letters and signs but the
// soft hyphen, box drawing and block elements.
func oneCell(r rune) bool {
	switch {
	case r >= 0xa0 && r <= 0xff:
		return r != 0xad
	case r >= 0x2500 && r <= 0x259f:
		return true
	}
	return false
}

// skipEscape returns the index after the CSI or OSC sequence at s[i],
// or -1 for another or an unfinished one.
func skipEscape(s string, i int) int {
	if i+1 >= len(s) {
		return -1
	}
	switch s[i+1] {
	case '[':
		for j := i + 2; j < len(s); j++ {
			c := s[j]
			switch {
			case c >= 0x40 && c <= 0x7e:
				return j + 1
			case c < 0x20 || c > 0x3f && c < 0x40 || c > 0x7e:
				return -1
			}
		}
	case ']':
		for j := i + 2; j < len(s); j++ {
			switch s[j] {
			case '\a':
				return j + 1
			case 0x1b:
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2
				}
				return -1
			}
		}
	}
	return -1
}

// fit is ui.Fit, measured by cellWidth.
func fit(s string, w int) string {
	if w > 0 && cellWidth(s) <= w {
		return s
	}
	return ui.Fit(s, w)
}

// pad is ui.Pad, measured by cellWidth.
func pad(s string, w int) string {
	if n := cellWidth(s); w > 0 && n <= w {
		return s + strings.Repeat(" ", w-n)
	}
	return ui.Pad(s, w)
}

// clampLines is ui.ClampLines, measured by cellWidth.
func clampLines(s string, w, h int) string { return ui.ClampLinesWith(s, w, h, fit) }

// clampCount makes s exactly h lines, as clampLines does, for lines that
// fit their width as they are built.
func clampCount(s string, h int) string {
	if h <= 0 {
		return ""
	}
	n := strings.Count(s, "\n") + 1
	if n > h {
		cut := 0
		for range h {
			cut += strings.IndexByte(s[cut:], '\n') + 1
		}
		return s[:cut-1]
	}
	return s + strings.Repeat("\n", h-n)
}
