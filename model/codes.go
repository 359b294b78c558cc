package model

import "strconv"

// RouteCategory is the code table RouteCategory: the kind of a line.
type RouteCategory int

// Route categories of the code table.
const (
	RouteTram RouteCategory = 1
	RouteBus  RouteCategory = 5
)

// String names the category ("tram", "bus"); unknown codes print as "unknown (7)".
func (c RouteCategory) String() string {
	switch c {
	case RouteTram:
		return "tram"
	case RouteBus:
		return "bus"
	}
	return unknownCode(int(c))
}

// VehicleCategory is the code table VehicleCategory: the kind of a vehicle.
type VehicleCategory int

// Vehicle categories of the code table.
const (
	VehicleTram VehicleCategory = 1
	VehicleBus  VehicleCategory = 5
)

// String names the category ("tram", "bus"); 0 (not sent) is "unknown" and
// other codes print as "unknown (7)".
func (c VehicleCategory) String() string {
	switch c {
	case VehicleTram:
		return "tram"
	case VehicleBus:
		return "bus"
	case 0:
		return "unknown"
	}
	return unknownCode(int(c))
}

// PassageStatus is the code table PassageStatus: where a vehicle is with
// respect to one stop point of its trip.
type PassageStatus int

// Passage states of the code table, in the order a trip goes through them.
const (
	StatusPredicted PassageStatus = 1
	StatusArriving  PassageStatus = 2
	StatusStopping  PassageStatus = 3
	StatusDeparted  PassageStatus = 4
	StatusPassed    PassageStatus = 5
)

// String names the state as a short word for people ("predicted",
// "arriving", "at stop", "departed", "passed"); unknown codes print as
// "unknown (7)".
func (s PassageStatus) String() string {
	switch s {
	case StatusPredicted:
		return "predicted"
	case StatusArriving:
		return "arriving"
	case StatusStopping:
		return "at stop"
	case StatusDeparted:
		return "departed"
	case StatusPassed:
		return "passed"
	}
	return unknownCode(int(s))
}

// Known reports whether s is one of the codes of the table.
func (s PassageStatus) Known() bool { return s >= StatusPredicted && s <= StatusPassed }

// Done reports whether the vehicle has left the stop point (departed or passed).
func (s PassageStatus) Done() bool { return s == StatusDeparted || s == StatusPassed }

func unknownCode(c int) string { return "unknown (" + strconv.Itoa(c) + ")" }
