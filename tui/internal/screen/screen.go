// Package screen draws frames on a terminal cell by cell: it keeps what the
// terminal shows and writes only the cells that changed, moves rows that
// moved with scroll margins and insert/delete line, and changes the pen
// (SGR) only where the style changes.
//
// Bubble Tea v1's renderer writes every changed line whole and the style of
// every span again: a board row whose countdown went from 5 to 4 costs
// about 260 bytes at 120 columns, and when a departure leaves, every row
// below it is written again. Here the countdown costs a cursor move and a
// character, and the rows moving up cost one delete-line.
//
// A frame is what a Bubble Tea View returns: lines separated by "\n", with
// SGR escapes. On a w×h terminal row i shows line i from column 0; a line
// wider than w is cut at w (a wide grapheme crossing the edge is dropped);
// cells after a line's end are blank; of a frame with more than h lines
// the last h are shown, as Bubble Tea v1 does. Other escape sequences in a
// frame are dropped. The terminal is assumed to be in its alternate screen,
// the program's alone.
package screen

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// cell is one column of the terminal: a grapheme, its width (1, or 2 for a
// wide grapheme, whose right half is a following cell of width 0), and its
// style.
type cell struct {
	g  string
	w  uint8
	st style
}

// blank is an empty cell in the default style, what erasing leaves.
var blank = cell{g: " ", w: 1}

// Tuning of the diff, in cells and bytes.
const (
	// maxGap unchanged cells between two changed ones are written again
	// rather than skipped with a cursor move (CUF costs 3–5 bytes).
	maxGap = 4
	// minErase blank cells in a row are erased (ECH and CUF, 8–10 bytes)
	// rather than written as spaces.
	minErase = 12
	// maxShift is the largest row move looked for; minShiftGain the bytes
	// of rows a move must spare to be used.
	maxShift     = 4
	minShiftGain = 48
)

// Screen is what the terminal shows. The zero value is not usable; see
// NewScreen.
type Screen struct {
	w, h  int
	valid bool
	lines []string // the frame line each row shows ("" for an empty row)
	rows  [][]cell // each of w cells
	pen   style

	known  bool // the cursor's position is known
	cx, cy int  // the cursor; cx == w is the pending wrap after the last column

	next    []string // the lines of the frame being drawn
	scratch []cell
}

// NewScreen returns a Screen whose terminal content is unknown: its first
// Render repaints everything.
func NewScreen() *Screen { return &Screen{} }

// Invalidate forgets what the terminal shows (after a resume, a clear):
// the next Render repaints everything.
func (s *Screen) Invalidate() { s.valid = false }

// Render appends to dst the bytes that turn the terminal from what s last
// drew into frame, on a terminal of w columns and h rows, and remembers
// frame. The first call, a call after Invalidate, and a call with another
// size repaint everything. The pen is the default again at the end.
func (s *Screen) Render(dst []byte, frame string, w, h int) []byte {
	if w <= 0 || h <= 0 {
		return dst
	}
	lines := s.split(frame, h)
	// Someone else may have moved the cursor since the last frame (the
	// program's own escape sequences): each frame starts with a jump.
	s.known = false
	if !s.valid || w != s.w || h != s.h {
		return s.repaint(dst, lines, w, h)
	}
	dst = s.shift(dst, lines)
	for i, l := range lines {
		if l != s.lines[i] {
			dst = s.updateRow(dst, i, l)
		}
	}
	return s.finish(dst)
}

// split cuts frame into exactly h lines (the last h; "" for missing ones)
// in s.next.
func (s *Screen) split(frame string, h int) []string {
	frame = strings.TrimSuffix(frame, "\n")
	n := strings.Count(frame, "\n") + 1
	for skip := n - h; skip > 0; skip-- {
		frame = frame[strings.IndexByte(frame, '\n')+1:]
	}
	lines := s.next[:0]
	for len(lines) < h {
		i := strings.IndexByte(frame, '\n')
		if i < 0 {
			lines = append(lines, frame)
			frame = ""
			continue
		}
		lines = append(lines, frame[:i])
		frame = frame[i+1:]
	}
	s.next = lines
	return lines
}

