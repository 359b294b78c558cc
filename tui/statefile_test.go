package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/statefile"
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

// TestPinsUnreadableKeptAside: a pins.json with a trailing comma, or
// one that cannot be read at all (a directory in its place, which root
// cannot read either), is kept aside with its bytes and reported once;
// the next p writes a new file and the kept one is untouched.
func TestPinsUnreadableKeptAside(t *testing.T) {
	for name, setup := range map[string]func(path string) error{
		"trailing comma": func(path string) error {
			return os.WriteFile(path, []byte(`{"pins": [{"stop": 1240, "name": "Theater"},]}`), 0o600)
		},
		"unreadable": func(path string) error { return os.Mkdir(path, 0o700) },
		"too large": func(path string) error {
			return os.WriteFile(path, []byte(`{"pins": [], "x": "`+strings.Repeat("x", statefile.MaxSize)+`"}`), 0o600)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, grid.PinsFile)
			if err := setup(path); err != nil {
				t.Fatal(err)
			}
			e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1350}} })
			e.send(e.m.disp.Pins.LoadCmd()())
			if v := e.m.View(); !strings.Contains(v, "pins.json could not be read; kept as pins.json.corrupt-20") {
				t.Errorf("no report of the unreadable file:\n%s", lastLines(v, 2))
			}
			if len(e.m.disp.Pins.Items) != 0 {
				t.Error("pins from an unreadable file")
			}
			kept := keptAside(t, dir, grid.PinsFile)
			before, _ := os.ReadFile(kept)
			if msg := e.pinAndSave(); msg.Err != nil || msg.Problem != nil {
				t.Fatalf("save: %v, %v", msg.Err, msg.Problem)
			}
			if v := e.m.View(); strings.Contains(v, "could not be read") {
				t.Errorf("reported again:\n%s", lastLines(v, 2))
			}
			if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), `"stop": 1350`) {
				t.Errorf("pins.json after p: %s, %v", data, err)
			}
			if after, _ := os.ReadFile(kept); string(after) != string(before) {
				t.Error("the kept file changed")
			}
		})
	}
}

// TestPinsLeftInPlaceNotWritten: a file that could be neither read nor
// kept aside (statefile's tests make one) is reported and p never writes.
func TestPinsLeftInPlaceNotWritten(t *testing.T) {
	dir := t.TempDir()
	e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1350}} })
	e.send(grid.PinsMsg{Problem: &statefile.Problem{Name: grid.PinsFile, Err: os.ErrPermission}})
	if v := e.m.View(); !strings.Contains(v, "pins.json could not be read; left as it is, changes are not saved") {
		t.Errorf("no report:\n%s", lastLines(v, 2))
	}
	if cmd := e.Key("p"); cmd != nil {
		if _, ok := cmd().(grid.PinsSavedMsg); ok {
			t.Error("p wrote the file")
		}
	}
	if !e.m.disp.Pins.Has(grid.Pin{Stop: 1350}) {
		t.Error("p did not pin for this session")
	}
	// Found unreadable and unmovable only at a save: no more writes.
	e2 := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = t.TempDir(); o.Boards = []app.BoardSpec{{Stop: 1350}} })
	if e2.Key("p") == nil {
		t.Fatal("p wrote nothing")
	}
	e2.send(grid.PinsSavedMsg{Sent: 1, Err: fmt.Errorf("pins.json %w", statefile.ErrKept)})
	if cmd := e2.Key("p"); cmd != nil {
		if _, ok := cmd().(grid.PinsSavedMsg); ok {
			t.Error("p wrote the file after it was found unreadable")
		}
	}
}

// TestPinsTwoInstances: two instances pin a stop each at the same time;
// both pins are in the file. An unpin in one keeps the other's pin.
func TestPinsTwoInstances(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, grid.PinsFile)
	var envs []*testEnv
	for _, stop := range []int{1350, 1008} {
		e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: stop}} })
		e.send(e.m.disp.Pins.LoadCmd()())
		envs = append(envs, e)
	}
	cmds := []tea.Cmd{envs[0].Key("p"), envs[1].Key("p")}
	msgs := make([]tea.Msg, 2)
	var wg sync.WaitGroup
	for i, cmd := range cmds {
		wg.Add(1)
		go func() { defer wg.Done(); msgs[i] = cmd() }()
	}
	wg.Wait()
	for i, msg := range msgs {
		if m := msg.(grid.PinsSavedMsg); m.Err != nil {
			t.Fatal(m.Err)
		}
		envs[i].send(msg)
	}
	if got := filePins(t, path); !slices.Equal(got, []int{1350, 1008}) && !slices.Equal(got, []int{1008, 1350}) {
		t.Fatalf("pins.json has %v, want both 1350 and 1008", got)
	}
	if msg := envs[0].pinAndSave(); msg.Err != nil { // unpin 1350
		t.Fatal(msg.Err)
	}
	if got := filePins(t, path); !slices.Equal(got, []int{1008}) {
		t.Errorf("after unpinning 1350 in the first: %v, want [1008]", got)
	}
}

