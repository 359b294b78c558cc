package tui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/fleet"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ladder"
	"abfahrt/tui/internal/queue"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/internal/vehicle"
	"abfahrt/tui/search"
)

// footerLine is the footer row of the screen v (its last line).
func footerLine(v string) string {
	lines := strings.Split(v, "\n")
	return lines[len(lines)-1]
}

// liveKey reports whether a key shown as show is live now (footer, `?`
// or palette: the bindings of whatever takes keys now).
func liveKey(m *Model, show string) bool {
	for _, h := range m.footerKeys() {
		if h.Show == show {
			return true
		}
	}
	return false
}

// Issue 11, then issue 33 item 2: each pane owns its keys, records with
// their help in the chosen language; a pane's keys are live only while
// that pane takes keys, and the footer is made from the live ones.
func TestEachPaneOwnsItsKeys(t *testing.T) {
	de := ui.GermanTexts()
	e := newGridEnv(t, 120, 40, nil, func(o *app.Options) { o.Lang = "de" })
	m := &e.m
	// The plain board takes keys: its keys are live, the vehicle pane's not.
	if !liveKey(m, "a") || !liveKey(m, "w") || liveKey(m, "u") {
		t.Fatal("on the plain board the board keys should be live and the vehicle pane's not")
	}
	if f := footerLine(e.View()); !strings.Contains(f, ": "+de.KeyPalette) || !strings.Contains(f, "? "+de.KeyHelp) {
		t.Errorf("the plain board's footer lacks : and ?:\n%s", f)
	}
	// The vehicle pane focused: its keys are live, the board's are dead.
	e.runNow(app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: 44}))
	if m.focus != app.PaneVehicle || !liveKey(m, "u") || liveKey(m, "a") || liveKey(m, "w") {
		t.Fatalf("vehicle pane focused: vehicle u %v, board a %v, w %v", liveKey(m, "u"), liveKey(m, "a"), liveKey(m, "w"))
	}
	if !liveKey(m, "tab") {
		t.Error("tab (a global key) is dead with the vehicle pane open")
	}
	e.Key("esc")
	// The search overlay takes every key: only its own are live.
	e.Key("/")
	if liveKey(m, "a") || liveKey(m, "q") || !liveKey(m, "esc") {
		t.Error("with the search open only the search's keys should be live")
	}
	e.Key("esc")
	// The fleet list: its keys are live, the boards' not.
	e.Key("v")
	e.fleetPoll()
	if title := firstLine(e.View()); !strings.HasPrefix(title, " "+de.Fleet+" ·") || !liveKey(m, "s") || liveKey(m, "a") {
		t.Errorf("fleet (title %q): sort %v, board a %v", title, liveKey(m, "s"), liveKey(m, "a"))
	}
	if f := e.View(); !strings.Contains(f, "s "+de.KeySortDelay) {
		t.Errorf("the fleet's footer lacks its sort key:\n%s", f)
	}
}

// keyRefs are every pane's bindings for the keys reference, by pane.
func keyRefs(en, de *ui.Texts) []struct {
	Pane string
	Rows []ui.RefRow
} {
	gridOwn, merged := grid.Ref(en, de)
	return []struct {
		Pane string
		Rows []ui.RefRow
	}{
		{"Everywhere", globalKeys.Ref(en, de)},
		{"A board (the plain board, a zoomed board, a grid cell)", board.Keys.Ref(en, de)},
		{"The grid and the views", gridOwn},
		{"The merged list (`m`)", merged},
		{"The fleet list (`v`)", fleet.Keys.Ref(en, de)},
		{"The line ladder (`L`)", ladder.Keys.Ref(en, de)},
		{"The exception queue (`E`)", queue.Keys.Ref(en, de)},
		{"The vehicle pane (`enter` on a row)", vehicle.Keys.Ref(en, de)},
		{"The search and the command palette (`/`, `:`)", searchKeys.Ref(en, de)},
		{"The help (`?`)", helpOverlayKeys.Ref(en, de)},
	}
}

// TestEveryKeyHasHelpInBothLanguages (issue 33 item 2): a binding
// without its help text in English or German (or its other way's, for a
// toggle) fails.
func TestEveryKeyHasHelpInBothLanguages(t *testing.T) {
	en, de := ui.EnglishTexts(), ui.GermanTexts()
	for _, p := range keyRefs(&en, &de) {
		for _, r := range p.Rows {
			if r.En == "" || r.De == "" {
				t.Errorf("%s: %s has no help text (en %q, de %q)", p.Pane, r.Show, r.En, r.De)
			}
			if (r.EnAlt == "") != (r.DeAlt == "") {
				t.Errorf("%s: %s has its other way's text in one language only (en %q, de %q)", p.Pane, r.Show, r.EnAlt, r.DeAlt)
			}
		}
	}
}

