package grid

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/statefile"
)

// pins.json and boards.json as the keys and a start meet them (these
// tests lived in the root package and reached into its board side).

// onStop sets a rig's state directory and its one board, the stop.
func onStop(dir string, stop int) func(*app.Options) {
	return func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: stop}} }
}

// pinsSaved runs cmd (a key's commands: the write of pins.json and the
// strip's first polls, none of them a timer) and returns the answer of
// the write it holds, and whether it holds one.
func pinsSaved(cmd tea.Cmd) (PinsSavedMsg, bool) {
	if cmd == nil {
		return PinsSavedMsg{}, false
	}
	switch msg := cmd().(type) {
	case PinsSavedMsg:
		return msg, true
	case tea.BatchMsg:
		for _, c := range msg {
			if s, ok := pinsSaved(c); ok {
				return s, true
			}
		}
	}
	return PinsSavedMsg{}, false
}

// send hands the board side msg as the root does, and returns the
// command it gives back, not run.
func (r *rig) send(msg tea.Msg) tea.Cmd {
	r.t.Helper()
	cmd, a, _ := r.d.Update(r.frame(), msg)
	app.AddNotice(r.sh, a.Notice)
	return cmd
}

// pinAndSave presses p and delivers the write's outcome; it returns the
// message of the write.
func (r *rig) pinAndSave() PinsSavedMsg {
	r.t.Helper()
	cmd, a := r.key("p")
	app.AddNotice(r.sh, a.Notice)
	if cmd == nil {
		r.t.Fatal("p wrote nothing")
	}
	msg, ok := pinsSaved(cmd)
	if !ok {
		r.t.Fatal("p: no write of pins.json")
	}
	r.send(msg)
	return msg
}

// pinnedStops returns the stops pinned in the file at path.
func pinnedStops(t *testing.T, path string) []int {
	t.Helper()
	var out []int
	for _, q := range filePins(t, path) {
		out = append(out, q.Stop)
	}
	return out
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
			path := filepath.Join(dir, PinsFile)
			if err := setup(path); err != nil {
				t.Fatal(err)
			}
			r := newRig(t, nil, onStop(dir, 1350)) // its start loads pins.json
			r.view(120, 40)
			if !strings.Contains(r.sh.Notice, "pins.json could not be read; kept as pins.json.corrupt-20") {
				t.Errorf("no report of the unreadable file: %q", r.sh.Notice)
			}
			if len(r.d.Pins.Items) != 0 {
				t.Error("pins from an unreadable file")
			}
			kept := keptAside(t, dir, PinsFile)
			before, _ := os.ReadFile(kept)
			if msg := r.pinAndSave(); msg.Err != nil || msg.Problem != nil {
				t.Fatalf("save: %v, %v", msg.Err, msg.Problem)
			}
			if strings.Contains(r.sh.Notice, "could not be read") {
				t.Errorf("reported again: %q", r.sh.Notice)
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
	r := newRig(t, nil, onStop(dir, 1350))
	r.view(120, 40)
	r.send(PinsMsg{Problem: &statefile.Problem{Name: PinsFile, Err: os.ErrPermission}})
	if !strings.Contains(r.sh.Notice, "pins.json could not be read; left as it is, changes are not saved") {
		t.Errorf("no report: %q", r.sh.Notice)
	}
	if cmd, _ := r.key("p"); cmd != nil {
		if _, ok := pinsSaved(cmd); ok {
			t.Error("p wrote the file")
		}
	}
	if !r.d.Pins.Has(Pin{Stop: 1350}) {
		t.Error("p did not pin for this session")
	}
	// Found unreadable and unmovable only at a save: no more writes.
	r2 := newRig(t, nil, onStop(t.TempDir(), 1350))
	r2.view(120, 40)
	if cmd, _ := r2.key("p"); cmd == nil {
		t.Fatal("p wrote nothing")
	}
	r2.send(PinsSavedMsg{Sent: 1, Err: fmt.Errorf("pins.json %w", statefile.ErrKept)})
	if cmd, _ := r2.key("p"); cmd != nil {
		if _, ok := pinsSaved(cmd); ok {
			t.Error("p wrote the file after it was found unreadable")
		}
	}
}

// TestPinsTwoInstances: two instances pin a stop each at the same time;
// both pins are in the file. An unpin in one keeps the other's pin.
func TestPinsTwoInstances(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, PinsFile)
	var rigs []*rig
	for _, stop := range []int{1350, 1008} {
		r := newRig(t, nil, onStop(dir, stop))
		r.view(120, 40)
		rigs = append(rigs, r)
	}
	var cmds []tea.Cmd
	for _, r := range rigs {
		cmd, _ := r.key("p")
		cmds = append(cmds, cmd)
	}
	msgs := make([]PinsSavedMsg, 2)
	var wg sync.WaitGroup
	for i, cmd := range cmds {
		wg.Add(1)
		go func() { defer wg.Done(); msgs[i], _ = pinsSaved(cmd) }()
	}
	wg.Wait()
	for i, msg := range msgs {
		if msg.Err != nil {
			t.Fatal(msg.Err)
		}
		rigs[i].send(msg)
	}
	if got := pinnedStops(t, path); !slices.Equal(got, []int{1350, 1008}) && !slices.Equal(got, []int{1008, 1350}) {
		t.Fatalf("pins.json has %v, want both 1350 and 1008", got)
	}
	if msg := rigs[0].pinAndSave(); msg.Err != nil { // unpin 1350
		t.Fatal(msg.Err)
	}
	if got := pinnedStops(t, path); !slices.Equal(got, []int{1008}) {
		t.Errorf("after unpinning 1350 in the first: %v, want [1008]", got)
	}
}

