// Package screen draws frames on a terminal cell by cell: it keeps what the
// terminal shows and writes only the cells that changed, moves rows that
// moved up or down with scroll margins and insert/delete line and rows
// whose content moved sideways with insert/delete character, and changes
// the pen (SGR) only where the style changes (a space, which shows only
// its background, underline, reverse or strike-through, keeps the pen).
//
// Bubble Tea v1's renderer writes every changed line whole and the style of
// every span again: a board row whose countdown went from 5 to 4 costs
// about 260 bytes at 120 columns, and when a departure leaves, every row
// below it is written again. Here the countdown costs a cursor move and a
// character, and the rows moving up cost one delete-line.
//
// What changed is cut into pieces of one pen each and drawn in the order
// that costs the fewest bytes, not row by row: where several rows change
// (a column of boards side by side, which a terminal cannot scroll on
// its own), the badges of all of them in their colours, the destinations
// in theirs, the countdowns in theirs, with a cursor move between pieces
// instead of a pen change. Cursor moves are the shortest of CUP, CUF,
// CUB, CHA, CR within a row and CUD, CUU, VPA between rows. A pen without
// background stays between frames.
//
// A frame is what a Bubble Tea View returns: lines separated by "\n", with
// SGR escapes. On a w×h terminal row i shows line i from column 0; a line
// wider than w is cut at w (a wide grapheme crossing the edge is dropped);
// cells after a line's end are blank; of a frame with more than h lines
// the last h are shown, as Bubble Tea v1 does. A hyperlink (OSC 8: ESC ]
// 8 ; params ; URI ST, closed by ESC ] 8 ; ; ST) links the cells written
// while it is open, up to its close or the line's end; its URI must be
// printable ASCII of at most maxURI bytes, else the text is not linked.
// Other escape sequences in a frame are dropped. The terminal is assumed
// to be in its alternate screen, the program's alone.
//
// Hyperlinks are written like the pen: a run of cells of one link is
// opened before its first cell and closed before the cursor moves away,
// before an erase and at the frame's end, so that no link is ever open
// while the cursor is somewhere else or between frames. Sequences end
// with ST (ESC \), never BEL, which is the reminder's bell.
package screen

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// cell is one column of the terminal: a grapheme, its width (1, or 2 for a
// wide grapheme, whose right half is a following cell of width 0), its
// hyperlink (an index into Screen.links, 0 for none: the cell stays as
// small as without it) and its style. A cell holds no pointer: the
// screen's rows are plain memory the garbage collector does not scan, and
// the diff compares cells as 20 bytes.
type cell struct {
	g    glyph
	w    uint8
	link uint16
	st   style
}

// glyph is a cell's grapheme: the rune itself when the grapheme is one
// rune (almost all are), else glyphCluster plus the index of the grapheme
// in its screen's clusters (a letter and its combining marks, a flag, an
// emoji sequence). 0 is the right half of a wide grapheme. A grapheme of
// one rune is never a cluster, so two cells of one screen show the same
// grapheme exactly when their glyphs are equal.
type glyph uint32

// glyphCluster marks a glyph that indexes its screen's clusters.
const glyphCluster glyph = 1 << 31

// maxClusters is how many graphemes of more than one rune a screen keeps
// between repaints; beyond it the next frame repaints, and the table
// starts afresh (a frame adds at most one per grapheme it shows).
const maxClusters = 4096

// blank is an empty cell in the default style, what erasing leaves.
var blank = cell{g: ' ', w: 1}

// Tuning of the diff, in cells and bytes.
const (
	// maxGap bytes of unchanged cells between two changed ones are
	// written again rather than skipped with a cursor move (CUF costs
	// 3–5 bytes; a block of a large glyph is 3 bytes).
	maxGap = 4
	// minErase blank cells in a row are erased (ECH and CUF, 8–10 bytes)
	// rather than written as spaces.
	minErase = 12
	// maxShifts is how many runs of rows one frame moves at most;
	// minShiftGain the bytes of rows a move must spare to be used.
	maxShifts    = 4
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

	next []string // the lines of the frame being drawn
	// fresh are the cells of the frame's changed rows (dirty), segs
	// what differs, cut into pieces of one pen each, pens the pens of
	// the pieces, penCost scratch for drawSegs.
	fresh   [][]cell
	boxes   []*[]cell // what each fresh row came in from the shared pool
	dirty   []int
	segs    []seg
	win     []seg
	pens    []pen
	penIdx  map[pen]int
	penCost []int
	penStep []int
	// pairCost is costOf's memo: the pen change between two pens.
	pairCost map[uint64]int
	// keys and oldKeys are the frame's lines and the rows' lines without
	// their leading blanks: what rows are matched by when they move.
	keys, oldKeys []string
	cost          []int // bestShift's cost of each row
	changed       []int // bestShift's rows of a cost

	// links are the URIs of the hyperlinks cells carry (links[0] is no
	// link), ids their indexes; open is the link open on the terminal.
	links []string
	ids   map[string]uint16
	open  uint16

	// clusters are the graphemes of more than one rune cells show (see
	// glyph), clusterIDs their glyphs; both start afresh at each repaint.
	clusters   []string
	clusterIDs map[string]glyph
}

