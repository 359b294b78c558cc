package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// runCLI runs abfahrt with args and returns exit code, stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	t.Setenv("ABFAHRT_API", "")
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestDeparturesOnTheSimulation(t *testing.T) {
	code, out, errs := runCLI(t, "departures", "--stop", "1008", "--limit", "5")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "Departures at Hauptbahnhof") {
		t.Errorf("no title in %q", out)
	}
	for _, col := range []string{"LINE", "DIRECTION", "PLATFORM", "DELAY", "IN"} {
		if !strings.Contains(out, col) {
			t.Errorf("column %s missing in\n%s", col, out)
		}
	}
}

func TestDeparturesJSONKeepsWireNames(t *testing.T) {
	code, out, errs := runCLI(t, "departures", "--stop", "1008", "--json")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if _, ok := v["DepartureData"]; !ok {
		t.Errorf("no DepartureData in %s", out)
	}
}

func TestArrivalsAtAStopPoint(t *testing.T) {
	code, out, errs := runCLI(t, "arrivals", "--stoppoint", "100821", "--limit", "3")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "Arrivals at") {
		t.Errorf("no title in %q", out)
	}
}

func TestStopsSearchFoldsUmlauts(t *testing.T) {
	code, out, errs := runCLI(t, "stops", "konigstr")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "Königstraße") {
		t.Errorf("konigstr did not find Königstraße:\n%s", out)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, _ := runCLI(t, args...)
		if code != exitOK || !strings.HasPrefix(out, "abfahrt ") {
			t.Errorf("%v: exit %d, out %q", args, code, out)
		}
	}
}

// badInputCases are invalid command lines with the exit code and the
// message a user must see; the e2e suite runs them against the binary.
var badInputCases = []struct {
	args []string
	code int
	msg  string
}{
	{[]string{"departures", "--stop", "12"}, exitUsage, `StopNumber must be 4 digits, got "12"`},
	{[]string{"departures", "--stop", "abcd"}, exitUsage, "StopNumber must be 4 digits"},
	{[]string{"departures"}, exitUsage, "exactly one of --stop N or --stoppoint CODE"},
	{[]string{"departures", "--stop", "1008", "--stoppoint", "100821"}, exitUsage, "exactly one of"},
	{[]string{"departures", "--stoppoint", "12"}, exitUsage, "StopPointCode must be 6 digits"},
	{[]string{"departures", "--stop", "1008", "--limit", "0"}, exitUsage, "--limit must be between 1 and 100"},
	{[]string{"departures", "--stop", "1008", "--limit", "x"}, exitUsage, "invalid argument"},
	{[]string{"arrivals", "--stop", "99999"}, exitUsage, "StopNumber must be 4 digits"},
	{[]string{"vehicle"}, exitUsage, "vehicle needs one vehicle number"},
	{[]string{"vehicle", "-3"}, exitUsage, ""},
	{[]string{"vehicle", "tram"}, exitUsage, "VehicleNumber must be a positive number"},
	{[]string{"stops"}, exitUsage, "stops needs a QUERY"},
	{[]string{"--stop", "12"}, exitUsage, "StopNumber must be 4 digits"},
	{[]string{"--no-such-flag"}, exitUsage, "unknown flag"},
	{[]string{"nonsense"}, exitUsage, ""},
	{[]string{"--api", "ftp://x", "departures", "--stop", "1008"}, exitUsage, "--api must be an http or https URL"},
	{[]string{"sim", "--listen", "nonsense"}, exitUsage, "--listen must be host:port"},
	{[]string{"sim", "--speed", "0"}, exitUsage, "--speed must be a number above 0"},
	{[]string{"sim", "--start", "yesterday"}, exitUsage, "--start must be a time"},
	{[]string{"--api", "http://127.0.0.1:9/mobility/v1", "departures", "--stop", "1008"}, exitFailure, "cannot reach http://127.0.0.1:9/mobility/v1"},
	{[]string{"--api", "not a url", "departures", "--stop", "1008"}, exitUsage, "--api must be an http or https URL"},
	{[]string{"--seed", "x", "departures", "--stop", "1008"}, exitUsage, "invalid argument"},
	{[]string{"--config", "/nonexistent/abfahrt.toml", "config"}, exitUsage, "cannot read"},
	{[]string{"--config", "/dev/zero", "config"}, exitUsage, "/dev/zero: file is more than 1048576 bytes; the limit is 1 MiB"},
	{[]string{"--config", "testdata/nested.toml", "config"}, exitUsage, "testdata/nested.toml:3: nested 6 levels deep; the config allows at most 5"},
	{[]string{"--lang", "fr", "config"}, exitUsage, "--lang must be en or de"},
	{[]string{"--theme", "pink", "config"}, exitUsage, "--theme must be one of"},
	{[]string{"--interval", "1s", "config"}, exitUsage, "--interval must be at least 5s"},
	{[]string{"--interval", "soon", "config"}, exitUsage, "invalid argument"},
	{[]string{"--stoppoint", "12"}, exitUsage, "StopPointCode must be 6 digits"},
	{[]string{"--stop", "1008", "--limit", "500"}, exitUsage, "--limit must be between 1 and 100"},
	{[]string{"--vehicle", "-4"}, exitUsage, "--vehicle must be a vehicle number"},
	{[]string{"--vehicle", "x"}, exitUsage, "invalid argument"},
	{[]string{"--layout", "nope"}, exitUsage, `no layout named "nope"`},
	{[]string{"--kiosk=maybe"}, exitUsage, "invalid argument"},
	{[]string{"departures", "--stop", "1008", "--json=maybe"}, exitUsage, "invalid argument"},
	{[]string{"vehicle", "41", "--all=maybe"}, exitUsage, "invalid argument"},
	{[]string{"stops", "hbf", "--limit", "0"}, exitUsage, "--limit must be at least 1"},
	{[]string{"sim", "--faults", "bogus=1"}, exitUsage, "--faults"},
	{[]string{"sim", "--faults", "503=2"}, exitUsage, "--faults"},
	{[]string{"sim", "--speed", "x"}, exitUsage, "invalid argument"},
	{[]string{"sim", "--speed", "NaN"}, exitUsage, "--speed must be a number above 0"},
	{[]string{"sim", "--speed", "Inf"}, exitUsage, "--speed must be a number above 0"},
	{[]string{"sim", "--speed", "-inf"}, exitUsage, "--speed must be a number above 0"},
	{[]string{"replay", "--speed", "nan"}, exitUsage, "--speed must be a number above 0"},
	{[]string{"replay", "--speed", "+Inf"}, exitUsage, "--speed must be a number above 0"},
	{[]string{"sim", "--quiet=maybe"}, exitUsage, "invalid argument"},
}

func TestBadInputExitCodes(t *testing.T) {
	for _, c := range badInputCases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, errs := runCLI(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errs)
			}
			if !strings.HasPrefix(errs, "abfahrt: ") {
				t.Errorf("stderr %q does not start with abfahrt:", errs)
			}
			if c.msg != "" && !strings.Contains(errs, c.msg) {
				t.Errorf("stderr %q does not say %q", errs, c.msg)
			}
			if strings.Contains(errs, "panic") || strings.Count(strings.TrimSpace(strings.SplitN(errs, "\nRun ", 2)[0]), "\n") > 0 {
				t.Errorf("error is not one clear line: %q", errs)
			}
		})
	}
}
