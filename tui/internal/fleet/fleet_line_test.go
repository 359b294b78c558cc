package fleet

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// The NEXT STOP column takes the room the directions leave: a long next
// stop shows whole at 120 columns, with no wide gap after the direction.
func TestNextStopUsesTheRoomDirectionsLeave(t *testing.T) {
	now := testkit.T0
	f, sh, src := newFleet(t, 120, 12, &now, app.Options{})
	const long = "Kliniken Wissenschaftsstadt Nord"
	vp := model.VehiclePassages{VehicleNumber: 44, RouteNumber: 2, RouteName: "2", Timestamp: model.At(testkit.T0)}
	for i, name := range []string{"Theater", long} {
		st := model.StatusPredicted
		if i == 0 {
			st = model.StatusDeparted
		}
		vp.Passages = append(vp.Passages, model.Passage{StopName: name, SequenceNumber: 7 + i, Status: st,
			ArrivalTimeActual: model.At(testkit.T0.Add(time.Duration(i) * time.Minute))})
	}
	src.VehPassages = vp
	serve(t, sh, f.Feed)
	f.Fed()
	serve(t, sh, f.Next.Entries[44])
	v := ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard)))
	l := lineOf(v, 44)
	if !strings.Contains(l, long) {
		t.Errorf("vehicle 44's next stop is cut: %q\n%s", l, v)
	}
	if m := regexp.MustCompile(`Science Park II( +)Kliniken`).FindStringSubmatch(l); m == nil || len(m[1]) > 8 {
		t.Errorf("a wide gap between the direction and the next stop: %q", l)
	}
	checkFleetFits(t, f.View(testkit.Frame(sh, app.PaneBoard)), 120, 12)
}

// l filters the fleet by line: each press the next line in service, after
// the last all lines again; the summary names the line, the cursor stays
// in the list, and the key shows in the footer and the help.
func TestLineFilterKey(t *testing.T) {
	now := testkit.T0
	f, sh, _ := newFleet(t, 120, 20, &now, app.Options{})
	serve(t, sh, f.Feed)
	f.Fed()
	live := func() bool {
		for _, h := range Keys.Hints(f, sh.Texts) {
			if h.Key == "l" && h.Priority > 0 {
				return true
			}
		}
		return false
	}
	if !live() {
		t.Fatal("the fleet's footer has no l key")
	}
	for _, c := range []struct {
		line string
		rows []int
	}{{"1", []int{53, 55}}, {"2", []int{44}}, {"4", []int{151}}, {"5", []int{153}}, {"7", []int{161}}, {"10", []int{170}}, {"", byLine}} {
		press(f, "l")
		v := f.View(testkit.Frame(sh, app.PaneBoard))
		if got := rows(v); !slices.Equal(got, c.rows) {
			t.Errorf("filter %q: rows %v, want %v:\n%s", c.line, got, c.rows, ansi.Strip(v))
		}
		sum := ansi.Strip(strings.SplitN(v, "\n", 2)[0])
		if c.line != "" && !strings.Contains(sum, "line "+c.line) {
			t.Errorf("filter %q: the summary does not name it: %q", c.line, sum)
		}
		if c.line == "" && strings.Contains(sum, "line ") {
			t.Errorf("no filter: the summary names a line: %q", sum)
		}
		if f.Cursor >= len(c.rows) {
			t.Errorf("filter %q: cursor %d beyond %d rows", c.line, f.Cursor, len(c.rows))
		}
		if !live() {
			t.Errorf("filter %q: l is off", c.line)
		}
	}
}

// checkFleetFits fails unless v is h lines, none wider than w.
func checkFleetFits(t *testing.T, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d", len(lines), h)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("a line %d wide: %q", ansi.StringWidth(l), ansi.Strip(l))
		}
	}
}
