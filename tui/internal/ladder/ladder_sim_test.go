package ladder

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// simRig is the ladder of line on the simulation, its clock frozen at at.
func simRig(t *testing.T, line string, at time.Time, w, h int, lang string) *rig {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
	client := simclient.Client(t, svc)
	sh := app.NewShared(app.Options{Source: client, Now: func() time.Time { return at }, Lang: lang})
	routes, err := client.Routes(t.Context(), model.ScopeExtended, 0)
	if err != nil {
		t.Fatal(err)
	}
	sh.ReceiveBase(app.BaseDataMsg{Routes: routes})
	p := NewPane(sh.Services)
	p.SetSize(w, h)
	r := &rig{t: t, p: &p, sh: sh}
	p.Open(line, sh.Now)
	r.pump()
	return r
}

// simRush is a Thursday morning rush in the simulation: on line 2 a trip
// towards Kuhberg that started at 08:22 has no vehicle (a ghost), and two
// vehicles run bunched.
var simRush = time.Date(2026, 9, 10, 8, 25, 0, 0, model.Berlin)

// Issue 25 item 1: line 2's ladder on the simulation at rush hour, at
// three sizes, in English and German.
func TestLadderSimGolden(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
			t.Run(lang+"-"+strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1]), func(t *testing.T) {
				r := simRig(t, "2", simRush, sz[0], sz[1]-2, lang)
				golden.RequireEqual(t, []byte(r.p.View(testkit.Frame(r.sh, app.PaneBoard))))
			})
		}
	}
}

// Issue 25 item 1: on the simulation every vehicle of line 2 in service
// is on the ladder, placed, and every one but the first of its direction
// has a headway against the plan.
func TestLadderSimPlacesEveryVehicle(t *testing.T) {
	r := simRig(t, "2", simRush, 120, 38, "en")
	want := map[int]bool{}
	for _, tr := range r.p.vehicles() {
		want[tr.VehicleNumber] = true
	}
	if len(want) < 8 {
		t.Fatalf("only %d vehicles of line 2 in service at rush hour", len(want))
	}
	v := plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard)))
	for _, rail := range r.p.L.Rails {
		for i, c := range rail.Vehicles {
			delete(want, c.Vehicle)
			if c.Stop == "" {
				t.Errorf("vehicle %d not placed", c.Vehicle)
			}
			if i > 0 && c.Flag != "ghost" && (!c.HasHeadway || c.Scheduled <= 0) {
				t.Errorf("vehicle %d (behind %d) has no headway against the plan", c.Vehicle, rail.Vehicles[i-1].Vehicle)
			}
			if c.Vehicle != 0 && !strings.Contains(v, strconv.Itoa(c.Vehicle)) {
				t.Errorf("vehicle %d is not drawn:\n%s", c.Vehicle, v)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("vehicles in service missing from the ladder: %v", want)
	}
}

// vehicleCell is a vehicle on a rail as the ladder draws it: its mark
// and number ("↑59").
var vehicleCell = regexp.MustCompile(`[●↓↑◌]\d+`)

// ghostsAlone checks that no ghost (✗) shares a rail's cell of a row with
// a vehicle, and returns how many ghosts are drawn.
func ghostsAlone(t *testing.T, name, v string) int {
	t.Helper()
	ghosts := 0
	for _, l := range strings.Split(v, "\n")[2:] { // below the header and the rails' heads
		for _, cell := range railSep.Split(l, -1) {
			if !strings.Contains(cell, "✗") {
				continue
			}
			ghosts++
			if vehicleCell.MatchString(cell) {
				t.Errorf("%s: a ghost shares its row with a vehicle: %q", name, cell)
			}
		}
	}
	return ghosts
}

// railSep separates the rails' cells from the stop names.
var railSep = regexp.MustCompile(` [┼│] `)

// Issue 33 item 5: on the constructed line 4 (a ghost of 12:27 on the
// stretch where vehicle 103 is) at every height from 9 rows, where the
// rows leave stops out and vehicles are drawn at the nearest rung, the
// ghost has a row of its own.
func TestLadderGhostHasItsOwnRow(t *testing.T) {
	for h := 9; h <= 40; h++ {
		r := newRig(t, 120, h, "en")
		name := "120x" + strconv.Itoa(h)
		if ghostsAlone(t, name, plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard)))) == 0 {
			t.Errorf("%s: no ghost drawn:\n%s", name, plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard))))
		}
	}
}

