package model

import "time"

// Trip is the live state of one vehicle (vehicle/trip/Trip).
type Trip struct {
	VehicleNumber   int             `json:"VehicleNumber"`
	VehicleCategory VehicleCategory `json:"VehicleCategory"`
	IsActive        bool            `json:"IsActive"`
	// PositionData is nil when the vehicle is not in service; an unknown
	// position decodes to Coordinates that are not Known.
	PositionData *Coordinates `json:"PositionData,omitempty"`
	TimeData     *TripTime    `json:"TimeData,omitempty"`
	JourneyData  *Journey     `json:"JourneyData,omitempty"`
}

// TripTime is a vehicle's deviation and the time of its position report.
type TripTime struct {
	Deviation     int  `json:"Deviation"`
	ReferenceTime Time `json:"ReferenceTime"`
}

// Journey is the line and direction a vehicle serves.
type Journey struct {
	RouteNumber            int    `json:"RouteNumber"`
	RouteName              string `json:"RouteName,omitempty"`
	ArrivalDirectionText   string `json:"ArrivalDirectionText"`
	DepartureDirectionText string `json:"DepartureDirectionText"`
	Direction              int    `json:"Direction"`
}

// Position returns the vehicle's known position, if any.
func (t Trip) Position() (Coordinates, bool) {
	if t.PositionData == nil || !t.PositionData.Valid {
		return Coordinates{}, false
	}
	return *t.PositionData, true
}

// Deviation returns the vehicle's deviation in seconds (0 when not sent).
func (t Trip) Deviation() int {
	if t.TimeData == nil {
		return 0
	}
	return t.TimeData.Deviation
}

// DirectionText is where the trip goes: its departure direction, else
// its arrival direction, "" without journey data.
func (t Trip) DirectionText() string {
	j := t.JourneyData
	if j == nil {
		return ""
	}
	if j.DepartureDirectionText != "" {
		return j.DepartureDirectionText
	}
	return j.ArrivalDirectionText
}

// ReportAge returns how old the position report is at now, if it has a time.
func (t Trip) ReportAge(now time.Time) (time.Duration, bool) {
	if t.TimeData == nil || !t.TimeData.ReferenceTime.Known() {
		return 0, false
	}
	return now.Sub(t.TimeData.ReferenceTime.Time), true
}

// Passage is one stop point passed or to be passed by a vehicle on its
// trip (vehicle/trip/Passage).
type Passage struct {
	StopNumber             int           `json:"StopNumber"`
	StopCode               string        `json:"StopCode"`
	StopName               string        `json:"StopName"`
	StopPointNumber        int           `json:"StopPointNumber"`
	StopPointCode          StopPointCode `json:"StopPointCode"`
	PlatformName           string        `json:"PlatformName"`
	StopPointName          string        `json:"StopPointName"`
	ArrivalDirectionText   string        `json:"ArrivalDirectionText"`
	ArrivalTimeScheduled   Time          `json:"ArrivalTimeScheduled"`
	ArrivalTimeActual      Time          `json:"ArrivalTimeActual"`
	ArrivalCountdown       int           `json:"ArrivalCountdown"`
	ArrivalDeviation       int           `json:"ArrivalDeviation"`
	DepartureDirectionText string        `json:"DepartureDirectionText"`
	DepartureTimeScheduled Time          `json:"DepartureTimeScheduled"`
	DepartureTimeActual    Time          `json:"DepartureTimeActual"`
	DepartureCountdown     int           `json:"DepartureCountdown"`
	DepartureDeviation     int           `json:"DepartureDeviation"`
	Status                 PassageStatus `json:"Status"`
	SequenceNumber         int           `json:"SequenceNumber"`
}

// Scheduled returns the passage's scheduled time: departure where known
// (every stop but the last), else arrival.
func (p Passage) Scheduled() Time {
	if p.DepartureTimeScheduled.Known() {
		return p.DepartureTimeScheduled
	}
	return p.ArrivalTimeScheduled
}

// Actual returns the passage's actual (predicted) time: departure where
// known, else arrival.
func (p Passage) Actual() Time {
	if p.DepartureTimeActual.Known() {
		return p.DepartureTimeActual
	}
	return p.ArrivalTimeActual
}

// Deviation returns the passage's deviation in seconds, from the departure
// where it has one, else the arrival.
func (p Passage) Deviation() int {
	if p.DepartureTimeActual.Known() {
		return p.DepartureDeviation
	}
	return p.ArrivalDeviation
}

// PatternStop is one stop point of a vehicle's pattern (ContentScope Stops).
type PatternStop struct {
	StopNumber           int           `json:"StopNumber"`
	StopCode             string        `json:"StopCode"`
	StopName             string        `json:"StopName"`
	StopPointNumber      int           `json:"StopPointNumber"`
	StopPointCode        StopPointCode `json:"StopPointCode"`
	PlatformName         string        `json:"PlatformName"`
	StopPointName        string        `json:"StopPointName"`
	StopPointCoordinates Coordinates   `json:"StopPointCoordinates"`
}

// TrackPoint is one point of a pattern's Track or Carriageway polyline.
type TrackPoint struct {
	SequenceNumber int     `json:"SequenceNumber"`
	Longitude      float64 `json:"Longitude"`
	Latitude       float64 `json:"Latitude"`
}

// Point returns the track point as a Point.
func (t TrackPoint) Point() Point {
	return Point{Longitude: t.Longitude, Latitude: t.Latitude, Valid: validLonLat(t.Longitude, t.Latitude)}
}

// Pattern is the path of a vehicle's current trip (vehicle/trip/Pattern):
// the group selected by ContentScope is filled, the others are empty.
type Pattern struct {
	VehicleNumber     int           `json:"VehicleNumber"`
	RouteNumber       int           `json:"RouteNumber,omitempty"`
	RouteName         string        `json:"RouteName,omitempty"`
	Direction         int           `json:"Direction,omitempty"`
	StopPoints        []PatternStop `json:"StopPoints,omitempty"`
	TrackPoints       []TrackPoint  `json:"TrackPoints,omitempty"`
	CarriagewayPoints []TrackPoint  `json:"CarriagewayPoints,omitempty"`
}
