package mapview

import "strings"

// Kind is what a cell of the canvas shows, so a caller can style it.
type Kind uint8

// Cell kinds, in the order they win when laid over each other.
const (
	KindEmpty   Kind = iota // nothing drawn
	KindTrack               // braille dots of the track
	KindStop                // a stop symbol
	KindVehicle             // the vehicle's heading arrow
	KindLabel               // text laid only on blank cells (Label), a stop's name
)

// Dots is how Render draws the dots of a cell.
type Dots uint8

// Ways to draw the dots.
const (
	// Braille draws each cell as one braille character, all 2×4 dots.
	Braille Dots = iota
	// HalfBlocks draws a cell as █ (dots in its upper and its lower
	// half), ▒ (in one half only) or a blank. For fonts without braille
	// and without half blocks, such as the Linux console's (Debian's
	// console-setup fonts have █ ▒ ░ but not ▀ ▄).
	HalfBlocks
)

// Canvas is a grid of terminal cells, each a 2×4 braille dot matrix that a
// symbol may cover.
type Canvas struct {
	cols, rows int
	dots       []uint8 // braille dot bits per cell
	sym        []rune  // symbol laid over the cell, 0 for none
	kind       []Kind
	draw       Dots
}

// DrawWith sets how Render draws the dots (Braille unless told).
func (c *Canvas) DrawWith(d Dots) { c.draw = d }

// CellRune is the character of a cell whose dots are the braille dot
// bits dots (U+2800 + dots), drawn as d; a blank for no dots.
func CellRune(dots uint8, d Dots) rune {
	if dots == 0 {
		return ' '
	}
	if d != HalfBlocks {
		return rune(0x2800 + int(dots))
	}
	const upper = 0x01 | 0x08 | 0x02 | 0x10 // dots of rows 0 and 1
	const lower = 0x04 | 0x20 | 0x40 | 0x80 // dots of rows 2 and 3
	if dots&upper != 0 && dots&lower != 0 {
		return '█'
	}
	return '▒'
}

// NewCanvas returns an empty canvas of cols × rows cells (negative sizes are 0).
func NewCanvas(cols, rows int) *Canvas {
	cols, rows = max(cols, 0), max(rows, 0)
	n := cols * rows
	return &Canvas{cols: cols, rows: rows, dots: make([]uint8, n), sym: make([]rune, n), kind: make([]Kind, n)}
}

// brailleBit is the bit of dot (x, y) inside a cell, per the Unicode
// braille pattern layout (dots 1-2-3-7 left, 4-5-6-8 right).
var brailleBit = [dotsY][dotsX]uint8{{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}}

// Set turns on the dot at (x, y); dots off the canvas are ignored.
func (c *Canvas) Set(x, y int) {
	if x < 0 || y < 0 || x >= c.cols*dotsX || y >= c.rows*dotsY {
		return
	}
	i := (y/dotsY)*c.cols + x/dotsX
	c.dots[i] |= brailleBit[y%dotsY][x%dotsX]
	if c.kind[i] == KindEmpty {
		c.kind[i] = KindTrack
	}
}

// Line draws a straight line of dots from (x0, y0) to (x1, y1), clipped to
// the canvas.
func (c *Canvas) Line(x0, y0, x1, y1 int) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	e := dx + dy
	// Bound the walk: a line far off the canvas is not worth its length.
	for n := 0; n <= dx-dy && n < 1<<16; n++ {
		c.Set(x0, y0)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			x0 += sx
		}
		if e2 <= dx {
			e += dx
			y0 += sy
		}
	}
}

// Polyline draws the path through pts with projection p, skipping invalid
// points (the path is broken there).
func (c *Canvas) Polyline(p Projection, pts []LonLat) {
	havePrev := false
	var px, py int
	for _, q := range pts {
		fx, fy, ok := p.dotF(q)
		if !ok {
			havePrev = false
			continue
		}
		x, y := clampInt(fx), clampInt(fy)
		if havePrev {
			c.Line(px, py, x, y)
		} else {
			c.Set(x, y)
		}
		px, py, havePrev = x, y, true
	}
}

// Mark lays symbol r of kind k over the cell at (col, row); a mark of a
// lower kind does not replace a higher one. Cells off the canvas are ignored.
func (c *Canvas) Mark(col, row int, r rune, k Kind) {
	if col < 0 || row < 0 || col >= c.cols || row >= c.rows {
		return
	}
	i := row*c.cols + col
	if c.sym[i] != 0 && c.kind[i] > k {
		return
	}
	c.sym[i], c.kind[i] = r, k
}

