// Package rt builds the hub's GTFS-Realtime feeds (trip updates, vehicle
// positions, alerts) from the live data of a mobility/v1 service, matched
// to a static GTFS feed where one is given, and serves them.
package rt

import (
	"strconv"
	"strings"
	"time"

	gtfsrt "github.com/MobilityData/gtfs-realtime-bindings/golang/gtfs"
	"google.golang.org/protobuf/proto"

	"abfahrt/gtfs"
	"abfahrt/ladder"
	"abfahrt/model"
)

// Snapshot is the live data a build reads: every vehicle's trip record, the
// passages of each vehicle's current trip (as last asked) and the alert.
type Snapshot struct {
	// At is the service's time of the snapshot.
	At       time.Time
	Trips    []model.Trip
	Passages map[int]model.VehiclePassages
	Alert    model.Alert
	// Starts are departures at the stops where trips start: trips not
	// started yet, and ghosts.
	Starts []Start
	// Gone are the departures the service stopped reporting (abfahrt's
	// "✗ gone"): announced at a stop, then missing from its answers
	// before their time while those still reach well beyond it.
	Gone map[GoneKey]bool
}

// Start is a departure at a stop point where trips start, with the
// direction (1 or 2; 0 unknown) of the route pattern starting there.
type Start struct {
	model.Event
	Direction int
}

// GoneKey identifies a departure across answers: its line (RouteName),
// stop point and scheduled time (Unix seconds).
type GoneKey struct {
	Line  string
	Point model.StopPointCode
	Sched int64
}

// Counts are how the live trips of a build matched the static feed.
type Counts struct {
	Matched, Ambiguous, Unmatched int
	// Upcoming counts trips not started yet with a predicted start,
	// Canceled the ghosts (no vehicle for a scheduled start).
	Upcoming, Canceled int
}

// Share is the matched share of the trips, 0 to 1 (0 without trips).
func (c Counts) Share() float64 {
	n := c.Matched + c.Ambiguous + c.Unmatched
	if n == 0 {
		return 0
	}
	return float64(c.Matched) / float64(n)
}

// Built is one build of the three feeds.
type Built struct {
	TripUpdates, Vehicles, Alerts *gtfsrt.FeedMessage
	Counts                        Counts
	// Static is true when the trips were matched against a static feed.
	Static bool
}

