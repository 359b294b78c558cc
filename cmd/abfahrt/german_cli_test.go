package main

import (
	"regexp"
	"strings"
	"testing"
)

// With --lang de every script command speaks German on standard output,
// as departures and arrivals already did: stops, next, vehicle and
// departures --walk printed English headings and phrases.
func TestScriptCommandsInGerman(t *testing.T) {
	api := morningService(t)
	for _, c := range []struct {
		args      []string
		code      int
		want, bad []string
	}{
		{[]string{"stops", "hauptbahnhof"}, exitOK, []string{"HALT", "KÜRZEL", "STEIGE"}, []string{"STOP ", "CODE", "PLATFORMS"}},
		{[]string{"departures", "--stop", "1008", "--walk", "4m", "--limit", "8"}, exitOK,
			[]string{"Abfahrten Hauptbahnhof", "Fußweg 4 Min", "LINIE", "LOSGEHEN", "ZONE"},
			[]string{"Departures", "walking", "LEAVE", "BAND", "leave in", "catchable", " min"}},
		{[]string{"vehicle", "65"}, exitNotInService, []string{"Fahrzeug 65 (Straßenbahn) ist nicht im Einsatz."}, []string{"Vehicle", "tram"}},
		{[]string{"vehicle", "54"}, exitOK, []string{"Straßenbahn 54, Linie 2 nach", "HALT", "STEIG", "PLAN"},
			[]string{"tram", "line", "STOP", "PLATFORM", "departed", "min late", "on time", "heading"}},
	} {
		args := append([]string{"--lang", "de", "--api", api}, c.args...)
		code, out, errs := runCLI(t, args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: lacks %q:\n%s", c.args, w, out)
			}
		}
		for _, b := range c.bad {
			if strings.Contains(out, b) {
				t.Errorf("%v: says %q:\n%s", c.args, b, out)
			}
		}
	}
	code, out, errs := runCLI(t, "--lang", "de", "--api", api, "next", "--stop", "1008", "--line", "2", "--walk", "4m")
	re := regexp.MustCompile(`^(los in \d+ Min|jetzt los) für Linie 2 nach [^,]+, \d\d:\d\d, (\+\d+|-\d+|pünktlich|Fahrplan)\n$`)
	if code != exitOK || !re.MatchString(out) {
		t.Errorf("next in German: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
