package vehicle

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// line2 is tram line 2 towards Science Park II, the stops of the tests'
// trip in order.
var line2 = []string{
	"Kuhberg Schulzentrum", "Gewerbeschulen", "Grimmelfinger Weg", "Saarlandstraße", "Römerplatz",
	"Ehinger Tor", "Hauptbahnhof", "Theater", "Stadtwerke", "Lehrer Tal", "Multscherschule",
	"Eselsberg Hasenkopf", "Universität Süd", "Botanischer Garten", "Science Park II",
}

// trip44 is tram 44 on line 2, dev seconds late, reaching stop next of
// line2 (arriving, or stopping there when at is set; next == 0 and not
// at: the trip has not begun): its trip record and its passages (all
// stops). Stop next's live time is 40 s after T0, the others two minutes
// apart.
func trip44(next int, at bool, dev int) ([]model.Trip, model.VehiclePassages) {
	vp := model.VehiclePassages{VehicleNumber: 44, VehicleCategory: model.VehicleTram, RouteNumber: 2, RouteName: "2",
		Range: "All", Timestamp: model.At(testkit.T0)}
	for i, name := range line2 {
		act := testkit.T0.Add(40*time.Second + time.Duration(i-next)*2*time.Minute)
		sched := act.Add(-time.Duration(dev) * time.Second)
		st := model.StatusPredicted
		switch {
		case i < next-1:
			st = model.StatusPassed
		case i == next-1:
			st = model.StatusDeparted
		case i == next && at:
			st = model.StatusStopping
		case i == next && next > 0:
			st = model.StatusArriving
		}
		vp.Passages = append(vp.Passages, model.Passage{StopNumber: 1300 + i, StopName: name, SequenceNumber: i,
			StopPointCode: model.CodeFor(1300+i, 2), PlatformName: "B", Status: st,
			ArrivalTimeScheduled: model.At(sched), ArrivalTimeActual: model.At(act), ArrivalDeviation: dev,
			DepartureTimeScheduled: model.At(sched), DepartureTimeActual: model.At(act), DepartureDeviation: dev})
	}
	trip := model.Trip{VehicleNumber: 44, VehicleCategory: model.VehicleTram, IsActive: true,
		PositionData: &model.Coordinates{Point: model.Pt(9.98, 48.40), Bearing: 40},
		TimeData:     &model.TripTime{Deviation: dev, ReferenceTime: model.At(testkit.T0.Add(-5 * time.Second))},
		JourneyData: &model.Journey{RouteNumber: 2, RouteName: "2", Direction: 2,
			ArrivalDirectionText: "Kuhberg", DepartureDirectionText: "Science Park II"}}
	return []model.Trip{trip}, vp
}

// track44 is a straight track along line 2, enough for the map.
func track44() model.Pattern {
	pat := model.Pattern{VehicleNumber: 44, RouteNumber: 2, RouteName: "2", Direction: 2}
	for i, name := range line2 {
		lon, lat := 9.95+float64(i)*0.003, 48.38+float64(i)*0.003
		pt := model.Pt(lon, lat)
		pat.TrackPoints = append(pat.TrackPoints, model.TrackPoint{SequenceNumber: i, Longitude: lon, Latitude: lat})
		pat.StopPoints = append(pat.StopPoints, model.PatternStop{StopNumber: 1300 + i, StopName: name,
			StopPointCode: model.CodeFor(1300+i, 2), StopPointCoordinates: model.Coordinates{Point: pt}})
	}
	return pat
}

// paneOn is the pane of vehicle n opened on a fake source, at w×h, with
// the clock at T0 (moved with setNow) and the base data loaded.
type paneOn struct {
	t   *testing.T
	src *testkit.FakeSource
	sh  *app.Shared
	p   *Pane
	now time.Time // the clock of answers (Options.Now)
}

func openPane(t *testing.T, n, w, h int) *paneOn {
	t.Helper()
	src := testkit.NewFakeSource()
	r := &paneOn{t: t, src: src, now: testkit.T0}
	r.sh = app.NewShared(app.Options{Source: src, Now: func() time.Time { return r.now }})
	r.sh.ReceiveBase(src.Base)
	p := NewPane(r.sh.Services)
	// Its commands are the first tick and the base data, run by poll.
	p.Show(testkit.Frame(r.sh, app.PaneVehicle), n, app.PaneBoard)
	p.SetSize(w, h) // after Show, as the root lays out: a new vehicle starts from a zero pane
	r.p = &p
	return r
}

// setNow moves the clock to t: the answers' and, as the root's clock
// message does, the one views read.
func (r *paneOn) setNow(t time.Time) { r.now = t; r.sh.Tick(t) }

// poll runs one poll of the pane's feed through the registry, hands the
// answer to the pane and answers the pattern and base data requests it
// has in flight.
func (r *paneOn) poll() {
	r.t.Helper()
	e := r.p.Feed
	if e == nil {
		r.t.Fatal("the pane holds no feed")
	}
	_, fetch, ok := r.sh.Reg.Tick(r.sh.State, feeds.TickMsg{Key: e.Key, Gen: e.Poll.Gen})
	if !ok || fetch == nil {
		r.t.Fatal("the tick started no fetch")
	}
	msg := fetch().(feeds.AnswerMsg)
	if _, _, ok := r.sh.Reg.Receive(r.sh.State, msg); !ok {
		r.t.Fatal("the registry did not take the answer")
	}
	r.p.Fed(msg)
	if r.p.PatSeq != 0 {
		r.p.ReceivePattern(FetchPatternCmd(context.Background(), r.src, r.p.PatSeq, r.p.Vehicle, r.p.PatKey, time.Second)().(PatternMsg))
	}
	if r.p.InfoSeq != 0 {
		r.p.ReceiveInfo(VehicleInfoCmd(context.Background(), r.src, r.p.InfoSeq, r.p.Vehicle, time.Second)().(VehicleInfoMsg))
	}
	r.p.Measure(testkit.Frame(r.sh, app.PaneVehicle))
}

// key presses k on the focused pane, then lays the list out again as the
// root's Update does; it runs a command the key returns (the range's new
// feed) through poll.
func (r *paneOn) key(k string) {
	r.t.Helper()
	msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	switch k {
	case "up", "down", "pgup", "pgdown", "home", "end":
		msg = tea.KeyMsg{Type: map[string]tea.KeyType{"up": tea.KeyUp, "down": tea.KeyDown, "pgup": tea.KeyPgUp,
			"pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd}[k]}
	}
	if cmd, _, _ := r.p.Update(app.Frame{Focus: app.PaneVehicle}, msg); cmd != nil {
		r.poll()
	}
	r.p.Measure(testkit.Frame(r.sh, app.PaneVehicle))
}

// view is the pane's view without styles.
func (r *paneOn) view() string { return ansi.Strip(r.p.View(testkit.Frame(r.sh, app.PaneVehicle))) }

// lineWith returns the first line of the view that holds s, "" if none.
func lineWith(view, s string) string {
	for l := range strings.SplitSeq(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