// TestPinsWritesInOrder: one write at a time; p pressed twice while the
// first write runs (pin, unpin) ends unpinned in the file.
func TestPinsWritesInOrder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, grid.PinsFile)
	e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1350}} })
	first := e.Key("p")
	if second := e.Key("p"); second != nil {
		if _, ok := second().(grid.PinsSavedMsg); ok {
			t.Fatal("a second write while one is in flight")
		}
	}
	next := e.send(first())
	if got := filePins(t, path); !slices.Equal(got, []int{1350}) {
		t.Errorf("after the first write: %v", got)
	}
	if next == nil {
		t.Fatal("the unpin made meanwhile is not written")
	}
	if e.send(next()) != nil {
		t.Error("a third write")
	}
	if got := filePins(t, path); len(got) != 0 {
		t.Errorf("after both writes: %v, want none", got)
	}
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

// pinsJSON is a pins.json of n pins, each a different stop, and the one
// of the first pin again at the end.
func pinsJSON(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"pins":[`)
	for i := range n {
		fmt.Fprintf(&b, `{"stop":%d},`, 10000+i)
	}
	b.WriteString(`{"stop":10000}]}`)
	return []byte(b.String())
}

// TestPinsCapped: 50,000 pins (which froze the board for 13 s) load as
// the first maxPins, said once; one more p says the pins are full.
func TestPinsCapped(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, grid.PinsFile), pinsJSON(50000), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1350}} })
	msg := e.m.disp.Pins.LoadCmd()().(grid.PinsMsg)
	if len(msg.Pins) != grid.MaxPins || msg.Total != 50000 || msg.Pins[0].Stop != 10000 || msg.Pins[grid.MaxPins-1].Stop != 10000+grid.MaxPins-1 {
		t.Fatalf("loaded %d of %d", len(msg.Pins), msg.Total)
	}
	e.send(msg)
	if v := e.m.View(); !strings.Contains(v, "pins.json: only the first 200 of 50000 are used") {
		t.Errorf("no report of the cap:\n%s", lastLines(v, 2))
	}
	if cmd := e.Key("p"); cmd != nil {
		t.Error("p wrote a 201st pin")
	}
	if v := e.m.View(); !strings.Contains(v, "at most 200 pins") {
		t.Errorf("p on full pins:\n%s", lastLines(v, 2))
	}
}

// TestBoardsCapped: a boards.json with more boards than the grid holds
// opens the first MaxBoards and says so.
func TestBoardsCapped(t *testing.T) {
	dir := t.TempDir()
	var saved []app.BoardSpec
	for i := range 40 {
		saved = append(saved, app.BoardSpec{Stop: 1008, Lines: []string{fmt.Sprint(i)}}, app.BoardSpec{Stop: 1008, Lines: []string{fmt.Sprint(i)}})
	}
	data, _ := json.Marshal(saved)
	if err := os.WriteFile(filepath.Join(dir, grid.BoardsFile), data, 0o600); err != nil {
		t.Fatal(err)
	}
	e := newGridEnv(t, 160, 48, nil, func(o *app.Options) { o.StateDir = dir })
	e.send(e.m.disp.Boards.LoadCmd()())
	if n := e.m.disp.Grid.Len(); n != app.MaxBoards {
		t.Errorf("%d boards, want %d", n, app.MaxBoards)
	}
	if v := e.m.View(); !strings.Contains(v, "boards.json: only the first 16 of 40 are used") {
		t.Errorf("no report of the cap:\n%s", lastLines(v, 2))
	}
}

// BenchmarkLoadPins50k loads a pins.json of 50,000 pins.
func BenchmarkLoadPins50k(b *testing.B) {
	path := filepath.Join(b.TempDir(), grid.PinsFile)
	if err := os.WriteFile(path, pinsJSON(50000), 0o600); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if msg := grid.LoadPins(path); len(msg.Pins) != grid.MaxPins {
			b.Fatal(len(msg.Pins))
		}
	}
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
