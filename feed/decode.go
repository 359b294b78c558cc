package feed

import (
	"slices"
	"time"

	"abfahrt/model"
)

// The Decode functions read one response body of an endpoint, as the
// service sends it, into the types of package model. They are what the
// Client uses; they are exported for reading saved responses and for
// checking that a service (such as the simulation) speaks the format.
// Errors are *DecodeError or, where the service says the subject is
// unknown, *NotFoundError. Records keep the order in which they were sent.
// Every string they return has been through clean (clean.go): one line of
// visible text, no escape sequences, within its field's cap. The base data
// they return lives in a few allocations (compact.go).

// DecodeVersionInfo reads a /VersionInfo response.
func DecodeVersionInfo(data []byte) (model.VersionInfo, error) {
	var w struct {
		VersionInfo *model.VersionInfo `json:"VersionInfo"`
	}
	if err := unmarshal(data, &w); err != nil {
		return model.VersionInfo{}, err
	}
	if w.VersionInfo == nil {
		return model.VersionInfo{}, missing("VersionInfo")
	}
	return clean(*w.VersionInfo), nil
}

// DecodeRoutes reads a /route/attributes/BaseData response.
func DecodeRoutes(data []byte) ([]model.Route, error) {
	var w struct {
		RouteAttributes *struct {
			status
			RouteData list[routeWire] `json:"RouteData"`
		} `json:"RouteAttributes"`
	}
	if err := unmarshal(data, &w); err != nil {
		return nil, err
	}
	if w.RouteAttributes == nil {
		return nil, missing("RouteAttributes")
	}
	if err := w.RouteAttributes.check(); err != nil {
		return nil, err
	}
	return compactRoutes(clean(convert[routeWire, model.Route](w.RouteAttributes.RouteData))), nil
}

// DecodeStops reads a /stop/attributes/BaseData response.
func DecodeStops(data []byte) ([]model.Stop, error) {
	var w struct {
		StopAttributes *struct {
			status
			StopData list[stopWire] `json:"StopData"`
		} `json:"StopAttributes"`
	}
	if err := unmarshal(data, &w); err != nil {
		return nil, err
	}
	if w.StopAttributes == nil {
		return nil, missing("StopAttributes")
	}
	if err := w.StopAttributes.check(); err != nil {
		return nil, err
	}
	return compactStops(clean(convert[stopWire, model.Stop](w.StopAttributes.StopData))), nil
}

// DecodeStopPoints reads a /stoppoint/attributes/BaseData response.
func DecodeStopPoints(data []byte) ([]model.StopPoint, error) {
	var w struct {
		StopPointAttributes *struct {
			status
			StopPointData list[stopPointWire] `json:"StopPointData"`
		} `json:"StopPointAttributes"`
	}
	if err := unmarshal(data, &w); err != nil {
		return nil, err
	}
	if w.StopPointAttributes == nil {
		return nil, missing("StopPointAttributes")
	}
	if err := w.StopPointAttributes.check(); err != nil {
		return nil, err
	}
	return compactStopPoints(clean(convert[stopPointWire, model.StopPoint](w.StopPointAttributes.StopPointData))), nil
}

// DecodeVehicles reads a /vehicle/attributes/BaseData response.
func DecodeVehicles(data []byte) ([]model.Vehicle, error) {
	var w struct {
		VehicleAttributes *struct {
			status
			VehicleData list[model.Vehicle] `json:"VehicleData"`
		} `json:"VehicleAttributes"`
	}
	if err := unmarshal(data, &w); err != nil {
		return nil, err
	}
	if w.VehicleAttributes == nil {
		return nil, missing("VehicleAttributes")
	}
	if err := w.VehicleAttributes.check(); err != nil {
		return nil, err
	}
	return compactVehicles(clean(w.VehicleAttributes.VehicleData.slice())), nil
}

