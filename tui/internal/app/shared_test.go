package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// t0 is the tests' now: a Friday lunchtime in Ulm.
var t0 = time.Date(2026, 9, 11, 12, 34, 56, 0, model.Berlin)

// clock is a settable clock for Options.Now.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

// newShared returns the shared state of o at c's time (o.Now is c's).
func newShared(c *clock, o Options) *Shared {
	o.Now = c.Now
	return NewShared(o)
}

// base is a small slice of the network: Hauptbahnhof with platforms A–C
// and a second B (a replacement stop point), Ehinger Tor, lines 1 (by
// the routes its stop points list), 2 (by its pattern) and 5.
func base() BaseDataMsg {
	sp := func(stop, n int, plat string) model.StopStopPoint {
		return model.StopStopPoint{StopPointNumber: n, StopPointCode: model.CodeFor(stop, n), PlatformName: plat}
	}
	hbf := model.Stop{StopNumber: 1008, StopCode: "HBF", StopName: "Hauptbahnhof",
		StopPoints: []model.StopStopPoint{sp(1008, 3, "C"), sp(1008, 1, "A"), sp(1008, 2, "B"), sp(1008, 21, "B")}}
	eht := model.Stop{StopNumber: 1350, StopCode: "EHT", StopName: "Ehinger Tor", StopPoints: []model.StopStopPoint{sp(1350, 1, "A")}}
	points := []model.StopPoint{
		{StopPointNumber: 1, StopPointCode: model.CodeFor(1008, 1), PlatformName: "A", StopPointName: "Hauptbahnhof Steig A",
			ParentStop:      model.ParentStop{StopNumber: 1008, StopName: "Hauptbahnhof"},
			ServicingRoutes: []model.RouteRef{{RouteNumber: 1}}},
		{StopPointNumber: 1, StopPointCode: model.CodeFor(1350, 1), PlatformName: "A", StopPointName: "Ehinger Tor Steig A",
			ParentStop: model.ParentStop{StopNumber: 1350, StopName: "Ehinger Tor"}},
	}
	routes := []model.Route{
		{RouteNumber: 1, RouteName: "1", RouteCategory: model.RouteTram},
		{RouteNumber: 2, RouteName: "2", RouteCategory: model.RouteTram,
			RoutePattern: []model.RoutePattern{{PatternDirection: 2, StopPoints: []model.PatternStopRef{{StopNumber: 1008}}},
				{PatternDirection: 1, StopPoints: []model.PatternStopRef{{StopNumber: 1350}}}}},
		{RouteNumber: 5, RouteName: "5", RouteCategory: model.RouteBus},
	}
	return BaseDataMsg{Stops: []model.Stop{hbf, eht}, Points: points, Routes: routes}
}

// The base data gives stops their names, a stop its platforms (in order,
// a repeated name told apart by its code) and a line the stops it serves.
func TestBaseDataNamesPlatformsAndLines(t *testing.T) {
	sh := newShared(&clock{t0}, Options{})
	if n := sh.Base.StopName(1008); n != "" {
		t.Errorf("before the base data, stop 1008 is called %q", n)
	}
	if ps := sh.Base.Platforms(1008); ps != nil {
		t.Errorf("before the base data, platforms %v", ps)
	}
	if cmd := sh.ReceiveBase(base()); cmd != nil || sh.BaseErr != nil || sh.BaseBusy {
		t.Fatalf("a complete load asks again (%v), err %v, busy %v", cmd != nil, sh.BaseErr, sh.BaseBusy)
	}
	for stop, name := range map[int]string{1008: "Hauptbahnhof", 1350: "Ehinger Tor", 4242: ""} {
		if got := sh.Base.StopName(stop); got != name {
			t.Errorf("stop %d is called %q, want %q", stop, got, name)
		}
	}
	var names []string
	for _, p := range sh.Base.Platforms(1008) {
		names = append(names, p.Name)
	}
	if got, want := strings.Join(names, ", "), "A, B · 100802, B · 100821, C"; got != want {
		t.Errorf("the platforms of Hauptbahnhof: %s, want %s", got, want)
	}
	if ps := sh.Base.Platforms(4242); len(ps) != 0 {
		t.Errorf("an unknown stop has platforms %v", ps)
	}
	if c := sh.Base.Category("2"); c != model.RouteTram {
		t.Errorf("line 2 is %v, want a tram line", c)
	}
	if c := sh.Base.Category("5"); c != model.RouteBus {
		t.Errorf("line 5 is %v, want a bus line", c)
	}
	for _, c := range []struct {
		route, stop int
		want        bool
	}{{2, 1008, true}, {2, 1350, true}, {1, 1008, true}, {1, 1350, false}, {5, 1008, false}, {2, 0, false}} {
		if got := sh.Base.LineServes(c.route, c.stop); got != c.want {
			t.Errorf("line %d serves stop %d: %v, want %v", c.route, c.stop, got, c.want)
		}
	}
	if s, ok := sh.Base.LineStart(2); !ok || s != 1350 {
		t.Errorf("line 2 starts at %d (%v), want 1350, the first stop of its first direction", s, ok)
	}
	if s, ok := sh.Base.LineStart(1); !ok || s != 1008 {
		t.Errorf("line 1 starts at %d (%v), want 1008, the stop whose platform lists it", s, ok)
	}
	if _, ok := sh.Base.LineStart(5); ok {
		t.Error("line 5, with nothing known of its stops, has a start")
	}
}

