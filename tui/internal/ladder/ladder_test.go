package ladder

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

var t0 = testkit.T0

// rig is the ladder pane on a fake service answering runs.
type rig struct {
	t   *testing.T
	p   *Pane
	sh  *app.Shared
	src *testkit.FakeSource
}

func newRig(t *testing.T, w, h int, lang string) *rig {
	t.Helper()
	src := testkit.NewFakeSource()
	testkit.InstallLadder(src)
	now := t0
	sh := app.NewShared(app.Options{Source: src, Now: func() time.Time { return now }, Lang: lang})
	sh.ReceiveBase(src.Base)
	p := NewPane(sh.Services)
	p.SetSize(w, h)
	r := &rig{t: t, p: &p, sh: sh, src: src}
	p.Open("4", sh.Now)
	r.pump()
	return r
}

// pump serves every feed the pane holds until nothing is asked: the
// trips, the first stops' departures, the passages round; and the trips
// again (the next interval) while a vehicle's passages were never asked
// for (more vehicles than one round asks for).
func (r *rig) pump() {
	r.t.Helper()
	for range 5 {
		fs := r.p.fs
		var due []*feeds.Entry
		if !fs.trips.Have {
			due = append(due, fs.trips)
		}
		for _, e := range fs.ends {
			if !e.Have {
				due = append(due, e)
			}
		}
		for _, e := range fs.pass {
			due = append(due, e)
		}
		if len(due) == 0 {
			for _, tr := range r.p.vehicles() {
				if !fs.net.Has(tr.VehicleNumber) {
					due = append(due, fs.trips)
					break
				}
			}
		}
		if len(due) == 0 {
			return
		}
		for _, e := range due {
			_, fetch, ok := r.sh.Reg.Tick(r.sh.State, feeds.TickMsg{Key: e.Key, Gen: e.Poll.Gen})
			if !ok || fetch == nil {
				r.t.Fatalf("%+v: the tick started no fetch", e.Key)
			}
			got, _, ok := r.sh.Reg.Receive(r.sh.State, fetch().(feeds.AnswerMsg))
			if !ok {
				r.t.Fatalf("%+v: the registry did not take the answer", e.Key)
			}
			r.p.Fed(got, r.sh.Now)
		}
	}
	r.t.Fatal("the ladder kept asking")
}

func plain(s string) string { return ansi.Strip(s) }

// Issue 25 item 1: the ladder at three sizes, in English and German, on
// constructed data with every flag: both rails, the stops as rungs,
// vehicles with number and delay, headways against the plan, the flags
// in words, the regularity.
func TestLadderGolden(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
			t.Run(lang+"-"+strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1]), func(t *testing.T) {
				r := newRig(t, sz[0], sz[1]-2, lang) // the root's status bar and footer take two rows
				golden.RequireEqual(t, []byte(r.p.View(testkit.Frame(r.sh, app.PaneBoard))))
			})
		}
	}
}

