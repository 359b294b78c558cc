package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// Issue 33 item 8: the queue's SINCE column says the age alone ("2 min"),
// as `abfahrt exceptions` does, not "since 2 min" in every cell under a
// head that already says SINCE; German likewise (SEIT, not "seit").
func TestQueueSinceCellsSayTheAgeOnly(t *testing.T) {
	for lang, word := range map[string]string{"en": "since ", "de": "seit "} {
		e := newQueueEnv(t, 120, 40, lang, t.TempDir())
		e.openQueue()
		e.queueAdvance(2 * time.Minute)
		v := e.View()
		rows := 0
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, " min ") && (strings.Contains(l, "late") || strings.Contains(l, "verspätet")) {
				rows++
				if strings.HasPrefix(strings.TrimLeft(l, " ▸"), word) {
					t.Errorf("%s: a row starts with %q: %q", lang, word, l)
				}
			}
		}
		if rows == 0 {
			t.Fatalf("%s: no late rows on the queue:\n%s", lang, v)
		}
	}
}

// Issue 33 item 8: at 40×12 the board keeps its DELAY column (a rider's
// "+3") and gives the direction the cells left, rather than dropping the
// delay while the direction keeps 24 cells; English and German.
func TestNarrowBoardKeepsTheDelay(t *testing.T) {
	for lang, head := range map[string]string{"en": "+/-", "de": "+/-"} {
		e := newEnvWith(t, 40, 12, app.Options{Lang: lang})
		v := e.View()
		if !strings.Contains(v, head) {
			t.Errorf("%s: the 40×12 board has no %s column:\n%s", lang, head, v)
		}
		rows := 0
		for _, l := range strings.Split(v, "\n") {
			if f := strings.Fields(l); len(f) > 3 && (f[len(f)-1] == "✓" || strings.HasPrefix(f[len(f)-1], "+")) {
				rows++
			}
		}
		if rows < 4 {
			t.Errorf("%s: %d rows end with their delay on the 40×12 board:\n%s", lang, rows, v)
		}
	}
}

// Issue 33 item 8: the search overlay covers the lines it stands on from
// edge to edge: beside its box no piece of a board row (a row's end, a
// cut alert) shows; the rows below it stay whole.
func TestSearchOverlayCoversItsLines(t *testing.T) {
	for _, w := range []int{120, 200} {
		e := newEnv(t, w, 30, true)
		e.Key("/")
		for _, r := range "hau" {
			e.Key(string(r))
		}
		lines := strings.Split(ansi.Strip(e.View()), "\n")
		boxed := 0
		for i, l := range lines {
			a, b := strings.IndexRune(l, '│'), strings.LastIndex(l, "│")
			if strings.ContainsAny(l, "╭╰") {
				a, b = strings.IndexAny(l, "╭╰"), max(strings.LastIndex(l, "╮"), strings.LastIndex(l, "╯"))
			}
			if a < 0 || b <= a || i == 0 {
				continue
			}
			boxed++
			if out := strings.TrimSpace(l[:a] + l[b+len("│"):]); out != "" {
				t.Errorf("%d cols, line %d: %q shows beside the search box: %q", w, i, out, l)
			}
		}
		if boxed < 5 {
			t.Fatalf("%d cols: the search box is not on the screen:\n%s", w, strings.Join(lines, "\n"))
		}
	}
}

// Issue 33 item 8: every grid cell has its column titles (DUE, +/-, …),
// also a cell whose stop's name is longer than its rows' directions
// ("Haus der Begegnung" over "Böfingen"): the direction column widens to
// clear the name where the cell has room.
func TestEveryGridCellHasItsColumnTitles(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{200, 50}, {120, 40}} {
		e := newGridEnv(t, sz.w, sz.h, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}, {Stop: 1005}, {Stop: 1240}}, nil)
		b := testkit.MovedBoard(testkit.HbfBoard(false), 1005, "Haus der Begegnung", 0, 0, 0)
		var short []model.Event
		for _, ev := range b.Events {
			if len([]rune(ev.DirectionText)) <= 9 {
				short = append(short, ev)
			}
		}
		b.Events = short
		e.src.Boards[feeds.Subject{Stop: 1005}] = b
		e.pollFeeds()
		v := ansi.Strip(e.View())
		if !strings.Contains(v, "Haus der Begegnung") {
			t.Fatalf("%dx%d: no cell of Haus der Begegnung:\n%s", sz.w, sz.h, v)
		}
		if n := strings.Count(v, "DUE"); n != 4 {
			t.Errorf("%dx%d: %d of 4 cells have their column titles:\n%s", sz.w, sz.h, n, v)
		}
	}
}

// Issue 33 item 8: the merged view sizes its columns from what they hold:
// at 200 columns a long stop name is shown whole (not cut at 22 cells
// while the direction column keeps dozens of blank cells).
func TestMergedViewShowsLongStopNamesWhole(t *testing.T) {
	const long = "Neu-Ulm Hermann-Köhl-Straße Nord"
	e := newGridEnv(t, 200, 50, []app.BoardSpec{{Stop: 1008}, {Stop: 1005}}, nil)
	e.src.Boards[feeds.Subject{Stop: 1005}] = testkit.MovedBoard(testkit.HbfBoard(false), 1005, long, -time.Minute, 0, 0)
	e.pollFeeds()
	e.Key("m")
	v := ansi.Strip(e.View())
	if !strings.Contains(v, long+" ") {
		t.Errorf("the merged view cuts %q:\n%s", long, v)
	}
	// The direction column is as wide as its widest direction: no blank
	// cells after it before the platform.
	const widest = "Pfuhl über Offenhausen, Neu-Ulm Bahnhof"
	l := ""
	for _, x := range strings.Split(v, "\n") {
		if strings.Contains(x, widest) {
			l = x
			break
		}
	}
	if _, after, ok := strings.Cut(l, widest); !ok || !strings.HasPrefix(strings.TrimLeft(after, " "), "F") || len(after)-len(strings.TrimLeft(after, " ")) > 2 {
		t.Errorf("the widest direction's row %q: want its platform right after it", l)
	}
}
