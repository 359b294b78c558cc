package grid

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
)

// The state files' merge rules and housekeeping (these tests lived in
// the root package).

// TestUniquePinsOnePass: loading visits each entry once (no search of the
// list per entry): entries are deduplicated and capped in order.
func TestUniquePinsOnePass(t *testing.T) {
	in := []Pin{{Stop: 1}, {Stop: 2}, {Stop: 1, Name: "again"}, {Stop: 2, StopPoint: "100821"}, {Stop: 3}}
	got, total := UniquePins(in, 3)
	if total != 4 || len(got) != 3 || got[0].Name != "" || got[2].StopPoint != "100821" {
		t.Errorf("%v of %d", got, total)
	}
}

// TestApplyPinOps: the merge rules of statefile.go.
func TestApplyPinOps(t *testing.T) {
	file := []Pin{{Stop: 1}, {Stop: 2}, {Stop: 3}} // 3 added by another instance
	ops := []PinOp{{Q: Pin{Stop: 1}}, {Q: Pin{Stop: 4}, Add: true}, {Q: Pin{Stop: 4}}, {Q: Pin{Stop: 5}, Add: true}, {Q: Pin{Stop: 2}}, {Q: Pin{Stop: 2, Name: "x"}, Add: true}}
	var got []string
	for _, q := range ApplyPinOps(file, ops) {
		got = append(got, fmt.Sprint(q.Stop, q.Name))
	}
	if want := []string{"2x", "3", "5"}; !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}

// TestStateOrphansRemoved: temporary files of an interrupted save are
// removed when pins and boards load.
func TestStateOrphansRemoved(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for _, n := range []string{"pins.json.tmp-1", "boards.json.tmp-2", ".pins-3.json", ".boards-4.json"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	LoadPins(filepath.Join(dir, PinsFile))
	LoadBoards(filepath.Join(dir, BoardsFile))
	m, _ := filepath.Glob(filepath.Join(dir, "*[0-9]*"))
	if len(m) != 0 {
		t.Errorf("left: %v", m)
	}
}

// TestBoardsTwoInstances: two instances that change the watched set at
// the same time keep each other's boards; an instance alone keeps its
// grid's order.
func TestBoardsTwoInstances(t *testing.T) {
	path := filepath.Join(t.TempDir(), BoardsFile)
	a, b := app.BoardSpec{Stop: 1008}, app.BoardSpec{Stop: 1350, Arrivals: true}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, s := range []app.BoardSpec{a, b} {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = SaveBoards(path, nil, []app.BoardSpec{s}, true).Err }()
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	got := LoadBoards(path).Specs
	if len(got) != 2 || !slices.ContainsFunc(got, func(s app.BoardSpec) bool { return SameSpec(s, a) }) ||
		!slices.ContainsFunc(got, func(s app.BoardSpec) bool { return SameSpec(s, b) }) {
		t.Fatalf("boards.json has %+v, want both", got)
	}
	// The first removes its board and adds another: the second's stays.
	c := app.BoardSpec{Stop: 1240}
	if err := SaveBoards(path, []app.BoardSpec{a}, []app.BoardSpec{c}, true).Err; err != nil {
		t.Fatal(err)
	}
	got = LoadBoards(path).Specs
	if len(got) != 2 || !SameSpec(got[0], b) || !SameSpec(got[1], c) {
		t.Errorf("boards.json has %+v, want %+v then %+v", got, b, c)
	}
	// Alone (the file holds what it wrote): the grid as it is, in order.
	if err := SaveBoards(path, got, []app.BoardSpec{c, b}, true).Err; err != nil {
		t.Fatal(err)
	}
	if got = LoadBoards(path).Specs; len(got) != 2 || !SameSpec(got[0], c) || !SameSpec(got[1], b) {
		t.Errorf("boards.json has %+v, want %+v then %+v", got, c, b)
	}
}
