// Package gtfs speaks GTFS for abfahrt: it exports the simulated network
// as a static GTFS feed (Export), reads a static GTFS feed with bounds
// against hostile input (Load), matches the live trips of a mobility/v1
// service to the static trips (Matcher) and checks a static feed against
// the live service (Check). The GTFS-Realtime feeds are built by the rt
// package below it.
package gtfs

import (
	"archive/zip"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"abfahrt/feed/sim"
)

// AgencyID is the agency of the exported feed.
const AgencyID = "swu"

// lineColors are the public line colours of the SWU network
// (../shared/spec/wire-format.md section 2), by line name.
var lineColors = map[string]string{
	"1": "E52129", "2": "3EAD56", "4": "14816E", "5": "17A9BF", "6": "F39437", "7": "B2116C",
	"8": "77418F", "9": "E09DBC", "10": "A5A158", "11": "085EA4", "12": "B22E2B", "13": "7CC191",
	"14": "26ABE3", "15": "B281B8", "16": "DE4B95", "17": "CC9900",
	"N1": "E52129", "N2": "77418F", "N3": "82BC46", "N4": "1BB5EB", "N5": "085EA4", "N6": "057A4A",
	"N7": "DE4B95", "N8": "F39437",
}

// ExportOptions say which service days to export.
type ExportOptions struct {
	// From is the first service day (its date in Europe/Berlin is used).
	From time.Time
	// Days is how many service days, from From (1 to 366).
	Days int
	// Progress, when set, is told how many of the steps are done.
	Progress func(done, total int)
}

// ExportStats say what an export wrote.
type ExportStats struct {
	Stops, Routes, Trips, StopTimes, Services, ShapePoints int
}

// gtfsTrip is one trip of a service: its line direction and its start in
// seconds since the service day's noon minus 12 hours (GTFS time).
type gtfsTrip struct {
	line, dir int // index into Timetable.Lines, direction index 0/1
	start     int32
}

// RouteID is the route_id the export gives a line: its RouteNumber, as the
// service names it.
func RouteID(routeNumber int) string { return strconv.Itoa(routeNumber) }

// StopPointID is the stop_id the export gives a stop point: its DHID, or
// the StopPointCode where it has none.
func StopPointID(p sim.TimetablePoint) string {
	if p.DHID != "" {
		return p.DHID
	}
	return strconv.Itoa(p.Code)
}

// stationID is the stop_id of a stop's parent station: the first three
// parts of its stop points' DHID (de:08421:1008), else "stop:NNNN".
func stationID(s sim.TimetableStop) string {
	for _, p := range s.Points {
		parts := strings.Split(p.DHID, ":")
		if len(parts) >= 3 && parts[0] != "" {
			return strings.Join(parts[:3], ":")
		}
	}
	return "stop:" + strconv.Itoa(s.Number)
}

// noonMinus12 is the reference of GTFS times on a service day: noon of
// the date in the zone, less 12 hours (an hour off midnight on the days
// the clocks change).
func noonMinus12(y int, m time.Month, d int, loc *time.Location) time.Time {
	return time.Date(y, m, d, 12, 0, 0, 0, loc).Add(-12 * time.Hour)
}

