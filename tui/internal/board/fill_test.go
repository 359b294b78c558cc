package board

import (
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// TestBoardFillsATallTerminal: without a limit of the user's, a board asks
// for as many departures as it has rows for and shows them, and asks again
// when it grows; a board that shrinks shows what fits (issue 23, item 6).
func TestBoardFillsATallTerminal(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 24) // a 120×26 terminal less the bar and key hint
	r.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: testkit.LongBoard(60)}
	if n := len(r.rows()); n != 21 {
		t.Fatalf("a board of 24 lines shows %d rows, want the fixed board's 21", n)
	}
	r.b.Layout(app.Rect{W: 120, H: 48, Focused: true}) // the terminal grew to 120×50
	cmd := r.b.Declare(r.frame())
	if cmd == nil {
		t.Fatal("a board that grew asks for no more departures")
	}
	r.poll(cmd)
	if got := r.src.Limits[len(r.src.Limits)-1]; got != 60 {
		t.Errorf("the board of 48 lines asked for %d departures, want 60 (its 46 rows, in steps of 20)", got)
	}
	if n := len(r.rows()); n != 46 {
		t.Errorf("a board of 48 lines shows %d rows, want 46: the screen is not filled", n)
	}
}

// TestBoardLimitCaps: a limit the user gave (--limit, limit = …) caps what
// a tall board asks for and shows.
func TestBoardLimitCaps(t *testing.T) {
	src := testkit.NewFakeSource()
	src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: testkit.LongBoard(60)}
	r := &rig{t: t, src: src, now: testkit.T0}
	r.sh = app.NewShared(app.Options{Source: src, Limit: 25, Now: func() time.Time { return r.now }})
	r.sh.ReceiveBase(src.Base)
	r.b = NewBoard(r.sh.Services, hbf(app.BoardSpec{}))
	r.b.Layout(app.Rect{W: 120, H: 48, Focused: true})
	r.poll(r.b.Show(r.frame()))
	if got := src.Limits[len(src.Limits)-1]; got != 25 {
		t.Errorf("with --limit 25 the board asked for %d departures", got)
	}
	if n := len(r.rows()); n != 25 {
		t.Errorf("with --limit 25 the board shows %d rows", n)
	}
}