// keysReference is docs/keys.md, made from the bindings.
func keysReference() string {
	en, de := ui.EnglishTexts(), ui.GermanTexts()
	var b strings.Builder
	b.WriteString("# Keys\n\n")
	b.WriteString("<!-- Generated from the key bindings (tui/keys_test.go): `make keys` writes it; do not edit. -->\n\n")
	b.WriteString("Every key of the board, as its binding says it. A key shows in the footer, in `?` and in the\n")
	b.WriteString("command palette (`:`) only while it does something. The footer always offers `:` and `?`, then\n")
	b.WriteString("the live keys with the highest footer priority (the Footer column, higher first) that fit; a\n")
	b.WriteString("key without one is listed in `?` and `:` only. Cursor moves are not in the palette. A toggle\n")
	b.WriteString("says its other way after \" / \". docs/keys.md is written from the bindings by `make keys`.\n")
	for _, p := range keyRefs(&en, &de) {
		fmt.Fprintf(&b, "\n## %s\n\n| Key | What it does | Auf Deutsch | Group | Footer |\n|---|---|---|---|---|\n", p.Pane)
		for _, r := range p.Rows {
			enT, deT := r.En, r.De
			if r.EnAlt != "" {
				enT += " / " + r.EnAlt
				deT += " / " + r.DeAlt
			}
			prio := "—"
			switch {
			case r.Priority >= ui.PrioAlways:
				prio = "always"
			case r.Priority > 0:
				prio = fmt.Sprint(r.Priority)
			case r.Move:
				prio = "— (a move)"
			}
			show := strings.ReplaceAll(r.Show, "|", "\\|")
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", show, enT, deT, r.Group.Title(&en), prio)
		}
	}
	return b.String()
}

// TestKeysReference: docs/keys.md is the reference made from the
// bindings; `go test ./tui -run TestKeysReference -update` (make keys)
// writes it, and the test fails while it is out of date.
func TestKeysReference(t *testing.T) {
	path := filepath.Join("..", "docs", "keys.md")
	want := keysReference()
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the keys reference: %v (make keys writes it)", err)
	}
	if string(got) != want {
		t.Errorf("docs/keys.md is out of date with the key bindings: run make keys")
	}
}

// TestFooterTeaches (issue 33 item 3): the footer always offers `:` and
// `?`, then the keys that matter most in the view by priority: on a
// board E (queue), L (ladder), t (remind) and, with room, i (history);
// cursor moves never.
func TestFooterTeaches(t *testing.T) {
	for _, c := range []struct {
		w    int
		want []string
	}{
		{80, []string{": commands", "? help", "E exceptions", "L line ladder", "t remind me"}},
		{120, []string{": commands", "? help", "E exceptions", "L line ladder", "t remind me", "i punctuality"}},
	} {
		e := newEnv(t, c.w, 24, true)
		f := footerLine(e.View())
		for _, w := range c.want {
			if !strings.Contains(f, w) {
				t.Errorf("%d columns: the board's footer lacks %q:\n%s", c.w, w, f)
			}
		}
		for _, no := range []string{"↑/k", "↓/j"} {
			if strings.Contains(f, no) {
				t.Errorf("%d columns: the footer offers the cursor move %q:\n%s", c.w, no, f)
			}
		}
		if !strings.HasSuffix(strings.TrimRight(f, " "), "? help") {
			t.Errorf("%d columns: the footer does not end with ? help:\n%s", c.w, f)
		}
	}
}

// TestPaletteListsActions (issue 33 item 3): the command palette lists
// what does something (E, L, i, a …), not the cursor moves.
func TestPaletteListsActions(t *testing.T) {
	e := newEnv(t, 120, 40, true)
	tx := e.m.sh.Texts
	var titles []string
	for _, en := range e.m.paletteEntries() {
		if en.Kind == search.KindAction {
			titles = append(titles, en.Title)
		}
	}
	all := strings.Join(titles, "|")
	for _, no := range []string{tx.KeyUp, tx.KeyDown, tx.KeyFirst, tx.KeyLast} {
		for _, ti := range titles {
			if ti == no {
				t.Errorf("the palette lists the cursor move %q: %s", no, all)
			}
		}
	}
	for _, want := range []string{tx.KeyQueue, tx.KeyLadder, tx.KeyHistory, tx.KeyArrivals, tx.KeySearch} {
		found := false
		for _, ti := range titles {
			found = found || ti == want
		}
		if !found {
			t.Errorf("the palette lacks %q: %s", want, all)
		}
	}
}

// TestFooterTeachesEveryView: the grid's cells, the vehicle pane and the
// queue offer `:` and `?` too, after their own most important keys.
func TestFooterTeachesEveryView(t *testing.T) {
	grid := newGoldenGrid(t, 80, 24, 6)
	veh := vehicleEnv(t, 80, 24, 8, model.PhaseBetween)
	queue := newEnv(t, 80, 24, true)
	queue.Key("E")
	for _, c := range []struct {
		name string
		e    *testEnv
		want []string
	}{
		{"grid", grid, []string{"enter zoom", "E exceptions", "L line ladder", ": commands", "? help"}},
		{"vehicle", veh, []string{"esc back", "u upcoming only", "tab next pane", ": commands", "? help"}},
		{"queue", queue, []string{"esc/E back", ": commands", "? help"}},
	} {
		f := footerLine(c.e.View())
		for _, w := range c.want {
			if !strings.Contains(f, w) {
				t.Errorf("%s: the footer lacks %q:\n%s", c.name, w, f)
			}
		}
	}
}