// negHeadway is a negative headway as a cell would draw one.
var negHeadway = regexp.MustCompile(`-\d+′`)

// Issue 33 item 5: line 2's ladder on the simulation at rush hour (a
// ghost trip of 08:22 towards Kuhberg, vehicles bunched and overtaking),
// at three sizes, in English and German: a ghost has a rail's row to
// itself, never beside a real vehicle; the legend explains the symbols
// where there is room; the regularity is in words over the headways now;
// no cell shows a negative headway.
func TestLadderReadAtAGlance(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
			for m := range 6 {
				r := simRig(t, "2", simRush.Add(time.Duration(m)*time.Minute), sz[0], sz[1]-2, lang)
				v := plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard)))
				name := lang + " " + strconv.Itoa(sz[0]) + "x" + strconv.Itoa(sz[1]) + " +" + strconv.Itoa(m) + " min"
				ghosts := 0
				for _, l := range strings.Split(v, "\n") {
					for _, cell := range regexp.MustCompile(` [┼│] `).Split(l, -1) {
						if !strings.Contains(cell, "✗") {
							continue
						}
						ghosts++
						if vehicleCell.MatchString(cell) {
							t.Errorf("%s: a ghost shares its row with a vehicle: %q", name, cell)
						}
					}
				}
				if ghosts == 0 {
					t.Errorf("%s: no ghost drawn:\n%s", name, v)
				}
				legend, words := "◌ waiting", "headways vary ±"
				if lang == "de" {
					legend, words = "◌ wartet", "Takte schwanken ±"
				}
				if !strings.Contains(v, legend) || !strings.Contains(v, words) {
					t.Errorf("%s: no legend %q or regularity %q:\n%s", name, legend, words, v)
				}
				if negHeadway.MatchString(v) {
					t.Errorf("%s: a negative headway:\n%s", name, v)
				}
			}
		}
	}
}

// Issue 33 item 5: the regularity is over the vehicles on the ladder now:
// the same figure as the ladder's headways give, however long it is open.
func TestLadderRegularityIsNow(t *testing.T) {
	r := simRig(t, "2", simRush, 120, 38, "en")
	want := r.p.L.Now()
	if !want.Known() || r.p.L.Now() != want {
		t.Fatalf("regularity %+v, want the ladder's now %+v", r.p.L.Now(), want)
	}
	if v := plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard))); !strings.Contains(v, "headways vary ±"+strconv.Itoa(want.Percent())+" %") {
		t.Errorf("the header does not say ±%d %%:\n%s", want.Percent(), v)
	}
}

// Issue 33 item 5: Select (L on a board row) puts the cursor on that
// vehicle, not on the leader.
func TestLadderSelectsTheRowsVehicle(t *testing.T) {
	r := simRig(t, "2", simRush, 120, 38, "en")
	cars := r.p.cars()
	v := cars[len(cars)/2].Vehicle
	if v == 0 || v == cars[0].Vehicle {
		t.Fatalf("no vehicle in the middle: %+v", cars)
	}
	r.p.Select(v)
	lines := strings.Split(plain(r.p.View(testkit.Frame(r.sh, app.PaneBoard))), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, "Vehicle "+strconv.Itoa(v)+" ·") {
		t.Errorf("the selected vehicle's line is %q, want vehicle %d", last, v)
	}
}