// Hyperlinks (OSC 8).
const (
	// maxURI is the longest URI linked (terminals refuse longer ones:
	// VTE at 2083 bytes).
	maxURI = 2048
	// maxLinks is how many URIs a repaint keeps; beyond it the table
	// starts afresh at the next repaint, and until then new URIs are not
	// linked.
	maxLinks = 4096
	linkEnd  = "\x1b]8;;\x1b\\"
)

// NewScreen returns a Screen whose terminal content is unknown: its first
// Render repaints everything.
func NewScreen() *Screen { return &Screen{} }

// Invalidate forgets what the terminal shows (after a resume, a clear):
// the next Render repaints everything.
func (s *Screen) Invalidate() { s.valid = false }

// Render appends to dst the bytes that turn the terminal from what s last
// drew into frame, on a terminal of w columns and h rows, and remembers
// frame. The first call, a call after Invalidate, and a call with another
// size repaint everything. No hyperlink is open at the end, and the pen
// shows nothing on a blank cell (see finish).
func (s *Screen) Render(dst []byte, frame string, w, h int) []byte {
	if w <= 0 || h <= 0 {
		return dst
	}
	lines := s.split(frame, h)
	// Someone else may have moved the cursor since the last frame (the
	// program's own escape sequences): each frame starts with a jump.
	s.known = false
	if !s.valid || w != s.w || h != s.h || len(s.clusters) > maxClusters {
		return s.repaint(dst, lines, w, h)
	}
	dst = s.shifts(dst, lines)
	for i, l := range lines {
		if l != s.lines[i] {
			dst = s.diffRow(dst, i, l)
		}
	}
	dst = s.drawSegs(dst)
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
	if len(s.links) > maxLinks {
		// No row refers to a link now: start the table afresh.
		s.links, s.ids = s.links[:1], nil
	}
	// Nor to a grapheme of the table (every row is blanked below).
	s.clusters = s.clusters[:0]
	clear(s.clusterIDs)
	for i := range s.rows {
		if cap(s.rows[i]) < w {
			s.rows[i] = make([]cell, w)
		}
		s.rows[i] = s.rows[i][:w]
		fillBlank(s.rows[i])
		s.lines[i] = ""
	}
	// The pen and the scroll margins are unknown too (another program
	// may have set them): reset them, then clear.
	dst = append(dst, "\x1b[m\x1b[r\x1b[H\x1b[2J"...)
	s.pen, s.open = style{}, 0
	s.known, s.cx, s.cy = true, 0, 0
	s.valid = true
	for i, l := range lines {
		if l != "" {
			dst = s.diffRow(dst, i, l)
		}
	}
	dst = s.drawSegs(dst)
	return s.finish(dst)
}

// finish closes the open hyperlink and resets a pen that shows on a
// blank cell (a background, underline, reverse, strike-through), so that
// nothing the terminal erases between frames takes the frame's colours.
// Another pen (a colour, bold) stays for the next frame to start from: a
// countdown that turns in the pen of the one before costs a cursor move
// and its digits, not a pen set and reset each frame. Nothing else writes
// text between frames; what hands the terminal to others (the shell, a
// suspend) resets the pen first (SGR 0 in the program's sequence that
// leaves the alternate screen), and a repaint resets it too.
func (s *Screen) finish(dst []byte) []byte {
	dst = s.unlink(dst)
	if s.pen.showsOnSpace() {
		dst = appendSGR(dst, s.pen, style{})
		s.pen = style{}
	}
	return dst
}

func fillBlank(row []cell) {
	for i := range row {
		row[i] = blank
	}
}

// shifts moves the rows that moved, as long as moving one more run of
// them spares enough bytes: when a departure of large rows leaves, the
// large rows below it move up by their height and the rows of text
// beneath them by one, two runs.
func (s *Screen) shifts(dst []byte, lines []string) []byte {
	keys, old := s.keys[:0], s.oldKeys[:0]
	for i := range lines {
		keys = append(keys, strings.TrimLeft(lines[i], " "))
		old = append(old, strings.TrimLeft(s.lines[i], " "))
	}
	s.keys, s.oldKeys = keys, old
	for range maxShifts {
		k, a, b, gain := s.bestShift()
		if gain < minShiftGain {
			break
		}
		dst = s.shift(dst, k, a, b)
	}
	return dst
}

