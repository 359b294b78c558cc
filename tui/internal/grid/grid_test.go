package grid

import (
	"strconv"
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// gridSizes are terminal sizes of the board side, from a laptop's split
// pane to a wall display.
var gridSizes = [][2]int{{60, 16}, {80, 24}, {100, 30}, {120, 40}, {160, 48}, {200, 60}, {250, 70}}

// TestGridCellsFitAndNameStops: 4 and 12 watched boards are laid out as
// cells that fill the rectangle exactly (h lines, none wider than w), the
// summary line counts them, and every cell of the page shows its number
// and its stop's name with rows of departures.
func TestGridCellsFitAndNameStops(t *testing.T) {
	for _, n := range []int{4, 12} {
		r := newRig(t, stopsOver(n), nil)
		g := &r.d.Grid
		if r.d.Mode != ModeGrid || g.Len() != n || g.Plain() || g.Zoomed {
			t.Fatalf("%d boards: mode %d, %d watched, plain %v, zoomed %v; want the grid's cells", n, r.d.Mode, g.Len(), g.Plain(), g.Zoomed)
		}
		for i, b := range g.Boards {
			if len(b.Rows(r.frame())) == 0 {
				t.Errorf("%d boards: board %d (%s) has no rows after its first poll", n, i+1, b.Name(r.sh.Texts))
			}
		}
		for _, sz := range gridSizes {
			w, h := sz[0], sz[1]
			v := r.view(w, h)
			checkFits(t, strconv.Itoa(n)+" boards", v, w, h)
			lines := plainLines(v)
			if !strings.Contains(lines[0], strconv.Itoa(n)+" boards") {
				t.Errorf("%d boards %dx%d: summary %q does not count them", n, w, h, lines[0])
			}
			per := g.perPage(r.frame())
			if per < min(n, 4) {
				t.Errorf("%d boards %dx%d: only %d cells on a page", n, w, h, per)
			}
			body := strings.Join(lines[1:], "\n")
			for i := range min(per, n) {
				head := strconv.Itoa(i+1) + " " + stopName[g.Boards[i].Subject.Stop]
				if !strings.Contains(body, head) {
					t.Errorf("%d boards %dx%d: no cell headed %q:\n%s", n, w, h, head, body)
				}
			}
			if per < n && !strings.Contains(lines[0], "page 1/") {
				t.Errorf("%d boards %dx%d: %d per page but no page in the summary %q", n, w, h, per, lines[0])
			}
		}
	}
}

// TestGridLastPage: with more boards than fit, focusing the last board
// turns to the page that shows it.
func TestGridLastPage(t *testing.T) {
	r := newRig(t, stopsOver(12), nil)
	g := &r.d.Grid
	w, h := 60, 10
	r.view(w, h)
	per := g.perPage(r.frame())
	if per >= 12 {
		t.Fatalf("%dx%d shows all %d boards; the test needs pages", w, h, per)
	}
	g.MoveFocus(99)
	if g.Focus != 11 {
		t.Fatalf("focus %d after moving far right, want 11 (clamped)", g.Focus)
	}
	v := r.view(w, h)
	checkFits(t, "last page", v, w, h)
	lines := plainLines(v)
	pages := (12 + per - 1) / per
	if want := "page " + strconv.Itoa(pages) + "/" + strconv.Itoa(pages); !strings.Contains(lines[0], want) {
		t.Errorf("summary %q lacks %q", lines[0], want)
	}
	if head := "12 " + stopName[g.Boards[11].Subject.Stop]; !strings.Contains(ansiBody(lines), head) {
		t.Errorf("the last page does not show board 12 (%q):\n%s", head, ansiBody(lines))
	}
	if strings.Contains(ansiBody(lines), " 1 Hauptbahnhof") {
		t.Errorf("the last page still shows board 1:\n%s", ansiBody(lines))
	}
}

// ansiBody joins the lines below the summary line.
func ansiBody(lines []string) string { return strings.Join(lines[1:], "\n") }

// TestGridOnePollPerStop: 12 boards over 4 stops poll 4 feeds, one
// request each; a stop both watched and pinned (the strip above the open
// board) is one feed and one request, and removing the watched board
// leaves the pinned one polling.
func TestGridOnePollPerStop(t *testing.T) {
	r := newRig(t, stopsOver(12), nil)
	if n := len(r.d.Grid.allFeeds()); n != 4 {
		t.Errorf("%d feeds for 12 boards over 4 stops, want 4", n)
	}
	for s, n := range r.calls() {
		if n != 1 {
			t.Errorf("%v requested %d times by the first poll, want once", s, n)
		}
	}

	// The start screen: the open board (Hauptbahnhof) with pins on the
	// strip, and a watched board of a pinned stop.
	r = newRig(t, nil, nil)
	r.run(r.d.Grid.Add(r.frame(), app.BoardSpec{Stop: 1350}))
	cmd, _ := r.d.Pins.Loaded(r.sh.DispatchTexts, PinsMsg{Pins: []Pin{{Stop: 1350, Name: "Ehinger Tor"}, {Stop: 1008, Name: "Hauptbahnhof"}}})
	r.run(cmd)
	r.poll()
	if !r.d.isPlain() || r.d.Pins.stripCount() != 2 {
		t.Fatalf("plain %v, strip of %d; want the open board under a strip of 2", r.d.isPlain(), r.d.Pins.stripCount())
	}
	if n := len(r.sh.Reg.Entries); n != 2 {
		t.Errorf("%d feeds for 2 stops shown watched, open and pinned; want 2", n)
	}
	for _, s := range []feeds.Subject{{Stop: 1008}, {Stop: 1350}} {
		// One request for the start and one for the poll: not one per view.
		if n := r.calls()[s]; n != 2 {
			t.Errorf("%v: %d requests after its first poll and one more, want 2", s, n)
		}
	}
	v := plainLines(r.view(120, 30))
	if !strings.Contains(v[0], "★1 Ehinger Tor") || !strings.Contains(v[1], "★2 Hauptbahnhof") {
		t.Errorf("the strip does not list the pins:\n%s", strings.Join(v[:3], "\n"))
	}
	// Unwatching Ehinger Tor leaves its pin's feed.
	r.d.Grid.Open, r.d.Grid.Focus = nil, 0 // the watched board takes the keys
	r.d.Grid.Remove()
	if f := r.sh.Reg.Entries[feeds.BoardFeed(feeds.Subject{Stop: 1350})]; f == nil {
		t.Error("removing the watched board ended the pinned stop's poll")
	}
}

// TestGridZoomAndBack: zooming fills the rectangle with the focused board
// (its column titles, no summary line); going back shows the cells with
// the same board focused.
func TestGridZoomAndBack(t *testing.T) {
	r := newRig(t, stopsOver(6), nil)
	g := &r.d.Grid
	w, h := 120, 36
	g.MoveFocus(2) // Theater
	if g.Focus != 2 {
		t.Fatalf("focus %d, want 2", g.Focus)
	}
	g.Zoomed = true
	v := r.view(w, h)
	checkFits(t, "zoom", v, w, h)
	lines := plainLines(v)
	if zb := g.ZoomedBoard(); zb != g.Boards[2] {
		t.Fatalf("zoomed board %v, want board 3", zb)
	}
	if strings.Contains(lines[0], "6 boards") || !strings.Contains(v, "Theater") || !strings.Contains(strings.Join(lines, "\n"), "DIRECTION") {
		t.Errorf("the zoom is not the whole Theater board:\n%s", strings.Join(lines, "\n"))
	}
	for _, other := range []string{"Ehinger Tor", "Rathaus Ulm"} {
		if strings.Contains(v, other) {
			t.Errorf("the zoom still shows %s", other)
		}
	}
	if rows := g.Boards[2].Rows(r.frame()); len(rows) < 10 {
		t.Errorf("zoomed board has %d rows", len(rows))
	}
	g.Unzoom()
	v = r.view(w, h)
	checkFits(t, "back", v, w, h)
	lines = plainLines(v)
	if g.Zoomed || g.Focus != 2 || !strings.Contains(lines[0], "6 boards") {
		t.Errorf("back: zoomed %v, focus %d, summary %q; want the cells with board 3 focused", g.Zoomed, g.Focus, lines[0])
	}
	if !strings.Contains(ansiBody(lines), "▸3 Theater") {
		t.Errorf("back: board 3 is not marked focused:\n%s", ansiBody(lines))
	}
	// The clock moves on; the focus stays.
	r.tick(testkit.T0.Add(30e9))
	if r.view(w, h); g.Focus != 2 {
		t.Errorf("focus %d after a clock tick, want 2", g.Focus)
	}
}

// TestWatchOpenBoard: watching the open board adds it to the grid on its
// feed (no new request); a stop already watched with the same filters is
// focused instead, and a full grid says so and keeps the open board.
func TestWatchOpenBoard(t *testing.T) {
	r := newRig(t, stopsOver(3), nil)
	g := &r.d.Grid
	r.run(g.OpenBoard(r.frame(), app.Target{Kind: app.TargetStop, Stop: 1350, Title: "Ehinger Tor"}))
	if !r.d.isPlain() || !g.Zoomed {
		t.Fatal("the opened stop does not show as the open board, zoomed")
	}
	if n := g.WatchOpen(r.sh.DispatchTexts); n != "already watched" || g.Focus != 1 || g.Plain() || g.Len() != 3 {
		t.Errorf("watching a watched stop: %q, focus %d, plain %v, %d boards; want board 2 focused", n, g.Focus, g.Plain(), g.Len())
	}
	calls := r.src.CallCount()
	r.run(g.OpenBoard(r.frame(), app.Target{Kind: app.TargetStop, Stop: 1010, Title: "Rathaus Ulm"})) // its first poll
	if n := g.WatchOpen(r.sh.DispatchTexts); n != "" || g.Len() != 4 || g.Focus != 3 || len(g.Boards[3].Rows(r.frame())) == 0 {
		t.Fatalf("watching Rathaus Ulm: %q, %d boards, focus %d", n, g.Len(), g.Focus)
	}
	if got := r.src.CallCount() - calls; got != 1 {
		t.Errorf("%d requests for opening and watching a stop, want its one poll", got)
	}
	for g.Len() < app.MaxBoards {
		r.run(g.Add(r.frame(), app.BoardSpec{Stop: 1008, Lines: []string{strconv.Itoa(g.Len())}}))
	}
	r.run(g.OpenBoard(r.frame(), app.Target{Kind: app.TargetStop, Stop: 1900}))
	if n := g.WatchOpen(r.sh.DispatchTexts); n != "the grid holds at most 16 boards" || !g.Plain() || g.Len() != app.MaxBoards {
		t.Errorf("a full grid: %q, plain %v, %d boards", n, g.Plain(), g.Len())
	}
}
