package sim

import "time"

// Timetable is the simulated network's base data and planned timetable as
// a static schedule export (abfahrt gtfs export) needs them: every stop and
// stop point of the generated network table and every line's two
// directions with their patterns and scheduled running times. It is the
// same for every seed: the seed moves what happens, not what is planned.
type Timetable struct {
	Stops []TimetableStop
	Lines []TimetableLine
}

// TimetableStop is a stop of the network with its stop points.
type TimetableStop struct {
	Number   int
	Code     string
	Name     string
	Lon, Lat float64
	// Passenger is false for depots, pause points, turning loops and
	// disused stop points: no line serves them.
	Passenger bool
	Points    []TimetablePoint
}

// TimetablePoint is a stop point (a platform or pole).
type TimetablePoint struct {
	Number int
	// Code is the service's StopPointCode, StopNumber*100+StopPointNumber.
	Code     int
	Platform string
	Name     string
	DHID     string
	Lon, Lat float64
	// Known is false for the stop points the service sends with the
	// unknown position (180/90); Lon and Lat are then their stop's.
	Known   bool
	Bearing int
}

// TimetableLine is a passenger line with its two directions.
type TimetableLine struct {
	Number   int
	Name     string
	Category int // RouteCategory: 1 tram, 5 bus
	Night    bool
	Dirs     [2]TimetableDirection
}

// TimetableDirection is one direction of a line: its destination (the
// DepartureDirectionText of its trips), its stop points in order and the
// scheduled seconds from the first stop to each (arrival and departure
// are scheduled alike).
type TimetableDirection struct {
	No       int // 1 or 2, the service's Direction
	Headsign string
	From     string
	Points   []int // StopPointCodes
	Offsets  []int32
}

// StaticTimetable returns the network's timetable data.
func StaticTimetable() Timetable {
	n := theNetwork()
	var t Timetable
	for _, s := range n.stops {
		ts := TimetableStop{Number: s.row.Number, Code: s.row.Code, Name: s.row.Name, Lon: s.row.Lon, Lat: s.row.Lat, Passenger: s.row.Passenger}
		for _, pi := range s.points {
			p := &n.points[pi]
			pos := n.position(pi)
			ts.Points = append(ts.Points, TimetablePoint{Number: p.row.Number, Code: p.code, Platform: p.row.Platform, Name: p.row.Name,
				DHID: p.row.DHID, Lon: pos.Lon, Lat: pos.Lat, Known: p.known(), Bearing: p.row.Bearing})
		}
		t.Stops = append(t.Stops, ts)
	}
	for _, l := range n.lines {
		tl := TimetableLine{Number: l.number, Name: l.name, Category: l.category, Night: l.night}
		for d, dir := range l.dirs {
			td := TimetableDirection{No: dir.no, Headsign: dir.depText, From: dir.arrText, Offsets: append([]int32(nil), dir.offsets...)}
			for _, pi := range dir.points {
				td.Points = append(td.Points, n.points[pi].code)
			}
			tl.Dirs[d] = td
		}
		t.Lines = append(t.Lines, tl)
	}
	return t
}

// TimetableShape returns the track of a line direction (a point about
// every 25 m, as longitude/latitude pairs), the path its vehicles'
// positions follow; nil for an unknown line or direction.
func TimetableShape(lineNumber, dirNo int) [][2]float64 {
	l := theNetwork().lineByNum[lineNumber]
	if l == nil || dirNo < 1 || dirNo > 2 {
		return nil
	}
	pl := l.dirs[dirNo-1].track()
	out := make([][2]float64, len(pl.pts))
	for i, p := range pl.pts {
		out[i] = [2]float64{p.Lon, p.Lat}
	}
	return out
}

// TimetableStarts returns the scheduled starts (from the first stop) of a
// line direction's trips on the service day of the given date, as the
// simulation runs them: a wall-clock time the spring-forward night skips
// has no trip, the fall-back night's repeated hour runs once.
func TimetableStarts(lineNumber, dirNo int, y int, m time.Month, d int) []time.Time {
	l := theNetwork().lineByNum[lineNumber]
	if l == nil || dirNo < 1 || dirNo > 2 {
		return nil
	}
	y, m, d = time.Date(y, m, d, 12, 0, 0, 0, berlin).Date()
	kind := kindOf(time.Date(y, m, d, 12, 0, 0, 0, berlin).Weekday())
	var out []time.Time
	for _, s := range tripStarts(l, kind, dirNo-1) {
		if u, ok := wallUnix(y, m, d, s); ok {
			out = append(out, time.Unix(u, 0).In(berlin))
		}
	}
	return out
}

// Location is the time zone of the simulated service (Europe/Berlin).
func Location() *time.Location { return berlin }
