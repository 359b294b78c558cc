// Package ptytest opens pseudo-terminals for tests that run abfahrt on a
// terminal of their own: one that answers nothing (a serial console), or
// one that goes away. Linux only; the standard library and x/sys suffice.
package ptytest

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// Open returns a new pseudo-terminal pair of w×h cells: the master, which
// plays the terminal (what the program writes arrives there; nothing is
// answered unless the test writes it), and the slave, the program's
// stdin, stdout and stderr.
func Open(w, h int) (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var n int
	rc, err := master.SyscallConn()
	if err == nil {
		cerr := rc.Control(func(fd uintptr) {
			if err = unix.IoctlSetPointerInt(int(fd), unix.TIOCSPTLCK, 0); err != nil {
				return
			}
			n, err = unix.IoctlGetInt(int(fd), unix.TIOCGPTN)
		})
		if err == nil {
			err = cerr
		}
	}
	if err != nil {
		_ = master.Close()
		return nil, nil, fmt.Errorf("ptytest: unlock the pty: %w", err)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		_ = master.Close()
		return nil, nil, err
	}
	ws := &unix.Winsize{Row: uint16(h), Col: uint16(w)} //nolint:gosec // test sizes are small
	if rc, err = slave.SyscallConn(); err == nil {
		cerr := rc.Control(func(fd uintptr) { err = unix.IoctlSetWinsize(int(fd), unix.TIOCSWINSZ, ws) })
		if err == nil {
			err = cerr
		}
	}
	if err != nil {
		_ = master.Close()
		_ = slave.Close()
		return nil, nil, fmt.Errorf("ptytest: set the size: %w", err)
	}
	return master, slave, nil
}

// Attach makes slave the controlling terminal of cmd, in a session of its
// own, as a terminal emulator starts a shell: stdin, stdout and stderr
// are the slave and the command's process group is the foreground one.
func Attach(cmd *exec.Cmd, slave *os.File) {
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
}