// bestShift finds the run of rows that moved up or down by the same
// number of rows whose move spares the most bytes: rows [a, b) of the
// frame show what rows [a+k, b+k) show now. Rows match when they differ
// at most in their leading blanks (the kiosk's burn-in shift moves its
// layout a column and a row at once): the columns are the row's to fix.
//
// A row's cost is estimated as the bytes of its line between the prefix
// and the suffix it shares with what the row shows (a countdown that
// turned costs a few bytes, a new row all of its line). A move spares the
// cost of the rows it puts right, and costs what the rows it erases (the
// k rows coming in blank) will need beyond their cost now: two rows that
// became equal are not swapped back and forth.
func (s *Screen) bestShift() (bestK, bestA, bestB, bestGain int) {
	keys, old := s.keys, s.oldKeys
	cost := s.cost[:0]
	for i := range keys {
		cost = append(cost, fixCost(keys[i], old[i]))
	}
	s.cost = cost
	// A move spares at most what the rows it puts right cost: with less
	// than minShiftGain to fix in all, none is worth it (most frames of
	// a hall display: a countdown that turned). Otherwise only a shift
	// under which some changed row spares something can gain: the rest
	// are not searched (a frame of a few changed rows tries 2h shifts of
	// those rows, not of all h).
	changed, total := s.changed[:0], 0
	for i, c := range cost {
		if c > 0 {
			changed = append(changed, i)
			total += c
		}
	}
	s.changed = changed
	if total < minShiftGain {
		return 0, 0, 0, 0
	}
	// lost is the extra cost of erasing row i.
	lost := func(i int) int { return len(keys[i]) - cost[i] }
	for k := -(s.h - 1); k < s.h; k++ {
		if k == 0 {
			continue
		}
		lo, hi := max(0, -k), min(s.h, s.h-k)
		if !sparesAny(keys, old, cost, changed, lo, hi, k) {
			continue
		}
		a, gain := -1, 0
		for i := lo; i <= hi; i++ {
			if g, ok := moveGain(keys, old, cost, i, k, hi); ok {
				if a < 0 {
					a, gain = i, 0
				}
				gain += g
				continue
			}
			if a >= 0 && gain > bestGain {
				// The rows erased: below the run for a move up, above it
				// for a move down.
				net := gain
				if k > 0 {
					for j := i; j < i+k; j++ {
						net -= lost(j)
					}
				} else {
					for j := a + k; j < a; j++ {
						net -= lost(j)
					}
				}
				if net > bestGain {
					bestGain, bestK, bestA, bestB = net, k, a, i
				}
			}
			a = -1
		}
	}
	return bestK, bestA, bestB, bestGain
}

// sparesAny reports whether moving rows by k spares anything on one of
// the changed rows within [lo, hi): else no run under that move gains.
func sparesAny(keys, old []string, cost, changed []int, lo, hi, k int) bool {
	for _, i := range changed {
		if i < lo || i >= hi {
			continue
		}
		if g, ok := moveGain(keys, old, cost, i, k, hi); ok && g > 0 {
			return true
		}
	}
	return false
}

// moveGain is what moving the row showing old[i+k] to row i spares: all
// of row i's cost when it shows what the frame wants there, else the
// difference between fixing it in place and fixing it after the move
// (a departure whose row moved up when the one above it left, and whose
// countdown turned with the same answer). ok is false when the move
// spares nothing: the run of moved rows ends there.
func moveGain(keys, old []string, cost []int, i, k, hi int) (gain int, ok bool) {
	switch {
	case i >= hi:
		return 0, false
	case keys[i] == old[i+k]:
		return cost[i], true
	case cost[i] == 0:
		return 0, false
	}
	if c := fixCost(keys[i], old[i+k]); c < cost[i] {
		return cost[i] - c, true
	}
	return 0, false
}

// fixCost estimates the bytes that turn a row showing old into one
// showing line: what lies between their common prefix and suffix.
func fixCost(line, old string) int {
	if line == old {
		return 0
	}
	p := 0
	for p < len(line) && p < len(old) && line[p] == old[p] {
		p++
	}
	q := 0
	for q < len(line)-p && q < len(old)-p && line[len(line)-1-q] == old[len(old)-1-q] {
		q++
	}
	return len(line) - p - q
}

