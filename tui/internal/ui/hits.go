package ui

import "math"

// Hits is where a pane last drew what a mouse click can pick (--mouse):
// rectangles in the pane's own cells, each with the item it shows (a row
// of a list, a grid's cell, a ladder's vehicle). A pane's render writes
// them as it draws, so a click finds what the frame showed, never what a
// second computation of the layout thinks it showed. A pane whose view
// comes from its memo keeps the hits of the rendering it reuses. Every
// method is safe on a nil *Hits (a pane made without one records
// nothing, and nothing is hit).
type Hits struct{ spans []hit }

// hit is one rectangle [x0,x1)×[y0,y1) and its item.
type hit struct{ x0, y0, x1, y1, item int }

// Reset forgets every hit: the pane draws anew.
func (h *Hits) Reset() {
	if h != nil {
		h.spans = h.spans[:0]
	}
}

// Add records item drawn in [x0,x1)×[y0,y1).
func (h *Hits) Add(x0, y0, x1, y1, item int) {
	if h != nil && x1 > x0 && y1 > y0 {
		h.spans = append(h.spans, hit{x0: x0, y0: y0, x1: x1, y1: y1, item: item})
	}
}

// Line records item drawn on the whole of line y.
func (h *Hits) Line(y, item int) { h.Add(0, y, math.MaxInt, y+1, item) }

// At returns the item drawn at column x of line y and the top-left corner
// of its rectangle; ok is false where nothing was.
func (h *Hits) At(x, y int) (item, x0, y0 int, ok bool) {
	if h == nil {
		return 0, 0, 0, false
	}
	for _, s := range h.spans {
		if x >= s.x0 && x < s.x1 && y >= s.y0 && y < s.y1 {
			return s.item, s.x0, s.y0, true
		}
	}
	return 0, 0, 0, false
}

// Row returns the item drawn on line y wherever the click is on it.
func (h *Hits) Row(y int) (int, bool) {
	item, _, _, ok := h.At(0, y)
	return item, ok
}
