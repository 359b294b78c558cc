package sim

import "time"

// dayKind classifies a service day.
type dayKind int

const (
	weekday dayKind = iota
	saturday
	sunday
)

func kindOf(wd time.Weekday) dayKind {
	switch wd {
	case time.Saturday:
		return saturday
	case time.Sunday:
		return sunday
	case time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday:
	}
	return weekday
}

// period is a stretch of a service day with one headway, in seconds since
// the local midnight that starts the service day (may exceed 24 h).
type period struct {
	from, to int32
	kind     int // index into the headway table columns
}

// Period kinds, columns of headwayMin.
const (
	pEarly = iota
	pPeak
	pDay
	pSunday
	pEvening
	pLate
)

// headwayMin gives the headway in minutes per service class (trunk trams,
// main, regular and minor buses) and period kind.
var headwayMin = [4][6]float64{
	{15, 7.5, 10, 15, 15, 20},
	{20, 10, 15, 20, 20, 30},
	{30, 15, 20, 30, 30, 30},
	{60, 20, 30, 60, 60, 60},
}

const h = 3600

// dayPeriods are the periods of the day lines per kind of day.
var dayPeriods = [3][]period{
	weekday: {
		{5 * h, 6 * h, pEarly}, {6 * h, 9 * h, pPeak}, {9 * h, 15 * h, pDay},
		{15 * h, 19 * h, pPeak}, {19 * h, 21 * h, pEvening}, {21 * h, 24*h + 30*60, pLate},
	},
	saturday: {
		{5*h + 30*60, 8 * h, pEarly}, {8 * h, 20 * h, pDay}, {20 * h, 24*h + 30*60, pLate},
	},
	sunday: {
		{6 * h, 10 * h, pEarly}, {10 * h, 20 * h, pSunday}, {20 * h, 24*h + 30*60, pLate},
	},
}

// tripStarts returns the scheduled departure times (seconds since the
// service day's midnight) of a line's trips from the first stop of direction
// d. Day lines run by dayPeriods; night lines run only in the small hours of
// the calendar day: hourly from 0:30 to 4:30, every 30 minutes 0:00 to 5:00
// on weekend nights (Saturday and Sunday mornings).
func tripStarts(l *line, kind dayKind, d int) []int32 {
	var out []int32
	if l.night {
		from, to, step := int32(30*60), int32(4*h+31*60), int32(h)
		if kind != weekday {
			from, to, step = 0, 5*h+1, 30*60
		}
		// Direction 2 (towards the hub) starts a quarter hour later so that
		// vehicles can run out from the hub first.
		for t := from + int32(d)*15*60; t < to; t += step {
			out = append(out, t)
		}
		return out
	}
	for _, p := range dayPeriods[kind] {
		step := int32(headwayMin[l.class][p.kind] * 60)
		// Offset lines against each other and directions by half a headway.
		t := p.from + int32(l.number*2%7)*60 + int32(d)*step/2
		if len(out) > 0 && t < out[len(out)-1]+step {
			t = out[len(out)-1] + step
		}
		for ; t < p.to; t += step {
			out = append(out, t/60*60)
		}
	}
	return out
}

// peakFactor is 1 in the rush hours of weekdays and lower otherwise; it
// scales delays.
func peakFactor(kind dayKind, sec int32) float64 {
	hour := sec / h
	switch {
	case kind == weekday && (hour >= 7 && hour < 9 || hour >= 16 && hour < 19):
		return 1
	case hour >= 9 && hour < 20:
		return 0.5
	default:
		return 0.15
	}
}
