package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/config"
	"abfahrt/internal/jsonout"
	"abfahrt/model"
)

// Issue 12 item 4: the CLI's IN column of a planned row (no vehicle)
// counts to the scheduled time, not to the hidden prediction the wire
// still carries.
func TestCLIPlannedRowCountsToSchedule(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin)
	e := model.Event{RouteNumber: 6, RouteName: "6", DirectionText: "Wiblingen",
		Scheduled: model.At(at.Add(7 * time.Minute)), Actual: model.At(at.Add(13 * time.Minute)),
		Countdown: 13 * 60, Deviation: 360, Status: model.StatusPredicted}
	var out bytes.Buffer
	g := &globals{stdout: &out}
	if err := printBoard(g, model.Board{StopName: "Hauptbahnhof", Timestamp: model.At(at), Events: []model.Event{e}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "7 min") || strings.Contains(out.String(), "13 min") {
		t.Errorf("planned row should count 7 min to its plan:\n%s", out.String())
	}
}

// Issue 12 item 5: the CLI heads arrivals' direction FROM and leaves out a
// departure that ends at the stop.
func TestCLIArrivalsFromAndEndsHere(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin)
	ends := model.Event{VehicleNumber: 7, RouteName: "4", DirectionText: "Hauptbahnhof",
		Scheduled: model.At(at.Add(3 * time.Minute)), Actual: model.At(at.Add(3 * time.Minute))}
	var out bytes.Buffer
	g := &globals{stdout: &out}
	if err := printBoard(g, model.Board{StopName: "Hauptbahnhof", Timestamp: model.At(at), Events: []model.Event{ends}}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "LINE") {
		t.Errorf("a trip ending here is listed as a departure:\n%s", out.String())
	}
	out.Reset()
	arr := ends
	arr.Arrival, arr.DirectionText = true, "Böfingen"
	if err := printBoard(g, model.Board{StopName: "Hauptbahnhof", Arrivals: true, Timestamp: model.At(at), Events: []model.Event{arr}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "FROM") {
		t.Errorf("arrivals should head the column FROM:\n%s", out.String())
	}
}

// Issue 12 item 16: --json prints null for what the service marks
// unknown, never its placeholders.
func TestJSONUnknownIsNull(t *testing.T) {
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", DepartureData: []model.Departure{{
		RouteNumber: 6, RouteName: "6", DepartureDirectionText: "Wiblingen",
		DepartureTimeScheduled: model.At(time.Date(2026, 9, 11, 12, 7, 0, 0, model.Berlin)),
		DepartureCountdown:     -1795376359, DepartureDeviation: 0,
	}}}
	var out bytes.Buffer
	if err := jsonout.Print(&out, b); err != nil {
		t.Fatal(err)
	}
	var v struct{ DepartureData []map[string]any }
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	d := v.DepartureData[0]
	for _, k := range []string{"DepartureTimeActual", "DepartureCountdown", "VehicleNumber", "VehicleCategory", "DepartureDeviation"} {
		if x, ok := d[k]; !ok || x != nil {
			t.Errorf("%s = %v, want null", k, x)
		}
	}
	if d["DepartureTimeScheduled"] != "2026-09-11T12:07:00+02:00" || d["RouteName"] != "6" {
		t.Errorf("known values changed: %v", d)
	}
	if strings.Contains(out.String(), model.NoTime) {
		t.Errorf("placeholder time in the output:\n%s", out.String())
	}
}

// Issue 12 item 16: a vehicle not in service says so and exits with 3
// (the first such vehicle of the simulation at this time of day).
func TestVehicleNotInService(t *testing.T) {
	for n := 40; n < 400; n++ {
		v := strconv.Itoa(n)
		code, out, _ := runCLI(t, "vehicle", v)
		if code != exitNotInService {
			continue
		}
		if !strings.Contains(out, "not in service") {
			t.Errorf("vehicle %d: exit %d, %q; want 'not in service'", n, code, out)
		}
		code, out, _ = runCLI(t, "vehicle", v, "--json")
		if code != exitNotInService || !strings.Contains(out, `"InService": false`) {
			t.Errorf("vehicle %d --json: exit %d, %q", n, code, out)
		}
		return
	}
	t.Error("no vehicle of the simulation is out of service")
}

// Issue 12 item 17: abfahrt config lists limit, the kiosk's timings and
// the night theme's hours.
func TestConfigListsLimitAndKiosk(t *testing.T) {
	p := writeConfig(t, "limit = 30\n[kiosk]\nrotate = \"7s\"\n[night]\nhours = \"22:00-06:00\"\n")
	code, out, errs := runCLI(t, "--config", p, "config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"limit", "30", "kiosk.rotate", "7s", "kiosk.hours", "kiosk.stale_after", "kiosk.large_countdown", "kiosk.quit_key", "night.hours", "22:00-06:00"} {
		if !strings.Contains(out, want) {
			t.Errorf("config lacks %q:\n%s", want, out)
		}
	}
}

