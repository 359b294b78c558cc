package ladder

import (
	"math"
	"time"
)

// Regularity is the coefficient of variation of headways (standard
// deviation over mean) and how many headways it is of; N below 2 means
// there is no figure.
type Regularity struct {
	CV float64
	N  int
}

// Percent is how much the headways vary, in words "headways vary ±35
// %": the coefficient of variation as a whole percentage.
func (r Regularity) Percent() int { return int(math.Round(r.CV * 100)) }

// Known reports whether there were headways enough for a figure.
func (r Regularity) Known() bool { return r.N >= 2 }

// CV computes the regularity of headways (non-positive ones are left out).
func CV(hs []time.Duration) Regularity {
	var sum, sq float64
	n := 0
	for _, h := range hs {
		if h <= 0 {
			continue
		}
		s := h.Seconds()
		sum += s
		sq += s * s
		n++
	}
	if n < 2 {
		return Regularity{N: n}
	}
	mean := sum / float64(n)
	v := max(sq/float64(n)-mean*mean, 0)
	return Regularity{CV: math.Sqrt(v) / mean, N: n}
}

// Now is the regularity of the ladder's headways as they stand.
func (l *Ladder) Now() Regularity {
	var hs []time.Duration
	for _, r := range l.Rails {
		for _, c := range r.Vehicles {
			if c.HasHeadway {
				hs = append(hs, c.Headway)
			}
		}
	}
	return CV(hs)
}
