package app

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// targetKind is what a search result (or a start option) opens.
type targetKind int

// The kinds of target.
const (
	TargetStop targetKind = iota
	TargetPoint
	TargetLine
	TargetVehicle
	TargetLadder // a line's ladder (Line)
)

// Target is something the user can open: a stop or stop point board, a
// line (its departures) or a vehicle (its trip summary).
type Target struct {
	Kind    targetKind
	Stop    int
	Point   model.StopPointCode
	Line    string // RouteName, for targetLine
	Route   int    // RouteNumber, for targetLine
	Vehicle int
	Title   string
}

// Platform is one stop point of a stop, for narrowing a board with `f`.
type Platform struct {
	Code model.StopPointCode
	Name string // PlatformName, e.g. "B"
}

// baseData is the network's base data, loaded once at start, indexed for
// lookups and for the search.
type baseData struct {
	stops    map[int]*model.Stop
	Points   map[model.StopPointCode]*model.StopPoint
	routes   map[int]*model.Route
	Vehicles map[int]*model.Vehicle
	lineCat  map[string]model.RouteCategory // by RouteName
	// Routes are the lines with their patterns (ContentScope Extended),
	// as the service listed them: the ladder's rungs.
	Routes  []model.Route
	Index   *search.Index
	Entries int
	// made is what the index was made of, for the Targets of its entries
	// (BaseRef): the records and the language of the titles.
	made BaseDataMsg
	tx   *ui.Texts
	refs []BaseRef
}

// BaseRef is the Ref of a search entry of the base data: the record it
// stands for. The Target it opens is made when it is chosen: a Target
// for each of the network's 1,400 entries, each boxed in its own
// allocation, was about 110 kB held for as long as a board runs. A
// BaseRef stays good when new base data replaces the old: it points into
// the base data it was made of.
type BaseRef struct {
	bd *baseData
	i  int32 // the record: stops, then stop points, lines and vehicles, as in BaseDataMsg
}

// Target is what the entry opens.
func (r *BaseRef) Target() Target {
	bd, i, tx := r.bd, int(r.i), r.bd.tx
	if i < len(bd.made.Stops) {
		s := &bd.made.Stops[i]
		return Target{Kind: TargetStop, Stop: s.StopNumber, Title: s.StopName}
	}
	if i -= len(bd.made.Stops); i < len(bd.made.Points) {
		p := &bd.made.Points[i]
		return Target{Kind: TargetPoint, Stop: p.ParentStop.StopNumber, Point: p.StopPointCode, Title: p.StopPointName}
	}
	if i -= len(bd.made.Points); i < len(bd.made.Routes) {
		r := &bd.made.Routes[i]
		return Target{Kind: TargetLine, Line: LineLabel(r.RouteName, r.RouteNumber), Route: r.RouteNumber, Title: lineTitle(tx, r)}
	}
	v := &bd.made.Vehicles[i-len(bd.made.Routes)]
	return Target{Kind: TargetVehicle, Vehicle: v.VehicleNumber, Title: tx.VehicleTitle(v.VehicleCategory, v.VehicleNumber)}
}

// baseMemo keeps the base data last indexed, by what it was made of: the
// boards of one process over one client (the hub's SSH sessions, whose
// client hands them the same decoded slices) share one index of the
// network instead of building one each. baseData is read-only once made.
var baseMemo struct {
	sync.Mutex
	key baseKey
	bd  *baseData
}

// baseKey is what an index of the base data is made of: the slices (by
// identity: the client shares what it decoded, never changing it) and the
// language of the titles (its line title and category and vehicle words).
type baseKey struct {
	stops              *model.Stop
	points             *model.StopPoint
	routes             *model.Route
	vehicles           *model.Vehicle
	ns, np, nr, nv     int
	lineTitle, vehicle string
}

// newBaseData indexes the base data of msg, or returns the index made of
// the same base data in the same language before.
func newBaseData(msg BaseDataMsg, tx *ui.Texts) *baseData {
	k := baseKey{ns: len(msg.Stops), np: len(msg.Points), nr: len(msg.Routes), nv: len(msg.Vehicles),
		lineTitle: tx.LineTitle + "\x00" + tx.RouteCategory(0), vehicle: tx.VehicleTitle(0, 0)}
	if k.ns > 0 {
		k.stops = &msg.Stops[0]
	}
	if k.np > 0 {
		k.points = &msg.Points[0]
	}
	if k.nr > 0 {
		k.routes = &msg.Routes[0]
	}
	if k.nv > 0 {
		k.vehicles = &msg.Vehicles[0]
	}
	baseMemo.Lock()
	defer baseMemo.Unlock()
	if baseMemo.bd != nil && baseMemo.key == k {
		return baseMemo.bd
	}
	bd := indexBaseData(msg, tx)
	baseMemo.key, baseMemo.bd = k, bd
	return bd
}