// Issue 12 item 7: every example of every command's --help works: exit 0
// and something found (sim's examples serve until stopped and are only
// parsed). The README's layout example is a valid config whose boards
// are proper (TestREADMELayoutExample).
func TestHelpExamplesWork(t *testing.T) {
	// Issue 23 item 12: `next`'s examples run too, on a weekday morning
	// (its line 2 rests at night).
	embeddedSimStart = time.Date(2026, 9, 11, 7, 38, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	root := newRootCmd(strings.NewReader(""), io.Discard, io.Discard)
	n := 0
	for _, c := range root.Commands() {
		for _, line := range strings.Split(c.Example, "\n") {
			args := strings.Fields(line)
			if len(args) < 2 || args[0] != "abfahrt" || !oneShot[args[1]] { // sim, serve and the board run until stopped
				continue
			}
			n++
			code, out, errs := runCLI(t, args[1:]...)
			if code == exitNotInService && args[1] == "vehicle" {
				// The embedded simulation runs on this computer's clock: at
				// night the example's vehicle may be resting, which the
				// command says (exit 3, documented) rather than failing.
				continue
			}
			if code != exitOK {
				t.Errorf("%s: exit %d, %s", line, code, errs)
				continue
			}
			if strings.Contains(out, "No departures") || strings.Contains(out, "No arrivals") ||
				strings.TrimSpace(out) == "" || strings.Contains(out, "no stop matches") {
				t.Errorf("%s finds nothing:\n%s", line, out)
			}
		}
	}
	if n < 8 {
		t.Errorf("only %d examples ran", n)
	}
}

// Issue 12 item 7: the README's config example is a valid configuration,
// and its stop point board filters on what a stop point answer has (no
// platform filter on a stop point, whose answers name none).
func TestREADMEConfigExample(t *testing.T) {
	readme, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	i := strings.Index(s, "```toml\n")
	if i < 0 {
		t.Fatal("no toml example in docs/configuration.md")
	}
	body := s[i+len("```toml\n"):]
	body, _, _ = strings.Cut(body, "```")
	body = strings.Replace(body, `api = "https://api.swu.de/mobility/v1"`, `api = ""`, 1) // no network in tests
	p := writeConfig(t, body)
	code, out, errs := runCLI(t, "--config", p, "config")
	if code != exitOK {
		t.Fatalf("README example: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "layouts.morning") {
		t.Errorf("the example's layout is not listed:\n%s", out)
	}
	for _, block := range strings.Split(body, "[[layouts.")[1:] {
		if strings.Contains(block, "stoppoint =") && strings.Contains(block, "platform =") {
			t.Errorf("a stop point board filtered by platform shows nothing:\n%s", block)
		}
	}
}

// Issue 12 item 12: the kiosk's next departure is large by default; the
// file can turn it off.
func TestKioskLargeCountdownByDefault(t *testing.T) {
	for _, c := range []struct {
		body string
		want string
	}{{"", "kiosk.large_countdown  true "}, {"[kiosk]\nlarge_countdown = false\n", "kiosk.large_countdown  false"}} {
		code, out, errs := runCLI(t, "--config", writeConfig(t, c.body), "config")
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("%q: exit %d %s, want %q in\n%s", c.body, code, errs, c.want, out)
		}
	}
}

func TestKioskOptionsLargeByDefault(t *testing.T) {
	off := false
	if !(config.KioskConfig{}).Options(true).LargeCountdown {
		t.Error("without large_countdown the kiosk countdown is small")
	}
	if (config.KioskConfig{LargeCountdown: &off}).Options(true).LargeCountdown {
		t.Error("large_countdown = false is ignored")
	}
}

// Issue 12 item 14: abfahrt departures speaks German with --lang de.
func TestDeparturesInGerman(t *testing.T) {
	code, out, errs := runCLI(t, "--lang", "de", "departures", "--stop", "1008", "--limit", "5")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Abfahrten Hauptbahnhof", "LINIE", "RICHTUNG", "STEIG", "VERSPÄTUNG"} {
		if !strings.Contains(out, want) {
			t.Errorf("German table lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"Departures", "DIRECTION", " min", "on time"} {
		if strings.Contains(out, bad) {
			t.Errorf("German table says %q:\n%s", bad, out)
		}
	}
}

// oneShot are the commands that print and end, whose examples
// TestHelpExamplesWork runs.
var oneShot = map[string]bool{"departures": true, "arrivals": true, "stops": true, "vehicle": true, "config": true, "version": true,
	"next": true, "headways": true}

// abfahrt version names a plain go build by its module build information
// (startup.Version), not "dev".
func TestVersionUnderGoTest(t *testing.T) {
	if code, out, _ := runCLI(t, "version"); code != exitOK || strings.TrimSpace(out) == "abfahrt dev" {
		t.Errorf("version under go test: %q", out)
	}
}
