package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Issue 23 item 21: every umlaut example the README gives for the search
// finds a stop with `abfahrt stops`, and a station named with its town
// ("ulm hbf", "Hauptbahnhof Ulm") finds Hauptbahnhof first.
func TestStopsFindsTheREADMEExamples(t *testing.T) {
	readme, err := os.ReadFile("../../docs/riders.md")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`umlaut-insensitive: ([^)]*)\)`).FindSubmatch(readme)
	if line == nil {
		t.Fatal("README: no umlaut-insensitive examples for the search")
	}
	examples := regexp.MustCompile("`([^`]+)`").FindAllSubmatch(line[1], -1)
	if len(examples) == 0 {
		t.Fatalf("README: no examples in %q", line[1])
	}
	for _, ex := range examples {
		q := string(ex[1])
		code, out, errOut := runCLI(t, "stops", q)
		if code != exitOK || !strings.Contains(out, "STOP") {
			t.Errorf("abfahrt stops %s (README's example): exit %d, %q %q", q, code, out, errOut)
		}
	}
	for _, q := range []string{"ulm hbf", "Hauptbahnhof Ulm"} {
		code, out, errOut := runCLI(t, "stops", q, "--limit", "3")
		rows := strings.Split(strings.TrimSpace(out), "\n")
		if code != exitOK || len(rows) < 2 || !strings.Contains(rows[1], "Hauptbahnhof") {
			t.Errorf("abfahrt stops %s: exit %d, %q %q; want Hauptbahnhof first", q, code, out, errOut)
		}
	}
}
