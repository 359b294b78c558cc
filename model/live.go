package model

import (
	"math"
	"strconv"
	"time"
)

// Departure is one departure at a stop or stop point
// (stop/passage/Departures, stoppoint/passage/Departures). The stop point
// fields are empty in stop point departures. VehicleNumber and
// VehicleCategory are 0 when the service sent null (trip not yet started).
type Departure struct {
	StopPointNumber        int             `json:"StopPointNumber,omitempty"`
	StopPointCode          StopPointCode   `json:"StopPointCode,omitempty"`
	PlatformName           string          `json:"PlatformName,omitempty"`
	VehicleNumber          int             `json:"VehicleNumber"`
	VehicleCategory        VehicleCategory `json:"VehicleCategory"`
	RouteNumber            int             `json:"RouteNumber"`
	RouteName              string          `json:"RouteName"`
	Status                 PassageStatus   `json:"Status"`
	DepartureDirectionText string          `json:"DepartureDirectionText"`
	DepartureTimeScheduled Time            `json:"DepartureTimeScheduled"`
	DepartureTimeActual    Time            `json:"DepartureTimeActual"`
	DepartureCountdown     int             `json:"DepartureCountdown"`
	DepartureDeviation     int             `json:"DepartureDeviation"`
}

// Arrival is one arrival at a stop or stop point
// (stop/passage/Arrivals, stoppoint/passage/Arrivals).
type Arrival struct {
	StopPointNumber      int             `json:"StopPointNumber,omitempty"`
	StopPointCode        StopPointCode   `json:"StopPointCode,omitempty"`
	PlatformName         string          `json:"PlatformName,omitempty"`
	VehicleNumber        int             `json:"VehicleNumber"`
	VehicleCategory      VehicleCategory `json:"VehicleCategory"`
	RouteNumber          int             `json:"RouteNumber"`
	RouteName            string          `json:"RouteName"`
	Status               PassageStatus   `json:"Status"`
	ArrivalDirectionText string          `json:"ArrivalDirectionText"`
	ArrivalTimeScheduled Time            `json:"ArrivalTimeScheduled"`
	ArrivalTimeActual    Time            `json:"ArrivalTimeActual"`
	ArrivalCountdown     int             `json:"ArrivalCountdown"`
	ArrivalDeviation     int             `json:"ArrivalDeviation"`
}

// Event is the common reading of a departure or an arrival, the shape a
// board shows. Times are absolute; Countdown and Deviation are in seconds
// as the service stated them.
type Event struct {
	Arrival         bool
	StopPointNumber int
	StopPointCode   StopPointCode
	PlatformName    string
	VehicleNumber   int
	VehicleCategory VehicleCategory
	RouteNumber     int
	RouteName       string
	Status          PassageStatus
	DirectionText   string
	Scheduled       Time
	Actual          Time
	Countdown       int
	Deviation       int
	// Vanished is when abfahrt found the event missing from the service's
	// answers before its time, while they still reached beyond it (zero:
	// reported). No field of the service: the client's own judgement,
	// since the service has no cancellation code.
	Vanished time.Time
}

// Event returns the departure as an Event.
func (d Departure) Event() Event {
	return Event{
		StopPointNumber: d.StopPointNumber, StopPointCode: d.StopPointCode, PlatformName: d.PlatformName,
		VehicleNumber: d.VehicleNumber, VehicleCategory: d.VehicleCategory,
		RouteNumber: d.RouteNumber, RouteName: d.RouteName, Status: d.Status,
		DirectionText: d.DepartureDirectionText, Scheduled: d.DepartureTimeScheduled,
		Actual: d.DepartureTimeActual, Countdown: d.DepartureCountdown, Deviation: d.DepartureDeviation,
	}
}

// Event returns the arrival as an Event.
func (a Arrival) Event() Event {
	return Event{
		Arrival:         true,
		StopPointNumber: a.StopPointNumber, StopPointCode: a.StopPointCode, PlatformName: a.PlatformName,
		VehicleNumber: a.VehicleNumber, VehicleCategory: a.VehicleCategory,
		RouteNumber: a.RouteNumber, RouteName: a.RouteName, Status: a.Status,
		DirectionText: a.ArrivalDirectionText, Scheduled: a.ArrivalTimeScheduled,
		Actual: a.ArrivalTimeActual, Countdown: a.ArrivalCountdown, Deviation: a.ArrivalDeviation,
	}
}

// Line returns the name to show people for the line: RouteName, or the
// route number when no name was sent.
func (e Event) Line() string { return lineName(e.RouteName, e.RouteNumber) }

// Gone reports whether the event vanished from the service's answers
// before its time (Vanished): no departure to count on.
func (e Event) Gone() bool { return !e.Vanished.IsZero() }

// When returns the best known time of the event: actual, else scheduled.
func (e Event) When() time.Time {
	if e.Actual.Known() {
		return e.Actual.Time
	}
	return e.Scheduled.Time
}

// Due returns the time a passenger goes by: the live prediction when the
// event is Realtime, else the timetable (a hidden prediction without a
// vehicle is not shown), else whatever time is known.
func (e Event) Due() time.Time {
	if e.Realtime() || !e.Scheduled.Known() {
		return e.When()
	}
	return e.Scheduled.Time
}

// DueSeconds is the countdown a board shows in seconds from at: the
// service's countdown for a live event, the time to the timetable for a
// planned one.
func (e Event) DueSeconds(at time.Time) int {
	if e.Realtime() || at.IsZero() || !e.Scheduled.Known() {
		return e.Countdown
	}
	return int(e.Scheduled.Sub(at) / time.Second)
}

// Realtime reports whether the event carries a live prediction from a
// vehicle in service, rather than the timetable only: a vehicle is
// assigned and an actual time is known.
func (e Event) Realtime() bool { return e.VehicleNumber != 0 && e.Actual.Known() }

// DelayMinutes is the deviation rounded to whole minutes towards zero for
// under half a minute and away from zero from half a minute on: 29 s is on
// time (0), 30 s is +1, -90 s is -2. Positive means late.
func (e Event) DelayMinutes() int { return DelayMinutes(e.Deviation) }

// DueIn returns how long until the event from now (negative when past).
// It uses the absolute time of Due (actual when live, else scheduled), so it keeps falling
// between polls; an event with no known time returns 0 and false.
func (e Event) DueIn(now time.Time) (time.Duration, bool) {
	w := e.Due()
	if w.IsZero() {
		return 0, false
	}
	return w.Sub(now), true
}

// DelayMinutes rounds a deviation in seconds to whole minutes, half away
// from zero (see Event.DelayMinutes).
func DelayMinutes(deviationSeconds int) int {
	return int(math.Round(float64(deviationSeconds) / 60))
}

func lineName(name string, number int) string {
	if name != "" {
		return name
	}
	if number == 0 {
		return "?"
	}
	return strconv.Itoa(number)
}
