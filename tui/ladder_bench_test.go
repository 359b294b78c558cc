package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// ladderEnv is the root model at w×h with the ladder of the fixture's
// line 4 open (testkit.InstallLadder) and every feed it holds answered.
func ladderEnv(t testing.TB, w, h int) *testEnv {
	t.Helper()
	e := newEnv(t, w, h, false)
	testkit.InstallLadder(e.src)
	e.send(e.src.Base)
	e.poll()
	e.send(app.OpenMsg{Target: app.Target{Kind: app.TargetLadder, Line: "4"}})
	for range 6 { // trips, first stops, passages: whatever is asked and not in
		asked := false
		for k, f := range e.m.sh.Reg.Entries {
			if f.Have || f.Poll.InFlight() {
				continue
			}
			cmd := e.send(feeds.TickMsg{Key: k, Gen: f.Poll.Gen})
			if cmd == nil {
				continue
			}
			e.deliver(cmd)
			asked = true
		}
		if !asked {
			break
		}
	}
	return e
}

// frames renders a frame of m each second of one minute from t0, as the
// clock moves: what an idle view pays when it is asked to paint.
func frames(b *testing.B, m *Model) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.sh.Now = testkit.T0.Add(time.Duration(i%60) * time.Second)
		_ = m.View()
	}
}

// BenchmarkViewLadderVsBoard renders a frame of the plain board and of
// the ladder at 160×48, a new second each frame, in the same run (issue
// 25: a ladder open and idle costs no more than a board).
func BenchmarkViewLadderVsBoard(b *testing.B) {
	b.Run("board", func(b *testing.B) {
		trueColor(b)
		e := newEnv(b, 160, 48, true)
		frames(b, &e.m)
	})
	b.Run("ladder", func(b *testing.B) {
		trueColor(b)
		e := ladderEnv(b, 160, 48)
		frames(b, &e.m)
	})
}

// Issue 25: the ladder shows in the root model with its footer, and an
// idle ladder's frame costs no more than a board's, measured in the same
// run: allocations (deterministic) at most the board's, time reported.
func TestLadderIdleCostsNoMoreThanBoard(t *testing.T) {
	e := ladderEnv(t, 120, 40)
	v := ansi.Strip(e.m.View())
	for _, want := range []string{"Line 4", "1 bunched", "1 gap", "1 ghost", "1 stale", "esc back", "enter vehicle", "d direction"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the ladder in the root does not show %q:\n%s", want, v)
		}
	}
	if testing.Short() {
		return
	}
	board := testing.Benchmark(func(b *testing.B) { e := newEnv(b, 160, 48, true); frames(b, &e.m) })
	ladder := testing.Benchmark(func(b *testing.B) { e := ladderEnv(b, 160, 48); frames(b, &e.m) })
	t.Logf("a frame at 160x48, a new second each: board %v, %d allocs; ladder %v, %d allocs; ratio ladder/board %.2f (time), %.2f (allocs)",
		time.Duration(board.NsPerOp()), board.AllocsPerOp(), time.Duration(ladder.NsPerOp()), ladder.AllocsPerOp(),
		float64(ladder.NsPerOp())/float64(board.NsPerOp()), float64(ladder.AllocsPerOp())/float64(max(board.AllocsPerOp(), 1)))
	if ladder.AllocsPerOp() > board.AllocsPerOp() {
		t.Errorf("an idle ladder allocates %d a frame, more than a board's %d", ladder.AllocsPerOp(), board.AllocsPerOp())
	}
}
