package tui

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// queueCursorRow is the line of a frame with the queue's cursor (▸ at
// its start), its index among the frame's lines, and the item it names:
// kind, line and vehicle, a late group's count and a mark left out (-1,
// "" when there is none).
func queueCursorRow(frame string) (int, string, string) {
	for i, l := range strings.Split(frame, "\n") {
		if !strings.HasPrefix(l, "▸ ") {
			continue
		}
		f := strings.Fields(strings.Replace(l, "✓ ack", "", 1))
		for k, w := range f {
			if !kindWords[w] || k+2 >= len(f) {
				continue
			}
			id := f[k : k+3]
			if strings.HasPrefix(id[2], "×") || strings.HasPrefix(id[2], "[") {
				id = id[:2]
			}
			return i, l, strings.Join(id, " ")
		}
		return i, l, ""
	}
	return -1, "", ""
}

// kindWords are the queue's kinds in English.
var kindWords = map[string]bool{"late": true, "bunched": true, "gap": true, "ghost": true, "silent": true, "connection": true}

var ackedRe = regexp.MustCompile(`acknowledged: (late|bunched|gap|ghost|silent|connection) · line \S+`)

// Issue 33 item 4: on the irregular simulation at rush hour, the queue's
// cursor is the board's ▸ (a mark, seen in plain text); put on an item,
// it stays on that item (by its key) while the list re-sorts and new
// items come for five simulated minutes of polls; a then acknowledges
// that item and says which one it was.
func TestQueueCursorStaysOnItsItem(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clock := sim.NewClock(time.Date(2026, 9, 10, 8, 20, 0, 0, model.Berlin), 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: simclient.Client(t, svc), SourceName: "simulated Ulm network", Now: clock.Now, Lang: "en"}),
			mu: &mu, views: &views}
		p, stop := runHeadless(t, m, 200, 50)
		defer stop(feeds.DefaultInterval * 2)
		last := func() string {
			mu.Lock()
			defer mu.Unlock()
			return ansi.Strip(views[len(views)-1])
		}
		key := func(s string) {
			p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)})
			time.Sleep(100 * time.Millisecond)
		}
		time.Sleep(time.Second)
		key("E")
		time.Sleep(3 * time.Minute) // the queue learns the network's vehicles
		if at, _, _ := queueCursorRow(last()); at < 0 {
			t.Fatalf("no ▸ cursor in the queue:\n%s", last())
		}
		// Down to the fifth row: items come above it as the list re-sorts.
		for range 4 {
			key("j")
		}
		at, row, item := queueCursorRow(last())
		if item == "" {
			t.Fatalf("cursor row %q names no item:\n%s", row, last())
		}
		first := at
		moved := false
		for range 20 {
			time.Sleep(15 * time.Second)
			a, r, it := queueCursorRow(last())
			if it == "" {
				t.Fatalf("the cursor left its item %q:\n%s", item, last())
			}
			if it != item {
				t.Fatalf("the cursor moved from %q to %q (%q):\n%s", item, it, r, last())
			}
			moved = moved || a != first
			at = a
		}
		t.Logf("the cursor stayed on %q; its row went from line %d to line %d (moved: %v)", item, first, at, moved)
		key("a")
		v := last()
		_, r, it := queueCursorRow(v)
		if it != item || !strings.Contains(r, "✓ ack") {
			t.Errorf("a did not mark the cursor's item %q: %q", item, r)
		}
		if !ackedRe.MatchString(v) {
			t.Errorf("a does not say which item it acknowledged:\n%s", v)
		}
	})
}
