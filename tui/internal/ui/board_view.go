package ui

import (
	"strconv"
)

// itoa is strconv.Itoa, short.
func Itoa(n int) string { return strconv.Itoa(n) }