// Issue 25 item 1: what a dispatcher reads, in words: the bunched pair,
// the gap, the ghost, the stale vehicle, the headway against the plan,
// the regularity.
func TestLadderSaysItInWords(t *testing.T) {
	r := newRig(t, 120, 38, "en")
	v := plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard)))
	for _, want := range []string{"Line 4", "headways vary ±", "1 bunched", "1 gap", "1 ghost", "1 stale",
		"↓ to Böfingen", "↑ to Lindenhöhe", "10′ (plan 6′) gap", "3′ (plan 6′) bunched", "✗ ghost 12:27", "◷ stale",
		"Lindenhöhe", "Böfingen", "↓101 ±0", "↓102 +4"} {
		if !strings.Contains(v, want) {
			t.Errorf("the ladder does not say %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "44") {
		t.Errorf("a vehicle of line 2 is on line 4's ladder:\n%s", v)
	}
	rde := newRig(t, 120, 38, "de")
	de := plain(rde.p.View(testkit.Frame(rde.sh, app.PaneBoard)))
	for _, want := range []string{"Linie 4", "Takte schwanken ±", "1 Pulk", "1 Lücke", "1 Phantom", "1 veraltet", "(Plan 6′) Pulk", "nach Böfingen"} {
		if !strings.Contains(de, want) {
			t.Errorf("the German ladder does not say %q:\n%s", want, de)
		}
	}
}

// Issue 25 item 2: ↓/j and ↑/k move along the vehicles in order (the
// selected one is named on the last line), d shows one direction, then
// the other, then both, enter opens the vehicle pane of the selected one.
func TestLadderKeys(t *testing.T) {
	r := newRig(t, 120, 38, "en")
	p := r.p
	f := testkit.Frame(r.sh, app.PaneBoard)
	last := func() string {
		lines := strings.Split(plain(p.View(f)), "\n")
		return lines[len(lines)-1]
	}
	if !strings.Contains(last(), "101") || !strings.Contains(last(), "first of its direction") {
		t.Fatalf("the cursor starts on the leader: %q", last())
	}
	var seen []string
	for range 6 {
		p.Update(f, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j")})
		seen = append(seen, last())
	}
	for i, want := range []string{"Vehicle 102 · Hauptbahnhof → Theater · +4 · 10′ behind 101 (plan 6′) · gap",
		"Vehicle 103", "Vehicle 104", "✗ ghost", "Vehicle 201", "Vehicle 202"} {
		if !strings.Contains(seen[i], want) {
			t.Errorf("step %d: %q, want %q", i+1, seen[i], want)
		}
	}
	p.Update(f, tea.KeyMsg{Type: tea.KeyUp})
	if !strings.Contains(last(), "Vehicle 201") {
		t.Errorf("up: %q", last())
	}
	cmd, _, _ := p.Update(f, tea.KeyMsg{Type: tea.KeyEnter})
	if cmd == nil {
		t.Fatal("enter opens nothing")
	}
	if msg, ok := cmd().(app.OpenMsg); !ok || msg.Target.Kind != app.TargetVehicle || msg.Target.Vehicle != 201 {
		t.Errorf("enter: %#v, want vehicle 201's pane", cmd())
	}
	d := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("d")}
	p.Update(f, d)
	if v := plain(p.View(f)); strings.Contains(v, "to Lindenhöhe") || !strings.Contains(v, "to Böfingen") {
		t.Errorf("d shows direction 1 only:\n%s", v)
	}
	p.Update(f, d)
	if v := plain(p.View(f)); !strings.Contains(v, "to Lindenhöhe") || strings.Contains(v, "to Böfingen") {
		t.Errorf("d again shows direction 2 only:\n%s", v)
	}
	p.Update(f, d)
	if v := plain(p.View(f)); !strings.Contains(v, "to Lindenhöhe") || !strings.Contains(v, "to Böfingen") {
		t.Errorf("d a third time shows both:\n%s", v)
	}
	for _, name := range []string{"d", "k", "enter"} {
		if Keys.Find(termio.KeyMsgFor(name), p) == nil {
			t.Errorf("%s is off on the ladder", name)
		}
	}
}

// Issue 25 item 1: a short terminal shows the termini and the stops with
// a vehicle, and some stops between, instead of cutting the rails off.
func TestLadderShortTerminal(t *testing.T) {
	r := newRig(t, 120, 9, "en") // 6 rungs for 10 stops
	v := plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard)))
	for _, want := range []string{"Lindenhöhe", "Böfingen", "↓101", "↓102", "↓103", "↑201", "↑202", "◌104", "some stops left out"} {
		if !strings.Contains(v, want) {
			t.Errorf("a short ladder leaves out %q:\n%s", want, v)
		}
	}
	if n := strings.Count(v, "┼")/2 + 0; n > 6 {
		t.Errorf("%d rungs in 9 rows", n)
	}
}
