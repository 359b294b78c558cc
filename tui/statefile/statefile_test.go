package statefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var stamp = time.Date(2026, 11, 22, 21, 5, 1, 0, time.UTC)

func newFile(t *testing.T) (*File, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "pins.json")
	f := New(p)
	f.now = func() time.Time { return stamp }
	return f, p
}

type doc struct {
	Items []string `json:"items"`
}

func add(s string) func(*doc) {
	return func(d *doc) {
		if !slices.Contains(d.Items, s) {
			d.Items = append(d.Items, s)
		}
	}
}

func write(t *testing.T, p, body string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestLoadMissingIsEmpty(t *testing.T) {
	f, _ := newFile(t)
	v, prob := Load[doc](f, nil)
	if prob != nil || v.Items != nil {
		t.Errorf("%+v, %v", v, prob)
	}
}

// TestUnparsableKeptAside: a file with one trailing comma is moved aside
// with its bytes, reported, and the next save writes a new file beside it.
func TestUnparsableKeptAside(t *testing.T) {
	f, p := newFile(t)
	bad := `{"items": ["a", "b",]}`
	write(t, p, bad)
	v, prob := Load[doc](f, nil)
	if prob == nil || prob.KeptAs != "pins.json.corrupt-20261122T210501Z" || len(v.Items) != 0 {
		t.Fatalf("%+v, %v", v, prob)
	}
	if !strings.HasPrefix(prob.Error(), "pins.json could not be read (") || !strings.HasSuffix(prob.Error(), "kept as pins.json.corrupt-20261122T210501Z") {
		t.Errorf("problem reads %q", prob.Error())
	}
	if _, _, err := Update(f, nil, add("c")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p + ".corrupt-20261122T210501Z"); string(got) != bad {
		t.Errorf("set aside %q, want the original %q", got, bad)
	}
	if v, prob := Load[doc](f, nil); prob != nil || !slices.Equal(v.Items, []string{"c"}) {
		t.Errorf("after the save: %+v, %v", v, prob)
	}
	// A second bad file in the same second does not replace the first.
	write(t, p, "[")
	if _, prob := Load[doc](f, nil); prob == nil || prob.KeptAs != "pins.json.corrupt-20261122T210501Z-2" {
		t.Errorf("second: %v", prob)
	}
	if got, _ := os.ReadFile(p + ".corrupt-20261122T210501Z"); string(got) != bad {
		t.Errorf("the first set-aside file was replaced: %q", got)
	}
}

// TestUnreadableKeptAside: a file that cannot be read (here a directory
// in its place, which even root cannot read as a file) or is too large
// is moved aside; a rejected content too.
func TestUnreadableKeptAside(t *testing.T) {
	cases := map[string]func(p string){
		"directory":   func(p string) { _ = os.Mkdir(p, 0o700) },
		"too large":   func(p string) { write(t, p, `{"items": ["`+strings.Repeat("x", MaxSize)+`"]}`) },
		"rejected":    func(p string) { write(t, p, `{"items": ["", "a"]}`) },
		"wrong shape": func(p string) { write(t, p, `[1, 2]`) },
	}
	check := func(d *doc) error {
		if slices.Contains(d.Items, "") {
			return errors.New("empty item")
		}
		return nil
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			f, p := newFile(t)
			setup(p)
			_, prob := Load(f, check)
			if prob == nil || prob.KeptAs == "" {
				t.Fatalf("%v", prob)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(p), prob.KeptAs)); err != nil {
				t.Error(err)
			}
			if name == "too large" && !errors.Is(prob, ErrTooLarge) {
				t.Errorf("%v is not ErrTooLarge", prob)
			}
		})
	}
}

// TestUnmovableNeverWritten: a file that can be neither read nor moved
// (one left by sudo in a directory of root's) is reported, left in place
// and never written. Read and rename are injected so that this runs as
// root too.
func TestUnmovableNeverWritten(t *testing.T) {
	f, p := newFile(t)
	write(t, p, `{"items": ["root's"]}`)
	denied := &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
	f.readFile = func(string) ([]byte, error) { return nil, denied }
	f.rename = func(string, string) error { return &os.LinkError{Op: "rename", Err: syscall.EACCES} }
	_, prob := Load[doc](f, nil)
	if prob == nil || prob.KeptAs != "" || !errors.Is(prob, syscall.EACCES) {
		t.Fatalf("%v", prob)
	}
	if !strings.HasSuffix(prob.Error(), "left as it is and not written") {
		t.Errorf("%q", prob.Error())
	}
	if _, _, err := Update(f, nil, add("mine")); !errors.Is(err, ErrKept) {
		t.Errorf("update: %v, want ErrKept", err)
	}
	if got, _ := os.ReadFile(p); string(got) != `{"items": ["root's"]}` {
		t.Errorf("overwritten: %s", got)
	}
}

// TestConcurrentInstancesMerge: two instances (two File values, as two
// processes would have) each add their own items at the same time; every
// item is in the file at the end.
func TestConcurrentInstancesMerge(t *testing.T) {
	a, p := newFile(t)
	b := New(p)
	var wg sync.WaitGroup
	for i := range 20 {
		for name, f := range map[string]*File{"a": a, "b": b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := Update(f, nil, add(fmt.Sprint(name, i))); err != nil {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
	v, prob := Load[doc](a, nil)
	if prob != nil || len(v.Items) != 40 {
		t.Errorf("%d items (%v), want 40: %v", len(v.Items), prob, v.Items)
	}
}

// TestOrphansRemoved: temporary files of an interrupted save older than a
// minute are removed on load; a fresh one (a save running now) and other
// files stay.
func TestOrphansRemoved(t *testing.T) {
	f, p := newFile(t)
	dir := filepath.Dir(p)
	old := stamp.Add(-2 * time.Minute)
	for _, n := range []string{"pins.json.tmp-123", ".pins-456.json", "pins.json.tmp-fresh", "boards.json.tmp-1", "pins.json.corrupt-x"} {
		write(t, filepath.Join(dir, n), "{")
		at := old
		if n == "pins.json.tmp-fresh" {
			at = stamp
		}
		if err := os.Chtimes(filepath.Join(dir, n), at, at); err != nil {
			t.Fatal(err)
		}
	}
	Load[doc](f, nil)
	var left []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		left = append(left, e.Name())
	}
	want := []string{"boards.json.tmp-1", "pins.json.corrupt-x", "pins.json.lock", "pins.json.tmp-fresh"}
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
}

// TestUpdateLeavesNoTemporary: a save leaves the file and its lock only.
func TestUpdateLeavesNoTemporary(t *testing.T) {
	f, p := newFile(t)
	if _, _, err := Update(f, nil, add("x")); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(filepath.Dir(p))
	if len(ents) != 2 {
		t.Errorf("files %v, want pins.json and pins.json.lock", ents)
	}
}