// Build makes the three feeds of a snapshot; m is nil without a static
// feed (trips are then described by route, direction, start date and
// time, stops by the service's stop point codes and scheduled times).
func Build(s Snapshot, m *gtfs.Matcher) Built {
	b := Built{Static: m != nil}
	header := func() *gtfsrt.FeedHeader {
		return &gtfsrt.FeedHeader{GtfsRealtimeVersion: proto.String("2.0"),
			Incrementality: gtfsrt.FeedHeader_FULL_DATASET.Enum(), Timestamp: proto.Uint64(uint64(max(s.At.Unix(), 0)))}
	}
	b.TripUpdates = &gtfsrt.FeedMessage{Header: header()}
	b.Vehicles = &gtfsrt.FeedMessage{Header: header()}
	b.Alerts = &gtfsrt.FeedMessage{Header: header()}
	for _, t := range s.Trips {
		if !t.IsActive || t.VehicleNumber == 0 || t.JourneyData == nil {
			continue
		}
		vid := strconv.Itoa(t.VehicleNumber)
		vd := &gtfsrt.VehicleDescriptor{Id: proto.String(vid), Label: proto.String(vid)}
		vp, ok := s.Passages[t.VehicleNumber]
		current := ok && len(vp.Passages) > 0 && vp.RouteNumber == t.JourneyData.RouteNumber && !ladder.Ended(vp, s.At)
		var td *gtfsrt.TripDescriptor
		var tu *gtfsrt.TripUpdate
		var next *gtfsrt.TripUpdate_StopTimeUpdate
		if current {
			var st gtfs.MatchStatus
			td, tu, next, st = tripUpdate(vp, t, m, s.At, skipsOf(s, vp, t))
			switch st {
			case gtfs.Matched:
				b.Counts.Matched++
			case gtfs.Ambiguous:
				b.Counts.Ambiguous++
			case gtfs.Unmatched:
				b.Counts.Unmatched++
			}
			tu.Vehicle = vd
			if t.TimeData != nil && t.TimeData.ReferenceTime.Known() {
				tu.Timestamp = proto.Uint64(uint64(max(t.TimeData.ReferenceTime.Unix(), 0)))
			}
			if len(tu.StopTimeUpdate) > 0 {
				b.TripUpdates.Entity = append(b.TripUpdates.Entity, &gtfsrt.FeedEntity{Id: proto.String("trip-" + vid), TripUpdate: tu})
			}
		} else {
			td = &gtfsrt.TripDescriptor{RouteId: proto.String(routeID(m, t.JourneyData.RouteName, t.JourneyData.RouteNumber))}
			if d := t.JourneyData.Direction; d == 1 || d == 2 {
				td.DirectionId = proto.Uint32(uint32(d - 1))
			}
		}
		pos, ok := t.Position()
		if !ok {
			continue
		}
		v := &gtfsrt.VehiclePosition{Trip: td, Vehicle: vd,
			Position: &gtfsrt.Position{Latitude: proto.Float32(float32(pos.Latitude)), Longitude: proto.Float32(float32(pos.Longitude)), Bearing: proto.Float32(float32(pos.Bearing))}}
		if t.TimeData != nil && t.TimeData.ReferenceTime.Known() {
			v.Timestamp = proto.Uint64(uint64(max(t.TimeData.ReferenceTime.Unix(), 0)))
		}
		if next != nil {
			v.StopId, v.CurrentStopSequence = next.StopId, next.StopSequence
			v.CurrentStatus = gtfsrt.VehiclePosition_IN_TRANSIT_TO.Enum()
			if st := nextStatus(vp); st == model.StatusStopping {
				v.CurrentStatus = gtfsrt.VehiclePosition_STOPPED_AT.Enum()
			} else if st == model.StatusArriving {
				v.CurrentStatus = gtfsrt.VehiclePosition_INCOMING_AT.Enum()
			}
		}
		b.Vehicles.Entity = append(b.Vehicles.Entity, &gtfsrt.FeedEntity{Id: proto.String("vehicle-" + vid), Vehicle: v})
	}
	if m != nil {
		b.upcoming(s, m)
	} else {
		b.upcomingStopBased(s)
	}
	for i, item := range s.Alert.Items {
		if strings.TrimSpace(item) == "" {
			continue
		}
		b.Alerts.Entity = append(b.Alerts.Entity, &gtfsrt.FeedEntity{Id: proto.String("alert-" + strconv.Itoa(i+1)), Alert: alert(s.Alert.Title, item, m)})
	}
	return b
}

// Ghosts and upcoming trips: how far ahead a trip not started is
// published, and within how long before its start a departure without a
// vehicle is a ghost (the service names the vehicle of every trip that
// starts within 30 minutes; a board may be up to a few minutes old).
const (
	upcomingWithin = time.Hour
	ghostWithin    = 25 * time.Minute
)

// upcoming adds the trips that have not started: at their first stop, a
// departure with a vehicle and a predicted time is a trip update of that
// stop (consumers carry its delay on to the later stops); one without a
// vehicle within ghostWithin of its start is a ghost, CANCELED.
func (b *Built) upcoming(s Snapshot, m *gtfs.Matcher) {
	published := map[string]bool{}
	for _, e := range b.TripUpdates.Entity {
		published[e.GetTripUpdate().GetTrip().GetTripId()] = true
	}
	f := m.Feed()
	for _, e := range s.Starts {
		if !e.Scheduled.Known() || e.Scheduled.Sub(s.At) > upcomingWithin {
			continue
		}
		res := m.MatchStart(e.RouteName, string(e.StopPointCode), e.Scheduled.Time, s.At)
		if res.Status != gtfs.Matched {
			continue
		}
		t := &f.Trips[res.Trip]
		if published[t.ID] {
			continue
		}
		td := &gtfsrt.TripDescriptor{TripId: proto.String(t.ID), RouteId: proto.String(f.Routes[t.Route].ID),
			StartDate: proto.String(res.Date), StartTime: proto.String(gtfs.FormatTime(t.StopTimes[0].Dep))}
		if t.Direction >= 0 {
			td.DirectionId = proto.Uint32(uint32(t.Direction))
		}
		tu, ok := b.startUpdate(td, e, s.At, &gtfsrt.TripUpdate_StopTimeUpdate{
			StopSequence: proto.Uint32(uint32(t.StopTimes[0].Seq)),
			StopId:       proto.String(f.Stops[t.StopTimes[0].Stop].ID),
		})
		if !ok {
			continue
		}
		published[t.ID] = true
		b.TripUpdates.Entity = append(b.TripUpdates.Entity, &gtfsrt.FeedEntity{Id: proto.String("trip-" + t.ID), TripUpdate: tu})
	}
}