// Export writes the simulated network's timetable for o.Days service days
// from o.From to w as a static GTFS zip.
func Export(w io.Writer, o ExportOptions) (ExportStats, error) {
	var st ExportStats
	if o.Days < 1 || o.Days > 366 {
		return st, fmt.Errorf("days must be 1 to 366, got %d", o.Days)
	}
	loc := sim.Location()
	tt := sim.StaticTimetable()
	y0, m0, d0 := o.From.In(loc).Date()
	total := o.Days + 1 + 8
	done := 0
	step := func() {
		done++
		if o.Progress != nil {
			o.Progress(done, total)
		}
	}

	// Every service day's trips, one day before the first too: on the
	// night the clocks go back, a trip before the day's reference (an
	// hour after midnight) belongs to the day before as a time past 24:00.
	perDay := make([][]gtfsTrip, o.Days+1)
	for i := -1; i < o.Days; i++ {
		ref := noonMinus12(y0, m0, d0+i, loc)
		prev := noonMinus12(y0, m0, d0+i-1, loc)
		for li, l := range tt.Lines {
			for di := range l.Dirs {
				for _, s := range sim.TimetableStarts(l.Number, di+1, y0, m0, d0+i) {
					sec := int32(s.Sub(ref) / time.Second)
					day := i + 1
					if sec < 0 {
						sec, day = int32(s.Sub(prev)/time.Second), i
						if day < 0 {
							continue
						}
					}
					perDay[day] = append(perDay[day], gtfsTrip{li, di, sec})
				}
			}
		}
		step()
	}
	perDay = perDay[1:]

	// Days with the same trips share a service: weekday, saturday, sunday,
	// and one of its own for a day the clock change makes different.
	type service struct {
		id    string
		trips []gtfsTrip
		dates []string
	}
	var services []*service
	for i, trips := range perDay {
		slices.SortFunc(trips, func(a, b gtfsTrip) int {
			return cmp.Or(cmp.Compare(a.line, b.line), cmp.Compare(a.dir, b.dir), cmp.Compare(a.start, b.start))
		})
		date := time.Date(y0, m0, d0+i, 12, 0, 0, 0, loc)
		var svc *service
		for _, s := range services {
			if slices.Equal(s.trips, trips) {
				svc = s
				break
			}
		}
		if svc == nil {
			svc = &service{id: dayKindName(date.Weekday()), trips: trips}
			for _, s := range services {
				if s.id == svc.id {
					svc.id += "-" + date.Format("20060102")
					break
				}
			}
			services = append(services, svc)
		}
		svc.dates = append(svc.dates, date.Format("20060102"))
	}
	st.Services = len(services)

	zw := zip.NewWriter(w)
	file := func(name string, header []string, rows func(cw *csv.Writer) error) error {
		f, err := zw.Create(name)
		if err != nil {
			return err
		}
		cw := csv.NewWriter(f)
		if err := cw.Write(header); err != nil {
			return err
		}
		if err := rows(cw); err != nil {
			return err
		}
		cw.Flush()
		step()
		return cw.Error()
	}
	first := time.Date(y0, m0, d0, 12, 0, 0, 0, loc)
	last := time.Date(y0, m0, d0+o.Days-1, 12, 0, 0, 0, loc)
	err := errors.Join(
		file("agency.txt", []string{"agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"}, func(cw *csv.Writer) error {
			return cw.Write([]string{AgencyID, "SWU Verkehr (simulated network of abfahrt)", "https://www.swu.de/", loc.String(), "de"})
		}),
		file("feed_info.txt", []string{"feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date", "feed_end_date", "feed_version"}, func(cw *csv.Writer) error {
			return cw.Write([]string{"abfahrt (simulation, not a real timetable)", "https://www.swu.de/", "de",
				first.Format("20060102"), last.Format("20060102"), "abfahrt-sim-" + first.Format("20060102")})
		}),
		file("stops.txt", []string{"stop_id", "stop_code", "stop_name", "stop_lat", "stop_lon", "location_type", "parent_station", "platform_code"}, func(cw *csv.Writer) error {
			for _, s := range tt.Stops {
				if !s.Passenger {
					continue
				}
				sid := stationID(s)
				if err := cw.Write([]string{sid, "", s.Name, coord(s.Lat), coord(s.Lon), "1", "", ""}); err != nil {
					return err
				}
				st.Stops++
				for _, p := range s.Points {
					name := s.Name
					if p.Platform != "" {
						name += " Steig " + p.Platform
					}
					if err := cw.Write([]string{StopPointID(p), strconv.Itoa(p.Code), name, coord(p.Lat), coord(p.Lon), "0", sid, p.Platform}); err != nil {
						return err
					}
					st.Stops++
				}
			}
			return nil
		}),
		file("routes.txt", []string{"route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color", "route_text_color"}, func(cw *csv.Writer) error {
			for _, l := range tt.Lines {
				typ := "3" // bus
				if l.Category == 1 {
					typ = "0" // tram
				}
				color := lineColors[l.Name]
				text := ""
				if color != "" {
					text = "FFFFFF"
				}
				long := l.Dirs[1].Headsign + " – " + l.Dirs[0].Headsign
				if err := cw.Write([]string{RouteID(l.Number), AgencyID, l.Name, long, typ, color, text}); err != nil {
					return err
				}
				st.Routes++
			}
			return nil
		}),
		file("calendar_dates.txt", []string{"service_id", "date", "exception_type"}, func(cw *csv.Writer) error {
			for _, s := range services {
				for _, d := range s.dates {
					if err := cw.Write([]string{s.id, d, "1"}); err != nil {
						return err
					}
				}
			}
			return nil
		}),
		file("shapes.txt", []string{"shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence"}, func(cw *csv.Writer) error {
			for _, l := range tt.Lines {
				for di := range l.Dirs {
					for i, p := range sim.TimetableShape(l.Number, di+1) {
						if err := cw.Write([]string{shapeID(l, di), coord(p[1]), coord(p[0]), strconv.Itoa(i)}); err != nil {
							return err
						}
						st.ShapePoints++
					}
				}
			}
			return nil
		}),
		file("trips.txt", []string{"route_id", "service_id", "trip_id", "trip_headsign", "direction_id", "shape_id"}, func(cw *csv.Writer) error {
			for _, s := range services {
				for _, t := range s.trips {
					l := tt.Lines[t.line]
					if err := cw.Write([]string{RouteID(l.Number), s.id, TripID(l.Number, t.dir+1, s.id, t.start), l.Dirs[t.dir].Headsign,
						strconv.Itoa(t.dir), shapeID(l, t.dir)}); err != nil {
						return err
					}
					st.Trips++
				}
			}
			return nil
		}),
		file("stop_times.txt", []string{"trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"}, func(cw *csv.Writer) error {
			ids := map[int]string{}
			for _, s := range tt.Stops {
				for _, p := range s.Points {
					ids[p.Code] = StopPointID(p)
				}
			}
			for _, s := range services {
				for _, t := range s.trips {
					l := tt.Lines[t.line]
					dir := l.Dirs[t.dir]
					id := TripID(l.Number, t.dir+1, s.id, t.start)
					for i, code := range dir.Points {
						at := FormatTime(t.start + dir.Offsets[i])
						if err := cw.Write([]string{id, at, at, ids[code], strconv.Itoa(i)}); err != nil {
							return err
						}
						st.StopTimes++
					}
				}
			}
			return nil
		}),
	)
	if err != nil {
		return st, err
	}
	return st, zw.Close()
}

// TripID is the trip_id of the export: line, direction, service and the
// scheduled start (GTFS time).
func TripID(routeNumber, dirNo int, service string, start int32) string {
	return fmt.Sprintf("%d-%d-%s-%s", routeNumber, dirNo, service, strings.ReplaceAll(FormatTime(start), ":", ""))
}

func shapeID(l sim.TimetableLine, di int) string {
	return RouteID(l.Number) + "-" + strconv.Itoa(di+1)
}

func dayKindName(wd time.Weekday) string {
	switch wd {
	case time.Saturday:
		return "saturday"
	case time.Sunday:
		return "sunday"
	case time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday:
	}
	return "weekday"
}

func coord(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }

// FormatTime writes seconds since a service day's reference as GTFS
// HH:MM:SS (hours may pass 24).
func FormatTime(sec int32) string {
	return fmt.Sprintf("%02d:%02d:%02d", sec/3600, sec/60%60, sec%60)
}
