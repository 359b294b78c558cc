package sim

// Version information of the simulated service.
const (
	fullVersion     = "1.0.3"
	publicationDate = 1767222000 // 2026-01-01T00:00:00+01:00
	lastUpdate      = 1788213600 // 2026-09-01T00:00:00+02:00
)

// param describes one GET parameter of a dataset.
type param struct {
	name                  string
	required, recommended bool
	values                []string
}

// dataset describes one endpoint for VersionInfo.AvailableData.
type dataset struct {
	name     string
	path     string
	params   []param
	fields   [][2]string // dot path, type
	extended bool        // fields are the extended scope (ProvidedDataExtended)
}

var scopeParam = param{name: "ContentScope", values: []string{"minimal", "basic", "extended"}}

var baseDatasets = []dataset{
	{"RouteAttributes", "/route/attributes/BaseData", []param{scopeParam, {name: "RouteNumber"}}, routeFields, true},
	{"StopAttributes", "/stop/attributes/BaseData", []param{scopeParam, {name: "StopNumber"}}, stopFields, true},
	{"StopPointAttributes", "/stoppoint/attributes/BaseData", []param{scopeParam, {name: "StopPointCode"}}, stopPointFields, true},
	{"VehicleAttributes", "/vehicle/attributes/BaseData", []param{scopeParam, {name: "VehicleNumber"}}, vehicleFields, true},
}

var liveDatasets = []dataset{
	{"StopDepartures", "/stop/passage/Departures", []param{{name: "StopNumber", required: true}, {name: "Limit", recommended: true}}, stopPassFields("Departure"), false},
	{"StopArrivals", "/stop/passage/Arrivals", []param{{name: "StopNumber", required: true}, {name: "Limit", recommended: true}}, stopPassFields("Arrival"), false},
	{"StopPointDepartures", "/stoppoint/passage/Departures", []param{{name: "StopPointCode", required: true}, {name: "Limit", recommended: true}}, stopPassFields("Departure")[3:], false},
	{"StopPointArrivals", "/stoppoint/passage/Arrivals", []param{{name: "StopPointCode", required: true}, {name: "Limit", recommended: true}}, stopPassFields("Arrival")[3:], false},
	{"VehicleTrip", "/vehicle/trip/Trip", []param{{name: "VehicleNumber"}}, tripFields, false},
	{"VehiclePassage", "/vehicle/trip/Passage", []param{{name: "VehicleNumber", required: true}, {name: "Range", values: []string{"All", "Upcomming"}}}, passageFields, false}, //nolint:misspell // as specified
	{"VehiclePattern", "/vehicle/trip/Pattern", []param{{name: "VehicleNumber", required: true}, {name: "ContentScope", values: []string{"Track", "Stops", "Carriageway"}}}, patternFields, false},
	{"UnplannedAlert", "/passenger/alert/UnplannedAlert", nil, alertFields, false},
}

var (
	stopIdentFields = [][2]string{{"StopNumber", "integer"}, {"StopCode", "string"}, {"StopName", "string"},
		{"StopPointNumber", "integer"}, {"StopPointCode", "integer"}, {"PlatformName", "string"}, {"StopPointName", "string"}}
	routeFields = concat([][2]string{{"RouteNumber", "integer"}, {"RouteName", "string"}, {"RouteCategory", "integer"},
		{"RouteDirections.Direction", "integer"}, {"RouteDirections.DirectionName", "string"}, {"RoutePattern.PatternDirection", "integer"}},
		prefixed("RoutePattern.StopPoints.", stopIdentFields))
	stopFields = [][2]string{{"StopNumber", "integer"}, {"StopCode", "string"}, {"StopName", "string"}, {"StopAnnouncement", "url"},
		{"StopCoordinates.Longitude", "float"}, {"StopCoordinates.Latitude", "float"},
		{"StopPoints.StopPointNumber", "integer"}, {"StopPoints.StopPointCode", "integer"}, {"StopPoints.PlatformName", "string"},
		{"StopPoints.StopPointName", "string"}, {"StopPoints.StopPointCoordinates.Longitude", "float"},
		{"StopPoints.StopPointCoordinates.Latitude", "float"}, {"StopPoints.StopPointCoordinates.Bearing", "integer"},
		{"StopPoints.ServicingRoutes.RouteNumber", "integer"}, {"StopPoints.ServicingRoutes.RouteName", "string"}}
	stopPointFields = [][2]string{{"StopPointNumber", "integer"}, {"StopPointCode", "integer"}, {"PlatformName", "string"},
		{"StopPointName", "string"}, {"StopPointCoordinates.Longitude", "float"}, {"StopPointCoordinates.Latitude", "float"},
		{"StopPointCoordinates.Bearing", "integer"}, {"ServicingRoutes.RouteNumber", "integer"}, {"ServicingRoutes.RouteName", "string"},
		{"ParentStop.StopNumber", "integer"}, {"ParentStop.StopCode", "string"}, {"ParentStop.StopName", "string"},
		{"ParentStop.StopCoordinates.Longitude", "float"}, {"ParentStop.StopCoordinates.Latitude", "float"}}
	vehicleFields = [][2]string{{"VehicleNumber", "integer"}, {"VehicleCategory", "integer"}, {"VehicleName", "string"},
		{"ModelData.Make", "string"}, {"ModelData.Model", "string"}, {"CapacityData.Seats", "integer"},
		{"CapacityData.StandingSpaces", "integer"}, {"CapacityData.WheelChairSpaces", "integer"}, {"TechnicalData.Doors", "integer"},
		{"TechnicalData.Length(mm)", "integer"}, {"TechnicalData.Width(mm)", "integer"}, {"TechnicalData.Height(mm)", "integer"},
		{"TechnicalData.EmptyWeight(kg)", "integer"}, {"TechnicalData.MaximumWeight(kg)", "integer"}, {"TechnicalData.Power(kw)", "integer"}}
	tripFields = [][2]string{{"VehicleNumber", "integer"}, {"VehicleCategory", "integer"}, {"IsActive", "boolean"},
		{"PositionData.Longitude", "float"}, {"PositionData.Latitude", "float"}, {"PositionData.Bearing", "integer"},
		{"TimeData.Deviation", "integer"}, {"TimeData.ReferenceTime", "datetime"}, {"JourneyData.RouteNumber", "integer"},
		{"JourneyData.ArrivalDirectionText", "string"}, {"JourneyData.DepartureDirectionText", "string"}, {"JourneyData.Direction", "integer"}}
	passageFields = concat(stopIdentFields, [][2]string{{"ArrivalDirectionText", "string"}, {"ArrivalTimeScheduled", "datetime"},
		{"ArrivalTimeActual", "datetime"}, {"ArrivalCountdown", "integer"}, {"ArrivalDeviation", "integer"},
		{"DepartureDirectionText", "string"}, {"DepartureTimeScheduled", "datetime"}, {"DepartureTimeActual", "datetime"},
		{"DepartureCountdown", "integer"}, {"DepartureDeviation", "integer"}, {"Status", "integer"}, {"SequenceNumber", "integer"}})
	patternFields = concat(prefixed("StopPoints.", stopIdentFields), [][2]string{
		{"StopPoints.StopPointCoordinates.Longitude", "float"}, {"StopPoints.StopPointCoordinates.Latitude", "float"},
		{"StopPoints.StopPointCoordinates.Bearing", "integer"},
		{"TrackPoints.SequenceNumber", "integer"}, {"TrackPoints.Longitude", "float"}, {"TrackPoints.Latitude", "float"},
		{"CarriagewayPoints.SequenceNumber", "integer"}, {"CarriagewayPoints.Longitude", "float"}, {"CarriagewayPoints.Latitude", "float"}})
	alertFields = [][2]string{{"AlertTitle", "string"}, {"AlertData", "string"}, {"CurrentStatus", "string"}}
)

