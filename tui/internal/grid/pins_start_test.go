package grid

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"abfahrt/feed"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Pins and watched boards from the keys to the next start, and a stop
// the service does not know (these tests lived in the root package and
// reached into its board side).

// TestPins: p pins the stop into StateDir/pins.json; a new start without
// a stop shows the pins with their next departure; 1 opens the first.
func TestPins(t *testing.T) {
	dir := t.TempDir()
	r := newRig(t, nil, onStop(dir, 1350))
	r.view(120, 40)
	save, _ := r.key("p")
	if save == nil {
		t.Fatal("p saved nothing")
	}
	if msg, ok := pinsSaved(save); !ok || msg.Err != nil {
		t.Fatalf("p: write %v, %v", ok, msg.Err)
	}
	data, err := os.ReadFile(filepath.Join(dir, PinsFile))
	if err != nil || !strings.Contains(string(data), `"stop": 1350`) {
		t.Fatalf("pins.json: %s, %v", data, err)
	}
	// A second start, with no stop: the strip lists the pin (the start
	// loads pins.json and polls the strip's feeds).
	r2 := newRig(t, nil, inDir(dir))
	f := r2.d.Pins.Feeds
	if len(f) != 1 {
		t.Fatalf("%d strip feeds, want 1", len(f))
	}
	r2.pollFeed(f[0])
	if v := r2.view(120, 40); !strings.Contains(v, "★1 Ehinger Tor") || !strings.Contains(v, "Söflingen") {
		t.Errorf("the start screen does not show the pin with its next departure:\n%s", v)
	}
	// 1 opens the pin's board on the strip's feed: its rows at once, no
	// second poll of the stop.
	cmd, a := r2.key("1")
	r2.run(cmd)
	if a.Open != nil { // the root opens what the key asks for
		r2.run(r2.d.OpenBoard(r2.frame(), *a.Open))
	}
	if b := r2.d.Grid.Focused(); b.Subject.Stop != 1350 {
		t.Errorf("1 opened stop %d, want 1350", b.Subject.Stop)
	}
	if len(r2.d.Grid.Focused().Rows(r2.frame())) == 0 {
		t.Error("the pinned stop's board waits for a poll of its own")
	}
	// Unpin: the file is rewritten.
	cmd, _ = r2.key("p")
	if msg, ok := pinsSaved(cmd); !ok || msg.Err != nil {
		t.Fatalf("unpin: write %v, %v", ok, msg.Err)
	}
	data, _ = os.ReadFile(filepath.Join(dir, PinsFile))
	if strings.Contains(string(data), "1350") {
		t.Errorf("unpinned stop still in pins.json: %s", data)
	}
}

// A board of a stop the service does not know offers no key to watch or
// pin it: `abfahrt --stop 9999` said "Stop 9999 does not exist" above
// "w watch · p pin stop", and p kept a pin to a stop that is not there.
func TestUnknownStopCannotBePinnedOrWatched(t *testing.T) {
	src := newFake()
	src.SetErr(&feed.NotFoundError{Status: "no stop found", Subject: "StopNumber 1008"})
	r := newRigOn(t, src, nil, nil)
	v := strings.Join(plainLines(r.view(100, 22)), "\n")
	if !strings.Contains(v, "does not exist") {
		t.Fatalf("the board does not say the stop does not exist:\n%s", v)
	}
	hs, _ := r.d.Hints(r.frame())
	var foot string
	for _, h := range hs {
		foot += h.Show + " " + h.Desc + " · "
	}
	for _, bad := range []string{"watch", "pin stop"} {
		if strings.Contains(foot, bad) {
			t.Errorf("the hint offers %q for a stop that does not exist: %q", bad, foot)
		}
	}
	r.press("p")
	r.press("w")
	pin, _ := r.d.FocusedPin(r.sh.Texts)
	if r.d.Pins.Has(pin) || r.d.Grid.Len() > 1 {
		t.Errorf("p or w kept a stop that does not exist (pinned %v, boards %d)", r.d.Pins.Has(pin), r.d.Grid.Len())
	}
}

// Issue 12 item 2: a grid cell whose filters keep nothing of the answer
// says how many departures it looked at, by line or by its other filters.
func TestGridCellSaysWhenFilterNextRuns(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{Stop: 1008, Lines: []string{"N9"}}, {Stop: 1350, Direction: "Nirgendwo"}}, nil)
	r.poll()
	v := r.view(160, 38)
	n := ui.Itoa(len(r.d.Grid.Boards[0].Raw.Events))
	m := ui.Itoa(len(r.d.Grid.Boards[1].Raw.Events))
	for _, want := range []string{
		"N9 does not run in the next " + n + " departures",
		"nothing matches in the next " + m + " departures",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the grid lacks %q:\n%s", want, v)
		}
	}
}
