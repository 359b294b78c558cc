// Command fixturegen derives the small test fixtures of package feed from
// the captured responses of the real service (shared/data/swu, CC-0).
// The fixtures are re-marshalled by this program, with the key order and
// value text of the capture kept exactly, so they are shaped like the real
// responses without being copies of the capture files.
//
//	go run ./feed/internal/fixturegen -src ../shared/data/swu -out feed/testdata
//
// Output:
//   - stoppoint_basedata.json: ten stop points of the 831 of
//     /stoppoint/attributes/BaseData, including the first (Hauptbahnhof),
//     one at the unknown position 180/90, one with an empty PlatformName,
//     numeric-string and DHID codes; wrapper metadata as captured.
//   - vehicle_passage_151.json: the whole 19-passage
//     /vehicle/trip/Passage?VehicleNumber=151&Range=upcoming answer.
//   - stop_basedata.json: three stops of the grouped derivation, wrapped
//     like a /stop/attributes/BaseData answer.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	src := flag.String("src", "../shared/data/swu", "directory of the captured responses")
	out := flag.String("out", "feed/testdata", "directory to write the fixtures to")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "fixturegen:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	steps := []struct {
		in, out string
		derive  func([]byte) (any, error)
	}{
		{"stoppoint_BaseData_basic_2026-09-11.json", "stoppoint_basedata.json", deriveStopPoints},
		{"vehicle_trip_Passage_151_upcoming_2026-09-11.json", "vehicle_passage_151.json", derivePassages},
		{"DERIVED_stops_grouped_from_stoppoint_BaseData.json", "stop_basedata.json", deriveStops},
	}
	for _, s := range steps {
		raw, err := os.ReadFile(filepath.Join(src, s.in))
		if err != nil {
			return err
		}
		v, err := s.derive(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", s.in, err)
		}
		if err := write(filepath.Join(out, s.out), v); err != nil {
			return err
		}
	}
	return nil
}

func decode(raw []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return d.Decode(v)
}

func write(path string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o600)
}

// Wire shapes, fields in the order the service sends them. Numbers and
// codes stay as their exact text.

type coords struct {
	Longitude json.Number `json:"Longitude"`
	Latitude  json.Number `json:"Latitude"`
	Bearing   json.Number `json:"Bearing,omitempty"`
}

type parentStop struct {
	StopNumber      json.Number `json:"StopNumber"`
	StopCode        string      `json:"StopCode"`
	StopName        string      `json:"StopName"`
	StopCoordinates coords      `json:"StopCoordinates"`
}

type stopPoint struct {
	StopPointNumber      json.Number     `json:"StopPointNumber"`
	StopPointCode        json.RawMessage `json:"StopPointCode"`
	PlatformName         string          `json:"PlatformName"`
	StopPointName        string          `json:"StopPointName"`
	StopPointCoordinates coords          `json:"StopPointCoordinates"`
	ParentStop           *parentStop     `json:"ParentStop,omitempty"`
}

type baseMeta struct {
	ServiceCategory  string `json:"ServiceCategory"`
	UpdateInterval   string `json:"UpdateInterval"`
	Filter           string `json:"Filter"`
	ContentScope     string `json:"ContentScope"`
	OrderedBy        string `json:"OrderedBy"`
	CurrentStatus    string `json:"CurrentStatus"`
	CurrentTimestamp string `json:"CurrentTimestamp"`
}

type stopPointWrapper struct {
	baseMeta
	StopPointData []stopPoint `json:"StopPointData"`
}

func deriveStopPoints(raw []byte) (any, error) {
	var in struct{ StopPointAttributes stopPointWrapper }
	if err := decode(raw, &in); err != nil {
		return nil, err
	}
	all := in.StopPointAttributes.StopPointData
	if len(all) < 10 {
		return nil, errors.New("fewer than 10 stop points")
	}
	// The first six (Hauptbahnhof, numeric-string codes), then the first
	// one at the unknown position, the first with an empty platform, and
	// DHID-coded ones, in the order of the capture.
	picked := map[int]bool{}
	for i := range 6 {
		picked[i] = true
	}
	pick := func(ok func(stopPoint) bool) {
		for i, sp := range all {
			if !picked[i] && ok(sp) {
				picked[i] = true
				return
			}
		}
	}
	pick(func(sp stopPoint) bool { return sp.StopPointCoordinates.Longitude.String() == "180.000000555556" })
	pick(func(sp stopPoint) bool { return sp.PlatformName == "" })
	pick(func(sp stopPoint) bool {
		return bytes.HasPrefix(sp.StopPointCode, []byte(`"de:08421:1008`)) && sp.StopPointCoordinates.Longitude.String() != "180.000000555556"
	})
	pick(func(sp stopPoint) bool { return bytes.HasPrefix(sp.StopPointCode, []byte(`"de:09775`)) })
	out := in.StopPointAttributes
	out.StopPointData = nil
	for i, sp := range all {
		if picked[i] {
			out.StopPointData = append(out.StopPointData, sp)
		}
	}
	return map[string]any{"StopPointAttributes": out}, nil
}

