package grid

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// summaryLine renders the grid w wide and returns its top line, plain.
func (r *rig) summaryLine(w int) string {
	return plainLines(r.view(w, 30))[0]
}

// TestSummaryStaleAndUnknown: the summary line counts the boards whose
// polls fail as stale and, apart from them, the boards of stops the
// service does not know (a 404 is not stale data); "all fresh" shows only
// when neither is there.
func TestSummaryStaleAndUnknown(t *testing.T) {
	const gone, broken = 9998, 9999 // a stop the service does not know; one whose polls fail
	for _, c := range []struct {
		name       string
		extra      []int
		want, lack []string
	}{
		{"healthy", nil, []string{"4 boards", "late >3 min", "all fresh", "worst +7 min: 7 → Kuhberg at Hauptbahnhof"}, []string{"stale", "not found"}},
		{"404", []int{gone}, []string{"5 boards", "✗ 1 not found"}, []string{"stale", "all fresh"}},
		{"failing", []int{broken}, []string{"5 boards", "◷ 1 stale"}, []string{"not found", "all fresh"}},
		{"both", []int{gone, broken, gone}, []string{"7 boards", "✗ 2 not found", "◷ 1 stale"}, []string{"all fresh"}},
	} {
		specs := stopsOver(4)
		for _, s := range c.extra {
			specs = append(specs, app.BoardSpec{Stop: s})
		}
		src := newFake()
		src.Missing = map[feeds.Subject]bool{{Stop: gone}: true}
		r := newRigOn(t, src, specs, nil)
		top := r.summaryLine(200)
		for _, w := range c.want {
			if !strings.Contains(top, w) {
				t.Errorf("%s: summary %q lacks %q", c.name, top, w)
			}
		}
		for _, w := range c.lack {
			if strings.Contains(top, w) {
				t.Errorf("%s: summary %q says %q", c.name, top, w)
			}
		}
		if c.name == "404" {
			// The unknown stop's board: nothing to watch, and no retries.
			r.d.Grid.Focus = 4
			if c := r.d.newKeyCtx(r.frame()); !c.b.State.Unknown {
				t.Error("404: the focused board of the unknown stop is not marked unknown")
			}
			if f := r.d.Grid.feedOf(feeds.Subject{Stop: gone}); f == nil || !f.Poll.Next.IsZero() {
				t.Error("404: the unknown stop is polled again")
			}
		}
	}
}

// TestSummaryStaleByAge: boards whose data is older than two poll
// intervals count as stale; a board polled again is fresh, and its cell
// loses the stale marker while the others show the data's time.
func TestSummaryStaleByAge(t *testing.T) {
	r := newRig(t, stopsOver(4), nil)
	if top := r.summaryLine(160); !strings.Contains(top, "all fresh") {
		t.Fatalf("after the first poll: %q, want all fresh", top)
	}
	r.tick(testkit.T0.Add(time.Minute)) // two 15 s intervals and more
	r.pollFeed(r.d.Grid.feedOf(feeds.Subject{Stop: 1008}))
	v := r.view(160, 30)
	lines := plainLines(v)
	if !strings.Contains(lines[0], "◷ 3 stale") || strings.Contains(lines[0], "all fresh") {
		t.Errorf("a minute on, one stop polled again: %q, want ◷ 3 stale", lines[0])
	}
	if n := strings.Count(ansiBody(lines), "◷ 12:34"); n != 3 {
		t.Errorf("%d cells marked stale since 12:34, want 3:\n%s", n, ansiBody(lines))
	}
}

// TestSummaryFitsNarrow: the summary line never wraps or cuts words: on a
// narrow screen it leaves out "all fresh" first, then the worst delay;
// the board count, the late count and the stale and unknown counts stay.
func TestSummaryFitsNarrow(t *testing.T) {
	r := newRig(t, stopsOver(4), nil)
	sawOrder := false
	for w := 160; w >= 40; w-- {
		top := r.summaryLine(w)
		if n := ansi.StringWidth(top); n > w {
			t.Fatalf("%d columns: summary %d wide", w, n)
		}
		if strings.Contains(top, "…") {
			t.Errorf("%d columns: the summary is cut: %q", w, top)
		}
		fresh, worst := strings.Contains(top, "all fresh"), strings.Contains(top, "worst")
		if fresh && !worst {
			t.Errorf("%d columns: %q keeps all fresh but left out the worst delay", w, top)
		}
		sawOrder = sawOrder || (worst && !fresh)
		for _, keep := range []string{"4 boards", "late >3 min", "12:34"} {
			if !strings.Contains(top, keep) {
				t.Errorf("%d columns: %q lacks %q", w, top, keep)
			}
		}
	}
	if !sawOrder {
		t.Error("no width shows the worst delay without all fresh")
	}
	if top := r.summaryLine(160); !strings.Contains(top, "all fresh") || !strings.Contains(top, "worst") {
		t.Errorf("160 columns: %q, want both all fresh and the worst delay", top)
	}

	// The health counts are never left out.
	src := newFake()
	src.Missing = map[feeds.Subject]bool{{Stop: 9998}: true}
	r = newRigOn(t, src, []app.BoardSpec{{Stop: 1008}, {Stop: 9998}, {Stop: 9999}}, nil)
	// " 3 boards · 1 late >3 min · ✗ 1 not found · ◷ 1 stale" and the
	// clock need 60 columns; below that the end is cut (ui.FitParts).
	for w := 120; w >= 40; w-- {
		top := r.summaryLine(w)
		if ansi.StringWidth(top) > w || !strings.HasPrefix(top, " 3 boards · 1 late >3 min") {
			t.Errorf("%d columns: %q, want it within the width, starting with the counts", w, top)
		}
		if w >= 60 && (!strings.Contains(top, "✗ 1 not found") || !strings.Contains(top, "◷ 1 stale")) {
			t.Errorf("%d columns: %q, want the unknown and stale counts", w, top)
		}
		if w < 80 && strings.Contains(top, "worst") {
			t.Errorf("%d columns: %q keeps the worst delay", w, top)
		}
	}
}
