package grid

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// The board side's keys, as the root hands them on (these tests lived
// in the root package and reached into its board side).

// frame is the frame the root hands the board side while it has the
// focus.
func (r *rig) frame() app.Frame {
	return testkit.Frame(r.sh, app.PaneBoard)
}

// key hands the board side the key named k (as Bubble Tea names it)
// with the focus, then the settle message the root sends after every
// message; first, as the root does with every key, it clears the status
// line's notice and tells the grid of the key (only a second x removes a
// board). It returns their commands, not run, and the key's action.
func (r *rig) key(k string) (tea.Cmd, app.Action) {
	r.t.Helper()
	r.sh.Notice = ""
	r.d.CancelRemoveUnless(termio.KeyMsgFor(k))
	cmd, a, _ := r.d.Update(r.frame(), termio.KeyMsgFor(k))
	settle, _, _ := r.d.Update(r.frame(), app.SettleMsg{})
	return tea.Batch(cmd, settle), a
}

// press is key without its command and action.
func (r *rig) press(k string) { r.key(k) }

// boardFeeds counts the board feeds of the registry.
func (r *rig) boardFeeds() int {
	n := 0
	for k := range r.sh.Reg.Entries {
		if k.Kind == feeds.FeedBoard {
			n++
		}
	}
	return n
}

// TestGridFromOptions: several boards open the grid, boards of one stop
// share one poll, and the single board does not poll meanwhile.
func TestGridFromOptions(t *testing.T) {
	r := newRig(t, stopsOver(12), nil)
	v := r.view(160, 46)
	g := &r.d.Grid
	if r.d.Mode != ModeGrid || g.Len() != 12 {
		t.Fatalf("mode %d with %d boards, want the grid of 12", r.d.Mode, g.Len())
	}
	if len(g.allFeeds()) != 4 {
		t.Errorf("%d feeds for 12 boards over 4 stops, want 4", len(g.allFeeds()))
	}
	if n := r.src.CallCount(); n != 4 {
		t.Errorf("%d requests for the first poll, want 4", n)
	}
	for i, b := range g.Boards {
		if len(b.Rows(r.frame())) == 0 {
			t.Errorf("board %d has no rows after its feed answered", i+1)
		}
	}
	if g.Open != nil || r.boardFeeds() != 4 {
		t.Errorf("an open board besides the grid (%v), %d feeds polled; want none and 4", g.Open != nil, r.boardFeeds())
	}
	for _, want := range []string{"12 boards", "Hauptbahnhof", "Ehinger Tor", "Theater", "Rathaus Ulm"} {
		if !strings.Contains(v, want) {
			t.Errorf("grid view lacks %q", want)
		}
	}
}

// removeBoard removes the focused grid board: `x` asks, a second `x`
// removes. It returns the second key's command.
func (r *rig) removeBoard() tea.Cmd {
	r.t.Helper()
	r.press("x")
	cmd, _ := r.key("x")
	return cmd
}

// TestGridFocusZoomRemove walks the grid with the keys.
func TestGridFocusZoomRemove(t *testing.T) {
	r := newRig(t, stopsOver(5), nil)
	r.view(160, 46)
	g := &r.d.Grid
	if g.Focus != 0 {
		t.Fatalf("focus %d at start, want 0", g.Focus)
	}
	r.press("right")
	if g.Focus != 1 {
		t.Errorf("→: focus %d, want 1", g.Focus)
	}
	r.press("5")
	if g.Focus != 4 {
		t.Errorf("5: focus %d, want 4", g.Focus)
	}
	r.press("up")
	if g.Focus != 4-g.Columns(r.frame()) || g.Columns(r.frame()) < 2 {
		t.Errorf("↑ from 5 with %d columns: focus %d", g.Columns(r.frame()), g.Focus)
	}
	r.press("9") // no ninth board: nothing
	r.press("1")
	r.press("enter")
	if !g.Zoomed {
		t.Fatal("enter did not zoom")
	}
	v := r.view(160, 46)
	if !strings.Contains(v, "DIRECTION") || strings.Contains(v, "6 boards") {
		t.Errorf("zoomed view is not the full board:\n%s", v)
	}
	r.press("down")
	if b := g.Focused(); b.Cursor != 1 {
		t.Errorf("↓ in the zoomed board: cursor %d, want 1", b.Cursor)
	}
	if cmd, _ := r.key("enter"); cmd == nil {
		t.Error("enter on a zoomed row opened no vehicle")
	} else if msg, ok := cmd().(app.OpenMsg); !ok || msg.Target.Kind != app.TargetVehicle {
		t.Errorf("enter on a zoomed row: %#v", cmd())
	}
	r.press("esc")
	if g.Zoomed {
		t.Fatal("esc did not leave the zoom")
	}
	// Remove the first board: its stop is still on board 5, so the feed stays.
	r.removeBoard()
	if g.Len() != 4 || len(g.allFeeds()) != 4 {
		t.Errorf("after x: %d boards, %d feeds; want 4 and 4", g.Len(), len(g.allFeeds()))
	}
	r.removeBoard() // Ehinger Tor, its only board: the feed goes
	if len(g.allFeeds()) != 3 || g.feedOf(feeds.Subject{Stop: 1350}) != nil {
		t.Errorf("after removing Ehinger Tor's only board its feed remains")
	}
	for g.Len() > 1 {
		r.removeBoard()
	}
	if cmd := r.removeBoard(); cmd == nil || !r.d.isPlain() {
		t.Fatalf("removing the last board: mode %d, cmd %v; want the single board polling again", r.d.Mode, cmd)
	}
}