// shift moves rows [a+k, b+k) to [a, b) on the terminal with scroll
// margins and delete/insert line.
func (s *Screen) shift(dst []byte, k, a, b int) []byte {
	// Erased lines take the pen's background: erase with the default.
	dst = s.unlink(dst)
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
	region, texts, keys := s.rows[top:bottom+1], s.lines[top:bottom+1], s.oldKeys[top:bottom+1]
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
	for i := range texts {
		keys[i] = strings.TrimLeft(texts[i], " ")
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

// Kinds of seg.
const (
	segDraw  uint8 = iota // cells [from, to) of the row
	segErase              // blanks [from, to), erased (ECH)
	segEOL                // blanks from from to the row's end (EL)
)

// seg is a piece of a frame's changes: cells of one row that one pen
// writes, or blanks to erase. A frame's pieces are drawn in the order
// that costs the fewest bytes (drawSegs), not row by row.
type seg struct {
	row, from, to int
	lead          int // from lead to from the cells are unchanged: written rather than moved over when the cursor is among them
	pen           int // index into Screen.pens; -1: blanks only, any pen that shows nothing on a space
	kind          uint8
}

// pen is what a cell is written with: its style and hyperlink.
type pen struct {
	st   style
	link uint16
}

// maxOrder is how many of a frame's pieces (in row order) drawSegs
// chooses the next from: it bounds the search of a repaint.
const maxOrder = 256

// diffRow cuts what differs between the row i shows and line into the
// frame's pieces (s.segs), after moving the row's cells sideways when
// that spares bytes (slide, written at once).
func (s *Screen) diffRow(dst []byte, i int, line string) []byte {
	if len(s.fresh) != s.h {
		s.fresh = make([][]cell, s.h)
	}
	if s.fresh[i] == nil {
		s.fresh[i] = s.takeRow(i)
	}
	nc := s.parseLine(s.fresh[i][:0], line, s.w)
	s.fresh[i] = nc
	old := s.rows[i]
	dst = s.slide(dst, i, nc, old)
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
			// Only blanks from here: erase the rest of the row.
			s.segs = append(s.segs, seg{row: i, from: c, to: s.w, pen: s.penOf(style{}, 0), kind: segEOL})
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
			if gap += s.glyphLen(nc[j].g); gap > maxGap {
				break
			}
		}
		if stop < s.w && nc[stop].w == 0 {
			stop++
		}
		s.cut(i, nc, old, start, stop)
		c = stop
	}
	s.dirty = append(s.dirty, i)
	s.lines[i] = line
	return dst
}

// cut appends cells [from, to) of row as pieces of one pen each: blanks
// join the piece they are in when its pen shows nothing on them, and a
// run of at least minErase blanks is erased. A piece's unchanged cells at
// its end are left out, those at its start may be written (lead) when
// the cursor is among them.
func (s *Screen) cut(row int, nc, old []cell, from, to int) {
	cur := seg{row: row, from: from, pen: -1}
	end := func(at int) {
		a, b := cur.from, at
		for a < b && nc[a] == old[a] {
			a++
		}
		for b > a && nc[b-1] == old[b-1] {
			b--
		}
		if a == b {
			return // nothing changed in it
		}
		// Whole graphemes: a wide one's halves go together.
		if nc[a].w == 0 && a > cur.from {
			a--
		}
		if b < at && nc[b].w == 0 {
			b++
		}
		cur.lead, cur.from, cur.to = cur.from, a, b
		s.segs = append(s.segs, cur)
	}
	for c := from; c < to; {
		cl := nc[c]
		if cl.w == 0 {
			c++
			continue
		}
		if cl == blank {
			n := 1
			for c+n < to && nc[c+n] == blank {
				n++
			}
			switch {
			case n >= minErase:
				end(c)
				s.segs = append(s.segs, seg{row: row, from: c, to: c + n, pen: s.penOf(style{}, 0), kind: segErase})
				cur = seg{row: row, from: c + n, pen: -1}
			case cur.pen >= 0 && (s.pens[cur.pen].link != 0 || s.pens[cur.pen].st.showsOnSpace()):
				end(c)
				cur = seg{row: row, from: c, pen: -1}
			}
			c += n
			continue
		}
		p := s.penOf(cl.st, cl.link)
		switch {
		case cur.pen == p:
		case cur.pen < 0 && (c == cur.from || p >= 0 && s.pens[p].link == 0 && !s.pens[p].st.showsOnSpace()):
			cur.pen = p
		default:
			end(c)
			cur = seg{row: row, from: c, pen: p}
		}
		c += int(cl.w)
	}
	end(to)
}

// penOf returns the index of the pen st, link in s.pens.
func (s *Screen) penOf(st style, link uint16) int {
	p := pen{st, link}
	if n := len(s.pens); n > 0 && s.pens[n-1] == p {
		return n - 1
	}
	if s.penIdx == nil {
		s.penIdx = make(map[pen]int)
	}
	if i, ok := s.penIdx[p]; ok {
		return i
	}
	s.pens = append(s.pens, p)
	s.penIdx[p] = len(s.pens) - 1
	return len(s.pens) - 1
}

