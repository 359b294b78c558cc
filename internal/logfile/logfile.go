// Package logfile is abfahrt's log file (--log): a text log in the state
// directory that rotates at a size cap, shared safely by several
// processes.
package logfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// FileName is the log's name in the state directory.
const FileName = "abfahrt.log"

// Log rotation: a log reaching logMaxBytes is renamed abfahrt.log.1 (the
// one before becomes abfahrt.log.2, and so on) and a new one begun; at
// most logKeep old logs are kept, so the log never takes more than
// (1+logKeep)×logMaxBytes of the disk, however long a kiosk runs.
const (
	logMaxBytes = 5 << 20
	logKeep     = 2
)

// Open opens (appending) the log file in dir and returns a logger on
// it and the file to close. The board owns the terminal, so logs never go
// to stdout or stderr.
func Open(dir string) (*slog.Logger, io.Closer, error) {
	if dir == "" {
		return nil, nil, fmt.Errorf("no state directory for the log")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("cannot create the log directory: %w", err)
	}
	w, err := openRotating(filepath.Join(dir, FileName), logMaxBytes, logKeep)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot open the log: %w", err)
	}
	return slog.New(slog.NewTextHandler(w, nil)), w, nil
}

// rotatingFile is an append-only file that rotates at a size cap. It is
// safe for concurrent use, and for several processes sharing the file
// (two boards on one state directory): the size is the file's own, and a
// writer whose file another process rotated away reopens the path.
type rotatingFile struct {
	mu   sync.Mutex
	path string
	max  int64 // size cap in bytes
	keep int   // rotated files kept: path.1 … path.keep
	f    *os.File
}

// openRotating opens path for appending, creating it (mode 0600).
func openRotating(path string, maxBytes int64, keep int) (*rotatingFile, error) {
	r := &rotatingFile{path: path, max: maxBytes, keep: keep}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *rotatingFile) open() error {
	f, err := os.OpenFile(r.path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	r.f = f
	return nil
}

// Write appends p, rotating first when p would take the file past the
// cap. A single write larger than the cap goes into a file of its own.
func (r *rotatingFile) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return 0, fs.ErrClosed
	}
	size, err := r.size()
	if err != nil {
		return 0, err
	}
	if size > 0 && size+int64(len(p)) > r.max {
		if err := r.rotate(); err != nil {
			return 0, err
		}
	}
	return r.f.Write(p)
}

// size is the size of the file at path, reopening it if it is no longer
// the file r writes to (another process rotated it).
func (r *rotatingFile) size() (int64, error) {
	cur, err := r.f.Stat()
	if err != nil {
		return 0, err
	}
	at, err := os.Stat(r.path)
	if err == nil && os.SameFile(cur, at) {
		return cur.Size(), nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	_ = r.f.Close()
	r.f = nil
	if err := r.open(); err != nil {
		return 0, err
	}
	cur, err = r.f.Stat()
	if err != nil {
		return 0, err
	}
	return cur.Size(), nil
}

// rotate shifts path.N-1 → path.N … path → path.1, dropping the oldest,
// and starts a new file.
func (r *rotatingFile) rotate() error {
	_ = r.f.Close()
	r.f = nil
	for i := r.keep; i >= 1; i-- {
		from := r.path
		if i > 1 {
			from = r.path + "." + strconv.Itoa(i-1)
		}
		err := os.Rename(from, r.path+"."+strconv.Itoa(i))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if r.keep < 1 {
		if err := os.Remove(r.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return r.open()
}

// Close closes the file; later writes fail.
func (r *rotatingFile) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f = nil
	return err
}
