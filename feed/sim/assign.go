package sim

import (
	"cmp"
	"slices"
)

// slotTrip is a trip as the vehicle assignment sees it.
type slotTrip struct {
	start, end int64 // actual departure from the first stop, arrival at the last
	origin     int   // terminus the trip starts from: 0 or 1; it ends at 1-origin
	slot       int   // result: vehicle slot within the line
}

func sortSlotTrips(ts []slotTrip) {
	slices.SortStableFunc(ts, func(a, b slotTrip) int { return cmp.Compare(a.start, b.start) })
}

// assignSlots chains a line's trips (sorted by start) into vehicle slots,
// greedily: a trip takes the vehicle that has waited longest at its origin
// terminus, else one that can run empty from the other terminus, else a new
// vehicle. It returns the number of slots used.
func assignSlots(ts []slotTrip) int {
	type slot struct {
		ready int64
		at    int
	}
	var slots []slot
	for i := range ts {
		t := &ts[i]
		best := -1
		for s := range slots {
			sl := slots[s]
			ok := sl.at == t.origin && sl.ready <= t.start ||
				sl.at != t.origin && sl.ready+deadheadTime <= t.start
			if ok && (best < 0 || sl.ready < slots[best].ready) {
				best = s
			}
		}
		if best < 0 {
			best = len(slots)
			slots = append(slots, slot{})
		}
		slots[best] = slot{ready: t.end + minLayover, at: 1 - t.origin}
		t.slot = best
	}
	return len(slots)
}
