package main

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/hostile"
	"abfahrt/model"
)

// hostileService serves the simulation with every text it sends poisoned
// (escape sequences, C1 and bidi controls, line breaks) and returns its
// base URL.
func hostileService(t *testing.T) string {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin), 1)})
	srv := httptest.NewServer(hostile.Wrap(svc))
	t.Cleanup(srv.Close)
	return srv.URL + "/mobility/v1"
}

// assertSafeOutput fails t if out holds ESC, a control other than a line
// break, or a bidi control; the commands write no colour to a buffer.
func assertSafeOutput(t *testing.T, what, out string) {
	t.Helper()
	if why := hostile.UnsafeOutput(out); why != "" || strings.ContainsRune(out, 0x1b) {
		t.Errorf("%s: %s in\n%q", what, why, out)
	}
}

func TestCommandsOnAHostileService(t *testing.T) {
	api := hostileService(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"departures", "--stop", "1008"}, "Departures at Hauptbahnhof"},
		{[]string{"arrivals", "--stoppoint", "100821"}, "Arrivals at"},
		{[]string{"stops", "ehinger"}, "Ehinger Tor"},
		{[]string{"departures", "--stop", "1008", "--json"}, `"StopName": "Hauptbahnhof"`},
		{[]string{"arrivals", "--stop", "1008", "--json"}, `"ArrivalData"`},
		{[]string{"stops", "ehinger", "--json"}, `"Ehinger Tor"`},
	} {
		code, out, errs := runCLI(t, append([]string{"--api", api}, c.args...)...)
		if code != exitOK {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errs)
		}
		assertSafeOutput(t, strings.Join(c.args, " ")+" stdout", out)
		assertSafeOutput(t, strings.Join(c.args, " ")+" stderr", errs)
		if !strings.Contains(out, c.want) {
			t.Errorf("%v: %q missing from\n%s", c.args, c.want, out)
		}
		if strings.Contains(strings.Join(c.args, " "), "--json") {
			// encoding/json escapes C0 controls but writes C1 and bidi
			// controls as they are: the records must hold none.
			if !json.Valid([]byte(out)) || strings.Contains(out, `\u001b`) || strings.Contains(out, `\u0007`) {
				t.Errorf("%v: --json output is not clean JSON:\n%s", c.args, out)
			}
		}
	}
}

func TestCommandsOnAHostileErrorPage(t *testing.T) {
	srv := httptest.NewServer(hostile.Failing())
	defer srv.Close()
	for _, args := range [][]string{
		{"departures", "--stop", "1008"},
		{"departures", "--stop", "1008", "--json"},
		{"stops", "hbf"},
	} {
		code, out, errs := runCLI(t, append([]string{"--api", srv.URL + "/mobility/v1"}, args...)...)
		if code != exitFailure {
			t.Errorf("%v: exit %d", args, code)
		}
		assertSafeOutput(t, strings.Join(args, " ")+" stdout", out)
		assertSafeOutput(t, strings.Join(args, " ")+" stderr", errs)
		if !strings.Contains(errs, "503 Service Unavailable") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: stderr is not one line with the status: %q", args, errs)
		}
	}
}
