//go:build e2e

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Issue 23 item 20: a binary built by `make build VERSION=v1.2.3` says so:
// `abfahrt version` and `abfahrt --version` carry the release's version,
// not "devel (…)". `make e2e` builds $ABFAHRT_BIN with its VERSION and
// passes that as $ABFAHRT_VERSION.
func TestE2EReleaseBuildCarriesVersion(t *testing.T) {
	bin, want := os.Getenv("ABFAHRT_BIN"), os.Getenv("ABFAHRT_VERSION")
	if bin == "" || want == "" {
		t.Skip("ABFAHRT_BIN or ABFAHRT_VERSION not set (run make e2e)")
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("abfahrt %s: %v", strings.Join(args, " "), err)
		}
		if got := strings.TrimSpace(string(out)); got != "abfahrt "+want && got != "abfahrt version "+want {
			t.Errorf("abfahrt %s = %q, want the build's version %q", strings.Join(args, " "), got, want)
		}
	}
}