// indexBaseData indexes the base data of msg.
func indexBaseData(msg BaseDataMsg, tx *ui.Texts) *baseData {
	bd := &baseData{
		stops:    make(map[int]*model.Stop, len(msg.Stops)),
		Points:   make(map[model.StopPointCode]*model.StopPoint, len(msg.Points)),
		routes:   make(map[int]*model.Route, len(msg.Routes)),
		Vehicles: make(map[int]*model.Vehicle, len(msg.Vehicles)),
		lineCat:  make(map[string]model.RouteCategory, len(msg.Routes)),
		Routes:   msg.Routes,
		made:     BaseDataMsg{Stops: msg.Stops, Points: msg.Points, Routes: msg.Routes, Vehicles: msg.Vehicles},
		tx:       tx,
	}
	n := len(msg.Stops) + len(msg.Points) + len(msg.Routes) + len(msg.Vehicles)
	entries := make([]search.Entry, 0, n)
	// The entries' keys and Refs are parts of one array each.
	bd.refs = make([]BaseRef, n)
	for i := range bd.refs {
		bd.refs[i] = BaseRef{bd: bd, i: int32(i)} //nolint:gosec // n is bounded by the feed's list caps
	}
	keys := make([]string, 0, 2*len(msg.Stops)+len(msg.Points)+2*len(msg.Routes)+len(msg.Vehicles))
	keep := func(k ...string) []string {
		keys = append(keys, k...)
		return keys[len(keys)-len(k) : len(keys) : len(keys)]
	}
	for i := range msg.Stops {
		s := &msg.Stops[i]
		bd.stops[s.StopNumber] = s
		number := strconv.Itoa(s.StopNumber)
		entries = append(entries, search.Entry{
			Kind: search.KindStop, Title: s.StopName,
			Detail: joinDot(number, s.StopCode),
			Keys:   keep(number, s.StopCode),
			Low:    !model.IsPassengerStop(s.StopName),
			Ref:    &bd.refs[i],
		})
	}
	labels := pointLabels(msg.Points)
	for _, i := range platformOrder(msg.Points) {
		p := &msg.Points[i]
		bd.Points[p.StopPointCode] = p
		title, detail := labels[p.StopPointCode], p.StopPointCode.String()
		if title != p.StopPointName {
			detail = "" // the title carries the code
		}
		entries = append(entries, search.Entry{
			Kind: search.KindStopPoint, Title: title,
			Detail: detail,
			Keys:   keep(p.StopPointCode.String()),
			Low:    !model.IsPassengerStop(p.StopPointName),
			Ref:    &bd.refs[len(msg.Stops)+i],
		})
	}
	for i := range msg.Routes {
		r := &msg.Routes[i]
		name := LineLabel(r.RouteName, r.RouteNumber)
		bd.routes[r.RouteNumber] = r
		bd.lineCat[name] = r.RouteCategory
		entries = append(entries, search.Entry{
			Kind: search.KindLine, Title: lineTitle(tx, r),
			Detail: tx.RouteCategory(r.RouteCategory),
			Keys:   keep(name, strconv.Itoa(r.RouteNumber)),
			Ref:    &bd.refs[len(msg.Stops)+len(msg.Points)+i],
		})
	}
	for i := range msg.Vehicles {
		v := &msg.Vehicles[i]
		bd.Vehicles[v.VehicleNumber] = v
		entries = append(entries, search.Entry{
			Kind: search.KindVehicle, Title: tx.VehicleTitle(v.VehicleCategory, v.VehicleNumber),
			Detail: vehicleDetail(v),
			Keys:   keep(strconv.Itoa(v.VehicleNumber)),
			Ref:    &bd.refs[len(msg.Stops)+len(msg.Points)+len(msg.Routes)+i],
		})
	}
	bd.Index = search.NewIndex(entries)
	bd.Entries = len(entries)
	return bd
}

// platformOrder returns the indexes of points ordered as the search lists
// a stop's platforms: by stop, then by platform name and code (A before
// B, a repeated name by its code), not by stop point code alone.
func platformOrder(points []model.StopPoint) []int {
	order := make([]int, len(points))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := &points[i], &points[j]
		if c := cmp.Compare(a.ParentStop.StopNumber, b.ParentStop.StopNumber); c != 0 {
			return c
		}
		if c := cmp.Compare(a.PlatformName, b.PlatformName); c != 0 {
			return c
		}
		return a.StopPointCode.Compare(b.StopPointCode)
	})
	return order
}

// Platforms returns the stop points of a stop, ordered by platform name.
func (bd *baseData) Platforms(stop int) []Platform {
	if bd == nil {
		return nil
	}
	s, ok := bd.stops[stop]
	if !ok {
		return nil
	}
	out := make([]Platform, 0, len(s.StopPoints))
	for _, p := range s.StopPoints {
		out = append(out, Platform{Code: p.StopPointCode, Name: p.PlatformName})
	}
	SortPlatforms(out)
	return unambiguous(out)
}

