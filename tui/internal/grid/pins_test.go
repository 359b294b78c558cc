package grid

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"abfahrt/tui/internal/feeds"
)

// filePins reads pins.json.
func filePins(t testing.TB, path string) []Pin {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc PinsDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("pins.json does not parse: %v\n%s", err, data)
	}
	return doc.Pins
}

// writePins writes pins.json in dir.
func writePins(t testing.TB, dir string, pins ...Pin) {
	t.Helper()
	data, err := json.Marshal(PinsDoc{Pins: pins})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, PinsFile), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestPinToggle: p pins the focused board's stop and says so, a second p
// unpins it; each change reaches pins.json.
func TestPinToggle(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, PinsFile)
	r := newRig(t, stopsOver(2), inDir(dir))
	r.d.Grid.Focus = 1 // Ehinger Tor
	if r.d.Pinned(r.sh.Texts) {
		t.Fatal("pinned before any pin")
	}
	r.sh.Notice = r.d.togglePin(r.frame())
	if !r.d.Pinned(r.sh.Texts) || r.sh.Notice != "pinned Ehinger Tor" {
		t.Errorf("p: pinned %v, notice %q; want Ehinger Tor pinned", r.d.Pinned(r.sh.Texts), r.sh.Notice)
	}
	r.run(r.d.Pins.SaveCmd())
	if got := filePins(t, path); len(got) != 1 || got[0].Stop != 1350 || got[0].Name != "Ehinger Tor" {
		t.Errorf("pins.json holds %+v, want Ehinger Tor", got)
	}
	r.d.Grid.Focus = 0 // another board's stop is not pinned
	if r.d.Pinned(r.sh.Texts) {
		t.Error("Hauptbahnhof reads as pinned")
	}
	r.d.Grid.Focus = 1
	r.sh.Notice = r.d.togglePin(r.frame())
	if r.d.Pinned(r.sh.Texts) || r.sh.Notice != "unpinned Ehinger Tor" {
		t.Errorf("second p: pinned %v, notice %q; want Ehinger Tor unpinned", r.d.Pinned(r.sh.Texts), r.sh.Notice)
	}
	r.run(r.d.Pins.SaveCmd())
	if got := filePins(t, path); len(got) != 0 {
		t.Errorf("pins.json holds %+v after unpinning, want none", got)
	}
}

// TestPinStripAbovePlainBoard: at the start with no stop given the pins
// saved before list above the plain board, each with its next departure;
// the board keeps the rest of the rectangle. The grid's cells have no
// strip, and the strip's polls end meanwhile.
func TestPinStripAbovePlainBoard(t *testing.T) {
	dir := t.TempDir()
	writePins(t, dir, Pin{Stop: 1350, Name: "Ehinger Tor"}, Pin{Stop: 1240, Name: "Theater"})
	r := newRig(t, nil, inDir(dir))
	r.poll()
	if !r.d.isPlain() || r.d.Pins.stripCount() != 2 {
		t.Fatalf("plain %v with a strip of %d pins, want the plain board and 2", r.d.isPlain(), r.d.Pins.stripCount())
	}
	w, h := 120, 30
	v := r.view(w, h)
	checkFits(t, "strip", v, w, h)
	lines := plainLines(v)
	// Ehinger Tor's next departure is line 2 to Science Park II in 20 s;
	// Theater's line 2 to Kuhberg, due now (its board is two minutes later).
	if !strings.HasPrefix(lines[0], " ★1 Ehinger Tor") || !strings.Contains(lines[0], "Science Park II") {
		t.Errorf("strip line 1: %q, want Ehinger Tor's next departure", lines[0])
	}
	if !strings.HasPrefix(lines[1], " ★2 Theater") || !strings.Contains(lines[1], "Kuhberg Schulzentrum") {
		t.Errorf("strip line 2: %q, want Theater's next departure", lines[1])
	}
	if !strings.Contains(strings.Join(lines[2:4], "\n"), "Hauptbahnhof") {
		t.Errorf("the board does not follow the strip:\n%s", strings.Join(lines[:5], "\n"))
	}
	if p, ok := r.d.Pins.At(2); !ok || p.Stop != 1240 {
		t.Errorf("pin 2 on the strip: %+v %v, want Theater", p, ok)
	}
	if _, ok := r.d.Pins.At(3); ok {
		t.Error("a third pin on a strip of two")
	}

	// Watching the plain board shows the grid's cells: no strip, and the
	// pins' feeds no one else shows end.
	if n := r.d.Grid.WatchOpen(r.sh.DispatchTexts); n != "" {
		t.Fatalf("w: %q", n)
	}
	r.run(r.d.SyncStrip())
	v = r.view(w, h)
	checkFits(t, "cells", v, w, h)
	if strings.Contains(v, "★") || r.d.Pins.stripCount() != 0 {
		t.Errorf("the strip shows over the grid's cells:\n%s", strings.Join(plainLines(v)[:3], "\n"))
	}
	for _, s := range []int{1350, 1240} {
		if f := r.sh.Reg.Entries[feeds.BoardFeed(feeds.Subject{Stop: s})]; f != nil {
			t.Errorf("stop %d still polled for the hidden strip", s)
		}
	}
}

// TestPinStripHeight: the strip lists at most five pins and leaves the
// board at least eight lines.
func TestPinStripHeight(t *testing.T) {
	dir := t.TempDir()
	var pins []Pin
	for i := range 7 {
		pins = append(pins, Pin{Stop: 1350 + i, Name: "Pin " + strconv.Itoa(i+1)})
	}
	writePins(t, dir, pins...)
	r := newRig(t, nil, inDir(dir))
	for _, c := range []struct{ h, strip int }{{40, 5}, {12, 4}, {9, 1}, {8, 0}} {
		v := r.view(100, c.h)
		checkFits(t, "strip", v, 100, c.h)
		got := strings.Count(v, "★")
		if got != c.strip || r.d.Pins.stripH != c.strip {
			t.Errorf("height %d: %d pins on the strip (stripH %d), want %d", c.h, got, r.d.Pins.stripH, c.strip)
		}
	}
	if n := len(r.d.Pins.Feeds); n != 5 {
		t.Errorf("%d strip feeds for 7 pins, want the 5 listed", n)
	}
}

// TestPinsCorruptFile: a pins.json that does not parse is kept aside and
// reported in the status bar; pinning still works and writes a new file.
func TestPinsCorruptFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, PinsFile)
	if err := os.WriteFile(path, []byte(`{"pins": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := newRig(t, nil, inDir(dir))
	if !strings.Contains(r.sh.Notice, "pins.json could not be read; kept as pins.json.corrupt-") {
		t.Errorf("notice %q, want the file kept aside", r.sh.Notice)
	}
	r.sh.Notice = r.d.togglePin(r.frame())
	r.run(r.d.Pins.SaveCmd())
	if got := filePins(t, path); len(got) != 1 || got[0].Stop != 1008 {
		t.Errorf("pins.json holds %+v, want Hauptbahnhof", got)
	}
	kept, _ := filepath.Glob(path + ".corrupt-*")
	if len(kept) != 1 {
		t.Fatalf("kept files %v, want one", kept)
	}
	if data, _ := os.ReadFile(kept[0]); string(data) != `{"pins": [` {
		t.Errorf("the kept file holds %q", data)
	}
}
