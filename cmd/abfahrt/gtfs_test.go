package main

import (
	"archive/zip"
	"path/filepath"
	"strings"
	"testing"
)

// TestGTFSExportWritesAZipQuietlyWhenPiped: abfahrt gtfs export writes
// the static feed with the files a GTFS consumer needs and, its output not
// a terminal, says nothing.
func TestGTFSExportWritesAZipQuietlyWhenPiped(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sim.zip")
	code, stdout, stderr := runCLI(t, "gtfs", "export", "--out", out, "--from", "2026-09-14", "--days", "2")
	if code != exitOK || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and silence", code, stdout, stderr)
	}
	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = zr.Close() }()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	for _, want := range []string{"agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt", "calendar_dates.txt", "shapes.txt", "feed_info.txt"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("%s missing: %v", want, names)
		}
	}
}

// TestGTFSExportRefusesBadFlags: a usage error in one line, exit 2.
func TestGTFSExportRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"gtfs", "export"},
		{"gtfs", "export", "--out", filepath.Join(t.TempDir(), "x.zip"), "--days", "0"},
		{"gtfs", "export", "--out", filepath.Join(t.TempDir(), "x.zip"), "--from", "14.09.2026"},
	} {
		code, _, stderr := runCLI(t, args...)
		if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}
