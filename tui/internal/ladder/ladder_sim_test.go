package ladder

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
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
	p := NewPane(sh)
	p.SetSize(w, h)
	r := &rig{t: t, p: &p, sh: sh}
	p.Open(line)
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
				golden.RequireEqual(t, []byte(r.p.View()))
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
	v := plain(r.p.View())
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
