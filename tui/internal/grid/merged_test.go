package grid

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
)

// TestMergedInTimeOrder: the merged list holds the departures of every
// watched board in time order, each labelled with its stop; the rows a
// board shows are all there, an event on two boards of one stop once.
func TestMergedInTimeOrder(t *testing.T) {
	r := newRig(t, stopsOver(5), nil) // Hauptbahnhof twice
	g := &r.d.Grid
	rows := r.d.Merged.Rows(r.frame(), g)
	want := 0
	for _, b := range g.Boards[1:] { // board 5 is Hauptbahnhof again
		want += len(b.Rows(r.frame()))
	}
	if len(rows) != want || want == 0 {
		t.Fatalf("%d merged rows, want %d (every row of the four stops once)", len(rows), want)
	}
	stops := map[string]int{}
	seen := map[string]bool{}
	for i, row := range rows {
		stops[row.Board.Name(r.sh.Texts)]++
		if i > 0 && row.E.Due().Before(rows[i-1].E.Due()) {
			t.Errorf("row %d (%s %s at %s) comes before row %d's time %s", i, row.Board.Name(r.sh.Texts), row.E.Line(),
				row.E.Due().Format("15:04:05"), i-1, rows[i-1].E.Due().Format("15:04:05"))
		}
		k := row.Board.Name(r.sh.Texts) + "|" + strconv.Itoa(row.Board.Subject.Stop) + "|" + row.E.Line() + "|" + row.E.Due().String() + "|" + strconv.Itoa(row.E.VehicleNumber)
		if seen[k] {
			t.Errorf("row %d shown twice: %s", i, k)
		}
		seen[k] = true
	}
	for _, name := range stopName {
		if stops[name] == 0 {
			t.Errorf("no merged row of %s", name)
		}
	}
	if n := stops["Hauptbahnhof"]; n != len(g.Boards[0].Rows(r.frame())) {
		t.Errorf("%d Hauptbahnhof rows from two boards of it, want %d (once each)", n, len(g.Boards[0].Rows(r.frame())))
	}

	// The view: a title counting rows and boards, then the rows in the
	// same order, each starting with its stop's name.
	r.d.Mode = ModeMerged
	w, h := 120, len(rows)+2
	v := r.view(w, h)
	checkFits(t, "merged", v, w, h)
	lines := plainLines(v)
	if title := "All boards · " + strconv.Itoa(len(rows)) + " departures from 5 boards"; !strings.Contains(lines[0], title) {
		t.Errorf("merged title %q lacks %q", lines[0], title)
	}
	if !strings.Contains(lines[1], "STOP") {
		t.Errorf("no column titles: %q", lines[1])
	}
	for i, row := range rows {
		l := lines[2+i]
		if !strings.HasPrefix(strings.TrimLeft(l, " ▸"), row.Board.Name(r.sh.Texts)) || !strings.Contains(l, row.E.DirectionText[:min(len(row.E.DirectionText), 8)]) {
			t.Errorf("merged line %d %q, want %s's %s → %s", i, l, row.Board.Name(r.sh.Texts), row.E.Line(), row.E.DirectionText)
		}
	}
}

// TestMergedFollowsFilters: a board's filter narrows its part of the
// merged list; the other boards' rows stay.
func TestMergedFollowsFilters(t *testing.T) {
	r := newRig(t, stopsOver(2), nil)
	g := &r.d.Grid
	before := r.d.Merged.Rows(r.frame(), g)
	hbf := g.Boards[0]
	cmd, _ := board.Keys.Run(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("l")}, &board.Ctx{Board: hbf}) // the first line only
	r.run(cmd)
	r.poll()
	if !hbf.Filters.Active() {
		t.Fatal("l set no line filter")
	}
	line := hbf.Filters.Lines[0]
	after := r.d.Merged.Rows(r.frame(), g)
	for _, row := range after {
		if row.Board == hbf && row.E.Line() != line {
			t.Errorf("Hauptbahnhof's line %s shows under its filter for line %s", row.E.Line(), line)
		}
	}
	count := func(rows []mergedRow, b *board.Pane) (n int) {
		for _, row := range rows {
			if row.Board == b {
				n++
			}
		}
		return n
	}
	if count(after, g.Boards[1]) != count(before, g.Boards[1]) || count(after, hbf) >= count(before, hbf) {
		t.Errorf("filtering Hauptbahnhof: its rows %d → %d, Ehinger Tor's %d → %d", count(before, hbf), count(after, hbf),
			count(before, g.Boards[1]), count(after, g.Boards[1]))
	}
}

// TestMergedArrivalsAndDepartures: a stop watched both as departures and
// as arrivals lists both in the merged list: an arrival is not the same
// event as the departure of its trip.
func TestMergedArrivalsAndDepartures(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{Stop: 1008}, {Stop: 1008, Arrivals: true}}, nil)
	g := &r.d.Grid
	dep, arr := len(g.Boards[0].Rows(r.frame())), len(g.Boards[1].Rows(r.frame()))
	if dep == 0 || arr == 0 {
		t.Fatalf("%d departure and %d arrival rows after the first poll", dep, arr)
	}
	got := 0
	for _, row := range r.d.Merged.Rows(r.frame(), g) {
		if row.E.Arrival {
			got++
		}
	}
	if got != arr {
		t.Errorf("the merged list has %d of the %d arrivals (and %d rows in all, want %d)", got, arr, len(r.d.Merged.Rows(r.frame(), g)), dep+arr)
	}
}

// TestMergedShowsPlatformOfPlatformBoards: a board of one platform (a
// stop point, whose answer names no platform per row) shows that
// platform on each of its merged rows, as its cell and header do.
func TestMergedShowsPlatformOfPlatformBoards(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{StopPoint: model.CodeFor(1008, 2)}, {Stop: 1350}}, nil)
	g := &r.d.Grid
	if len(g.Boards[0].Rows(r.frame())) == 0 {
		t.Fatal("the platform board has no rows")
	}
	r.d.Mode = ModeMerged
	w, h := 120, 20
	v := r.view(w, h)
	checkFits(t, "merged", v, w, h)
	lines := plainLines(v)
	if !strings.Contains(lines[1], "PLAT") {
		t.Fatalf("no platform column: %q", lines[1])
	}
	col := strings.Index(lines[1], "PLAT")
	n := 0
	for _, l := range lines[2:] {
		if !strings.HasPrefix(strings.TrimLeft(l, " ▸"), "Hauptbahnhof") {
			continue
		}
		n++
		if got := strings.TrimSpace(string([]rune(l)[col : col+4])); got != "B" {
			t.Errorf("platform board's row shows platform %q, want B: %q", got, l)
		}
	}
	if n == 0 {
		t.Errorf("no Hauptbahnhof row in the merged view:\n%s", strings.Join(lines, "\n"))
	}
}

// Issue 23 item 22: the merged view of one watched board counts "1
// board", not "1 boards".
func TestMergedTitleOfOneBoard(t *testing.T) {
	r := newRig(t, stopsOver(2), nil)
	r.d.Grid.Focus = 1
	r.d.Grid.Remove()
	r.d.Mode = ModeMerged
	rows := r.d.Merged.Rows(r.frame(), &r.d.Grid)
	title := plainLines(r.view(120, 10))[0]
	if !strings.Contains(title, strconv.Itoa(len(rows))+" departures from 1 board ") || strings.Contains(title, "1 boards") {
		t.Errorf("merged title of one board: %q", title)
	}
}