// boardWire is the wrapper of the four departures and arrivals endpoints.
type boardWire struct {
	status
	StopNumber    flexInt               `json:"StopNumber"`
	StopCode      string                `json:"StopCode"`
	StopName      string                `json:"StopName"`
	StopPointCode model.StopPointCode   `json:"StopPointCode"`
	Limit         flexInt               `json:"Limit"`
	DepartureData list[model.Departure] `json:"DepartureData"`
	ArrivalData   list[model.Arrival]   `json:"ArrivalData"`
}

// decodeBoard reads the StopPassage or StopPointPassage wrapper: in one
// pass of the JSON decoder where it can (decodeBoardOnce), else record by
// record within the lists' bounds (list).
func decodeBoard(data []byte) (*boardWire, error) {
	if b, ok := decodeBoardOnce(data); ok {
		if err := b.check(); err != nil {
			return nil, err
		}
		return b, nil
	}
	return decodeBoardCarefully(data)
}

// decodeBoardCarefully is decodeBoard without the one pass: the lists and
// the records read by their own UnmarshalJSON.
func decodeBoardCarefully(data []byte) (*boardWire, error) {
	var w struct {
		StopPassage      *boardWire `json:"StopPassage"`
		StopPointPassage *boardWire `json:"StopPointPassage"`
	}
	if err := unmarshal(data, &w); err != nil {
		return nil, err
	}
	b := w.StopPassage
	if b == nil {
		b = w.StopPointPassage
	}
	if b == nil {
		return nil, missing("StopPassage", "StopPointPassage")
	}
	if err := b.check(); err != nil {
		return nil, err
	}
	return b, nil
}

// A board's answer read in one pass. The careful way (list, and the
// records' own UnmarshalJSON) hands each list and then each record to
// the JSON decoder again, which checks and scans its bytes anew every
// time: a departures answer of 40 records was scanned five times. A
// plausible answer, the one a board gets every 15 s, needs none of what
// that buys: its lists are arrays within their bounds and its records'
// live fields within the plausible ranges (model's saneLive has nothing
// to change). decodeBoardOnce reads such an answer in one pass into
// types without those methods and says whether it was one; anything
// else (a single object for a list, too many records, a countdown of
// days, any error) is read the careful way, so what is accepted, what
// it reads as and every error stay as they were.
type (
	departureOnce model.Departure
	arrivalOnce   model.Arrival
	boardOnce     struct {
		status
		StopNumber    flexInt             `json:"StopNumber"`
		StopCode      string              `json:"StopCode"`
		StopName      string              `json:"StopName"`
		StopPointCode model.StopPointCode `json:"StopPointCode"`
		Limit         flexInt             `json:"Limit"`
		DepartureData []departureOnce     `json:"DepartureData"`
		ArrivalData   []arrivalOnce       `json:"ArrivalData"`
	}
)

// Bounds of an answer read in one pass: a body of at most onceMaxBytes
// holds fewer JSON objects than a list's budget (maxListObjects: an object
// is at least 2 bytes), and a live field within these bounds is one
// model's plausibility rules keep as sent (a countdown of up to two days,
// a deviation of up to model.MaxDeviation; the countdown's bound here is
// tighter, so a change there cannot make the two ways differ unseen:
// TestBoardReadOnceAsCarefully holds them side by side).
const (
	onceMaxBytes     = 256 << 10
	onceMaxCountdown = 24 * 3600
)

// plausibleLive reports whether saneLive would keep a countdown and a
// deviation as they are.
func plausibleLive(countdown, deviation int) bool {
	dev := int(model.MaxDeviation / time.Second)
	return countdown >= -onceMaxCountdown && countdown <= onceMaxCountdown && deviation >= -dev && deviation <= dev
}