// stopPassFields lists the fields of stop departures or arrivals records
// (the first three are absent from the stop point lists).
func stopPassFields(kind string) [][2]string {
	return [][2]string{{"StopPointNumber", "integer"}, {"StopPointCode", "integer"}, {"PlatformName", "string"},
		{"VehicleNumber", "integer"}, {"VehicleCategory", "integer"}, {"RouteNumber", "integer"}, {"RouteName", "string"},
		{"Status", "integer"}, {kind + "DirectionText", "string"}, {kind + "TimeScheduled", "datetime"},
		{kind + "TimeActual", "datetime"}, {kind + "Countdown", "integer"}, {kind + "Deviation", "integer"}}
}

func concat(a, b [][2]string) [][2]string { return append(append([][2]string{}, a...), b...) }

func prefixed(p string, fs [][2]string) [][2]string {
	out := make([][2]string, len(fs))
	for i, f := range fs {
		out[i] = [2]string{p + f[0], f[1]}
	}
	return out
}

func (s *Service) versionInfo(q query, _ int64) response {
	w := &jw{b: make([]byte, 0, 16384)}
	w.obj()
	w.key("VersionInfo")
	w.obj()
	w.kstr("Version", fullVersion)
	w.ktime("PublicationDate", publicationDate)
	w.kstr("CurrentStatus", "released")
	w.ktime("LastUpdate", lastUpdate)
	w.key("NextUpdate")
	w.null()
	w.key("NextVersion")
	w.null()
	w.kstr("ChangeLog", "http://sim.abfahrt.invalid/mobility/changelog")
	w.kstr("BaseURL", q.baseURL)
	w.key("UsedCodes")
	w.obj()
	for _, t := range [][]string{
		{"RouteCategory", "1", "Tram", "5", "Bus"},
		{"VehicleCategory", "1", "Tram", "5", "Bus"},
		{"PassageStatus", "1", "Vehicle predicted", "2", "Vehicle arriving", "3", "Vehicle stopping", "4", "Vehicle departed", "5", "Vehicle passed"},
	} {
		w.key(t[0])
		w.obj()
		for i := 1; i+1 < len(t); i += 2 {
			w.kstr(t[i], t[i+1])
		}
		w.end()
	}
	w.end()
	w.key("AvailableData")
	w.obj()
	writeGroup(w, q.baseURL, "BaseData", "24 hours", baseDatasets)
	writeGroup(w, q.baseURL, "LiveData", "15 seconds", liveDatasets)
	w.end()
	w.end()
	w.end()
	return response{status: 200, body: w.b, maxAge: baseMaxAge}
}

func writeGroup(w *jw, base, name, interval string, sets []dataset) {
	w.key(name)
	w.obj()
	w.kstr("UpdateInterval", interval)
	for _, d := range sets {
		w.key(d.name)
		w.obj()
		w.kstr("URL", base+d.path)
		w.key("ParametersGET")
		w.obj()
		for _, p := range d.params {
			w.key(p.name)
			w.obj()
			w.key("Required")
			w.bool(p.required)
			w.key("Recommended")
			w.bool(p.recommended)
			if len(p.values) > 0 {
				w.key("Values")
				w.arr()
				for _, v := range p.values {
					w.str(v)
				}
				w.endArr()
			}
			w.end()
		}
		w.end()
		if d.extended {
			w.key("ProvidedDataExtended")
		} else {
			w.key("ProvidedData")
		}
		w.obj()
		for _, f := range d.fields {
			w.kstr(f[0], f[1])
		}
		w.end()
		w.end()
	}
	w.end()
}
