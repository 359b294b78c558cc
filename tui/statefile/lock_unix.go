//go:build unix

package statefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lock takes the advisory lock NAME.lock of the file at path, waiting up
// to lockWait for another holder, and returns its release.
func lock(path string) (func(), error) {
	fh, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(lockWait)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		err = syscall.Flock(int(fh.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				_ = syscall.Flock(int(fh.Fd()), syscall.LOCK_UN)
				_ = fh.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			_ = fh.Close()
			return nil, err
		}
		if time.Now().After(deadline) {
			_ = fh.Close()
			return nil, fmt.Errorf("%s is locked by another abfahrt", filepath.Base(path))
		}
		time.Sleep(wait)
	}
}