// decodeBoardOnce reads a plausible board's answer in one pass
// (boardOnce); ok is false for anything else, which decodeBoard then
// reads the careful way.
func decodeBoardOnce(data []byte) (b *boardWire, ok bool) {
	if len(data) > onceMaxBytes {
		return nil, false
	}
	var w struct {
		StopPassage      *boardOnce `json:"StopPassage"`
		StopPointPassage *boardOnce `json:"StopPointPassage"`
	}
	if decodeJSON(data, &w) != nil {
		return nil, false
	}
	o := w.StopPassage
	if o == nil {
		o = w.StopPointPassage
	}
	if o == nil || len(o.DepartureData) > MaxBoardRecords || len(o.ArrivalData) > MaxBoardRecords {
		return nil, false
	}
	b = &boardWire{status: o.status, StopNumber: o.StopNumber, StopCode: o.StopCode, StopName: o.StopName,
		StopPointCode: o.StopPointCode, Limit: o.Limit}
	if o.DepartureData != nil {
		b.DepartureData = make(list[model.Departure], len(o.DepartureData))
		for i := range o.DepartureData {
			d := &o.DepartureData[i]
			if !plausibleLive(d.DepartureCountdown, d.DepartureDeviation) {
				return nil, false
			}
			b.DepartureData[i] = model.Departure(*d)
		}
	}
	if o.ArrivalData != nil {
		b.ArrivalData = make(list[model.Arrival], len(o.ArrivalData))
		for i := range o.ArrivalData {
			a := &o.ArrivalData[i]
			if !plausibleLive(a.ArrivalCountdown, a.ArrivalDeviation) {
				return nil, false
			}
			b.ArrivalData[i] = model.Arrival(*a)
		}
	}
	return b, true
}

func (b *boardWire) board() model.Board {
	return clean(model.Board{
		StopNumber:    int(b.StopNumber),
		StopCode:      b.StopCode,
		StopName:      b.StopName,
		StopPointCode: b.StopPointCode,
		Limit:         int(b.Limit),
		Timestamp:     b.CurrentTimestamp,
	})
}

// DecodeDepartures reads a /stop/passage/Departures or
// /stoppoint/passage/Departures response.
func DecodeDepartures(data []byte) (model.Board, error) {
	w, err := decodeBoard(data)
	if err != nil {
		return model.Board{}, err
	}
	b := w.board()
	b.DepartureData = clean(w.DepartureData.slice())
	b.Events = make([]model.Event, len(b.DepartureData))
	for i, d := range b.DepartureData {
		b.Events[i] = d.Event()
	}
	b.Events, b.Dropped = model.Guard(b.Events, b.Timestamp.Time)
	return b, nil
}

// DecodeArrivals reads a /stop/passage/Arrivals or
// /stoppoint/passage/Arrivals response.
func DecodeArrivals(data []byte) (model.Board, error) {
	w, err := decodeBoard(data)
	if err != nil {
		return model.Board{}, err
	}
	b := w.board()
	b.Arrivals = true
	b.ArrivalData = clean(w.ArrivalData.slice())
	b.Events = make([]model.Event, len(b.ArrivalData))
	for i, a := range b.ArrivalData {
		b.Events[i] = a.Event()
	}
	b.Events, b.Dropped = model.Guard(b.Events, b.Timestamp.Time)
	return b, nil
}

// DecodeTrips reads a /vehicle/trip/Trip response.
func DecodeTrips(data []byte) ([]model.Trip, error) {
	var w struct {
		VehicleTrip *struct {
			status
			TripData list[model.Trip] `json:"TripData"`
		} `json:"VehicleTrip"`
	}
	if err := unmarshal(data, &w); err != nil {
		return nil, err
	}
	if w.VehicleTrip == nil {
		return nil, missing("VehicleTrip")
	}
	if err := w.VehicleTrip.check(); err != nil {
		return nil, err
	}
	return clean(w.VehicleTrip.TripData.slice()), nil
}