// TestPinsWritesInOrder: one write at a time; p pressed twice while the
// first write runs (pin, unpin) ends unpinned in the file.
func TestPinsWritesInOrder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, PinsFile)
	r := newRig(t, nil, onStop(dir, 1350))
	r.view(120, 40)
	first, _ := r.key("p")
	if second, _ := r.key("p"); second != nil {
		if _, ok := pinsSaved(second); ok {
			t.Fatal("a second write while one is in flight")
		}
	}
	saved, _ := pinsSaved(first)
	next := r.send(saved)
	if got := pinnedStops(t, path); !slices.Equal(got, []int{1350}) {
		t.Errorf("after the first write: %v", got)
	}
	if next == nil {
		t.Fatal("the unpin made meanwhile is not written")
	}
	if r.send(next()) != nil {
		t.Error("a third write")
	}
	if got := pinnedStops(t, path); len(got) != 0 {
		t.Errorf("after both writes: %v, want none", got)
	}
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
	if err := os.WriteFile(filepath.Join(dir, PinsFile), pinsJSON(50000), 0o600); err != nil {
		t.Fatal(err)
	}
	msg := LoadPins(filepath.Join(dir, PinsFile))
	if len(msg.Pins) != MaxPins || msg.Total != 50000 || msg.Pins[0].Stop != 10000 || msg.Pins[MaxPins-1].Stop != 10000+MaxPins-1 {
		t.Fatalf("loaded %d of %d", len(msg.Pins), msg.Total)
	}
	r := newRig(t, nil, onStop(dir, 1350)) // its start loads pins.json
	r.view(120, 40)
	if !strings.Contains(r.sh.Notice, "pins.json: only the first 200 of 50000 are used") {
		t.Errorf("no report of the cap: %q", r.sh.Notice)
	}
	cmd, a := r.key("p")
	if _, ok := pinsSaved(cmd); ok {
		t.Error("p wrote a 201st pin")
	}
	if !strings.Contains(a.Notice, "at most 200 pins") {
		t.Errorf("p on full pins: %q", a.Notice)
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
	if err := os.WriteFile(filepath.Join(dir, BoardsFile), data, 0o600); err != nil {
		t.Fatal(err)
	}
	r := newRig(t, nil, inDir(dir))
	r.view(160, 48)
	r.restore()
	if n := r.d.Grid.Len(); n != app.MaxBoards {
		t.Errorf("%d boards, want %d", n, app.MaxBoards)
	}
	if !strings.Contains(r.sh.Notice, "boards.json: only the first 16 of 40 are used") {
		t.Errorf("no report of the cap: %q", r.sh.Notice)
	}
}

// BenchmarkLoadPins50k loads a pins.json of 50,000 pins.
func BenchmarkLoadPins50k(b *testing.B) {
	path := filepath.Join(b.TempDir(), PinsFile)
	if err := os.WriteFile(path, pinsJSON(50000), 0o600); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if msg := LoadPins(path); len(msg.Pins) != MaxPins {
			b.Fatal(len(msg.Pins))
		}
	}
}
