package ui

// ListCursor is the one list helper of the board, the merged list, the
// fleet and (scrollFirst) the search results: the row under the cursor,
// the key of its item, so that the cursor stays on its item when the list
// is polled anew, and the scroll window that keeps the cursor in sight.
type ListCursor[K comparable] struct {
	Cursor   int
	Selected K
}

// ListFind returns the row of the selected item in a list of n rows
// (key(i) is row i's), else the cursor clamped to them; -1 when empty.
func (l *ListCursor[K]) ListFind(n int, key func(int) K) int {
	for i := range n {
		if key(i) == l.Selected {
			return i
		}
	}
	return min(max(l.Cursor, 0), n-1)
}

// ListSet moves the cursor to row i of n, clamped, and selects its item.
func (l *ListCursor[K]) ListSet(i, n int, key func(int) K) {
	l.Cursor = max(min(i, n-1), 0)
	if l.Cursor < n {
		l.Selected = key(l.Cursor)
	}
}

// ScrollFirst is the first row shown when space rows show a list with the
// cursor on row cur: the top until the cursor passes the window, then the
// cursor on the last line.
func ScrollFirst(cur, space int) int {
	if cur >= space {
		return cur - space + 1
	}
	return 0
}