// unambiguous gives platforms whose names repeat at their stop a label
// with their stop point code ("B · 100821"), so that two "B"s (a regular
// and a replacement stop point) are told apart wherever a label shows.
func unambiguous(ps []Platform) []Platform {
	count := make(map[string]int, len(ps))
	for _, p := range ps {
		count[p.Name]++
	}
	for i, p := range ps {
		if count[p.Name] > 1 || p.Name == "" {
			if p.Name == "" {
				ps[i].Name = p.Code.String()
			} else {
				ps[i].Name = p.Name + " · " + p.Code.String()
			}
		}
	}
	return ps
}

// pointLabels returns the search title of each stop point: its name, or,
// where stop points of one stop share a name ("Hauptbahnhof Steig B" for
// a regular and a replacement stop point), the name with the code, by the
// rule of the board's platform labels (unambiguous).
func pointLabels(points []model.StopPoint) map[model.StopPointCode]string {
	byStop := make(map[int][]Platform, len(points)/2+1)
	for i := range points {
		p := &points[i]
		byStop[p.ParentStop.StopNumber] = append(byStop[p.ParentStop.StopNumber], Platform{Code: p.StopPointCode, Name: p.StopPointName})
	}
	out := make(map[model.StopPointCode]string, len(points))
	for _, ps := range byStop {
		for _, p := range unambiguous(ps) {
			out[p.Code] = p.Name
		}
	}
	return out
}

// StopName returns the name of a stop, or "" when unknown.
func (bd *baseData) StopName(stop int) string {
	if bd == nil {
		return ""
	}
	if s, ok := bd.stops[stop]; ok {
		return s.StopName
	}
	return ""
}

// Category returns whether a line is a tram or bus line, 0 when unknown.
func (bd *baseData) Category(line string) model.RouteCategory {
	if bd == nil {
		return 0
	}
	return bd.lineCat[line]
}

// LineStart returns the stop whose departures best stand for a line: the
// first stop of its first pattern, else the first stop point known to be
// served by it. ok is false when base data says nothing about the line.
func (bd *baseData) LineStart(route int) (stop int, ok bool) {
	if bd == nil {
		return 0, false
	}
	if r, found := bd.routes[route]; found {
		pats := slices.Clone(r.RoutePattern)
		slices.SortFunc(pats, func(a, b model.RoutePattern) int { return cmp.Compare(a.PatternDirection, b.PatternDirection) })
		for _, p := range pats {
			if len(p.StopPoints) > 0 {
				return p.StopPoints[0].StopNumber, true
			}
		}
	}
	best := 0
	for _, p := range bd.Points {
		for _, rr := range p.ServicingRoutes {
			if rr.RouteNumber == route && (best == 0 || p.ParentStop.StopNumber < best) {
				best = p.ParentStop.StopNumber
			}
		}
	}
	return best, best != 0
}

// LineServes reports whether line route calls at stop, by its patterns or
// by the routes its stop points list.
func (bd *baseData) LineServes(route, stop int) bool {
	if bd == nil || stop == 0 {
		return false
	}
	if r, found := bd.routes[route]; found {
		for _, p := range r.RoutePattern {
			for _, s := range p.StopPoints {
				if s.StopNumber == stop {
					return true
				}
			}
		}
	}
	for _, p := range bd.Points {
		if p.ParentStop.StopNumber != stop {
			continue
		}
		for _, rr := range p.ServicingRoutes {
			if rr.RouteNumber == route {
				return true
			}
		}
	}
	return false
}

// SortPlatforms orders platforms by name, then code.
func SortPlatforms(ps []Platform) {
	slices.SortFunc(ps, func(a, b Platform) int {
		if c := cmp.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return a.Code.Compare(b.Code)
	})
}

// lineTitle is a line's search title: "Line 2  Kuhberg – Science Park II".
func lineTitle(tx *ui.Texts, r *model.Route) string {
	t := fmt.Sprintf(tx.LineTitle, LineLabel(r.RouteName, r.RouteNumber))
	var names []string
	for _, d := range r.RouteDirections {
		if d.DirectionName != "" {
			names = append(names, d.DirectionName)
		}
	}
	if len(names) >= 2 {
		return t + "  " + names[0] + " – " + names[len(names)-1]
	}
	if len(names) == 1 {
		return t + "  " + names[0]
	}
	return t
}

// LineLabel is the line as people see it: RouteName, else the number.
func LineLabel(name string, number int) string {
	if name != "" {
		return name
	}
	if number == 0 {
		return "?"
	}
	return strconv.Itoa(number)
}

// vehicleDetail is a vehicle's name and make, as known.
func vehicleDetail(v *model.Vehicle) string {
	d := v.VehicleName
	if v.ModelData != nil {
		d = joinDot(d, v.ModelData.Make+" "+v.ModelData.Model)
	}
	return d
}

// joinDot joins the non-empty parts with " · ".
func joinDot(parts ...string) string {
	out := ""
	for _, p := range parts {
		if p == "" || p == " " {
			continue
		}
		if out != "" {
			out += " · "
		}
		out += p
	}
	return out
}
