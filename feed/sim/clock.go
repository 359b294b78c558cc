package sim

import (
	"time"
	_ "time/tzdata" // Europe/Berlin must work on machines without a zoneinfo database
)

// berlin is the time zone of every datetime on the wire.
var berlin = loadBerlin()

func loadBerlin() *time.Location {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		// Unreachable with the embedded tzdata; CET keeps the service usable.
		return time.FixedZone("CET", 3600)
	}
	return loc
}

// Clock gives the simulated time.
type Clock interface{ Now() time.Time }

// NewClock returns a clock that starts at start (zero = real now) and runs
// at speed x real time. Speed 0 freezes the clock at start, which makes runs
// reproducible; negative speeds are treated as 0.
func NewClock(start time.Time, speed float64) Clock {
	if start.IsZero() {
		start = time.Now()
	}
	if speed < 0 {
		speed = 0
	}
	return &scaledClock{start: start, real: time.Now(), speed: speed}
}

type scaledClock struct {
	start, real time.Time
	speed       float64
}

// Now returns the simulated time.
func (c *scaledClock) Now() time.Time {
	if c.speed == 0 {
		return c.start
	}
	return c.start.Add(time.Duration(float64(time.Since(c.real)) * c.speed))
}

// realClock is the wall clock.
type realClock struct{}

// Now returns the real time.
func (realClock) Now() time.Time { return time.Now() }
