package model

import "slices"

// Board is the answer of a departures or arrivals request for a stop or a
// stop point: the subject as the service echoed it, the time it answered,
// and the events ordered by time.
type Board struct {
	StopNumber    int           `json:"StopNumber,omitempty"`
	StopCode      string        `json:"StopCode,omitempty"`
	StopName      string        `json:"StopName,omitempty"`
	StopPointCode StopPointCode `json:"StopPointCode,omitempty"`
	Limit         int           `json:"Limit,omitempty"`
	// Timestamp is the service's CurrentTimestamp for this answer.
	Timestamp Time `json:"CurrentTimestamp"`
	// Arrivals is true for an arrivals board.
	Arrivals bool    `json:"-"`
	Events   []Event `json:"-"`
	// Dropped counts records the plausibility guard (Guard) left out of Events.
	Dropped int `json:"-"`
	// Departures or Arrivals as decoded, for --json output.
	DepartureData []Departure `json:"DepartureData,omitempty"`
	ArrivalData   []Arrival   `json:"ArrivalData,omitempty"`
}

// VehiclePassages is the answer of a vehicle passage request.
type VehiclePassages struct {
	VehicleNumber   int             `json:"VehicleNumber"`
	VehicleCategory VehicleCategory `json:"VehicleCategory"`
	RouteNumber     int             `json:"RouteNumber"`
	RouteName       string          `json:"RouteName"`
	Range           string          `json:"Range"`
	Timestamp       Time            `json:"CurrentTimestamp"`
	Passages        []Passage       `json:"PassageData"`
}

// Line returns the name to show people for the vehicle's line.
func (v VehiclePassages) Line() string { return lineName(v.RouteName, v.RouteNumber) }

// Upcoming returns the passages still ahead: the service answers
// Range=upcoming with the whole trip, served stops included, so callers
// leave those out themselves. At the end of the trip the terminus stays.
func Upcoming(ps []Passage) []Passage {
	out := make([]Passage, 0, len(ps))
	for _, p := range ps {
		if !p.Status.Done() {
			out = append(out, p)
		}
	}
	if len(out) == 0 && len(ps) > 0 {
		out = append(out, ps[len(ps)-1])
	}
	return out
}

// Alert is the service's unplanned passenger alert, if any.
type Alert struct {
	Title string   `json:"AlertTitle"`
	Items []string `json:"AlertData"`
	// Timestamp is the service's CurrentTimestamp for this answer.
	Timestamp Time `json:"CurrentTimestamp"`
}

// VersionInfo describes the service version (VersionInfo).
type VersionInfo struct {
	Version         string `json:"Version"`
	PublicationDate Time   `json:"PublicationDate"`
	CurrentStatus   string `json:"CurrentStatus"`
	LastUpdate      Time   `json:"LastUpdate"`
	// NextUpdate is unknown when the service sent null.
	NextUpdate  Time                         `json:"NextUpdate"`
	NextVersion *string                      `json:"NextVersion"`
	ChangeLog   string                       `json:"ChangeLog"`
	BaseURL     string                       `json:"BaseURL"`
	UsedCodes   map[string]map[string]string `json:"UsedCodes"`
	// AvailableData describes every dataset; it is kept as decoded JSON
	// since its shape is descriptive, not fixed by the specification.
	AvailableData map[string]any `json:"AvailableData"`
}

// Truncate returns the board with at most n events and n records (a
// service that sends more than the Limit asked for does not get them
// shown); n <= 0 keeps all.
func (b Board) Truncate(n int) Board {
	if n <= 0 {
		return b
	}
	if len(b.Events) > n {
		b.Events = slices.Clone(b.Events[:n])
	}
	if len(b.DepartureData) > n {
		b.DepartureData = slices.Clone(b.DepartureData[:n])
	}
	if len(b.ArrivalData) > n {
		b.ArrivalData = slices.Clone(b.ArrivalData[:n])
	}
	return b
}
