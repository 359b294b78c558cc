package main

import (
	"strings"
	"testing"
)

// `abfahrt stops` ends with the same status for a query that matches
// nothing whether it prints a table or JSON: it was 1 for the table and
// 0 for --json, so a script's test of the status depended on the format.
// JSON still prints an empty list for its parser.
func TestStopsNoMatchSameStatusInBothFormats(t *testing.T) {
	code, out, errs := runCLI(t, "stops", "zzzzqq")
	if code != exitFailure || out != "" || !strings.Contains(errs, `no stop matches "zzzzqq"`) {
		t.Errorf("table: exit %d, stdout %q, stderr %q; want 1, nothing, the reason", code, out, errs)
	}
	code, out, errs = runCLI(t, "stops", "zzzzqq", "--json")
	if code != exitFailure || strings.TrimSpace(out) != "[]" || !strings.Contains(errs, `no stop matches "zzzzqq"`) {
		t.Errorf("--json: exit %d, stdout %q, stderr %q; want 1, [], the reason", code, out, errs)
	}
	if code, out, _ := runCLI(t, "stops", "ehinger", "--json"); code != exitOK || !strings.Contains(out, "Ehinger Tor") {
		t.Errorf("a match: exit %d, stdout %q", code, out)
	}
}
