package model

import (
	"strconv"
	"time"
)

// Problem is why an event is not plausible enough to show as it was sent.
type Problem int

// Problems an event can have; ProblemNone means it can be shown.
const (
	ProblemNone Problem = iota
	// ProblemNoTime: neither an actual nor a scheduled time (the 1970 sentinel).
	ProblemNoTime
	// ProblemHugeDelay: a deviation beyond MaxDeviation either way.
	ProblemHugeDelay
	// ProblemOtherDay: the scheduled time lies on another service day than the answer.
	ProblemOtherDay
	// ProblemCountdown: the countdown contradicts the times (the times are trusted).
	ProblemCountdown
	// ProblemDuplicate: the same trip at the same stop point twice in one answer.
	ProblemDuplicate
)

// String names the problem for logs and status lines.
func (p Problem) String() string {
	switch p {
	case ProblemNone:
		return "ok"
	case ProblemNoTime:
		return "no time"
	case ProblemHugeDelay:
		return "implausible delay"
	case ProblemOtherDay:
		return "another service day"
	case ProblemCountdown:
		return "countdown contradicts times"
	case ProblemDuplicate:
		return "duplicate"
	}
	return unknownCode(int(p))
}

// Limits of the plausibility guard.
const (
	// MaxDeviation is the largest delay (or early running) believed.
	MaxDeviation = 3 * time.Hour
	// serviceDaySpan is how far from the answer's time a scheduled time
	// may lie and still belong to its service day (night lines run past
	// midnight; a board shows at most some hours ahead).
	serviceDaySpan = 20 * time.Hour
	// countdownSlack is how far a countdown may disagree with the times.
	countdownSlack = 120 * time.Second
)

// CheckEvent judges one event of an answer given at the time at (the
// answer's CurrentTimestamp; zero skips the checks that need it).
func CheckEvent(e Event, at time.Time) Problem {
	if !e.Actual.Known() && !e.Scheduled.Known() {
		return ProblemNoTime
	}
	if e.Deviation > maxDeviationSeconds || e.Deviation < -maxDeviationSeconds {
		return ProblemHugeDelay
	}
	if e.Actual.Known() && e.Scheduled.Known() && absDur(e.Actual.Sub(e.Scheduled.Time)) > MaxDeviation {
		return ProblemHugeDelay
	}
	if e.Countdown > maxCountdownSeconds || e.Countdown < -maxCountdownSeconds {
		return ProblemCountdown
	}
	if at.IsZero() {
		return ProblemNone
	}
	if e.Scheduled.Known() && absDur(e.Scheduled.Sub(at)) > serviceDaySpan {
		return ProblemOtherDay
	}
	if !e.Scheduled.Known() && absDur(e.Actual.Sub(at)) > serviceDaySpan {
		return ProblemOtherDay
	}
	want := e.When().Sub(at)
	slack := countdownSlack
	if !e.Actual.Known() {
		slack += MaxDeviation // the countdown may include a delay not sent as a time
	}
	if absDur(want-time.Duration(e.Countdown)*time.Second) > slack {
		return ProblemCountdown
	}
	return ProblemNone
}

// Guard keeps the plausible events of an answer given at time at, in
// order: events without any time, with delays beyond MaxDeviation, of
// another service day, or repeated are dropped; an event whose countdown
// contradicts its times (or lies beyond two days) is kept with the
// countdown recomputed from the times. It returns the kept events and
// how many were dropped.
func Guard(events []Event, at time.Time) (kept []Event, dropped int) {
	kept = events[:0:0]
	seen := make(map[string]bool, len(events))
	for _, e := range events {
		switch CheckEvent(e, at) {
		case ProblemNoTime, ProblemHugeDelay, ProblemOtherDay:
			dropped++
			continue
		case ProblemCountdown:
			e.Countdown = 0
			if !at.IsZero() {
				e.Countdown = int(e.When().Sub(at) / time.Second)
			}
		case ProblemNone, ProblemDuplicate: // duplicates are found below, across events
		}
		k := e.key()
		if seen[k] {
			dropped++
			continue
		}
		seen[k] = true
		kept = append(kept, e)
	}
	return kept, dropped
}

// key identifies the trip of an event at its stop point.
func (e Event) key() string {
	return e.RouteName + "|" + strconv.Itoa(e.RouteNumber) + "|" + e.DirectionText + "|" +
		e.StopPointCode.String() + "|" + e.PlatformName + "|" + e.Scheduled.String() + "|" + strconv.Itoa(e.VehicleNumber)
}

func absDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
