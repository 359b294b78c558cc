package model

import (
	"cmp"
	"strconv"
)

// CompareLines orders line names as people expect: numbers by value
// first, then the others ("N1") alphabetically.
func CompareLines(a, b string) int {
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	switch {
	case ea == nil && eb == nil:
		return cmp.Compare(na, nb)
	case ea == nil:
		return -1
	case eb == nil:
		return 1
	}
	return cmp.Compare(a, b)
}
