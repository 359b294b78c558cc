package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A board, kiosk or command started with --api talks to that service only:
// an empty --api (an unset variable in a unit file) is a usage error, not
// the simulation, and a service that is down is reported as down.
func TestAPINeverFallsBackToTheSimulation(t *testing.T) {
	for _, args := range [][]string{
		{"departures", "--api", "", "--stop", "1008"},
		{"--kiosk", "--api", "", "--stop", "1008"},
		{"--api", "", "--stop", "1008"},
	} {
		code, out, errs := runCLI(t, args...)
		if code != exitUsage || !strings.Contains(errs, "--api is empty") || strings.Contains(out, "Hauptbahnhof") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want a usage error", args, code, out, errs)
		}
	}
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	code, out, errs := runCLI(t, "departures", "--api", dead.URL+"/mobility/v1", "--stop", "1008")
	if code != exitFailure || !strings.Contains(errs, "cannot reach") || strings.Contains(out, "Hauptbahnhof") {
		t.Errorf("service down: exit %d, stdout %q, stderr %q; want exit 1 saying it cannot reach the service", code, out, errs)
	}
	// The board's source is the named service, named by its host.
	g := &globals{api: dead.URL + "/mobility/v1"}
	src, err := g.source()
	if err != nil || src.client.BaseURL() != dead.URL+"/mobility/v1" || src.name == simName {
		t.Errorf("source of --api: %q named %q, %v", src.client.BaseURL(), src.name, err)
	}
}
