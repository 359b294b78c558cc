package tui

import (
	"strings"
	"testing"

	"abfahrt/model"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/search"
)

// Issue 12 item 6: two stop points of one stop sharing a name (a regular
// and a replacement "Hauptbahnhof Steig B") are told apart in the search
// results by their codes, the rule of the board's platform labels; a
// stop point with a name of its own keeps it.
func TestSearchTellsStopPointsApart(t *testing.T) {
	for _, w := range []int{50, 120} {
		e := newEnv(t, w, 30, false)
		base := testkit.TestBase()
		twin := model.CodeFor(1008, 21)
		base.Points = append(base.Points, model.StopPoint{StopPointNumber: 21, StopPointCode: twin, PlatformName: "B",
			StopPointName: "Hauptbahnhof Steig B", ParentStop: model.ParentStop{StopNumber: 1008, StopCode: "HBF", StopName: "Hauptbahnhof"}})
		e.send(base)
		e.poll()
		e.Key("/")
		for _, r := range "steig b" {
			e.Key(string(r))
		}
		titles := map[string]bool{}
		for _, r := range e.m.search.results {
			if r.Entry.Kind != search.KindStopPoint {
				continue
			}
			if titles[r.Entry.Title] {
				t.Errorf("%d columns: two results read %q", w, r.Entry.Title)
			}
			titles[r.Entry.Title] = true
		}
		v := e.View()
		first := model.CodeFor(1008, 2).String() // the test base's "Hauptbahnhof Steig B"
		for _, want := range []string{"Hauptbahnhof Steig B · " + first, "Hauptbahnhof Steig B · " + twin.String(), "Hauptbahnhof Steig A"} {
			if !strings.Contains(v, want) {
				t.Errorf("%d columns: the results lack %q:\n%s", w, want, v)
			}
		}
		if strings.Contains(v, "Hauptbahnhof Steig A ·") {
			t.Errorf("%d columns: a name of its own got a code:\n%s", w, v)
		}
	}
}
