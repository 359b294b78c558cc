package main

import (
	"strings"
	"testing"
)

// Issue 23 item 22: the CLI's wording. A walking time reads as minutes
// ("4 min", not "4m", which reads as metres), in both languages.
func TestDeparturesWalkSaysMinutes(t *testing.T) {
	for _, c := range []struct{ lang, want string }{{"en", "walking 4 min"}, {"de", "Fußweg 4 Min"}} {
		code, out, errOut := runCLI(t, "departures", "--stop", "1008", "--walk", "4m", "--lang", c.lang)
		first, _, _ := strings.Cut(out, "\n")
		if code != exitOK || !strings.Contains(first, c.want) {
			t.Errorf("departures --walk 4m --lang %s: exit %d, first line %q (%s); want %q", c.lang, code, first, errOut, c.want)
		}
	}
}

// Issue 23 item 22: a mistake in --faults is named once ("--faults: item
// …"), not "--faults: faults: item …".
func TestSimFaultsErrorNamedOnce(t *testing.T) {
	code, _, errOut := runCLI(t, "sim", "--faults", "bogus")
	if code != exitUsage || !strings.Contains(errOut, `--faults: item "bogus"`) || strings.Contains(errOut, "faults: faults") {
		t.Errorf("sim --faults bogus: exit %d, %q", code, errOut)
	}
}

// Issue 23 item 22: a mistake inside a table is reported on its own line,
// not on the table's header line.
func TestConfigErrorOnItsLine(t *testing.T) {
	for _, body := range []string{
		"[line_colors]\n\"1\" = \"#ff0000\"\n\n\"2\" = \"red\"\n",
		"[delay]\nslight = 2\n\nlate = -5\n",
		"[layouts.x]\nhours = \"07:00-09:00\"\n\nboards = []\n",
	} {
		code, _, errOut := runCLI(t, "--config", writeConfig(t, body), "config")
		if code == exitOK || !strings.Contains(errOut, "config.toml:4:") {
			t.Errorf("a mistake on line 4 of\n%s\nreported as: exit %d, %q", body, code, errOut)
		}
	}
}
