package model

// TripPhase is where a vehicle is on its trip.
type TripPhase int

// The phases of a trip.
const (
	PhaseNone    TripPhase = iota // no passages
	PhaseBefore                   // the trip has not started
	PhaseAt                       // at a stop of the trip
	PhaseBetween                  // between two stops
	PhaseEnded                    // at or past the terminus
)

// TripPosition is a vehicle's place on its trip: the phase, the passage it is
// at (phaseAt, phaseEnded) and the next passage it will reach (-1: none).
type TripPosition struct {
	Phase TripPhase
	At    int
	Next  int
}

// LocateOnTrip finds the vehicle on its passages. first says the list starts at
// the trip's first stop (Range all, or a sequence number of 0), so nothing
// done yet means the trip has not begun.
func LocateOnTrip(ps []Passage, first bool) TripPosition {
	n := len(ps)
	if n == 0 {
		return TripPosition{Phase: PhaseNone, At: -1, Next: -1}
	}
	if last := ps[n-1].Status; last == StatusStopping || last.Done() {
		return TripPosition{Phase: PhaseEnded, At: n - 1, Next: -1}
	}
	next := -1
	for i := range ps {
		if ps[i].Status == StatusStopping {
			return TripPosition{Phase: PhaseAt, At: i, Next: i + 1}
		}
		if next < 0 && !ps[i].Status.Done() {
			next = i
		}
	}
	switch {
	case next < 0:
		return TripPosition{Phase: PhaseEnded, At: n - 1, Next: -1}
	case next == 0 && (first || ps[0].SequenceNumber == 0):
		return TripPosition{Phase: PhaseBefore, At: -1, Next: 0}
	}
	return TripPosition{Phase: PhaseBetween, At: -1, Next: next}
}