// repaint clears the terminal and draws every row.
func (s *Screen) repaint(dst []byte, lines []string, w, h int) []byte {
	s.w, s.h = w, h
	if cap(s.rows) < h {
		s.rows = make([][]cell, h)
		s.lines = make([]string, h)
	}
	s.rows, s.lines = s.rows[:h], s.lines[:h]
	for i := range s.rows {
		if cap(s.rows[i]) < w {
			s.rows[i] = make([]cell, w)
		}
		s.rows[i] = s.rows[i][:w]
		fillBlank(s.rows[i])
		s.lines[i] = ""
	}
	// The pen is unknown too: reset it, then clear.
	dst = append(dst, "\x1b[m\x1b[H\x1b[2J"...)
	s.pen = style{}
	s.known, s.cx, s.cy = true, 0, 0
	s.valid = true
	for i, l := range lines {
		if l != "" {
			dst = s.updateRow(dst, i, l)
		}
	}
	return s.finish(dst)
}

// finish leaves the pen at the default, so that nothing written by others
// between frames takes the frame's colours.
func (s *Screen) finish(dst []byte) []byte {
	dst = appendSGR(dst, s.pen, style{})
	s.pen = style{}
	return dst
}

func fillBlank(row []cell) {
	for i := range row {
		row[i] = blank
	}
}

// shift finds the longest run of rows that moved up or down by the same
// number of rows and, if moving them spares enough bytes, moves them on
// the terminal with scroll margins and delete/insert line.
func (s *Screen) shift(dst []byte, lines []string) []byte {
	bestGain, bestK, bestA, bestB := 0, 0, 0, 0
	for k := -maxShift; k <= maxShift; k++ {
		if k == 0 || k >= s.h || -k >= s.h {
			continue
		}
		lo, hi := max(0, -k), min(s.h, s.h-k)
		a, gain := -1, 0
		for i := lo; i <= hi; i++ {
			if i < hi && lines[i] == s.lines[i+k] {
				if a < 0 {
					a, gain = i, 0
				}
				if lines[i] != s.lines[i] {
					gain += len(lines[i])
				}
				continue
			}
			if a >= 0 && gain > bestGain {
				bestGain, bestK, bestA, bestB = gain, k, a, i
			}
			a = -1
		}
	}
	if bestGain < minShiftGain {
		return dst
	}
	k, a, b := bestK, bestA, bestB
	// Erased lines take the pen's background: erase with the default.
	dst = appendSGR(dst, s.pen, style{})
	s.pen = style{}
	var top, bottom int // the margins, 0-based, inclusive
	if k > 0 {
		top, bottom = a, b+k-1
	} else {
		top, bottom = a+k, b-1
	}
	full := top == 0 && bottom == s.h-1
	if !full {
		dst = append(dst, "\x1b["...)
		dst = strconv.AppendInt(dst, int64(top+1), 10)
		dst = append(dst, ';')
		dst = strconv.AppendInt(dst, int64(bottom+1), 10)
		dst = append(dst, 'r')
		s.known, s.cx, s.cy = true, 0, 0 // DECSTBM homes the cursor
	}
	dst = s.moveTo(dst, top, 0)
	n := k
	if k < 0 {
		n = -k
	}
	dst = append(dst, "\x1b["...)
	if n > 1 {
		dst = strconv.AppendInt(dst, int64(n), 10)
	}
	if k > 0 {
		dst = append(dst, 'M') // delete lines: the rows below move up
	} else {
		dst = append(dst, 'L') // insert lines: the rows below move down
	}
	s.cx = 0 // IL and DL move the cursor to the first column
	if !full {
		dst = append(dst, "\x1b[r"...)
		s.known, s.cx, s.cy = true, 0, 0
	}
	// What the terminal shows now.
	region, texts := s.rows[top:bottom+1], s.lines[top:bottom+1]
	if k > 0 {
		rotate(region, texts, n)
		for i := len(region) - n; i < len(region); i++ {
			fillBlank(region[i])
			texts[i] = ""
		}
	} else {
		rotate(region, texts, len(region)-n)
		for i := 0; i < n; i++ {
			fillBlank(region[i])
			texts[i] = ""
		}
	}
	return dst
}

// rotate moves rows and their texts up by n (the first n go to the end).
func rotate(rows [][]cell, texts []string, n int) {
	if n <= 0 || n >= len(rows) {
		return
	}
	tmp := append([][]cell(nil), rows[:n]...)
	tmpT := append([]string(nil), texts[:n]...)
	copy(rows, rows[n:])
	copy(texts, texts[n:])
	copy(rows[len(rows)-n:], tmp)
	copy(texts[len(texts)-n:], tmpT)
}