// A load that failed in part keeps what loaded (the names show) and asks
// again later; a complete load ends the retries.
func TestBaseDataPartialLoadRetries(t *testing.T) {
	sh := newShared(&clock{t0}, Options{})
	msg := base()
	msg.Routes, msg.Err = nil, errors.New("lines: 503 service unavailable")
	if cmd := sh.ReceiveBase(msg); cmd == nil {
		t.Error("a failed load is not tried again")
	}
	if sh.BaseFails != 1 || sh.BaseErr == nil {
		t.Errorf("fails %d, err %v after a failed load", sh.BaseFails, sh.BaseErr)
	}
	if n := sh.Base.StopName(1008); n != "Hauptbahnhof" {
		t.Errorf("the stops that loaded are not used: %q", n)
	}
	if cmd := sh.ReceiveBase(base()); cmd != nil || sh.BaseFails != 0 || sh.BaseErr != nil {
		t.Errorf("a complete load after a failure: retry %v, fails %d, err %v", cmd != nil, sh.BaseFails, sh.BaseErr)
	}
	if c := sh.Base.Category("2"); c != model.RouteTram {
		t.Errorf("line 2 unknown after the complete load: %v", c)
	}
}

// The alert's rows carry ⚠: the lines it names ("Linie 4", "Line N1") in
// its title or items, no others; a new alert replaces the old one's lines.
func TestAlertNamesItsLines(t *testing.T) {
	sh := newShared(&clock{t0}, Options{})
	a := model.Alert{Title: "Umleitung Linie 4", Items: []string{"Line N1 and linie 10 are diverted", "Ersatzverkehr ab Theater"}}
	if !sh.SetAlert(a) {
		t.Fatal("a new alert did not count as a change")
	}
	for line, want := range map[string]bool{"4": true, "N1": true, "10": true, "1": false, "2": false, "Theater": false} {
		if got := sh.AlertOn(line); got != want {
			t.Errorf("the alert names line %s: %v, want %v", line, got, want)
		}
	}
	if sh.SetAlert(model.Alert{Title: a.Title, Items: append([]string(nil), a.Items...)}) {
		t.Error("the same alert again counted as a change")
	}
	sh.SetAlert(model.Alert{Title: "Linie 2: Gleisbauarbeiten"})
	if sh.AlertOn("4") || !sh.AlertOn("2") {
		t.Errorf("after a new alert: line 4 %v, line 2 %v; want only line 2", sh.AlertOn("4"), sh.AlertOn("2"))
	}
	sh.SetAlert(model.Alert{})
	if f := sh.Frame(PaneBoard); sh.AlertOn("2") || f.AlertOn("2") || f.AlertPart() != "" {
		t.Error("the alert stayed after the service had none")
	}
}