// drawSegs draws the frame's pieces, each time the one that costs the
// fewest bytes from where the cursor is and what the pen is (among the
// next maxOrder in row order): the badges of several rows in one pen,
// then their destinations in another, rather than a pen change at each
// of them. Then the rows are what the frame shows.
func (s *Screen) drawSegs(dst []byte) []byte {
	segs := s.segs
	s.penCost, s.penStep = s.penCost[:0], s.penStep[:0]
	for range s.pens {
		s.penCost, s.penStep = append(s.penCost, 0), append(s.penStep, 0)
	}
	// The candidates: the next pieces in row order, each one drawn
	// replaced by the next piece after them. A frame of very many
	// pieces (a repaint of a large screen) or of many pens looks at
	// fewer.
	order := maxOrder
	if len(segs) > 8*maxOrder || len(s.pens) > maxOrder/8 {
		// (A frame of many pens, each piece's a colour of its own,
		// gains little from the order and prices many pen changes.)
		order = maxOrder / 8
	}
	win, next := s.win[:0], 0
	for ; next < len(segs) && len(win) < order; next++ {
		win = append(win, segs[next])
	}
	for step := 1; len(win) > 0; step++ {
		var tmp [64]byte
		blankCost := 0
		if s.open != 0 || s.pen.showsOnSpace() {
			blankCost = len(appendSGR(tmp[:0], s.pen, style{}))
		}
		cur, ok := s.penIdx[pen{s.pen, s.open}]
		if !ok {
			cur = -1
		}
		best, bestCost := 0, -1
		for k, g := range win {
			_, c := s.entry(g)
			if g.pen >= 0 {
				c += s.costOf(cur, g.pen, step)
			} else {
				c += blankCost
			}
			// Of pieces that cost the same, the first in row order.
			if bestCost < 0 || c < bestCost || c == bestCost && (g.row < win[best].row || g.row == win[best].row && g.from < win[best].from) {
				best, bestCost = k, c
			}
		}
		g := win[best]
		if next < len(segs) {
			win[best] = segs[next]
			next++
		} else {
			win[best] = win[len(win)-1]
			win = win[:len(win)-1]
		}
		from, _ := s.entry(g)
		dst = s.moveTo(dst, g.row, from)
		switch g.kind {
		case segDraw:
			dst = s.draw(dst, s.fresh[g.row], from, g.to)
		case segErase, segEOL:
			// Erased cells take the pen's background: erase with the
			// default (some terminals take its colour too).
			dst = s.unlink(dst)
			dst = appendSGR(dst, s.pen, style{})
			s.pen = style{}
			if g.kind == segEOL {
				dst = append(dst, "\x1b[K"...)
				break
			}
			dst = append(dst, "\x1b["...)
			dst = strconv.AppendInt(dst, int64(g.to-g.from), 10)
			dst = append(dst, 'X')
		}
	}
	// The rows show the frame's cells now: the old cells are the next
	// frame's to parse into.
	for _, i := range s.dirty {
		s.rows[i], s.fresh[i] = s.fresh[i], s.rows[i]
		s.giveRow(i)
	}
	s.segs, s.dirty, s.pens, s.win = s.segs[:0], s.dirty[:0], s.pens[:0], win[:0]
	clear(s.penIdx)
	clear(s.pairCost)
	return dst
}

// rows is where the rows a frame parses its changed lines into wait
// between frames, shared by every screen of the process: a screen keeps
// the cells its rows show, never a second set for the next frame. A hub
// with 100 idle SSH boards held 100 such sets (a heap profile: 17.6 MB
// of cells parsed and kept, about 40 bytes a cell), which a frame needs
// only while it is drawn.
var rows sync.Pool // of *[]cell

// takeRow is an empty row of room for the screen's width, for row i.
func (s *Screen) takeRow(i int) []cell {
	if len(s.boxes) != s.h {
		s.boxes = make([]*[]cell, s.h)
	}
	p, ok := rows.Get().(*[]cell)
	if !ok {
		p = new([]cell)
	}
	s.boxes[i] = p
	if cap(*p) < s.w {
		*p = make([]cell, 0, s.w)
	}
	return (*p)[:0]
}

// giveRow hands the cells of fresh row i, which no row shows any more,
// to the next frame (in the box they came in: no allocation).
func (s *Screen) giveRow(i int) {
	if i < len(s.boxes) && s.boxes[i] != nil {
		*s.boxes[i] = s.fresh[i]
		rows.Put(s.boxes[i])
		s.boxes[i] = nil
	}
	s.fresh[i] = nil
}

// digits is how many decimal digits n > 0 has.
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// maxSlide is the farthest a row's content is looked for moved sideways;
// minSlideGain the cells a slide must spare to be used.
const (
	maxSlide     = 2
	minSlideGain = 16
)

