package ladder

import (
	"math"
	"time"

	"abfahrt/model"
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

// History keeps the headways a view has seen, one per follower and stop
// (a later sight of the same follower at the same stop replaces the
// earlier), so that the regularity figure covers the last hour rather
// than one moment. The zero History is empty.
type History struct {
	seen map[histKey]sample
}

type histKey struct {
	vehicle int
	point   model.StopPointCode
}

type sample struct {
	at time.Time
	h  time.Duration
}

// Add records the ladder's headways seen at now.
func (h *History) Add(l *Ladder, now time.Time) {
	if h.seen == nil {
		h.seen = map[histKey]sample{}
	}
	for _, r := range l.Rails {
		for _, c := range r.Vehicles {
			if c.HasHeadway && c.Vehicle != 0 {
				h.seen[histKey{c.Vehicle, c.Point}] = sample{now, c.Headway}
			}
		}
	}
	for k, s := range h.seen {
		if now.Sub(s.at) > RegularityWindow {
			delete(h.seen, k)
		}
	}
}

// Regularity is the figure over the headways of the last hour.
func (h *History) Regularity(now time.Time) Regularity {
	hs := make([]time.Duration, 0, len(h.seen))
	for _, s := range h.seen {
		if now.Sub(s.at) <= RegularityWindow {
			hs = append(hs, s.h)
		}
	}
	return CV(hs)
}
