package main

import (
	"regexp"
	"strings"
	"testing"
)

// Issue 33 item 6: departures --walk says each fact once. Its German
// table said "LOSGEHEN verpasst  ZONE verpasst": now LEAVE says when to
// leave (a time, as SCHEDULED and EXPECTED) and BAND whether that can
// still be done.
func TestWalkTableSaysEachFactOnce(t *testing.T) {
	api := morningService(t)
	for lang, row := range map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`\d\d:\d\d:\d\d +(catchable|hurry|missed)$`),
		"de": regexp.MustCompile(`\d\d:\d\d:\d\d +(erreichbar|knapp|verpasst)$`),
	} {
		code, out, errs := runCLI(t, "--lang", lang, "--api", api, "departures", "--stop", "1008", "--walk", "4m", "--limit", "20")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", lang, code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) < 10 {
			t.Fatalf("%s: too few lines:\n%s", lang, out)
		}
		bands := map[string]bool{}
		for _, l := range lines[3:] {
			m := row.FindStringSubmatch(strings.TrimRight(l, " "))
			if m == nil {
				t.Errorf("%s: the row does not end in a leave time and its band: %q", lang, l)
				continue
			}
			bands[m[1]] = true
			if strings.Count(l, m[1]) != 1 {
				t.Errorf("%s: the row says %q twice: %q", lang, m[1], l)
			}
		}
		if len(bands) < 2 {
			t.Errorf("%s: one band only (%v), want missed and catchable rows:\n%s", lang, bands, out)
		}
	}
}