// TestGridFilters: l and d narrow the focused board without a new
// request; f narrows it to a platform's stop point, as on every board;
// esc clears the filters and widens the board to its whole stop again.
func TestGridFilters(t *testing.T) {
	r := newRig(t, stopsOver(2), nil)
	r.view(160, 46)
	calls := r.src.CallCount()
	r.press("l")
	b := r.d.Grid.Focused()
	if !slices.Equal(b.Filters.Lines, []string{"1"}) {
		t.Fatalf("l: lines %v, want [1]", b.Filters.Lines)
	}
	for _, i := range b.Rows(r.frame()) {
		if l := b.Data.Events[i].Line(); l != "1" {
			t.Errorf("line filter 1 shows line %s", l)
		}
	}
	r.press("l")
	if b := r.d.Grid.Focused(); !slices.Equal(b.Filters.Lines, []string{"2"}) {
		t.Errorf("second l: lines %v, want [2]", b.Filters.Lines)
	}
	if n := r.src.CallCount(); n != calls {
		t.Errorf("line filters made %d requests, want none", n-calls)
	}
	cmd, _ := r.key("f")
	r.run(cmd)
	b = r.d.Grid.Focused()
	if b.Subject.Point != model.CodeFor(1008, 1) {
		t.Fatalf("f: stop point %q, want platform A's", b.Subject.Point)
	}
	for _, i := range b.Rows(r.frame()) {
		if e := b.Data.Events[i]; (e.StopPointCode != "" && e.StopPointCode != b.Subject.Point) || e.Line() != "2" {
			t.Errorf("line 2 platform A shows %s at %s", e.Line(), e.StopPointCode)
		}
	}
	calls = r.src.CallCount()
	r.press("d")
	if b := r.d.Grid.Focused(); b.Filters.Direction != "Kuhberg Schulzentrum" {
		t.Errorf("d: direction %q", b.Filters.Direction)
	}
	if v := r.view(160, 46); !strings.Contains(v, "pl. A · line 2 · →Kuhberg") {
		t.Errorf("the header does not say the filters:\n%s", v)
	}
	if n := r.src.CallCount(); n != calls {
		t.Errorf("d made %d requests, want none", n-calls)
	}
	filtered := len(r.d.Grid.Focused().Rows(r.frame()))
	cmd, _ = r.key("esc") // the platform f chose too: the whole stop again
	r.run(cmd)
	if b := r.d.Grid.Focused(); b.Filters.Active() || b.Subject.Point != "" || len(b.Rows(r.frame())) <= filtered {
		t.Errorf("esc: filters %+v, stop point %q, %d rows; want none, the whole stop and more than %d", b.Filters, b.Subject.Point, len(b.Rows(r.frame())), filtered)
	}
	if s := r.d.Grid.Boards[1].Spec(); s.Stop != 1350 || s.Lines != nil {
		t.Errorf("the other board's spec changed: %+v", s)
	}
}

// TestGridArrivals: a toggles the focused board alone, through a feed of
// its own.
func TestGridArrivals(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{Stop: 1008}, {Stop: 1008}}, nil)
	r.view(160, 46)
	cmd, _ := r.key("a")
	if cmd == nil {
		t.Fatal("a started no poll")
	}
	r.run(cmd)
	g := &r.d.Grid
	if !g.Boards[0].Subject.Arrivals || g.Boards[1].Subject.Arrivals || len(g.allFeeds()) != 2 {
		t.Errorf("after a: arrivals %v/%v with %d feeds", g.Boards[0].Subject.Arrivals, g.Boards[1].Subject.Arrivals, len(g.allFeeds()))
	}
	if len(g.Boards[0].Rows(r.frame())) == 0 || !g.Boards[0].Data.Events[0].Arrival {
		t.Error("the arrivals board has no arrivals")
	}
}

// TestMergedView: m lists every board's departures in time order, each
// with its stop; enter opens the vehicle; m again goes back.
func TestMergedView(t *testing.T) {
	r := newRig(t, stopsOver(4), nil)
	r.view(120, 38)
	r.press("m")
	if r.d.Mode != ModeMerged {
		t.Fatal("m did not open the merged view")
	}
	rows := r.d.Merged.Rows(r.frame(), &r.d.Grid)
	stops := map[string]bool{}
	for i, row := range rows {
		stops[row.Board.Name(r.sh.Texts)] = true
		if i > 0 && row.E.When().Before(rows[i-1].E.When()) {
			t.Fatalf("row %d is earlier than the one before", i)
		}
	}
	if len(stops) != 4 {
		t.Errorf("merged rows from %d stops, want 4", len(stops))
	}
	r.press("down")
	if cmd, _ := r.key("enter"); cmd == nil {
		t.Error("enter opened no vehicle")
	}
	r.press("m")
	if r.d.Mode != ModeGrid {
		t.Errorf("m again: mode %d, want the grid", r.d.Mode)
	}
}
