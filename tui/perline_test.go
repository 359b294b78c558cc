package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestPerLineKey: n keeps the next departure of each line and direction,
// then 2, 3 and all again.
func TestPerLineKey(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	count := strings.Count
	if n := count(e.m.View(), "Science Park II"); n != 2 {
		t.Fatalf("%d rows to Science Park II before, want 2", n)
	}
	e.Key("n")
	v := e.m.View()
	if n := count(v, "Science Park II"); n != 1 || !strings.Contains(v, "1 per line") {
		t.Errorf("n: %d rows to Science Park II, want 1 and the note:\n%s", n, v)
	}
	// Kuhberg Schulzentrum (line 2) is another direction of line 2: kept.
	if !strings.Contains(v, "Kuhberg Schulzentrum") {
		t.Errorf("n dropped another direction of the line:\n%s", v)
	}
	for range 3 {
		e.Key("n")
	}
	if v := e.m.View(); count(v, "Science Park II") != 2 || strings.Contains(v, "per line") {
		t.Errorf("n cycled back to all, but:\n%s", v)
	}
}

// TestGroupedByDirection: b groups a stop's rows by platform under
// headings that say where they go.
func TestGroupedByDirection(t *testing.T) {
	e := newEnv(t, 120, 40, true)
	e.Key("b")
	v := e.m.View()
	if !strings.Contains(v, "by direction") || !strings.Contains(v, "Platform A → Böfingen · Kuhberg Schulzentrum") {
		t.Fatalf("no grouped view:\n%s", v)
	}
	rows := e.m.Board().Rows()
	last := ""
	done := map[string]bool{}
	for _, r := range rows {
		p := e.m.Board().Data.Events[r].PlatformName
		if p != last {
			if done[p] {
				t.Errorf("platform %s shows in two groups", p)
			}
			done[last] = true
			last = p
		}
	}
	// The cursor walks the rows, not the headings.
	e.Key("j")
	if e.m.Board().Cursor != 1 {
		t.Errorf("cursor %d after j, want 1", e.m.Board().Cursor)
	}
	e.Key("b")
	if strings.Contains(e.m.View(), "Platform A →") {
		t.Error("b again left the headings")
	}
}

func TestGoldenGrouped(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.Key("n")
	e.Key("b")
	golden.RequireEqual(t, []byte(e.m.View()))
}
