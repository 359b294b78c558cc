package model

import (
	"encoding/json"
	"math"
	"testing"
	"time"
)

func TestImplausibleTimesAreUnknown(t *testing.T) {
	for _, s := range []string{"9999-12-31T23:59:59+01:00", "2101-01-01T00:00:00+01:00", "1999-12-31T23:59:59+01:00", "0001-01-01T00:00:00Z"} {
		v, err := ParseTime(s)
		if err != nil || v.Known() {
			t.Errorf("ParseTime(%s) = %v, %v; want unknown", s, v, err)
		}
	}
	if v, err := ParseTime("2026-09-11T12:35:00+02:00"); err != nil || !v.Known() {
		t.Errorf("a real time: %v, %v", v, err)
	}
}

func TestImplausibleLiveNumbers(t *testing.T) {
	const at = "2026-09-11T12:00:00+02:00"
	var p Passage
	js := `{"DepartureTimeScheduled":"2026-09-11T12:05:00+02:00","DepartureTimeActual":"2026-09-11T12:07:00+02:00","DepartureDeviation":9223372036854775807,"DepartureCountdown":-9223372036854775808,
		"ArrivalTimeScheduled":"2026-09-11T12:04:00+02:00","ArrivalDeviation":-9223372036854775808}`
	if err := json.Unmarshal([]byte(js), &p); err != nil {
		t.Fatal(err)
	}
	if p.DepartureDeviation != 120 || p.DepartureCountdown != 0 {
		t.Errorf("departure deviation %d, countdown %d; want 120 (from the times) and 0", p.DepartureDeviation, p.DepartureCountdown)
	}
	if p.ArrivalDeviation != 0 || p.ArrivalTimeActual.Known() {
		t.Errorf("arrival deviation %d, actual %v; want 0 and unknown", p.ArrivalDeviation, p.ArrivalTimeActual)
	}

	var tr Trip
	if err := json.Unmarshal([]byte(`{"TimeData":{"Deviation":-9223372036854775808,"ReferenceTime":"9999-01-01T00:00:00Z"}}`), &tr); err != nil {
		t.Fatal(err)
	}
	if tr.Deviation() != 0 || tr.TimeData.ReferenceTime.Known() {
		t.Errorf("trip deviation %d, reference %v", tr.Deviation(), tr.TimeData.ReferenceTime)
	}

	var v Vehicle
	if err := json.Unmarshal([]byte(`{"CapacityData":{"Seats":-5,"StandingSpaces":9223372036854775807,"WheelChairSpaces":2},"TechnicalData":{"Doors":-1,"Length(mm)":30000}}`), &v); err != nil {
		t.Fatal(err)
	}
	if c := v.CapacityData; c.Seats != 0 || c.StandingSpaces != 0 || c.WheelChairSpaces != 2 {
		t.Errorf("capacity %+v", *c)
	}
	if d := v.TechnicalData; d.Doors != 0 || d.LengthMM != 30000 {
		t.Errorf("technical data %+v", *d)
	}

	// The guard judges extreme deviations and countdowns without overflow.
	now, _ := ParseTime(at)
	in := func(d time.Duration) Time { return At(now.Add(d)) }
	for _, dev := range []int{math.MaxInt64, math.MinInt64, math.MaxInt64 / 1000} {
		e := Event{Scheduled: in(5 * time.Minute), Actual: in(5 * time.Minute), Countdown: 300, Deviation: dev}
		if got := CheckEvent(e, now.Time); got != ProblemHugeDelay {
			t.Errorf("deviation %d: %v", dev, got)
		}
	}
	for _, cd := range []int{math.MaxInt64, math.MinInt64} {
		kept, _ := Guard([]Event{{Scheduled: in(5 * time.Minute), Countdown: cd}}, now.Time)
		if len(kept) != 1 || kept[0].Countdown != 300 {
			t.Errorf("countdown %d: %+v", cd, kept)
		}
	}
	// An actual time days away without a scheduled one is another day.
	if got := CheckEvent(Event{Actual: in(72 * time.Hour)}, now.Time); got != ProblemOtherDay {
		t.Errorf("actual 3 days ahead: %v", got)
	}
}

func TestPassageTimesFarFromTheAnswer(t *testing.T) {
	at, _ := ParseTime("2026-09-11T12:00:00+02:00")
	in := func(d time.Duration) Time { return At(at.Add(d)) }
	vp := VehiclePassages{Timestamp: at, Passages: []Passage{
		{DepartureTimeScheduled: in(10 * time.Minute), DepartureTimeActual: in(5 * 24 * time.Hour), DepartureDeviation: 120},
		{ArrivalTimeScheduled: in(-30 * 24 * time.Hour), ArrivalTimeActual: in(time.Hour)},
	}}
	got := vp.Plausible().Passages
	if got[0].DepartureTimeActual.Known() || got[0].DepartureDeviation != 0 || !got[0].DepartureTimeScheduled.Known() {
		t.Errorf("passage 0: %+v", got[0])
	}
	if got[1].ArrivalTimeScheduled.Known() || !got[1].ArrivalTimeActual.Known() {
		t.Errorf("passage 1: %+v", got[1])
	}
	if !vp.Passages[0].DepartureTimeActual.Known() {
		t.Error("Plausible changed its receiver's passages")
	}
}