// Label writes s into the cells from (col, row) rightwards, each rune a
// cell, as kind k, when every one of them is on the canvas and blank (no
// dots, no symbol); otherwise it writes nothing and returns false.
func (c *Canvas) Label(col, row int, s string, k Kind) bool {
	rs := []rune(s)
	if row < 0 || row >= c.rows || col < 0 || col+len(rs) > c.cols {
		return false
	}
	for j := range rs {
		if i := row*c.cols + col + j; c.sym[i] != 0 || c.dots[i] != 0 {
			return false
		}
	}
	for j, r := range rs {
		i := row*c.cols + col + j
		c.sym[i], c.kind[i] = r, k
	}
	return true
}

// LabelBeside writes s near the cell (col, row) (Label's rule): beside it
// with a blank between, to the right or else to the left, a cell or two
// further out when the nearest cells are taken (a track passes there),
// else on the row above or below, starting at the cell.
func (c *Canvas) LabelBeside(col, row int, s string, k Kind) bool {
	n := len([]rune(s))
	for d := 1; d <= 3; d++ {
		if c.blank(col+d+n+1, row) && c.Label(col+d, row, " "+s, k) ||
			c.blank(col-n-d-1, row) && c.Label(col-n-d, row, s+" ", k) {
			return true
		}
	}
	for _, at := range [][2]int{{col, row - 1}, {col, row + 1}, {col - n + 1, row - 1}, {col - n + 1, row + 1}} {
		if c.blank(at[0]-1, at[1]) && c.blank(at[0]+n, at[1]) && c.Label(at[0], at[1], s, k) {
			return true
		}
	}
	return false
}

// blank reports whether the cell (col, row) is off the canvas or holds
// nothing, so that a label ending next to it stays apart from others.
func (c *Canvas) blank(col, row int) bool {
	if col < 0 || row < 0 || col >= c.cols || row >= c.rows {
		return true
	}
	i := row*c.cols + col
	return c.sym[i] == 0 && c.dots[i] == 0
}

// MarkAt lays a symbol over the cell where q falls with projection p.
func (c *Canvas) MarkAt(p Projection, q LonLat, r rune, k Kind) {
	if col, row, ok := p.Cell(q); ok {
		c.Mark(col, row, r, k)
	}
}

// Render returns the canvas as rows of text. style, when not nil, is
// applied to each run of cells of the same kind (never to KindEmpty runs,
// which are blanks).
func (c *Canvas) Render(style func(k Kind, s string) string) []string {
	out := make([]string, c.rows)
	var b, run strings.Builder
	for row := 0; row < c.rows; row++ {
		b.Reset()
		run.Reset()
		cur := KindEmpty
		flush := func() {
			if run.Len() == 0 {
				return
			}
			if style != nil && cur != KindEmpty {
				b.WriteString(style(cur, run.String()))
			} else {
				b.WriteString(run.String())
			}
			run.Reset()
		}
		for col := 0; col < c.cols; col++ {
			i := row*c.cols + col
			k := c.kind[i]
			if k != cur {
				flush()
				cur = k
			}
			switch {
			case c.sym[i] != 0:
				run.WriteRune(c.sym[i])
			case c.dots[i] != 0:
				run.WriteRune(CellRune(c.dots[i], c.draw))
			default:
				run.WriteByte(' ')
			}
		}
		flush()
		out[row] = b.String()
	}
	return out
}

// Arrow returns the arrow that points along bearing (degrees clockwise from
// north, any integer): ↑ ↗ → ↘ ↓ ↙ ← ↖.
func Arrow(bearing int) rune {
	arrows := [8]rune{'↑', '↗', '→', '↘', '↓', '↙', '←', '↖'}
	b := ((bearing % 360) + 360) % 360
	return arrows[((b+22)/45)%8]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// clampInt rounds a dot coordinate down, bounded so lines far off the
// canvas cannot overflow.
func clampInt(f float64) int {
	const lim = 1 << 20
	switch {
	case f > lim:
		return lim
	case f < -lim:
		return -lim
	}
	if f < 0 {
		return int(f) - 1
	}
	return int(f)
}
