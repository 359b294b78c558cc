// Command gen derives the simulator's compact network table from the real
// SWU stop point capture, and a fixture of the key sets of the real captures.
//
// It is run by go generate in feed/sim; builds never need the capture files.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

type coords struct {
	Longitude float64
	Latitude  float64
	Bearing   int
}

type rawStopPoint struct {
	StopPointNumber      int
	StopPointCode        string
	PlatformName         string
	StopPointName        string
	StopPointCoordinates coords
	ParentStop           struct {
		StopNumber      int
		StopCode        string
		StopName        string
		StopCoordinates coords
	}
}

type stop struct {
	Number    int
	Code      string
	Name      string
	Lon, Lat  float64
	Points    []*stopPoint
	Passenger bool
}

type stopPoint struct {
	Stop      *stop
	Number    int
	Platform  string
	Name      string
	DHID      string
	Lon, Lat  float64
	Bearing   int
	Passenger bool
}

func (p *stopPoint) known() bool { return !unknownPos(p.Lon, p.Lat) }

func unknownPos(lon, lat float64) bool { return lon > 179 || lat > 89 }

// verbose makes the generator print the chains it built.
var verbose bool

func main() {
	in := flag.String("in", "", "stop point BaseData capture (JSON)")
	capture := flag.String("passage", "", "vehicle Passage capture (JSON)")
	out := flag.String("out", "network_table.go", "generated Go table")
	keys := flag.String("keys", "testdata/capture_keys.json", "generated key-set fixture")
	flag.BoolVar(&verbose, "v", false, "print each line's chain with hop lengths")
	flag.Parse()
	if err := run(*in, *capture, *out, *keys); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, capture, out, keys string) error {
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var doc struct {
		StopPointAttributes struct {
			StopPointData []rawStopPoint
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	stops, points := build(doc.StopPointAttributes.StopPointData)
	passRaw, err := os.ReadFile(capture)
	if err != nil {
		return err
	}
	lines, err := buildLines(stops, passRaw)
	if err != nil {
		return err
	}
	src, err := emit(stops, points, lines)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, src, 0o644); err != nil { //nolint:gosec // committed source, readable by all
		return err
	}
	fix, err := keyFixture(raw, passRaw)
	if err != nil {
		return err
	}
	return os.WriteFile(keys, fix, 0o644) //nolint:gosec // committed fixture, readable by all
}

// nonPassenger reports names of depots, pause points, turning loops and
// replacement or disused stop points.
func nonPassenger(name string) bool {
	l := strings.ToLower(name)
	for _, w := range []string{"betriebs", "pause", "wende", "ersatz"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return strings.HasSuffix(l, "_bau") || strings.HasSuffix(l, "_alt") || strings.HasSuffix(l, " alt")
}

func build(data []rawStopPoint) (map[int]*stop, []*stopPoint) {
	stops := map[int]*stop{}
	var points []*stopPoint
	for _, r := range data {
		ps := r.ParentStop
		s := stops[ps.StopNumber]
		if s == nil {
			s = &stop{Number: ps.StopNumber, Code: ps.StopCode, Name: ps.StopName,
				Lon: ps.StopCoordinates.Longitude, Lat: ps.StopCoordinates.Latitude}
			stops[s.Number] = s
		}
		p := &stopPoint{Stop: s, Number: r.StopPointNumber, Platform: r.PlatformName, Name: r.StopPointName,
			DHID: r.StopPointCode, Lon: r.StopPointCoordinates.Longitude, Lat: r.StopPointCoordinates.Latitude,
			Bearing: r.StopPointCoordinates.Bearing}
		p.Passenger = !nonPassenger(p.Name) && !nonPassenger(s.Name) && p.Platform != "BHF"
		s.Points = append(s.Points, p)
		points = append(points, p)
	}
	for _, s := range stops {
		if nonPassenger(s.Name) || unknownPos(s.Lon, s.Lat) {
			continue
		}
		for _, p := range s.Points {
			if p.Passenger && p.known() {
				s.Passenger = true
			}
		}
		sort.Slice(s.Points, func(i, j int) bool { return s.Points[i].Number < s.Points[j].Number })
	}
	sort.Slice(points, func(i, j int) bool {
		a, b := points[i], points[j]
		return a.Stop.Number*100+a.Number < b.Stop.Number*100+b.Number
	})
	return stops, points
}

// distance returns the distance in metres between two WGS84 positions.
func distance(lon1, lat1, lon2, lat2 float64) float64 {
	const r = 6371000.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := p2-p1, (lon2-lon1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// bearing returns the initial bearing in degrees from the first to the second position.
func bearing(lon1, lat1, lon2, lat2 float64) float64 {
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dl := (lon2 - lon1) * math.Pi / 180
	y := math.Sin(dl) * math.Cos(p2)
	x := math.Cos(p1)*math.Sin(p2) - math.Sin(p1)*math.Cos(p2)*math.Cos(dl)
	return math.Mod(math.Atan2(y, x)*180/math.Pi+360, 360)
}

func goFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func emit(stops map[int]*stop, points []*stopPoint, lines []genLine) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./internal/gen; DO NOT EDIT.\n\n")
	b.WriteString("// Derived from the SWU stop point capture of 2026-09-11 (CC-0).\n\npackage sim\n\n")
	nums := make([]int, 0, len(stops))
	for n := range stops {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	b.WriteString("// stopRows are the stops of the network: number, code, name, longitude, latitude, passenger.\nvar stopRows = [...]stopRow{\n")
	for _, n := range nums {
		s := stops[n]
		fmt.Fprintf(&b, "\t{%d, %q, %q, %s, %s, %t},\n", s.Number, s.Code, s.Name, goFloat(s.Lon), goFloat(s.Lat), s.Passenger)
	}
	b.WriteString("}\n\n// stopPointRows are the stop points: stop, number, platform, name, DHID, longitude, latitude, bearing, passenger.\nvar stopPointRows = [...]stopPointRow{\n")
	for _, p := range points {
		fmt.Fprintf(&b, "\t{%d, %d, %q, %q, %q, %s, %s, %d, %t},\n", p.Stop.Number, p.Number, p.Platform, p.Name, p.DHID,
			goFloat(p.Lon), goFloat(p.Lat), p.Bearing, p.Passenger && p.Stop.Passenger)
	}
	b.WriteString("}\n\n// lineRows are the passenger lines with their stop-point patterns per direction.\nvar lineRows = [...]lineRow{\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "\t{Number: %d, Name: %q, Category: %d, Night: %t, Class: %d, Real: %t, From: %q, To: %q,\n",
			l.Number, l.Name, l.Category, l.Night, l.Class, l.Real, l.From, l.To)
		for d, pat := range [2][]*stopPoint{l.Dir1, l.Dir2} {
			fmt.Fprintf(&b, "\t\tDir%d: []stopRef{", d+1)
			for i, p := range pat {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "{%d, %d}", p.Stop.Number, p.Number)
			}
			b.WriteString("},\n")
		}
		b.WriteString("\t},\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}
