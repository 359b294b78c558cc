package wire

import (
	"strconv"
	"strings"
)

// The service's Limit rules (wire-format.md section 4): absent means
// DefaultLimit, anything above MaxLimit is clamped to it, and the wrapper
// echoes the value applied. The simulation and the hub both apply them.
const (
	DefaultLimit = 10
	MaxLimit     = 100
)

// AllDigits reports whether v is a non-empty run of ASCII digits.
func AllDigits(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return false
		}
	}
	return true
}

// ParseLimit applies the Limit rule to a value that is present: a
// positive integer, clamped to MaxLimit (however many digits it has);
// ok is false for anything else (0, a sign, letters).
func ParseLimit(v string) (n int, ok bool) {
	t := strings.TrimLeft(v, "0")
	if !AllDigits(v) || t == "" {
		return 0, false
	}
	if len(t) > 3 {
		return MaxLimit, true
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, false
	}
	return min(n, MaxLimit), true
}