type passage struct {
	StopNumber             json.Number     `json:"StopNumber"`
	StopCode               string          `json:"StopCode"`
	StopName               string          `json:"StopName"`
	StopPointNumber        json.Number     `json:"StopPointNumber"`
	StopPointCode          json.RawMessage `json:"StopPointCode"`
	PlatformName           string          `json:"PlatformName"`
	StopPointName          string          `json:"StopPointName"`
	ArrivalDirectionText   string          `json:"ArrivalDirectionText"`
	ArrivalTimeScheduled   string          `json:"ArrivalTimeScheduled"`
	ArrivalTimeActual      string          `json:"ArrivalTimeActual"`
	ArrivalCountdown       json.Number     `json:"ArrivalCountdown"`
	ArrivalDeviation       json.Number     `json:"ArrivalDeviation"`
	DepartureDirectionText string          `json:"DepartureDirectionText"`
	DepartureTimeScheduled string          `json:"DepartureTimeScheduled"`
	DepartureTimeActual    string          `json:"DepartureTimeActual"`
	DepartureCountdown     json.Number     `json:"DepartureCountdown"`
	DepartureDeviation     json.Number     `json:"DepartureDeviation"`
	Status                 json.Number     `json:"Status"`
	SequenceNumber         json.Number     `json:"SequenceNumber"`
}

type passageWrapper struct {
	ServiceCategory  string      `json:"ServiceCategory"`
	UpdateInterval   string      `json:"UpdateInterval"`
	ContentScope     string      `json:"ContentScope"`
	Range            string      `json:"Range"`
	VehicleNumber    json.Number `json:"VehicleNumber"`
	VehicleCategory  json.Number `json:"VehicleCategory"`
	RouteNumber      json.Number `json:"RouteNumber"`
	RouteName        string      `json:"RouteName"`
	OrderedBy        string      `json:"OrderedBy"`
	State            string      `json:"State"`
	CurrentTimestamp string      `json:"CurrentTimestamp"`
	PassageData      []passage   `json:"PassageData"`
}

func derivePassages(raw []byte) (any, error) {
	var in struct{ VehiclePassage passageWrapper }
	if err := decode(raw, &in); err != nil {
		return nil, err
	}
	if len(in.VehiclePassage.PassageData) == 0 {
		return nil, errors.New("no passages")
	}
	return map[string]any{"VehiclePassage": in.VehiclePassage}, nil
}

type stop struct {
	StopNumber      json.Number `json:"StopNumber"`
	StopCode        string      `json:"StopCode"`
	StopName        string      `json:"StopName"`
	StopCoordinates coords      `json:"StopCoordinates"`
	StopPoints      []stopPoint `json:"StopPoints"`
}

type stopWrapper struct {
	baseMeta
	StopData []stop `json:"StopData"`
}

func deriveStops(raw []byte) (any, error) {
	var in []stop
	if err := decode(raw, &in); err != nil {
		return nil, err
	}
	want := map[string]bool{"1000": true, "1008": true, "1350": true}
	out := stopWrapper{baseMeta: baseMeta{
		ServiceCategory: "BaseData", UpdateInterval: "24 hours", Filter: "None",
		ContentScope: "Basic", OrderedBy: "StopNumber ascending", CurrentStatus: "OK",
		CurrentTimestamp: "2026-09-11T12:45:04+02:00",
	}}
	for _, s := range in {
		if want[s.StopNumber.String()] {
			out.StopData = append(out.StopData, s)
		}
	}
	if len(out.StopData) != len(want) {
		return nil, fmt.Errorf("found %d of %d stops", len(out.StopData), len(want))
	}
	return map[string]any{"StopAttributes": out}, nil
}
