package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
)

// keptAside returns the one NAME.corrupt-* file of dir.
func keptAside(t *testing.T, dir, name string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, name+".corrupt-2*"))
	if len(m) != 1 {
		t.Fatalf("kept-aside files %v, want one", m)
	}
	return m[0]
}

// pinAndSave presses p and delivers the write's outcome; it returns the
// message of the write.
func (e *testEnv) pinAndSave() grid.PinsSavedMsg {
	e.t.Helper()
	cmd := e.Key("p")
	if cmd == nil {
		e.t.Fatal("p wrote nothing")
	}
	msg, ok := cmd().(grid.PinsSavedMsg)
	if !ok {
		e.t.Fatalf("p: %T, want pinsSavedMsg", msg)
	}
	e.send(msg)
	return msg
}

// filePins returns the stops pinned in the file at path.
func filePins(t *testing.T, path string) []int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc grid.PinsDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []int
	for _, q := range doc.Pins {
		out = append(out, q.Stop)
	}
	return out
}

// TestProgramKeepsUnreadableState runs the real program on the simulation
// with a pins.json and a boards.json that do not parse: both are kept
// aside with their bytes, the status bar says so once, and p then writes a
// new pins.json beside the kept one.
func TestProgramKeepsUnreadableState(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dir := t.TempDir()
		badPins, badBoards := `{"pins": [{"stop": 1240},]}`, `[{"stop": 1008},]`
		for name, body := range map[string]string{grid.PinsFile: badPins, grid.BoardsFile: badBoards} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		clock := sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)
		client := simclient.Client(t, sim.New(sim.Options{Seed: 1, Clock: clock}))
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: client, Now: clock.Now, StateDir: dir}), mu: &mu, views: &views}
		p, stop := runHeadless(t, m, 160, 40)
		time.Sleep(2 * time.Second)
		synctest.Wait()
		mu.Lock()
		last := views[len(views)-1]
		mu.Unlock()
		for _, want := range []string{"pins.json could not be read; kept as pins.json.corrupt-", "boards.json could not be read; kept as boards.json.corrupt-"} {
			if !strings.Contains(last, want) {
				t.Errorf("the status bar does not say %q:\n%s", want, lastLines(last, 2))
			}
		}
		p.Send(keyMsg("p"))
		time.Sleep(2 * time.Second)
		synctest.Wait()
		stop(2 * feeds.DefaultInterval)

		if got := filePins(t, filepath.Join(dir, grid.PinsFile)); !slices.Equal(got, []int{app.DefaultStop}) {
			t.Errorf("pins.json after p: %v", got)
		}
		for name, body := range map[string]string{grid.PinsFile: badPins, grid.BoardsFile: badBoards} {
			if data, _ := os.ReadFile(keptAside(t, dir, name)); string(data) != body {
				t.Errorf("%s kept as %q, want %q", name, data, body)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if last := views[len(views)-1]; strings.Contains(last, "could not be read") || !strings.Contains(last, "pinned") {
			t.Errorf("after p:\n%s", lastLines(last, 2))
		}
	})
}
