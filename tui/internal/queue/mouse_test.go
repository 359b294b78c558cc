package queue

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/termio"
)

// click is a left click at column x of line y of the queue, which the
// root draws from the screen's top line; the root presses enter for a
// click that picked a row (Action.Enter), as the rig does here. It
// returns the vehicle the click opens, 0 for none.
func (r *rig) click(x, y int) int {
	r.t.Helper()
	r.view()
	_, a, _ := r.p.Update(r.frame(), tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if !a.Enter {
		return 0
	}
	_, a, _ = r.p.Update(r.frame(), termio.KeyMsgFor("enter"))
	if a.Open != nil && a.Open.Kind == app.TargetVehicle {
		return a.Open.Vehicle
	}
	return 0
}

// The exception queue: a click on an item's row selects it and opens its
// vehicle; the title and the column heads do nothing. This test lived in
// the root package and reached into its queue.
func TestMouseQueue(t *testing.T) {
	r := newRig(t, 120, 38, "en", "")
	r.open()
	lines := strings.Split(r.view(), "\n")
	for _, c := range []struct {
		text    string
		vehicle int
	}{{"7 min late", 21}, {"no position for 4 min", 41}} {
		y := -1
		for i, l := range lines {
			if strings.Contains(l, c.text) {
				y = i
				break
			}
		}
		if y < 0 {
			t.Fatalf("no %q in the queue:\n%s", c.text, strings.Join(lines, "\n"))
		}
		if got := r.click(3, y); got != c.vehicle {
			t.Errorf("click on the row %q: opened %d, want %d", lines[y], got, c.vehicle)
		}
		if q := r.p; q.Rows[q.Cursor].Vehicle != c.vehicle {
			t.Errorf("the click left the cursor on the item of vehicle %d", q.Rows[q.Cursor].Vehicle)
		}
	}
	for _, y := range []int{0, 1} {
		if got := r.click(3, y); got != 0 {
			t.Errorf("click on line %d (%q) opened vehicle %d", y, lines[y], got)
		}
	}
}
