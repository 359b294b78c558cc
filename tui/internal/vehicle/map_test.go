package vehicle

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestMapNamesStopsAndHasALegend: the route map names its termini and
// the vehicle's next stop where they fit, and a legend says what the
// symbols are.
func TestMapNamesStopsAndHasALegend(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	st := r.sh.Styles
	for _, size := range [][2]int{{60, 16}, {98, 12}, {32, 10}} {
		lines := routeMap(st, r.sh.Texts, "2", r.p.track, r.p.stops, r.p.trip, "Stadtwerke", nil, size[0], size[1])
		if len(lines) != size[1] {
			t.Fatalf("%dx%d map: %d lines", size[0], size[1], len(lines))
		}
		m := ansi.Strip(strings.Join(lines, "\n"))
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%dx%d map: a line %d wide: %q", size[0], size[1], w, ansi.Strip(l))
			}
		}
		last := ansi.Strip(lines[len(lines)-1])
		for _, want := range []string{"◆", "terminus", "•", "stop", "↗", "vehicle"} {
			if !strings.Contains(last, want) {
				t.Errorf("%dx%d map: the legend %q lacks %q", size[0], size[1], last, want)
			}
		}
		if size[0] >= 60 {
			for _, want := range []string{"Kuhberg Schulzentrum", "Science Park II", "Stadtwerke"} {
				if !strings.Contains(m, want) {
					t.Errorf("%dx%d map does not name %s:\n%s", size[0], size[1], want, m)
				}
			}
		}
	}
}

// TestSparklineHasAScale: the deviation sparkline says the range its
// bars span, in minutes.
func TestSparklineHasAScale(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	for _, dev := range []int{0, 60, 180, 120} {
		trips, vp := trip44(8, false, dev)
		r.src.SetVehicle(trips, vp, track44())
		r.poll()
	}
	l := lineWith(r.view(), "deviation")
	if !strings.Contains(l, "0…+3 min") {
		t.Errorf("the sparkline line %q does not say its scale 0…+3 min", l)
	}
}
