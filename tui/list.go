package tui

// listCursor is the one list helper of the board, the merged list, the
// fleet and (scrollFirst) the search results: the row under the cursor,
// the key of its item, so that the cursor stays on its item when the list
// is polled anew, and the scroll window that keeps the cursor in sight.
type listCursor[K comparable] struct {
	cursor int
	sel    K
}

// listFind returns the row of the selected item in a list of n rows
// (key(i) is row i's), else the cursor clamped to them; -1 when empty.
func (l *listCursor[K]) listFind(n int, key func(int) K) int {
	for i := range n {
		if key(i) == l.sel {
			return i
		}
	}
	return min(max(l.cursor, 0), n-1)
}

// listSet moves the cursor to row i of n, clamped, and selects its item.
func (l *listCursor[K]) listSet(i, n int, key func(int) K) {
	l.cursor = max(min(i, n-1), 0)
	if l.cursor < n {
		l.sel = key(l.cursor)
	}
}

// scrollFirst is the first row shown when space rows show a list with the
// cursor on row cur: the top until the cursor passes the window, then the
// cursor on the last line.
func scrollFirst(cur, space int) int {
	if cur >= space {
		return cur - space + 1
	}
	return 0
}