// updateRow draws line in row i where it differs from what the row shows.
func (s *Screen) updateRow(dst []byte, i int, line string) []byte {
	nc := parseLine(s.scratch[:0], line, s.w)
	s.scratch = nc
	old := s.rows[i]
	// end is where the line's content ends: after it, all blank.
	end := s.w
	for end > 0 && nc[end-1] == blank {
		end--
	}
	for c := 0; c < s.w; {
		if nc[c] == old[c] {
			c++
			continue
		}
		if c >= end {
			// Only blanks from here: erase the rest of the row (from
			// the cursor if it is already past the line's end).
			if s.known && s.cy == i && s.cx >= end && s.cx < c {
				c = s.cx
			}
			dst = s.moveTo(dst, i, c)
			dst = appendSGR(dst, s.pen, style{})
			s.pen = style{}
			dst = append(dst, "\x1b[K"...)
			break
		}
		start := c
		if nc[start].w == 0 && start > 0 {
			start-- // the right half of a wide grapheme: draw it whole
		}
		stop, gap := c+1, 0
		for j := c + 1; j < end; j++ {
			if nc[j] != old[j] {
				stop, gap = j+1, 0
				continue
			}
			if gap++; gap > maxGap {
				break
			}
		}
		if stop < s.w && nc[stop].w == 0 {
			stop++
		}
		dst = s.moveTo(dst, i, start)
		dst = s.draw(dst, nc, start, stop)
		c = stop
	}
	copy(old, nc)
	s.lines[i] = line
	return dst
}

// draw writes cells [from, to) of row nc at the cursor.
func (s *Screen) draw(dst []byte, nc []cell, from, to int) []byte {
	for c := from; c < to; {
		cl := nc[c]
		if cl.w == 0 {
			c++
			continue
		}
		if cl == blank && s.pen.bg.kind == colourDefault && s.pen.attr&attrReverse == 0 {
			n := 1
			for c+n < to && nc[c+n] == blank {
				n++
			}
			if n >= minErase {
				// Erase n cells (they take the pen's background, the
				// default) and step over them.
				dst = append(dst, "\x1b["...)
				dst = strconv.AppendInt(dst, int64(n), 10)
				dst = append(dst, 'X')
				c += n
				if c < s.w {
					dst = s.moveTo(dst, s.cy, c)
				}
				continue
			}
		}
		dst = appendSGR(dst, s.pen, cl.st)
		s.pen = cl.st
		dst = append(dst, cl.g...)
		c += int(cl.w)
		s.cx = c
	}
	return dst
}

// moveTo moves the cursor to row, col with the shortest sequence it knows.
func (s *Screen) moveTo(dst []byte, row, col int) []byte {
	if s.known {
		switch {
		case row == s.cy && col == s.cx && col < s.w:
			return dst
		case row == s.cy && col > s.cx && s.cx < s.w:
			dst = append(dst, "\x1b["...)
			if n := col - s.cx; n > 1 {
				dst = strconv.AppendInt(dst, int64(n), 10)
			}
			s.cx = col
			return append(dst, 'C')
		case col == 0 && row == s.cy+1:
			s.cx, s.cy = 0, row
			return append(dst, '\r', '\n')
		}
	}
	dst = append(dst, "\x1b["...)
	if row > 0 || col > 0 {
		dst = strconv.AppendInt(dst, int64(row+1), 10)
	}
	if col > 0 {
		dst = append(dst, ';')
		dst = strconv.AppendInt(dst, int64(col+1), 10)
	}
	s.known, s.cx, s.cy = true, col, row
	return append(dst, 'H')
}

// parseLine appends to dst the w cells line shows: its graphemes in their
// styles, cut at w, blanks after it.
func parseLine(dst []cell, line string, w int) []cell {
	var st style
	var state byte
	for len(line) > 0 && len(dst) < w {
		seq, width, n, next := ansi.DecodeSequence(line, state, nil)
		if n <= 0 {
			break
		}
		state = next
		line = line[n:]
		if width == 0 {
			switch {
			case len(seq) >= 3 && seq[0] == ansi.ESC && seq[1] == '[' && seq[len(seq)-1] == 'm':
				if p := seq[2 : len(seq)-1]; p == "" || p[0] >= '0' && p[0] <= ';' {
					st = st.apply(p)
				}
			case len(dst) > 0 && (seq[0] >= 0xc0 || seq[0] >= 0x20 && seq[0] < 0x7f):
				// A zero-width grapheme (a combining mark on its own)
				// joins the cell before it.
				last := len(dst) - 1
				for last > 0 && dst[last].w == 0 {
					last--
				}
				dst[last].g += seq
			}
			continue
		}
		if len(dst)+width > w {
			break // a wide grapheme crossing the edge: dropped
		}
		dst = append(dst, cell{g: seq, w: uint8(width), st: st})
		for ; width > 1; width-- {
			dst = append(dst, cell{st: st})
		}
	}
	for len(dst) < w {
		dst = append(dst, blank)
	}
	return dst
}
