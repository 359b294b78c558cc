package tui

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/internal/hostile"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/testkit"
)

// The service's text reaches the board only through the feed's decoders,
// which clean it. These tests send the fake source's data over the wire
// format with every text poisoned (escape sequences, C1 and bidi controls,
// line breaks), decode it as the client does, and render it.

// overWire sends v, wrapped as {wrapper: {key: v}}, through the wire format
// and decode, poisoned when poison is set.
func overWire[T any](t testing.TB, wrapper, key string, v any, poison bool, decode func([]byte) (T, error)) T {
	t.Helper()
	body, err := json.Marshal(map[string]any{wrapper: map[string]any{key: v, "CurrentTimestamp": model.At(testkit.T0)}})
	if err != nil {
		t.Fatal(err)
	}
	if poison {
		body = hostile.Poison(body)
	}
	got, err := decode(body)
	if err != nil {
		t.Fatalf("%s: %v", wrapper, err)
	}
	return got
}

// boardOverWire sends a departures board through the wire format.
func boardOverWire(t testing.TB, b model.Board, poison bool) model.Board {
	t.Helper()
	deps := make([]model.Departure, len(b.Events))
	for i, e := range b.Events {
		deps[i] = model.Departure{StopPointNumber: e.StopPointNumber, StopPointCode: e.StopPointCode, PlatformName: e.PlatformName,
			VehicleNumber: e.VehicleNumber, VehicleCategory: e.VehicleCategory, RouteNumber: e.RouteNumber, RouteName: e.RouteName,
			Status: e.Status, DepartureDirectionText: e.DirectionText, DepartureTimeScheduled: e.Scheduled,
			DepartureTimeActual: e.Actual, DepartureCountdown: e.Countdown, DepartureDeviation: e.Deviation}
	}
	body, err := json.Marshal(map[string]any{"StopPassage": map[string]any{"StopNumber": b.StopNumber, "StopCode": b.StopCode,
		"StopName": b.StopName, "Limit": b.Limit, "CurrentTimestamp": b.Timestamp, "DepartureData": deps}})
	if err != nil {
		t.Fatal(err)
	}
	if poison {
		body = hostile.Poison(body)
	}
	got, err := feed.DecodeDepartures(body)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// hostileEnv is newGridEnv with the fake's boards and base data sent over
// the wire, poisoned or not; prep may change the fake's data first.
func hostileEnv(t *testing.T, w, h int, poison bool, opt func(*app.Options), prep func(*testkit.FakeSource)) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	addGridStops(e.src)
	if prep != nil {
		prep(e.src)
	}
	for s, b := range e.src.Boards {
		e.src.Boards[s] = boardOverWire(t, b, poison)
	}
	base := e.src.Base
	e.src.Base.Stops = overWire(t, "StopAttributes", "StopData", base.Stops, poison, feed.DecodeStops)
	e.src.Base.Points = overWire(t, "StopPointAttributes", "StopPointData", base.Points, poison, feed.DecodeStopPoints)
	e.src.Base.Routes = overWire(t, "RouteAttributes", "RouteData", base.Routes, poison, feed.DecodeRoutes)
	e.src.Base.Vehicles = overWire(t, "VehicleAttributes", "VehicleData", base.Vehicles, poison, feed.DecodeVehicles)
	o := app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }}
	if opt != nil {
		opt(&o)
	}
	e.m = New(o)
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	e.pollFeeds()
	return e
}

// osc matches an operating system command, which nothing may send.
var osc = regexp.MustCompile("\x1b\\]|\u009d")

// assertSafeView fails t if the view holds anything but text, line breaks
// and SGR colour sequences.
func assertSafeView(t *testing.T, what, v string) {
	t.Helper()
	if why := hostile.UnsafeOutput(v); why != "" || osc.MatchString(v) {
		t.Errorf("%s: %s in the view:\n%q", what, why, v)
	}
}

func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	views := map[bool]string{}
	for _, poison := range []bool{false, true} {
		e := hostileEnv(t, 120, 40, poison, func(o *app.Options) { o.Boards = []app.BoardSpec{{Stop: 1008}} }, nil)
		v := e.m.View()
		assertSafeView(t, "board", v)
		for _, want := range []string{"Hauptbahnhof", "Science Park II", "Pfuhl über Offenhausen"} {
			if !strings.Contains(v, want) {
				t.Errorf("poison %v: %q missing from the board:\n%s", poison, want, v)
			}
		}
		views[poison] = v
		// The search lists names from the base data.
		e.Key("/")
		for _, r := range "ehinger" {
			e.Key(string(r))
		}
		v = e.m.View()
		assertSafeView(t, "search", v)
		if !strings.Contains(v, "Ehinger Tor") {
			t.Errorf("poison %v: search does not find Ehinger Tor:\n%s", poison, v)
		}
	}
	if views[false] != views[true] {
		t.Errorf("the poisoned board reads differently:\n%s\nclean:\n%s", views[true], views[false])
	}
}