// slide moves the cells of row i sideways on the terminal, with insert or
// delete character at its first column, when that leaves more of it
// right: the kiosk's burn-in shift moves every row a column.
func (s *Screen) slide(dst []byte, i int, nc, old []cell) []byte {
	w := len(old)
	same := 0
	for c := range w {
		if nc[c] == old[c] {
			same++
		}
	}
	if w-same < minSlideGain {
		return dst
	}
	best, bestN := same+minSlideGain-1, 0
	for n := -maxSlide; n <= maxSlide; n++ {
		if n == 0 || n >= w || -n >= w {
			continue
		}
		// n > 0: old cell c shows at c+n (insert n at column 0); the
		// cells pushed off the edge must not split a wide grapheme.
		// n < 0: old cell c shows at c+n (delete -n at column 0); the
		// first cell kept must not be a wide grapheme's right half.
		if n > 0 && old[w-n].w == 0 || n < 0 && old[-n].w == 0 {
			continue
		}
		m := 0
		for c := max(0, n); c < min(w, w+n); c++ {
			if nc[c] == old[c-n] {
				m++
			}
		}
		if n > 0 {
			for c := range n {
				if nc[c] == blank {
					m++
				}
			}
		} else {
			for c := w + n; c < w; c++ {
				if nc[c] == blank {
					m++
				}
			}
		}
		if m > best {
			best, bestN = m, n
		}
	}
	if bestN == 0 {
		return dst
	}
	n := bestN
	dst = s.moveTo(dst, i, 0)
	// The cells that come in take the pen's background: the default.
	dst = s.unlink(dst)
	dst = appendSGR(dst, s.pen, style{})
	s.pen = style{}
	dst = append(dst, "\x1b["...)
	if a := max(n, -n); a > 1 {
		dst = strconv.AppendInt(dst, int64(a), 10)
	}
	if n > 0 {
		dst = append(dst, '@') // ICH: the row moves right
		copy(old[n:], old[:w-n])
		fillBlank(old[:n])
	} else {
		dst = append(dst, 'P') // DCH: the row moves left
		copy(old, old[-n:])
		fillBlank(old[w+n:])
	}
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
		if cl.link != s.open {
			dst = s.setLink(dst, cl.link)
		}
		if cl.g != ' ' || cl.st != (style{}) || s.pen.showsOnSpace() {
			// (A space in the default style looks the same in any pen
			// that shows nothing on a space: it keeps the pen.)
			dst = appendSGR(dst, s.pen, cl.st)
			s.pen = cl.st
		}
		dst = s.appendGlyph(dst, cl.g)
		c += int(cl.w)
		s.cx = c
	}
	return dst
}

// setLink opens hyperlink id (an open one ends with it) or, for 0,
// closes the open one.
func (s *Screen) setLink(dst []byte, id uint16) []byte {
	s.open = id
	if id == 0 {
		return append(dst, linkEnd...)
	}
	dst = append(dst, "\x1b]8;;"...)
	dst = append(dst, s.links[id]...)
	return append(dst, "\x1b\\"...)
}

// unlink closes the open hyperlink, if any.
func (s *Screen) unlink(dst []byte) []byte {
	if s.open == 0 {
		return dst
	}
	return s.setLink(dst, 0)
}

// linkOf reads an OSC sequence of a frame: ok if it is a hyperlink, with
// the link of the cells after it (0: none, when it closes a link or its
// URI may not be written).
func (s *Screen) linkOf(seq string) (id uint16, ok bool) {
	body, ok := strings.CutPrefix(seq, "\x1b]8;")
	if !ok {
		return 0, false
	}
	switch {
	case strings.HasSuffix(body, "\x1b\\"):
		body = body[:len(body)-2]
	case strings.HasSuffix(body, "\a"):
		body = body[:len(body)-1]
	}
	_, uri, ok := strings.Cut(body, ";")
	if !ok || !linkable(uri) {
		return 0, true
	}
	if id, ok := s.ids[uri]; ok {
		return id, true
	}
	if len(s.links) >= 1<<16 {
		return 0, true // no index left until the next repaint
	}
	if len(s.links) == 0 {
		s.links = append(s.links, "")
	}
	if s.ids == nil {
		s.ids = make(map[string]uint16)
	}
	id = uint16(len(s.links))
	s.links = append(s.links, uri)
	s.ids[uri] = id
	return id, true
}

// linkable reports whether uri may be written in an OSC 8 sequence:
// printable ASCII without spaces (no byte that could end or break out of
// the sequence), at most maxURI bytes.
func linkable(uri string) bool {
	if uri == "" || len(uri) > maxURI {
		return false
	}
	for i := 0; i < len(uri); i++ {
		if uri[i] <= 0x20 || uri[i] >= 0x7f {
			return false
		}
	}
	return true
}

// moveTo moves the cursor to row, col with the shortest sequence it knows.
// An open hyperlink is closed first: it never follows the cursor.
func (s *Screen) moveTo(dst []byte, row, col int) []byte {
	if s.known && row == s.cy && col == s.cx && col < s.w {
		return dst
	}
	dst = s.unlink(dst)
	dst = s.appendMove(dst, row, col)
	s.known, s.cx, s.cy = true, col, row
	return dst
}

