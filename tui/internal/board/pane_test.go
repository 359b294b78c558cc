package board

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// TestBoardUnderThePaneContract: a board shown alone takes its keys, a
// click, its feed's news and the redraws through app.Pane's Update, says
// its live keys, the times its rows change and its feed's poll state, and
// leaves alone what is not its own: another pane's focus, another feed.
func TestBoardUnderThePaneContract(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 100, 24)
	var p app.Pane = r.b
	f := r.frame()

	if _, _, ok := p.Update(app.Frame{Focus: app.PaneVehicle}, keyMsg("l")); ok || len(r.b.Filters.Lines) > 0 {
		t.Error("the board took a key while the vehicle pane has the focus")
	}
	if _, _, ok := p.Update(f, keyMsg("l")); !ok || len(r.b.Filters.Lines) != 1 {
		t.Fatalf("l through Update sets no line filter: %v", r.b.Filters.Lines)
	}
	line := r.b.Filters.Lines[0]
	for _, row := range r.rows() {
		if !strings.Contains(row, " "+line+" ") {
			t.Errorf("the line filter %s shows another line: %q", line, row)
		}
	}
	if _, a, _ := p.Update(f, keyMsg("esc")); a.Notice != "" || len(r.b.Filters.Lines) != 0 {
		t.Errorf("esc through Update left the filter %v", r.b.Filters.Lines)
	}

	hs, modal := p.Hints(f)
	if modal || !hasHint(hs, "l") || hasHint(hs, "esc") {
		t.Errorf("the live keys of an unfiltered board: %+v (modal %v)", hs, modal)
	}
	if hs, _ := p.Hints(app.Frame{Focus: app.PaneVehicle, Texts: r.sh.Texts}); len(hs) > 0 {
		t.Errorf("keys offered while another pane has the focus: %+v", hs)
	}

	// A click on the third row's line (below the title and the column
	// titles) moves the cursor there; the title is no row.
	_ = p.View(f)
	if _, a, ok := p.Update(f, tea.MouseMsg{Y: 4, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}); !ok || !a.Enter || r.b.Cursor != 2 {
		t.Errorf("a click on the third row: handled %v, enter %v, cursor %d", ok, a.Enter, r.b.Cursor)
	}
	if _, _, ok := p.Update(f, tea.MouseMsg{Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}); ok {
		t.Error("a click on the title took a row")
	}

	rev := r.b.Revision
	if _, _, ok := p.Update(f, feeds.NewsMsg{Entry: &feeds.Entry{}}); ok || r.b.Revision != rev {
		t.Error("the board took another feed's news")
	}
	if _, _, ok := p.Update(f, feeds.NewsMsg{Entry: r.b.Feed}); !ok || r.b.Revision == rev {
		t.Error("the board did not take its own feed's news")
	}
	rev = r.b.Revision
	p.Update(f, app.RedrawMsg{})
	if r.b.Revision == rev {
		t.Error("a redraw left the board's view cached")
	}

	var turns []time.Time
	p.NextChange(&app.Changes{Turn: func(t time.Time) { turns = append(turns, t) }, At: func(time.Time) {}})
	if len(turns) < len(r.b.Rows(r.frame())) {
		t.Errorf("%d turns for %d rows", len(turns), len(r.b.Rows(r.frame())))
	}
	if p.Status() != r.b.Polls() || !p.Shows() {
		t.Error("the board's status is not its feed's poll state, or it does not show")
	}
	r.b.Hide()
	if p.Shows() {
		t.Error("a hidden board shows")
	}
}

// hasHint reports whether hs offers the key shown as show.
func hasHint(hs []ui.Hint, show string) bool {
	for _, h := range hs {
		if h.Show == show {
			return true
		}
	}
	return false
}
