package screen

import "slices"

// SameButLinks returns "" when t and u show the same cells (grapheme,
// width and style), whatever hyperlinks they were written in, else how
// they differ.
func (t *Terminal) SameButLinks(u *Terminal) string {
	unlinked := func(v *vt) *vt {
		c := *v
		c.cells = slices.Clone(v.cells)
		for i := range c.cells {
			c.cells[i].link = ""
		}
		return &c
	}
	return unlinked(t.v).diff(unlinked(u.v))
}

// Linked counts the cells written inside a hyperlink.
func (t *Terminal) Linked() int {
	n := 0
	for _, c := range t.v.cells {
		if c.link != "" {
			n++
		}
	}
	return n
}
