package ui

import (
	"testing"
)

// TestListCursorKeepsItsItem: the list helper keeps the cursor on its
// item when the list changes under it, clamps it when the item is gone,
// and scrolls so that the cursor stays in sight.
func TestListCursorKeepsItsItem(t *testing.T) {
	var l ListCursor[string]
	items := []string{"a", "b", "c", "d"}
	key := func(i int) string { return items[i] }
	l.ListSet(2, len(items), key)
	if l.Selected != "c" {
		t.Fatalf("selected %q, want c", l.Selected)
	}
	items = []string{"x", "a", "b", "c", "d"} // a new row on top
	if i := l.ListFind(len(items), key); i != 3 {
		t.Errorf("after a row came on top the cursor is on row %d, want 3 (c)", i)
	}
	items = []string{"a", "b"} // c is gone
	if i := l.ListFind(len(items), key); i != 1 {
		t.Errorf("with c gone the cursor is on row %d, want the last, 1", i)
	}
	if i := l.ListFind(0, key); i != -1 {
		t.Errorf("an empty list has the cursor on row %d, want -1", i)
	}
	for _, c := range []struct{ cur, space, want int }{{0, 5, 0}, {4, 5, 0}, {5, 5, 1}, {9, 5, 5}} {
		if got := ScrollFirst(c.cur, c.space); got != c.want {
			t.Errorf("scrollFirst(%d, %d) = %d, want %d", c.cur, c.space, got, c.want)
		}
	}
}
