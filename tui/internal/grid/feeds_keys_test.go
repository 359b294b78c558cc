package grid

import (
	"errors"
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// The board side's feeds as boards are watched and polls fail (these
// tests lived in the root package and reached into its board side).

// TestGridWatch: w adds the single board to the grid with its rows at
// once, on the same feed (no second poll of the stop); a stop opened from
// the search is added next to it.
func TestGridWatch(t *testing.T) {
	r := newRig(t, nil, nil) // no boards given: the default stop's plain board
	r.view(120, 38)
	gen := r.d.Grid.Focused().Polls().Gen
	r.press("w")
	g := &r.d.Grid
	if r.d.Mode != ModeGrid || g.Len() != 1 || g.Plain() || g.Zoomed {
		t.Fatalf("w: mode %d with %d boards (open board %v, zoomed %v); want the grid's cell", r.d.Mode, g.Len(), g.Plain(), g.Zoomed)
	}
	if len(g.Boards[0].Rows(r.frame())) == 0 {
		t.Error("the watched board waits for a poll although it had rows")
	}
	// One feed for the stop (registry.go): the board keeps it, and its
	// one schedule goes on.
	if n := r.boardFeeds(); n != 1 {
		t.Errorf("%d feeds after w, want 1", n)
	}
	if _, fetch, ok := r.sh.Reg.Tick(r.sh.State, feeds.TickMsg{Key: g.Boards[0].Key(), Gen: gen}); !ok || fetch == nil {
		t.Error("the stop's schedule ended with w")
	}
	// Open Ehinger Tor as from the search, then watch it too.
	r.run(r.d.OpenBoard(r.frame(), app.Target{Kind: app.TargetStop, Stop: 1350, Title: "Ehinger Tor"}))
	if !r.d.isPlain() || !g.Zoomed {
		t.Fatal("opening a stop did not show it as the open board, zoomed")
	}
	r.pollFeed(g.Focused().Feed)
	r.press("w")
	if g.Len() != 2 || g.Focus != 1 || g.Boards[1].Subject.Stop != 1350 || g.Plain() {
		t.Errorf("second w: %d boards, focus %d", g.Len(), g.Focus)
	}
	// The same board again only focuses it.
	r.press("esc") // nothing to zoom out of; esc in the grid clears filters only
	r.run(r.d.OpenBoard(r.frame(), app.Target{Kind: app.TargetStop, Stop: 1350}))
	r.pollFeed(g.Focused().Feed)
	if _, a := r.key("w"); g.Len() != 2 || !strings.Contains(a.Notice, "already") || g.Plain() {
		t.Errorf("watching a watched board: %d boards, notice %q", g.Len(), a.Notice)
	}
}

// TestGridFeedFailure: a failed poll marks every board of its stop stale
// and keeps their rows; an old answer is ignored.
func TestGridFeedFailure(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{Stop: 1008}, {Stop: 1008, Lines: []string{"2"}}, {Stop: 1350}}, nil)
	r.view(160, 46)
	g := &r.d.Grid
	f := g.feedOf(feeds.Subject{Stop: 1008})
	r.tick(r.now.Add(15 * time.Second))
	tick := feeds.TickMsg{Key: feeds.BoardFeed(f.Subject), Gen: f.Poll.Gen}
	_, fetch, _ := r.sh.Reg.Tick(r.sh.State, tick)
	if fetch == nil {
		t.Fatal("no fetch")
	}
	if _, again, _ := r.sh.Reg.Tick(r.sh.State, tick); again != nil {
		t.Error("a second tick started a second request while one is in flight")
	}
	r.src.SetErr(errors.New("connection refused"))
	msg := fetch().(feeds.AnswerMsg)
	old := msg
	old.Seq--
	if _, c, ok := r.sh.Reg.Receive(r.sh.State, old); ok || c != nil {
		t.Error("an answer with an old seq was taken")
	}
	r.handle(msg)
	f.Poll.LastOK = r.now.Add(-time.Minute) // stale: older than two intervals
	for i, b := range g.Boards[:2] {
		if b.Polls().StaleSince.IsZero() || len(b.Rows(r.frame())) == 0 {
			t.Errorf("board %d: stale %v with %d rows, want stale and the rows kept", i+1, b.Polls().StaleSince, len(b.Rows(r.frame())))
		}
	}
	if b := g.Boards[2]; !b.Polls().StaleSince.IsZero() {
		t.Error("Ehinger Tor went stale with Hauptbahnhof")
	}
	if v := r.view(160, 46); !strings.Contains(v, "◷ 2 stale") {
		t.Errorf("the summary does not count the stale boards:\n%s", v)
	}
}