// upcomingStopBased adds the trips that have not started without a
// static feed, as upcoming does, described by route, direction, start
// date and start time (the departure's at the stop point where the
// route's pattern starts), their stop by the service's stop point code.
func (b *Built) upcomingStopBased(s Snapshot) {
	published := map[string]bool{}
	for _, e := range b.TripUpdates.Entity {
		published[startKey(e.GetTripUpdate().GetTrip())] = true
	}
	for _, e := range s.Starts {
		if !e.Scheduled.Known() || e.Scheduled.Sub(s.At) > upcomingWithin || e.RouteNumber == 0 {
			continue
		}
		td := &gtfsrt.TripDescriptor{RouteId: proto.String(strconv.Itoa(e.RouteNumber)),
			StartDate: proto.String(e.Scheduled.Format("20060102")), StartTime: proto.String(e.Scheduled.Format("15:04:05"))}
		if e.Direction == 1 || e.Direction == 2 {
			td.DirectionId = proto.Uint32(uint32(e.Direction - 1))
		}
		key := startKey(td)
		if published[key] {
			continue
		}
		tu, ok := b.startUpdate(td, e, s.At, &gtfsrt.TripUpdate_StopTimeUpdate{StopId: proto.String(string(e.StopPointCode))})
		if !ok {
			continue
		}
		published[key] = true
		b.TripUpdates.Entity = append(b.TripUpdates.Entity, &gtfsrt.FeedEntity{Id: proto.String("start-" + strings.ReplaceAll(key, "|", "-")), TripUpdate: tu})
	}
}

// startUpdate is the update of a trip that has not started, from its
// departure e at its first stop: CANCELED for a ghost (no vehicle) due
// within ghostWithin of at; SCHEDULED with the predicted departure at
// first (the update of that stop) for a trip with a vehicle; ok is false
// for neither (a ghost further ahead or gone by, a time not predicted).
func (b *Built) startUpdate(td *gtfsrt.TripDescriptor, e Start, at time.Time, first *gtfsrt.TripUpdate_StopTimeUpdate) (tu *gtfsrt.TripUpdate, ok bool) {
	tu = &gtfsrt.TripUpdate{Trip: td}
	switch {
	case e.VehicleNumber == 0:
		if e.Scheduled.Sub(at) > ghostWithin || e.Scheduled.Before(at) {
			return nil, false
		}
		td.ScheduleRelationship = gtfsrt.TripDescriptor_CANCELED.Enum()
		b.Counts.Canceled++
	case e.Actual.Known() && !e.Actual.Before(at):
		td.ScheduleRelationship = gtfsrt.TripDescriptor_SCHEDULED.Enum()
		vid := strconv.Itoa(e.VehicleNumber)
		tu.Vehicle = &gtfsrt.VehicleDescriptor{Id: proto.String(vid), Label: proto.String(vid)}
		first.Departure = &gtfsrt.TripUpdate_StopTimeEvent{Time: proto.Int64(e.Actual.Unix()), Delay: proto.Int32(int32(e.Deviation))}
		tu.StopTimeUpdate = []*gtfsrt.TripUpdate_StopTimeUpdate{first}
		b.Counts.Upcoming++
	default:
		return nil, false
	}
	return tu, true
}

// startKey names a stop-based trip: route, direction, start date and time.
func startKey(td *gtfsrt.TripDescriptor) string {
	d := "x"
	if td.DirectionId != nil {
		d = strconv.Itoa(int(td.GetDirectionId()))
	}
	return td.GetRouteId() + "|" + d + "|" + td.GetStartDate() + "|" + strings.ReplaceAll(td.GetStartTime(), ":", "")
}

// nextStatus is the status of the vehicle's next stop (the first not
// departed or passed).
func nextStatus(vp model.VehiclePassages) model.PassageStatus {
	for _, p := range vp.Passages {
		if !p.Status.Done() {
			return p.Status
		}
	}
	return 0
}

// routeID is the route_id of a live line: the static route of its short
// name, else the RouteNumber (the export's route_id).
func routeID(m *gtfs.Matcher, name string, number int) string {
	if m != nil && name != "" {
		f := m.Feed()
		for _, r := range f.Routes {
			if r.ShortName == name {
				return r.ID
			}
		}
	}
	return strconv.Itoa(number)
}

