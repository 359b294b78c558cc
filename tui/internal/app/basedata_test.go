package app

import (
	"testing"
	"unsafe"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// A search result of the base data opens the stop, stop point, line or
// vehicle it names. Its Ref used to be that Target, boxed in an
// allocation of its own for each of the network's 1,400 entries (about
// 110 kB held for as long as a board runs); it is now a pointer into one
// array of the entries' records, the Target made when it is chosen.
func TestSearchResultsOpenWhatTheyName(t *testing.T) {
	msg := base()
	msg.Vehicles = []model.Vehicle{{VehicleNumber: 151, VehicleCategory: model.VehicleBus}}
	en := ui.TextsFor("en")
	bd := indexBaseData(msg, en)
	for _, c := range []struct {
		query string
		want  Target
	}{
		{"Ehinger Tor", Target{Kind: TargetStop, Stop: 1350, Title: "Ehinger Tor"}},
		{"Hauptbahnhof Steig A", Target{Kind: TargetPoint, Stop: 1008, Point: model.CodeFor(1008, 1), Title: "Hauptbahnhof Steig A"}},
		{"Line 5", Target{Kind: TargetLine, Line: "5", Route: 5, Title: lineTitle(en, &msg.Routes[2])}},
		{"151", Target{Kind: TargetVehicle, Vehicle: 151, Title: en.VehicleTitle(model.VehicleBus, 151)}},
	} {
		rs := bd.Index.Search(c.query, 1)
		if len(rs) != 1 {
			t.Fatalf("%q finds nothing", c.query)
		}
		ref, ok := rs[0].Entry.Ref.(*BaseRef)
		if !ok {
			t.Fatalf("%q: the result's Ref is a %T, each in an allocation of its own; want a *BaseRef into one array", c.query, rs[0].Entry.Ref)
		}
		first, last := uintptr(unsafe.Pointer(&bd.refs[0])), uintptr(unsafe.Pointer(&bd.refs[len(bd.refs)-1]))
		if p := uintptr(unsafe.Pointer(ref)); p < first || p > last {
			t.Errorf("%q: the result's Ref is not part of the index's one array of them", c.query)
		}
		if got := ref.Target(); got != c.want {
			t.Errorf("%q opens %+v; want %+v", c.query, got, c.want)
		}
	}
	// A result chosen after new base data came in opens what it named.
	rs := bd.Index.Search("Ehinger Tor", 1)
	newBaseData(BaseDataMsg{Stops: []model.Stop{{StopNumber: 9}}}, en)
	if got := rs[0].Entry.Ref.(*BaseRef).Target(); got.Stop != 1350 {
		t.Errorf("after a reload the result opens stop %d; want 1350", got.Stop)
	}
}