// DecodePassages reads a /vehicle/trip/Passage response.
func DecodePassages(data []byte) (model.VehiclePassages, error) {
	var w struct {
		VehiclePassage *struct {
			status
			VehicleNumber   flexInt             `json:"VehicleNumber"`
			VehicleCategory flexInt             `json:"VehicleCategory"`
			RouteNumber     flexInt             `json:"RouteNumber"`
			RouteName       string              `json:"RouteName"`
			Range           string              `json:"Range"`
			PassageData     list[model.Passage] `json:"PassageData"`
		} `json:"VehiclePassage"`
	}
	if err := unmarshal(data, &w); err != nil {
		return model.VehiclePassages{}, err
	}
	p := w.VehiclePassage
	if p == nil {
		return model.VehiclePassages{}, missing("VehiclePassage")
	}
	if err := p.check(); err != nil {
		return model.VehiclePassages{}, err
	}
	return clean(model.VehiclePassages{
		VehicleNumber:   int(p.VehicleNumber),
		VehicleCategory: model.VehicleCategory(p.VehicleCategory),
		RouteNumber:     int(p.RouteNumber),
		RouteName:       p.RouteName,
		Range:           p.Range,
		Timestamp:       p.CurrentTimestamp,
		Passages:        p.PassageData.slice(),
	}), nil
}

// patternGroups are the three groups of a vehicle pattern.
type patternGroups struct {
	StopPoints        list[model.PatternStop] `json:"StopPoints"`
	TrackPoints       list[model.TrackPoint]  `json:"TrackPoints"`
	CarriagewayPoints list[model.TrackPoint]  `json:"CarriagewayPoints"`
}

// DecodePattern reads a /vehicle/trip/Pattern response. The groups are
// read from PatternData, or (leniently) from the wrapper itself.
func DecodePattern(data []byte) (model.Pattern, error) {
	var w struct {
		VehiclePattern *struct {
			status
			patternGroups
			VehicleNumber flexInt        `json:"VehicleNumber"`
			RouteNumber   flexInt        `json:"RouteNumber"`
			RouteName     string         `json:"RouteName"`
			Direction     flexInt        `json:"Direction"`
			PatternData   *patternGroups `json:"PatternData"`
		} `json:"VehiclePattern"`
	}
	if err := unmarshal(data, &w); err != nil {
		return model.Pattern{}, err
	}
	p := w.VehiclePattern
	if p == nil {
		return model.Pattern{}, missing("VehiclePattern")
	}
	if err := p.check(); err != nil {
		return model.Pattern{}, err
	}
	g := p.patternGroups
	if p.PatternData != nil {
		g.StopPoints = append(g.StopPoints, p.PatternData.StopPoints...)
		g.TrackPoints = append(g.TrackPoints, p.PatternData.TrackPoints...)
		g.CarriagewayPoints = append(g.CarriagewayPoints, p.PatternData.CarriagewayPoints...)
	}
	return clean(model.Pattern{
		VehicleNumber:     int(p.VehicleNumber),
		RouteNumber:       int(p.RouteNumber),
		RouteName:         p.RouteName,
		Direction:         int(p.Direction),
		StopPoints:        g.StopPoints.slice(),
		TrackPoints:       g.TrackPoints.slice(),
		CarriagewayPoints: g.CarriagewayPoints.slice(),
	}), nil
}

// DecodeAlert reads a /passenger/alert/UnplannedAlert response. The
// status "no result found" means there is no alert: an empty Alert and a
// nil error.
func DecodeAlert(data []byte) (model.Alert, error) {
	var w struct {
		PassengerAlert *struct {
			status
			AlertTitle string     `json:"AlertTitle"`
			AlertData  alertItems `json:"AlertData"`
		} `json:"PassengerAlert"`
	}
	if err := unmarshal(data, &w); err != nil {
		return model.Alert{}, err
	}
	a := w.PassengerAlert
	if a == nil {
		return model.Alert{}, missing("PassengerAlert")
	}
	if _, none := a.notFound(); none {
		return model.Alert{Timestamp: a.CurrentTimestamp}, nil
	}
	alert := clean(model.Alert{Title: a.AlertTitle, Items: []string(a.AlertData), Timestamp: a.CurrentTimestamp})
	// An item that was nothing but control characters is no item.
	alert.Items = slices.DeleteFunc(alert.Items, func(s string) bool { return s == "" })
	return alert, nil
}
