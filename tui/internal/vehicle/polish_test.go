package vehicle

import (
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/testkit"
)

// Issue 33 item 8: the stops' DUE column counts in minutes as the board
// does ("1 min" for a stop 82 s away, "now" under a minute), never "82 s".
func TestPassageDueInMinutes(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.setNow(testkit.T0.Add(78 * time.Second)) // Lehrer Tal is 82 s away, Stadtwerke 0 s
	r.poll()
	v := r.view()
	if l := lineWith(v, "Lehrer Tal"); !strings.Contains(l, "1 min") || strings.Contains(l, " s ") || strings.HasSuffix(strings.TrimSpace(l), " s") {
		t.Errorf("the stop 82 s away: %q, want its DUE 1 min", l)
	}
	if l := lineWith(v, "Multscherschule"); !strings.Contains(l, "3 min") {
		t.Errorf("the stop 202 s away: %q, want its DUE 3 min", l)
	}
	if strings.Contains(v, " s ") && strings.Contains(lineWith(v, "Lehrer Tal"), "82") {
		t.Errorf("a DUE in seconds:\n%s", v)
	}
}

// Issue 33 item 8: a sparkline of deviations between +9 and +10 min is
// scaled to that range, so its bars show the change (not a flat row at
// the top of a 0…+10 scale), and its scale says +9…+10.
func TestSparklineScalesToItsValues(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	for _, dev := range []int{540, 570, 600, 560, 600, 545} {
		trips, vp := trip44(8, false, dev)
		r.src.SetVehicle(trips, vp, track44())
		r.poll()
	}
	l := lineWith(r.view(), "deviation")
	if !strings.Contains(l, "+9…+10 min") {
		t.Errorf("the sparkline line %q does not say its scale +9…+10 min", l)
	}
	bars := map[rune]bool{}
	for _, c := range l {
		if c >= '▁' && c <= '█' {
			bars[c] = true
		}
	}
	if len(bars) < 3 {
		t.Errorf("the sparkline of +9…+10 min is flat (%d heights): %q", len(bars), l)
	}
}