// An alert reads as one text, its title not repeated when every item
// names its line; as a banner it wraps in whole words within the width
// and ends in " …" when cut.
func TestAlertTextAndBanner(t *testing.T) {
	for _, c := range []struct {
		a    model.Alert
		want string
	}{
		{model.Alert{Title: "Umleitung Linie 1", Items: []string{"Linie 1: über Karlstraße"}}, "Linie 1: über Karlstraße"},
		{model.Alert{Title: "Störung", Items: []string{"Linie 1: keine Fahrten", " ", "Ersatzbusse"}}, "Störung: Linie 1: keine Fahrten · Ersatzbusse"},
		{model.Alert{Title: "Nur ein Titel"}, "Nur ein Titel"},
		{model.Alert{}, ""},
	} {
		if got := AlertText(c.a); got != c.want {
			t.Errorf("%+v reads %q, want %q", c.a, got, c.want)
		}
	}
	sh := newShared(&clock{t0}, Options{})
	if f := sh.Frame(PaneBoard); f.AlertBannerLines(80, 3) != nil {
		t.Error("a banner without an alert")
	}
	sh.SetAlert(model.Alert{Title: "Störung", Items: []string{strings.Repeat("Linie 8 fährt eine Umleitung über die Lessingstraße ", 6)}})
	f := sh.Frame(PaneBoard)
	lines := f.AlertBannerLines(60, 3)
	if len(lines) != 3 {
		t.Fatalf("%d banner lines, want 3", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 60 {
			t.Errorf("banner line %d is %d wide: %q", i, w, ansi.Strip(l))
		}
	}
	if first, last := ansi.Strip(lines[0]), strings.TrimRight(ansi.Strip(lines[2]), " "); !strings.HasPrefix(first, "⚠ ") || !strings.HasSuffix(last, " …") {
		t.Errorf("the banner should start with ⚠ and end in …: %q … %q", first, last)
	}
}

// The kiosk has no reminders at all.
func TestKioskHasNoReminders(t *testing.T) {
	if k := newShared(&clock{t0}, Options{Kiosk: KioskOptions{Enabled: true}}); k.Reminders != nil {
		t.Error("the kiosk has reminders")
	}
	if sh := newShared(&clock{t0}, Options{}); sh.Reminders == nil {
		t.Error("the board has no reminders")
	}
}

// The night theme comes on at NightFrom and goes at NightTo, minutes of
// the day in Ulm whatever the zone of the clock, summer and winter.
func TestNightModeSwitchesAtUlmMinutes(t *testing.T) {
	for _, season := range []struct {
		name   string
		offset time.Duration // Ulm's offset from UTC
		day    time.Time     // a day of the season, 00:00 UTC
	}{
		{"summer", 2 * time.Hour, time.Date(2026, 9, 11, 0, 0, 0, 0, time.UTC)},
		{"winter", time.Hour, time.Date(2026, 1, 16, 0, 0, 0, 0, time.UTC)},
	} {
		t.Run(season.name, func(t *testing.T) {
			ulm := func(h, m int) time.Time { // Ulm's h:m, as a UTC time
				return season.day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute - season.offset).UTC()
			}
			c := &clock{ulm(12, 0)}
			sh := newShared(c, Options{Theme: "dark", Night: true, NightFrom: 22 * 60, NightTo: 6*60 + 30})
			if n := sh.Styles.Theme.Name; n != "dark" {
				t.Fatalf("theme %q at noon, want dark", n)
			}
			for _, step := range []struct {
				h, m    int
				changed bool
				theme   string
			}{
				{21, 59, false, "dark"},
				{22, 0, true, "dark-night"},
				{23, 30, false, "dark-night"},
				{0, 0, false, "dark-night"},
				{6, 29, false, "dark-night"},
				{6, 30, true, "dark"},
			} {
				c.now = ulm(step.h, step.m)
				if step.h < 12 {
					c.now = c.now.Add(24 * time.Hour)
				}
				sh.Tick(c.now)
				if got := sh.FollowNight(); got != step.changed {
					t.Errorf("%02d:%02d in Ulm: changed %v, want %v", step.h, step.m, got, step.changed)
				}
				if n := sh.Styles.Theme.Name; n != step.theme {
					t.Errorf("%02d:%02d in Ulm: theme %q, want %q", step.h, step.m, n, step.theme)
				}
			}
		})
	}
	c := &clock{time.Date(2026, 9, 11, 23, 0, 0, 0, model.Berlin)}
	sh := newShared(c, Options{Theme: "dark"})
	if sh.FollowNight() || sh.Styles.Theme.Name != "dark" {
		t.Errorf("without night hours the theme changed at 23:00: %q", sh.Styles.Theme.Name)
	}
}

// Issue 23 item 21: the search lists a stop's platforms in platform
// order (A before B, a repeated name by its code), not in the order of
// their stop point codes (Hauptbahnhof's B 100801, A 100802, B 100821, A
// 100822).
func TestSearchListsPlatformsInPlatformOrder(t *testing.T) {
	sp := func(n int, plat string) model.StopPoint {
		return model.StopPoint{StopPointNumber: n, StopPointCode: model.CodeFor(1008, n), PlatformName: plat,
			StopPointName: "Hauptbahnhof Steig " + plat, ParentStop: model.ParentStop{StopNumber: 1008, StopName: "Hauptbahnhof"}}
	}
	msg := BaseDataMsg{
		Stops:  []model.Stop{{StopNumber: 1008, StopCode: "HBF", StopName: "Hauptbahnhof"}},
		Points: []model.StopPoint{sp(1, "B"), sp(2, "A"), sp(21, "B"), sp(22, "A")},
	}
	sh := newShared(&clock{t0}, Options{})
	sh.ReceiveBase(msg)
	var got []string
	for _, r := range sh.Base.Index.Search("hauptbahnhof steig", 0) {
		got = append(got, r.Entry.Title)
	}
	want := "Hauptbahnhof Steig A · 100802, Hauptbahnhof Steig A · 100822, Hauptbahnhof Steig B · 100801, Hauptbahnhof Steig B · 100821"
	if strings.Join(got, ", ") != want {
		t.Errorf("search hauptbahnhof steig:\n got %s\nwant %s", strings.Join(got, ", "), want)
	}
}
