package model

import (
	"encoding/json"
	"time"
)

// Plausible ranges of the numbers the service sends. A value outside them
// is not shown as sent: it reads as unknown (a time), is derived from the
// times (a deviation, a countdown) or as 0 (a deviation that cannot be).
// Decoding applies them, so every consumer (board, CLI, --json, state)
// sees the same plausible values.
const (
	// maxDeviationSeconds is MaxDeviation in seconds, the largest delay or
	// early running believed.
	maxDeviationSeconds = int(MaxDeviation / time.Second)
	// maxCountdownSeconds is the largest countdown believed, either way.
	maxCountdownSeconds = 2 * 24 * 3600
	// MaxCount is the largest count (seats, spaces, doors) believed.
	MaxCount = 10_000
)

// Years outside [minYear, maxYear] read as unknown times.
const (
	minYear = 2000
	maxYear = 2100
)

// plausibleTime reports whether t lies in the years a departure board may
// show.
func plausibleTime(t time.Time) bool {
	y := t.Year()
	return y >= minYear && y <= maxYear
}

// saneLive makes one set of live fields plausible: a countdown beyond
// two days reads as derived from the times (or 0), a deviation beyond
// MaxDeviation as the difference of the times when both are known (else
// 0, with the actual time unknown: nothing live is believable).
func saneLive(scheduled Time, actual *Time, countdown, deviation *int) {
	if *countdown > maxCountdownSeconds || *countdown < -maxCountdownSeconds {
		*countdown = 0
	}
	if *deviation > maxDeviationSeconds || *deviation < -maxDeviationSeconds {
		if scheduled.Known() && actual.Known() {
			*deviation = int(actual.Sub(scheduled.Time) / time.Second)
		} else {
			*deviation = 0
			*actual = Time{}
		}
	}
}

func saneCount(n *int) {
	if *n < 0 || *n > MaxCount {
		*n = 0
	}
}

// UnmarshalJSON reads a departure, making its live fields plausible.
func (d *Departure) UnmarshalJSON(b []byte) error {
	type wire Departure
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*d = Departure(w)
	saneLive(d.DepartureTimeScheduled, &d.DepartureTimeActual, &d.DepartureCountdown, &d.DepartureDeviation)
	return nil
}

// UnmarshalJSON reads an arrival, making its live fields plausible.
func (a *Arrival) UnmarshalJSON(b []byte) error {
	type wire Arrival
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*a = Arrival(w)
	saneLive(a.ArrivalTimeScheduled, &a.ArrivalTimeActual, &a.ArrivalCountdown, &a.ArrivalDeviation)
	return nil
}

// UnmarshalJSON reads a passage, making its live fields plausible.
func (p *Passage) UnmarshalJSON(b []byte) error {
	type wire Passage
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*p = Passage(w)
	saneLive(p.ArrivalTimeScheduled, &p.ArrivalTimeActual, &p.ArrivalCountdown, &p.ArrivalDeviation)
	saneLive(p.DepartureTimeScheduled, &p.DepartureTimeActual, &p.DepartureCountdown, &p.DepartureDeviation)
	return nil
}

// UnmarshalJSON reads a trip's time data; a deviation beyond MaxDeviation
// reads as 0 (none known).
func (t *TripTime) UnmarshalJSON(b []byte) error {
	type wire TripTime
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*t = TripTime(w)
	if t.Deviation > maxDeviationSeconds || t.Deviation < -maxDeviationSeconds {
		t.Deviation = 0
	}
	return nil
}

// UnmarshalJSON reads a vehicle's capacity; a negative or huge count reads
// as 0 (unknown).
func (c *CapacityData) UnmarshalJSON(b []byte) error {
	type wire CapacityData
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = CapacityData(w)
	saneCount(&c.Seats)
	saneCount(&c.StandingSpaces)
	saneCount(&c.WheelChairSpaces)
	return nil
}

// UnmarshalJSON reads a vehicle's technical data; a negative or huge value
// reads as 0 (unknown).
func (t *TechnicalData) UnmarshalJSON(b []byte) error {
	type wire TechnicalData
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*t = TechnicalData(w)
	for _, n := range []*int{&t.LengthMM, &t.WidthMM, &t.HeightMM, &t.EmptyWeightKG, &t.MaxWeightKG, &t.PowerKW} {
		if *n < 0 || *n > 1_000_000 {
			*n = 0
		}
	}
	saneCount(&t.Doors)
	return nil
}

// maxTimeSpan is how far from the answer's time a passage's time may lie:
// a trip's passages span some hours, never days.
const maxTimeSpan = 2 * 24 * time.Hour

// Plausible returns the passages with every time more than two days from
// the answer's time read as unknown (and a deviation that then has no
// actual time as 0). Without an answer time it returns vp unchanged.
func (vp VehiclePassages) Plausible() VehiclePassages {
	at := vp.Timestamp
	if !at.Known() || len(vp.Passages) == 0 {
		return vp
	}
	far := func(t *Time) {
		if t.Known() && (t.Sub(at.Time) > maxTimeSpan || at.Sub(t.Time) > maxTimeSpan) {
			*t = Time{}
		}
	}
	ps := make([]Passage, len(vp.Passages))
	for i, p := range vp.Passages {
		far(&p.ArrivalTimeScheduled)
		far(&p.ArrivalTimeActual)
		far(&p.DepartureTimeScheduled)
		far(&p.DepartureTimeActual)
		if !p.ArrivalTimeActual.Known() {
			p.ArrivalDeviation = 0
		}
		if !p.DepartureTimeActual.Known() {
			p.DepartureDeviation = 0
		}
		ps[i] = p
	}
	vp.Passages = ps
	return vp
}