// entry is where drawing piece g starts and what getting there costs:
// its first changed cell, or the cursor when it is among the unchanged
// cells before it and writing them again costs less than the move.
func (s *Screen) entry(g seg) (from, cost int) {
	cost = s.moveCost(g.row, g.from)
	if g.kind != segDraw || !s.known || s.cy != g.row || s.cx < g.lead || s.cx >= g.from {
		return g.from, cost
	}
	n := 0
	for _, c := range s.fresh[g.row][s.cx:g.from] {
		n += s.glyphLen(c.g)
	}
	if n < cost && s.fresh[g.row][s.cx].w != 0 {
		return s.cx, n
	}
	return g.from, cost
}

// costOf is what changing the pen now (pen cur of s.pens, -1 if none of
// them) to pen i costs, worked out once in each step of drawSegs and
// kept for each pair of pens.
func (s *Screen) costOf(cur, i, step int) int {
	if s.penStep[i] == step {
		return s.penCost[i]
	}
	key := uint64(uint32(cur))<<32 | uint64(uint32(i))
	c, ok := s.pairCost[key]
	if !ok || cur < 0 {
		p := s.pens[i]
		var tmp [64]byte
		c = len(appendSGR(tmp[:0], s.pen, p.st))
		if p.link != s.open {
			c += len(linkEnd)
			if p.link != 0 {
				c += len(s.links[p.link]) + len(linkEnd)
			}
		}
		if cur >= 0 {
			if s.pairCost == nil {
				s.pairCost = make(map[uint64]int)
			}
			s.pairCost[key] = c
		}
	}
	s.penCost[i], s.penStep[i] = c, step
	return c
}

// moveCost is the bytes of moveTo(row, col) from where the cursor is,
// without the hyperlink's close.
func (s *Screen) moveCost(row, col int) int {
	if s.known && row == s.cy && col == s.cx && col < s.w {
		return 0
	}
	_, _, n := s.planMove(row, col)
	return n
}

// Moves within a row (planMove).
const (
	hNone  = iota
	hCR    // CR
	hCRCUF // CR, then CUF to the column
	hCHA   // CHA
	hRel   // CUF or CUB
	hCUP   // no move within the row: the whole move is a CUP
	hCRLF  // CR LF: the next row's start
)

// Moves between rows (planMove).
const (
	vNone = iota
	vRel  // CUD or CUU
	vVPA  // VPA
)

// planMove picks the shortest of the moves it knows from the cursor to
// row, col: an absolute CUP, or a move within the row (CUF, CUB, CHA, CR,
// CR and CUF) followed by one between rows (CUD, CUU, VPA), or CR LF to
// the next row's start; n is its length. After the last column (a wrap
// pending, where terminals differ) only CR and CUP are used. LF alone is
// not: a tty that translates it would add a CR.
func (s *Screen) planMove(row, col int) (h, v, n int) {
	cup := 3
	if row > 0 || col > 0 {
		cup += digits(row + 1)
	}
	if col > 0 {
		cup += 1 + digits(col+1)
	}
	if !s.known {
		return hCUP, vNone, cup
	}
	if col == 0 && row == s.cy+1 {
		return hCRLF, vNone, 2
	}
	exact := s.cx < s.w // the column is known (no wrap pending)
	hn := 0
	switch {
	case exact && col == s.cx:
		h = hNone
	case col == 0:
		h, hn = hCR, 1
	default:
		h, hn = hCRCUF, 1+csi1Len(col)
		if exact {
			if c := csi1Len(col + 1); c < hn {
				h, hn = hCHA, c
			}
			if c := csi1Len(max(col-s.cx, s.cx-col)); c < hn {
				h, hn = hRel, c
			}
		}
	}
	vn := 0
	if row != s.cy {
		v, vn = vRel, csi1Len(max(row-s.cy, s.cy-row))
		if c := csi1Len(row + 1); c < vn {
			v, vn = vVPA, c
		}
	}
	if hn+vn < cup {
		return h, v, hn + vn
	}
	return hCUP, vNone, cup
}

// csi1Len is the length of appendCSI1 with n.
func csi1Len(n int) int {
	if n > 1 {
		return 3 + digits(n)
	}
	return 3
}

// appendMove appends the move planMove picks.
func (s *Screen) appendMove(dst []byte, row, col int) []byte {
	h, v, _ := s.planMove(row, col)
	switch h {
	case hCUP:
		return appendCSI2(dst, row, col)
	case hCRLF:
		return append(dst, '\r', '\n')
	case hCR:
		dst = append(dst, '\r')
	case hCRCUF:
		dst = appendCSI1(append(dst, '\r'), col, 'C')
	case hCHA:
		dst = appendCSI1(dst, col+1, 'G')
	case hRel:
		if col > s.cx {
			dst = appendCSI1(dst, col-s.cx, 'C')
		} else {
			dst = appendCSI1(dst, s.cx-col, 'D')
		}
	}
	switch v {
	case vRel:
		if row > s.cy {
			dst = appendCSI1(dst, row-s.cy, 'B')
		} else {
			dst = appendCSI1(dst, s.cy-row, 'A')
		}
	case vVPA:
		dst = appendCSI1(dst, row+1, 'd')
	}
	return dst
}

