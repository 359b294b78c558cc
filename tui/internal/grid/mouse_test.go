package grid

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// Clicks on the board side's views (these tests lived in the root
// package and reached into its board side). The board side is drawn from
// the screen's top line, so a click's place is the screen's; the root
// opens what a click asks for (Action.Open) and presses enter for a
// click that moved a cursor (Action.Enter), as the rig does here.

// click is a left click at column x of line y of the board side, drawn
// w×h first; it returns the vehicle the click opens, 0 for none.
func (r *rig) click(w, h, x, y int) int {
	r.t.Helper()
	r.view(w, h)
	cmd, a, _ := r.d.Update(r.frame(), tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	r.run(cmd)
	switch {
	case a.Open != nil && a.Open.Kind == app.TargetVehicle:
		return a.Open.Vehicle
	case a.Enter:
		cmd, _ := r.key("enter")
		opened := 0
		testkit.Each(cmd, func(msg tea.Msg) {
			if o, ok := msg.(app.OpenMsg); ok && o.Target.Kind == app.TargetVehicle {
				opened = o.Target.Vehicle
			}
		})
		return opened
	}
	return 0
}

// In a grid of boards a click lands in the cell under it: on a cell's
// row it opens that row's vehicle (a cell has no cursor), on its title it
// focuses the board; the summary line and the separator do nothing.
func TestMouseClickInTheGrid(t *testing.T) {
	const w, h = 120, 28
	r := newRig(t, stopsOver(4), nil)
	lines := plainLines(r.view(w, h))
	// The fourth board's title and its third row.
	var tx, ty int
	for y, l := range lines {
		if i := strings.Index(l, "4 Rathaus Ulm"); i >= 0 {
			tx, ty = ansi.StringWidth(l[:i]), y
		}
	}
	if ty == 0 {
		t.Fatalf("no fourth cell:\n%s", strings.Join(lines, "\n"))
	}
	g := &r.d.Grid
	if got := r.click(w, h, tx+3, ty); got != 0 || g.Focus != 3 {
		t.Fatalf("click on the fourth cell's title: focus %d, opened %d", g.Focus, got)
	}
	if got := r.click(w, h, tx, 0); got != 0 || g.Focus != 3 {
		t.Errorf("click on the summary line: focus %d, opened %d", g.Focus, got)
	}
	b := g.Boards[3]
	e4 := b.Data.Events[b.Rows(r.frame())[2]]
	row := []rune(lines[ty+3])
	if cell := string(row[min(tx, len(row)):]); !strings.Contains(cell, e4.DirectionText) {
		t.Fatalf("the cell's third row %q does not show %s", cell, e4.DirectionText)
	}
	if got := r.click(w, h, tx+10, ty+3); got != e4.VehicleNumber {
		t.Errorf("click on the fourth cell's third row: opened %d, want %d", got, e4.VehicleNumber)
	}
	// The first cell's first row, left of the separator.
	b1 := g.Boards[0]
	if got := r.click(w, h, 3, 2); got != b1.Data.Events[b1.Rows(r.frame())[0]].VehicleNumber || g.Focus != 0 {
		t.Errorf("click on the first cell's first row: vehicle %d, focus %d", got, g.Focus)
	}
	sep := strings.IndexRune(lines[2], '│')
	if got := r.click(w, h, ansi.StringWidth(lines[2][:sep]), 2); got != 0 {
		t.Error("a click on the separator opened a vehicle")
	}
}

// The merged list and the fleet: a click on a row opens its vehicle,
// the wheel (the root's arrow key) moves the cursor.
func TestMouseMergedAndFleet(t *testing.T) {
	const w, h = 120, 28
	r := newRigOn(t, withFleet(newFake()), stopsOver(3), nil)
	r.view(w, h)
	r.press("m")
	if r.d.Mode != ModeMerged {
		t.Fatal("m did not open the merged list")
	}
	lines := plainLines(r.view(w, h))
	// The merged list's rows: below its title and column titles, their
	// vehicle in the last column.
	y := 5
	f := strings.Fields(lines[y])
	want, _ := strconv.Atoi(f[len(f)-1])
	if got := r.click(w, h, 40, y); want == 0 || got != want {
		t.Errorf("merged: click on line %d %q opened %d, want %d", y, lines[y], got, want)
	}
	if got := r.click(w, h, 40, 1); got != 0 {
		t.Errorf("merged: a click on the column titles opened %d", got)
	}

	r.press("v")
	r.fleetPoll()
	if r.d.Mode != ModeFleet {
		t.Fatal("v did not open the fleet")
	}
	lines = plainLines(r.view(w, h))
	for y := 2; y < 5; y++ {
		want, _ := strconv.Atoi(strings.Fields(strings.TrimPrefix(lines[y], "▸"))[0])
		if got := r.click(w, h, 40, y); got != want {
			t.Errorf("fleet: click on line %d %q opened %d, want %d", y, lines[y], got, want)
		}
	}
	r.press("down") // the wheel, one step down
	if c := r.d.Fleet.Cursor; c != 3 {
		t.Errorf("fleet: the wheel left the cursor on %d, want 3", c)
	}
}

// boardRows returns the lines of a whole board's rows (below the column
// titles, above the blank lines) and the vehicle number each shows in its
// last column (0: none).
func boardRows(lines []string) (ys, vehicles []int) {
	head := -1
	for y, l := range lines {
		if head < 0 {
			if strings.Contains(l, "DIRECTION") {
				head = y
			}
			continue
		}
		if strings.TrimSpace(l) == "" {
			break
		}
		f := strings.Fields(l)
		n, _ := strconv.Atoi(f[len(f)-1])
		ys, vehicles = append(ys, y), append(vehicles, n)
	}
	return ys, vehicles
}

// Under the pin strip (the start screen with pinned stops) the board's
// rows are drawn lower: a click still opens the row it lands on, and a
// click on the strip opens nothing.
func TestMouseUnderThePinStrip(t *testing.T) {
	const w, h = 120, 28
	r := newRig(t, nil, nil)
	r.view(w, h)
	r.run(r.send(PinsMsg{Pins: []Pin{{Stop: 1350, Name: "Ehinger Tor"}, {Stop: 1240, Name: "Theater"}}}))
	for _, f := range r.d.Pins.Feeds {
		r.pollFeed(f)
	}
	lines := plainLines(r.view(w, h))
	if !r.d.isPlain() || !strings.Contains(lines[0], "Ehinger Tor") {
		t.Fatalf("no pin strip above the board:\n%s", strings.Join(lines, "\n"))
	}
	ys, vehicles := boardRows(lines)
	if ys[0] < 3 {
		t.Fatalf("the board's rows start on line %d, under no strip", ys[0])
	}
	for _, i := range []int{0, len(ys) - 1} {
		if got := r.click(w, h, 30, ys[i]); vehicles[i] != 0 && got != vehicles[i] {
			t.Errorf("click on row %d (line %d) under the strip opened %d, want %d", i, ys[i], got, vehicles[i])
		}
	}
	if got := r.click(w, h, 5, 0); got != 0 {
		t.Errorf("a click on the pin strip opened %d", got)
	}
}
