package grid

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// The grid's cells and its summary line, a walk on one board, one
// watched board at the next start (these tests lived in the root package
// and reached into its board side).

// TestWalkGrid: a grid board's walking time comes from its spec, shows in
// its cell and is adjusted by + on the focused board only.
func TestWalkGrid(t *testing.T) {
	specs := []app.BoardSpec{{Stop: 1008, Walk: app.WalkTime(4 * time.Minute)}, {Stop: 1350}}
	r := newRig(t, specs, nil)
	v := r.view(160, 46)
	if !strings.Contains(v, "walk 4 min") || !strings.Contains(v, "! go now") {
		t.Fatalf("grid cell lacks the walking time or bands:\n%s", v)
	}
	r.press("+")
	g := &r.d.Grid
	if g.Boards[0].Walk != 5*time.Minute || g.Boards[1].Walk != 0 {
		t.Errorf("+ gave walks %v, %v; want 5m on the focused board only", g.Boards[0].Walk, g.Boards[1].Walk)
	}
	if s := g.Boards[0].Spec(); s.Walk != app.WalkTime(5*time.Minute) {
		t.Errorf("spec walk %v, want 5m", time.Duration(s.Walk))
	}
}

// One watched board (one `w`) opens at the next start as the normal
// board, not as a grid of one compact cell ("1 boards").
func TestOneWatchedBoardOpensAsTheBoard(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, BoardsFile), []byte(`[{"stop": 1008}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := newRig(t, nil, inDir(dir))
	if r.d.Boards.LoadCmd() == nil {
		t.Fatal("boards.json is not loaded")
	}
	r.restore()
	r.poll()
	v := r.view(120, 28)
	if strings.Contains(v, "1 boards") || strings.Contains(v, "1 board ") {
		t.Errorf("one watched board opens as a grid:\n%s", v)
	}
	for _, want := range []string{"Hauptbahnhof", "DIRECTION", "SCHED"} {
		if !strings.Contains(v, want) {
			t.Errorf("the normal board's %q is missing:\n%s", want, v)
		}
	}
	dt := ui.EnglishTexts().DispTexts
	if got := dt.Count(dt.OneBoard, dt.Boards, 1); got != "1 board" {
		t.Errorf("one board reads %q", got)
	}
}

// The grid has a clock; at 200 columns its cells show each row's
// platform and scheduled time; "late >3 min" counts the rows showing +4
// and more, as the rows round.
func TestGridClockWideCellsAndLateCount(t *testing.T) {
	r := newRig(t, stopsOver(2), nil)
	v := r.view(200, 38)
	first := r.summaryLine(200)
	if !strings.Contains(first, "12:34 ") {
		t.Errorf("the grid's top line has no clock: %q", first)
	}
	if !strings.Contains(v, "12:41") || !regexp.MustCompile(`Söflingen\s+now\s+\+1\s+B\s+12:33`).MatchString(v) {
		t.Errorf("wide cells lack platform and scheduled time:\n%s", v)
	}
	seen := map[int]bool{} // vehicles whose rows show more than +3
	for _, f := range r.d.Grid.allFeeds() {
		for _, ev := range f.Data.Board.Events {
			if due, ok := ev.DueIn(testkit.T0); ok && due >= -ui.HideAfter && ev.Realtime() && ev.DelayMinutes() > 3 {
				seen[ev.VehicleNumber] = true
			}
		}
	}
	late := len(seen)
	if want := fmt.Sprintf("%d late >3 min", late); !strings.Contains(first, want) {
		t.Errorf("summary %q, want %q (rows showing more than +3)", first, want)
	}
}

// A board of a stop the service does not know is not stale data: the
// grid's summary counts it apart ("✗ 1 not found") and still calls the
// boards with fresh data fresh.
func TestGridSummaryCountsUnknownStopsApart(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		r := newRig(t, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}, {Stop: 4242}}, func(o *app.Options) { o.Lang = lang })
		r.src.Mu.Lock()
		r.src.Missing = map[feeds.Subject]bool{{Stop: 4242}: true}
		r.src.Mu.Unlock()
		r.poll()
		top := r.summaryLine(120)
		want, not := "✗ 1 not found", "◷ 1 stale"
		if lang == "de" {
			want, not = "✗ 1 nicht gefunden", "◷ 1 veraltet"
		}
		if !strings.Contains(top, want) || strings.Contains(top, not) {
			t.Errorf("%s: summary %q, want %q and not %q", lang, top, want, not)
		}
	}
}

// The grid's summary names the worst delay only when a row shows one: a
// vehicle 20 s late shows as on time, never as "worst +0 min".
func TestGridSummaryNoWorstOfZeroMinutes(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}}, nil)
	for s, b := range r.src.Boards {
		for i := range b.Events {
			b.Events[i].Deviation = min(b.Events[i].Deviation, 0)
		}
		if len(b.Events) > 0 {
			b.Events[0].Deviation = 20
		}
		r.src.Boards[s] = b
	}
	r.poll()
	if top := r.summaryLine(160); strings.Contains(top, "+0") || strings.Contains(top, "worst") {
		t.Errorf("summary %q names a worst delay no row shows", top)
	}
}