// skipsOf says which passages of a trip the vehicle will not serve: gone
// from the service's answers (s.Gone), or at a stop the alert says the
// trip's line does not serve.
func skipsOf(s Snapshot, vp model.VehiclePassages, t model.Trip) func(model.Passage) bool {
	line := vp.RouteName
	if line == "" {
		line = t.JourneyData.RouteName
	}
	closed := closedClauses(s.Alert, line)
	return func(p model.Passage) bool {
		if s.Gone[GoneKey{line, p.StopPointCode, p.Scheduled().Unix()}] {
			return true
		}
		for _, c := range closed {
			if namesStop(c, p.StopName) {
				return true
			}
		}
		return false
	}
}

// tripUpdate makes the trip update of a vehicle's current trip: its
// descriptor (the static trip, else route, direction, start date and
// time), and a stop time update per stop still ahead: predicted arrival and
// departure with their delays, SKIPPED for a stop the vehicle passes
// without stopping, one the service stopped reporting, or one an alert
// says the line does not serve (skip). next is the update of the
// vehicle's next stop it serves.
func tripUpdate(vp model.VehiclePassages, t model.Trip, m *gtfs.Matcher, at time.Time, skip func(model.Passage) bool) (*gtfsrt.TripDescriptor, *gtfsrt.TripUpdate, *gtfsrt.TripUpdate_StopTimeUpdate, gtfs.MatchStatus) {
	ps := vp.Passages
	name := vp.RouteName
	if name == "" {
		name = t.JourneyData.RouteName
	}
	st := gtfs.Unmatched
	var match gtfs.Match
	if m != nil {
		live := make([]gtfs.LiveStop, 0, len(ps))
		for _, p := range ps {
			live = append(live, gtfs.LiveStop{Code: string(p.StopPointCode), Sched: p.Scheduled().Time})
		}
		match = m.Match(name, live, at)
		st = match.Status
	}
	td := &gtfsrt.TripDescriptor{}
	var static *gtfs.Trip
	if st == gtfs.Matched {
		f := m.Feed()
		static = &f.Trips[match.Trip]
		td.TripId = proto.String(static.ID)
		td.RouteId = proto.String(f.Routes[static.Route].ID)
		if static.Direction >= 0 {
			td.DirectionId = proto.Uint32(uint32(static.Direction))
		}
		td.StartDate = proto.String(match.Date)
		td.StartTime = proto.String(gtfs.FormatTime(static.StopTimes[0].Dep))
	} else {
		td.RouteId = proto.String(routeID(m, name, vp.RouteNumber))
		if d := t.JourneyData.Direction; d == 1 || d == 2 {
			td.DirectionId = proto.Uint32(uint32(d - 1))
		}
		if first := ps[0].Scheduled(); first.Known() {
			td.StartDate = proto.String(first.Format("20060102"))
			td.StartTime = proto.String(first.Format("15:04:05"))
		}
	}
	td.ScheduleRelationship = gtfsrt.TripDescriptor_SCHEDULED.Enum()
	tu := &gtfsrt.TripUpdate{Trip: td}
	var next *gtfsrt.TripUpdate_StopTimeUpdate
	ahead := false
	lastSeq := int64(-1)
	for _, p := range ps {
		if !ahead && p.Status.Done() {
			continue
		}
		ahead = true
		u := &gtfsrt.TripUpdate_StopTimeUpdate{}
		seq := int64(p.SequenceNumber)
		stopID := string(p.StopPointCode)
		if m != nil {
			if si := m.Stop(stopID); si >= 0 {
				stopID = m.Feed().Stops[si].ID
				if static != nil {
					if s, ok := staticSeq(static, si, p.Scheduled().Time, match.Ref); ok {
						seq = int64(s)
					}
				}
			}
		}
		if seq <= lastSeq {
			continue // a stop the static trip does not have in this order
		}
		lastSeq = seq
		u.StopSequence = proto.Uint32(uint32(seq))
		u.StopId = proto.String(stopID)
		skipped := p.Status == model.StatusPassed || skip(p)
		if skipped {
			u.ScheduleRelationship = gtfsrt.TripUpdate_StopTimeUpdate_SKIPPED.Enum()
		} else {
			if p.ArrivalTimeActual.Known() && p.ArrivalTimeScheduled.Known() {
				u.Arrival = &gtfsrt.TripUpdate_StopTimeEvent{Time: proto.Int64(p.ArrivalTimeActual.Unix()), Delay: proto.Int32(int32(p.ArrivalDeviation))}
			}
			if p.DepartureTimeActual.Known() && p.DepartureTimeScheduled.Known() {
				u.Departure = &gtfsrt.TripUpdate_StopTimeEvent{Time: proto.Int64(p.DepartureTimeActual.Unix()), Delay: proto.Int32(int32(p.DepartureDeviation))}
			}
			if u.Arrival == nil && u.Departure == nil {
				u.ScheduleRelationship = gtfsrt.TripUpdate_StopTimeUpdate_NO_DATA.Enum()
			}
		}
		if next == nil && !skipped {
			next = u
		}
		tu.StopTimeUpdate = append(tu.StopTimeUpdate, u)
	}
	return td, tu, next, st
}

