package model

// Route is a line of the network (route/attributes/BaseData).
type Route struct {
	RouteNumber     int              `json:"RouteNumber"`
	RouteName       string           `json:"RouteName"`
	RouteCategory   RouteCategory    `json:"RouteCategory"`
	RouteDirections []RouteDirection `json:"RouteDirections,omitempty"`
	RoutePattern    []RoutePattern   `json:"RoutePattern,omitempty"`
}

// RouteDirection names one direction of a route.
type RouteDirection struct {
	Direction     int    `json:"Direction"`
	DirectionName string `json:"DirectionName"`
}

// RoutePattern is the sequence of stop points a route serves in one direction.
type RoutePattern struct {
	PatternDirection int              `json:"PatternDirection"`
	StopPoints       []PatternStopRef `json:"StopPoints"`
}

// PatternStopRef is one stop point of a route pattern.
type PatternStopRef struct {
	StopNumber      int           `json:"StopNumber"`
	StopCode        string        `json:"StopCode"`
	StopName        string        `json:"StopName"`
	StopPointNumber int           `json:"StopPointNumber"`
	StopPointCode   StopPointCode `json:"StopPointCode"`
	PlatformName    string        `json:"PlatformName"`
	StopPointName   string        `json:"StopPointName"`
}

// Stop is a stop with its stop points (stop/attributes/BaseData).
type Stop struct {
	StopNumber       int             `json:"StopNumber"`
	StopCode         string          `json:"StopCode"`
	StopName         string          `json:"StopName"`
	StopAnnouncement string          `json:"StopAnnouncement,omitempty"`
	StopCoordinates  Point           `json:"StopCoordinates"`
	StopPoints       []StopStopPoint `json:"StopPoints,omitempty"`
}

// StopStopPoint is a stop point as listed inside its stop.
type StopStopPoint struct {
	StopPointNumber      int           `json:"StopPointNumber"`
	StopPointCode        StopPointCode `json:"StopPointCode"`
	PlatformName         string        `json:"PlatformName"`
	StopPointName        string        `json:"StopPointName"`
	StopPointCoordinates Coordinates   `json:"StopPointCoordinates"`
	ServicingRoutes      []RouteRef    `json:"ServicingRoutes,omitempty"`
}

// RouteRef names a route that serves a stop point.
type RouteRef struct {
	RouteNumber int    `json:"RouteNumber"`
	RouteName   string `json:"RouteName"`
}

// StopPoint is one platform or pole of a stop (stoppoint/attributes/BaseData).
type StopPoint struct {
	StopPointNumber      int           `json:"StopPointNumber"`
	StopPointCode        StopPointCode `json:"StopPointCode"`
	PlatformName         string        `json:"PlatformName"`
	StopPointName        string        `json:"StopPointName"`
	StopPointCoordinates Coordinates   `json:"StopPointCoordinates"`
	ServicingRoutes      []RouteRef    `json:"ServicingRoutes,omitempty"`
	ParentStop           ParentStop    `json:"ParentStop"`
}

// ParentStop is the stop a stop point belongs to.
type ParentStop struct {
	StopNumber      int    `json:"StopNumber"`
	StopCode        string `json:"StopCode"`
	StopName        string `json:"StopName"`
	StopCoordinates Point  `json:"StopCoordinates"`
}

// Vehicle is a tram or bus of the fleet (vehicle/attributes/BaseData).
type Vehicle struct {
	VehicleNumber   int             `json:"VehicleNumber"`
	VehicleCategory VehicleCategory `json:"VehicleCategory"`
	VehicleName     string          `json:"VehicleName,omitempty"`
	ModelData       *ModelData      `json:"ModelData,omitempty"`
	CapacityData    *CapacityData   `json:"CapacityData,omitempty"`
	TechnicalData   *TechnicalData  `json:"TechnicalData,omitempty"`
}

// ModelData is a vehicle's make and model.
type ModelData struct {
	Make  string `json:"Make"`
	Model string `json:"Model"`
}

// CapacityData is what a vehicle carries.
type CapacityData struct {
	Seats            int `json:"Seats"`
	StandingSpaces   int `json:"StandingSpaces"`
	WheelChairSpaces int `json:"WheelChairSpaces"`
}

// TechnicalData is a vehicle's dimensions, weights and power.
type TechnicalData struct {
	Doors         int `json:"Doors"`
	LengthMM      int `json:"Length(mm)"`
	WidthMM       int `json:"Width(mm)"`
	HeightMM      int `json:"Height(mm)"`
	EmptyWeightKG int `json:"EmptyWeight(kg)"`
	MaxWeightKG   int `json:"MaximumWeight(kg)"`
	PowerKW       int `json:"Power(kw)"`
}

// IsPassengerStop reports whether a stop or stop point name is one a
// passenger would look for: depots, pause points, turning loops and
// construction or replacement stops are not.
func IsPassengerStop(name string) bool {
	return !hasAny(name, nonPassengerMarks)
}

var nonPassengerMarks = []string{"Betriebshof", "Ersatzhalt", "_Bau", "_alt", "Wendeanl", "Wendeschleife", "Wendestelle", "Pausenpunkt", "Pause"}
