// Package statefile keeps small JSON files that several abfahrt instances
// share in the state directory (pins.json, boards.json) without losing
// what a user saved in them:
//
//   - Reads are bounded (MaxSize). A file that cannot be read or does not
//     decode is never overwritten: it is moved aside to
//     NAME.corrupt-<UTC time> and the caller is told once (a Problem). If
//     it cannot be moved either, it is left in place and never written.
//   - Writes are atomic (a temporary file NAME.tmp-* in the same
//     directory, synced, then renamed over the file) and happen under an
//     advisory lock (NAME.lock) around read, change and write, so that
//     changes of concurrent instances are merged, not overwritten: Update
//     re-reads the file and applies the caller's change to what is there.
//   - Temporary files an interrupted save left behind (older than a
//     minute, so not those of a save running now) are removed on Load.
//
// The package knows nothing of what the files hold; the caller's change
// function decides how its edits merge with the file's content.
package statefile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// MaxSize is the largest state file read (1 MiB); a larger one is treated
// as unreadable and moved aside.
const MaxSize = 1 << 20

// orphanAge is how old a temporary file must be to count as left behind
// by an interrupted save.
const orphanAge = time.Minute

// lockWait is how long Update waits for another instance's lock.
const lockWait = 5 * time.Second

// File is one state file.
type File struct {
	path string

	// Replaceable in tests.
	readFile func(path string) ([]byte, error)
	rename   func(from, to string) error
	now      func() time.Time
}

// New returns the state file at path.
func New(path string) *File {
	return &File{path: path, readFile: readBounded, rename: os.Rename, now: time.Now}
}

// Problem says that the file could not be used and what became of it.
type Problem struct {
	Name   string // the file's base name, e.g. pins.json
	Err    error  // why it could not be used
	KeptAs string // base name it was moved to; "" = left in place, never written
}

// Error is the problem in one line.
func (p *Problem) Error() string {
	if p.KeptAs != "" {
		return fmt.Sprintf("%s could not be read (%v); kept as %s", p.Name, p.Err, p.KeptAs)
	}
	return fmt.Sprintf("%s could not be read (%v); left as it is and not written", p.Name, p.Err)
}

// Unwrap returns the cause.
func (p *Problem) Unwrap() error { return p.Err }

// ErrTooLarge is a file above MaxSize.
var ErrTooLarge = errors.New("larger than 1 MiB")

// ErrKept is an Update refused because the file could not be read nor
// moved aside: writing it would destroy what it holds.
var ErrKept = errors.New("could not be read and is kept as it is")

// readBounded reads at most MaxSize bytes of path.
func readBounded(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = fh.Close() }()
	data, err := io.ReadAll(io.LimitReader(fh, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, ErrTooLarge
	}
	return data, nil
}

// Load reads the file into a T, which check may reject; a missing file is
// the zero T. A file that cannot be read, decoded or checked is moved
// aside and reported; the T is then the zero T. Load also removes the
// temporary files of interrupted saves.
func Load[T any](f *File, check func(*T) error) (T, *Problem) {
	f.removeOrphans()
	unlock, err := lock(f.path)
	if err == nil {
		defer unlock()
	}
	v, prob, _ := read(f, check)
	return v, prob
}

// Update changes the file under the lock: it reads what the file holds
// now (the zero T if it is missing; an unreadable file is moved aside as
// by Load and reported), passes it to change, and writes the result
// atomically. It returns what it wrote. If the file can be neither read
// nor moved aside, nothing is written and the error is ErrKept.
func Update[T any](f *File, check func(*T) error, change func(*T)) (T, *Problem, error) {
	var zero T
	dir := filepath.Dir(f.path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return zero, nil, err
	}
	unlock, err := lock(f.path)
	if err != nil {
		return zero, nil, err
	}
	defer unlock()
	v, prob, ok := read(f, check)
	if !ok {
		return zero, prob, fmt.Errorf("%s %w", filepath.Base(f.path), ErrKept)
	}
	change(&v)
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return zero, prob, err
	}
	if err := writeAtomic(f.path, append(data, '\n')); err != nil {
		return zero, prob, err
	}
	return v, prob, nil
}

// read reads and decodes the file, moving it aside if it is unusable; ok
// is false when it is unusable and could not be moved (then it must not
// be written).
func read[T any](f *File, check func(*T) error) (v T, prob *Problem, ok bool) {
	data, err := f.readFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return v, nil, true
	}
	if err == nil {
		err = json.Unmarshal(data, &v)
		if err == nil && check != nil {
			err = check(&v)
		}
		if err == nil {
			return v, nil, true
		}
	}
	var zero T
	prob, ok = f.setAside(err)
	return zero, prob, ok
}

// setAside moves the unusable file to NAME.corrupt-<UTC time>.
func (f *File) setAside(cause error) (*Problem, bool) {
	name := filepath.Base(f.path)
	prob := &Problem{Name: name, Err: cause}
	stamp := f.now().UTC().Format("20060102T150405Z")
	for i := 1; i <= 100; i++ {
		to := f.path + ".corrupt-" + stamp
		if i > 1 {
			to += fmt.Sprintf("-%d", i)
		}
		if _, err := os.Lstat(to); err == nil {
			continue
		}
		err := f.rename(f.path, to)
		if err == nil {
			prob.KeptAs = filepath.Base(to)
			return prob, true
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, true // another instance moved it meanwhile
		}
		return prob, false
	}
	return prob, false
}

// removeOrphans removes temporary files of saves that did not finish:
// NAME.tmp-* (and .STEM-*.EXT, the names of earlier versions) older than
// a minute.
func (f *File) removeOrphans() {
	dir, name := filepath.Split(f.path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	ext := filepath.Ext(name)
	old := "." + strings.TrimSuffix(name, ext) + "-"
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, name+".tmp-") && (!strings.HasPrefix(n, old) || !strings.HasSuffix(n, ext)) {
			continue
		}
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && f.now().Sub(info.ModTime()) > orphanAge {
			_ = os.Remove(filepath.Join(dir, n))
		}
	}
}

// writeAtomic writes data to path through a temporary file in the same
// directory, synced, then renamed over the old one.
func writeAtomic(path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