// staticSeq is the stop_sequence of the static trip's stop at the stop
// and scheduled time.
func staticSeq(t *gtfs.Trip, stop int32, sched, ref time.Time) (int32, bool) {
	sec := int32(sched.Sub(ref) / time.Second)
	for _, st := range t.StopTimes {
		if st.Stop == stop && (st.Dep == sec || st.Arr == sec) {
			return st.Seq, true
		}
	}
	return 0, false
}

var lineRE = lazy(`Linie (\S+?)[:,\s]`)

// alert is one item of the service's alert: German text (and English
// where abfahrt knows the phrasing), the routes and
// (with a static feed) the stations it names, an effect read from its
// words.
func alert(title, item string, m *gtfs.Matcher) *gtfsrt.Alert {
	tr := func(s string, isTitle bool) *gtfsrt.TranslatedString {
		ts := &gtfsrt.TranslatedString{Translation: []*gtfsrt.TranslatedString_Translation{{Text: proto.String(s), Language: proto.String("de")}}}
		if en, ok := english(s, isTitle); ok {
			ts.Translation = append(ts.Translation, &gtfsrt.TranslatedString_Translation{Text: proto.String(en), Language: proto.String("en")})
		}
		return ts
	}
	head, headTitle := title, true
	if head == "" {
		head, headTitle = item, false
	}
	a := &gtfsrt.Alert{HeaderText: tr(head, headTitle), DescriptionText: tr(item, false), Cause: gtfsrt.Alert_UNKNOWN_CAUSE.Enum()}
	switch {
	case strings.Contains(item, "Umleitung"):
		a.Effect = gtfsrt.Alert_DETOUR.Enum()
	case strings.Contains(item, "Verspätung"):
		a.Effect = gtfsrt.Alert_SIGNIFICANT_DELAYS.Enum()
	case strings.Contains(item, "Fahrten") && strings.Contains(item, "entfallen"):
		a.Effect = gtfsrt.Alert_REDUCED_SERVICE.Enum()
	case strings.Contains(item, "nicht bedient"):
		a.Effect = gtfsrt.Alert_STOP_MOVED.Enum()
	default:
		a.Effect = gtfsrt.Alert_UNKNOWN_EFFECT.Enum()
	}
	if mm := lineRE().FindStringSubmatch(item + " "); mm != nil {
		a.InformedEntity = append(a.InformedEntity, &gtfsrt.EntitySelector{RouteId: proto.String(routeID(m, mm[1], routeNumber(mm[1])))})
	}
	if m != nil {
		f := m.Feed()
		for _, s := range f.Stops {
			if s.LocationType == 1 && s.Name != "" && strings.Contains(item, " "+s.Name+" ") || s.LocationType == 1 && s.Name != "" && strings.HasSuffix(item, " "+s.Name) {
				a.InformedEntity = append(a.InformedEntity, &gtfsrt.EntitySelector{StopId: proto.String(s.ID)})
			}
		}
	}
	if len(a.InformedEntity) == 0 {
		a.InformedEntity = append(a.InformedEntity, &gtfsrt.EntitySelector{AgencyId: proto.String(gtfs.AgencyID)})
	}
	return a
}

// routeNumber reads a line name as the service numbers it: N1 is 301.
func routeNumber(name string) int {
	if n, err := strconv.Atoi(name); err == nil {
		return n
	}
	if rest, ok := strings.CutPrefix(name, "N"); ok {
		if n, err := strconv.Atoi(rest); err == nil {
			return 300 + n
		}
	}
	return 0
}
