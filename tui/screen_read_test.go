package tui

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// What the root paints, read back as a user reads it: the tests of the
// root judge the screen (and the root's own state), not the panes' fields.

// screenLines is the frame the model draws now, as plain text lines.
func (e *testEnv) screenLines() []string {
	return strings.Split(ansi.Strip(e.View()), "\n")
}

// firstLine is the first line of view v, without its styles: the grid's
// summary or the board's title.
func firstLine(v string) string {
	l, _, _ := strings.Cut(ansi.Strip(v), "\n")
	return l
}

// boardRows returns the screen lines of a whole board's rows (below the
// column titles, in English or German, above the blank lines and the
// status bar) and the vehicle number each shows in its last column (0:
// none).
func boardRows(lines []string) (ys, vehicles []int) {
	head := -1
	for y, l := range lines {
		if head < 0 {
			if strings.Contains(l, "DIRECTION") || strings.Contains(l, "RICHTUNG") {
				head = y
			}
			continue
		}
		if strings.TrimSpace(l) == "" || strings.Contains(l, "simulated Ulm network") {
			break
		}
		f := strings.Fields(l)
		n, _ := strconv.Atoi(f[len(f)-1])
		ys, vehicles = append(ys, y), append(vehicles, n)
	}
	return ys, vehicles
}

// rowLines are the board's row lines on screen (boardRows).
func rowLines(lines []string) []string {
	ys, _ := boardRows(lines)
	out := make([]string, len(ys))
	for i, y := range ys {
		out[i] = lines[y]
	}
	return out
}

// rowLine is the line a board's row line l shows ("▸ ▮  2    Science
// Park II …": 2).
func rowLine(l string) string {
	f := strings.Fields(strings.TrimPrefix(l, "▸"))
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

// cursorRow is the index, among the board's rows on screen (boardRows),
// of the one the cursor is drawn on (▸), -1 when none.
func cursorRow(lines []string) int {
	ys, _ := boardRows(lines)
	for i, y := range ys {
		if strings.HasPrefix(lines[y], "▸") {
			return i
		}
	}
	return -1
}

// cursorLine is the line of the row the cursor is drawn on, "" when none.
func cursorLine(lines []string) string {
	if c := cursorRow(lines); c >= 0 {
		return rowLine(rowLines(lines)[c])
	}
	return ""
}

// paintedRows are the board's row lines of view v as painted, with their
// styles (boardRows finds them in the text).
func paintedRows(v string) []string {
	lines := strings.Split(v, "\n")
	ys, _ := boardRows(strings.Split(ansi.Strip(v), "\n"))
	out := make([]string, len(ys))
	for i, y := range ys {
		out[i] = lines[y]
	}
	return out
}

// showsVehicle reports whether view v shows the vehicle pane of vehicle
// n: its title names it ("Bus 151", "Tram 44", "Vehicle 44").
func showsVehicle(v string, n int) bool {
	return regexp.MustCompile(`│ \w+ ` + strconv.Itoa(n) + `\b`).MatchString(ansi.Strip(v))
}