// appendCSI1 appends CSI n final, the parameter left out when it is 1.
func appendCSI1(dst []byte, n int, final byte) []byte {
	dst = append(dst, "\x1b["...)
	if n > 1 {
		dst = strconv.AppendInt(dst, int64(n), 10)
	}
	return append(dst, final)
}

// appendCSI2 appends CUP to row, col (0-based), without the parameters
// that are 1.
func appendCSI2(dst []byte, row, col int) []byte {
	dst = append(dst, "\x1b["...)
	if row > 0 || col > 0 {
		dst = strconv.AppendInt(dst, int64(row+1), 10)
	}
	if col > 0 {
		dst = append(dst, ';')
		dst = strconv.AppendInt(dst, int64(col+1), 10)
	}
	return append(dst, 'H')
}

// parseLine appends to dst the w cells line shows: its graphemes in their
// styles and hyperlinks, cut at w, blanks after it.
func (s *Screen) parseLine(dst []cell, line string, w int) []cell {
	var st style
	var link uint16
	var state byte
	for len(line) > 0 {
		// A full row still takes the zero-width graphemes (combining
		// marks) of its last cell, and nothing else.
		full := len(dst) >= w
		if b := line[0]; !full && b >= 0x20 && b < 0x7f && (len(line) == 1 || line[1] < 0x80) {
			// Plain ASCII not followed by a combining mark: one cell.
			c := cell{g: glyph(b), w: 1, link: link, st: st}
			if b == ' ' && !st.showsOnSpace() {
				c.st = style{} // a space shows no colour of its own
			}
			dst = append(dst, c)
			line = line[1:]
			continue
		}
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
			case len(seq) >= 4 && seq[0] == ansi.ESC && seq[1] == ']':
				if id, ok := s.linkOf(seq); ok {
					link = id
				}
			case len(dst) > 0 && (seq[0] >= 0xc0 || seq[0] >= 0x20 && seq[0] < 0x7f):
				// A zero-width grapheme (a combining mark on its own)
				// joins the cell before it.
				last := len(dst) - 1
				for last > 0 && dst[last].w == 0 {
					last--
				}
				dst[last].g = s.glyphOf(s.text(dst[last].g) + seq)
			}
			continue
		}
		if len(dst)+width > w {
			break // the row is full, or a wide grapheme crosses the edge: dropped
		}
		c := cell{g: s.glyphOf(seq), w: uint8(width), link: link, st: st}
		if seq == " " && !st.showsOnSpace() {
			c.st = style{}
		}
		dst = append(dst, c)
		for ; width > 1; width-- {
			dst = append(dst, cell{link: link, st: st})
		}
	}
	for len(dst) < w {
		dst = append(dst, blank)
	}
	return dst
}

// glyphOf is the glyph of grapheme g: its rune, or its index in the
// screen's clusters (added there if new).
func (s *Screen) glyphOf(g string) glyph {
	if r, n := utf8.DecodeRuneInString(g); n == len(g) && n > 0 && (r != utf8.RuneError || n > 1) {
		return glyph(r)
	}
	if id, ok := s.clusterIDs[g]; ok {
		return id
	}
	if s.clusterIDs == nil {
		s.clusterIDs = make(map[string]glyph)
	}
	g = strings.Clone(g) // not the whole frame it is cut from
	id := glyphCluster | glyph(len(s.clusters))
	s.clusters = append(s.clusters, g)
	s.clusterIDs[g] = id
	return id
}

// text is the grapheme g stands for ("" for the right half of a wide one).
func (s *Screen) text(g glyph) string {
	switch {
	case g&glyphCluster != 0:
		return s.clusters[g&^glyphCluster]
	case g == 0:
		return ""
	}
	return string(rune(g))
}

// appendGlyph appends the bytes of g.
func (s *Screen) appendGlyph(dst []byte, g glyph) []byte {
	switch {
	case g < utf8.RuneSelf:
		if g == 0 {
			return dst
		}
		return append(dst, byte(g))
	case g&glyphCluster != 0:
		return append(dst, s.clusters[g&^glyphCluster]...)
	}
	return utf8.AppendRune(dst, rune(g))
}

// glyphLen is how many bytes g takes written.
func (s *Screen) glyphLen(g glyph) int {
	switch {
	case g < utf8.RuneSelf:
		if g == 0 {
			return 0
		}
		return 1
	case g&glyphCluster != 0:
		return len(s.clusters[g&^glyphCluster])
	}
	return utf8.RuneLen(rune(g))
}