// TestHostileErrorPageInTheStatusBar: a 503 whose HTML page is full of
// escape sequences shows as a clean line in the status bar.
func TestHostileErrorPageInTheStatusBar(t *testing.T) {
	srv := httptest.NewServer(hostile.Failing())
	defer srv.Close()
	c, err := feed.NewClient(srv.URL+"/mobility/v1", feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	_, herr := c.StopDepartures(context.Background(), 1008, 0)
	if herr == nil {
		t.Fatal("no error from a failing service")
	}
	e := newEnv(t, 120, 40, true)
	e.src.SetErr(herr)
	e.poll()
	v := e.m.View()
	assertSafeView(t, "status bar", v)
	if !strings.Contains(v, "503") {
		t.Errorf("no 503 in the view:\n%s", v)
	}
}

// TestHostileAlertOnTheKiosk: the kiosk's alert line is clean.
func TestHostileAlertOnTheKiosk(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	body := hostile.Poison([]byte(`{"PassengerAlert":{"CurrentStatus":"OK","AlertTitle":"Störung Linie 2",` +
		`"AlertData":"Linie 2: Ersatzverkehr +++ Haltestelle Theater: Steig B gesperrt"}}`))
	a, err := feed.DecodeAlert(body)
	if err != nil {
		t.Fatal(err)
	}
	e.src.TheAlert = a
	e.kpoll()
	e.kalert()
	v := e.View()
	assertSafeView(t, "kiosk", v)
	if !strings.Contains(v, "⚠") {
		t.Errorf("no alert on the kiosk:\n%s", v)
	}
}

// TestPoisonedStateFiles: an old pins.json or boards.json with escape
// sequences in its names and filters shows clean text.
func TestPoisonedStateFiles(t *testing.T) {
	dir := t.TempDir()
	pins := `{"pins":[{"stop":1350,"name":"\u001b]0;pwned\u0007Ehinger\u202e Tor\u001b[2J"}]}`
	boards := `[{"stop":1008,"lines":["\u001b[31m2","\u009b"],"direction":"Kuh\u001b]8;;x\u001b\\berg\n"},{"stop":1350}]`
	for name, data := range map[string]string{grid.PinsFile: pins, grid.BoardsFile: boards} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir })
	e.send(grid.LoadPinsCmd(filepath.Join(dir, grid.PinsFile))())
	v := e.m.View()
	assertSafeView(t, "pins", v)
	if !strings.Contains(v, "★1 Ehinger Tor") {
		t.Errorf("the pin's name is not clean:\n%s", v)
	}
	msg := grid.LoadBoardsCmd(filepath.Join(dir, grid.BoardsFile))()
	bm, ok := msg.(grid.BoardsMsg)
	if !ok || bm.Problem != nil || len(bm.Specs) != 2 {
		t.Fatalf("boards.json: %#v", msg)
	}
	if s := bm.Specs[0]; len(s.Lines) != 1 || s.Lines[0] != "2" || s.Direction != "Kuhberg" {
		t.Errorf("filters not cleaned: %q %q", s.Lines, s.Direction)
	}
	e.send(bm)
	assertSafeView(t, "grid", e.m.View())
}

// TestLongLineNameKeepsTheCountdown: a line name as long as the service may
// send (capped at 16 runes) leaves the countdown on an 80-column board.
func TestLongLineNameKeepsTheCountdown(t *testing.T) {
	e := hostileEnv(t, 80, 24, true, func(o *app.Options) { o.Boards = []app.BoardSpec{{Stop: 1008}} }, func(f *testkit.FakeSource) {
		b := f.Boards[feeds.Subject{Stop: 1008}]
		b.Events[3].RouteName = strings.Repeat("Ersatzverkehr", 5)
		b.Events[3].DirectionText = "Langname"
	})
	v := e.m.View()
	for _, l := range strings.Split(v, "\n") {
		if !strings.Contains(l, "Langname") {
			continue
		}
		if !strings.Contains(l, "2 min") || !strings.Contains(l, "Ersatzverkehr") {
			t.Errorf("the row of a long line name lost its countdown:\n%q", l)
		}
		t.Logf("%s", l)
		return
	}
	t.Errorf("no row of the long line name:\n%s", v)
}
