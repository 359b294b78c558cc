package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestConfigBombsRefusedCLI: a configuration nested too deep is refused
// by the command line with exit 2 and file:line on stderr.
func TestConfigBombsRefusedCLI(t *testing.T) {
	const n = 10000
	p := writeConfig(t, "theme = \"dark\"\nx = "+strings.Repeat("{a = ", n)+"1"+strings.Repeat("}", n)+"\n")
	code, _, errs := runCLI(t, "--config", p, "config")
	if code != exitUsage || !strings.HasPrefix(errs, "abfahrt: "+p+":2: nested 6 levels deep; the config allows at most 5") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestConfigTooLargeCLI: a file over 1 MiB is refused by the command line
// with its size.
func TestConfigTooLargeCLI(t *testing.T) {
	body := "# " + strings.Repeat("x", 2<<20) + "\n"
	p := writeConfig(t, body)
	code, _, errs := runCLI(t, "--config", p, "config")
	want := "abfahrt: " + p + ": file is " + strconv.Itoa(len(body)) + " bytes; the limit is 1 MiB"
	if code != exitUsage || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, errs, want)
	}
}
