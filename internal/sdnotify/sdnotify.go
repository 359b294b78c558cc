// Package sdnotify tells systemd about a service's state: READY=1 once it
// serves, WATCHDOG=1 while it is alive, STOPPING=1 when it shuts down. It
// writes datagrams to the unix socket named by $NOTIFY_SOCKET, as
// sd_notify(3) does; without that variable (not started by systemd with
// Type=notify) every call does nothing.
package sdnotify

import (
	"context"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// Notifier sends state changes to systemd. The zero value and nil do
// nothing.
type Notifier struct {
	addr     string
	watchdog time.Duration // WatchdogSec, 0 when off
}

// FromEnv returns the notifier of the process's environment: the socket
// of $NOTIFY_SOCKET and the watchdog interval of $WATCHDOG_USEC (when
// $WATCHDOG_PID is unset or names this process).
func FromEnv() *Notifier { return fromLookup(os.LookupEnv, os.Getpid()) }

func fromLookup(lookup func(string) (string, bool), pid int) *Notifier {
	n := &Notifier{}
	if v, ok := lookup("NOTIFY_SOCKET"); ok && v != "" {
		n.addr = v
		if v[0] == '@' { // an abstract socket
			n.addr = "\x00" + v[1:]
		}
	}
	usec, _ := lookup("WATCHDOG_USEC")
	wpid, pidSet := lookup("WATCHDOG_PID")
	if us, err := strconv.ParseInt(strings.TrimSpace(usec), 10, 64); err == nil && us > 0 &&
		(!pidSet || wpid == "" || wpid == strconv.Itoa(pid)) {
		n.watchdog = time.Duration(us) * time.Microsecond
	}
	return n
}

// Enabled reports whether there is a socket to notify.
func (n *Notifier) Enabled() bool { return n != nil && n.addr != "" }

// Notify sends one state string ("READY=1", "STATUS=…"); it does nothing
// when not enabled.
func (n *Notifier) Notify(state string) error {
	if !n.Enabled() {
		return nil
	}
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: n.addr, Net: "unixgram"})
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	_, err = c.Write([]byte(state))
	return err
}

// Ready says the service is up.
func (n *Notifier) Ready() error { return n.Notify("READY=1") }

// Stopping says the service is shutting down.
func (n *Notifier) Stopping() error { return n.Notify("STOPPING=1") }

// WatchdogPeriod is how often Watchdog pings: half of WatchdogSec, as
// sd_watchdog_enabled(3) advises; 0 when the watchdog is off.
func (n *Notifier) WatchdogPeriod() time.Duration {
	if !n.Enabled() {
		return 0
	}
	return n.watchdog / 2
}

// Watchdog sends WATCHDOG=1 on every value of tick until ctx ends, after
// alive (if not nil) confirms the service still works; a false alive
// skips the ping, so systemd restarts a service that hangs. Use
// time.NewTicker(n.WatchdogPeriod()).C as tick.
func (n *Notifier) Watchdog(ctx context.Context, tick <-chan time.Time, alive func() bool) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			if alive == nil || alive() {
				_ = n.Notify("WATCHDOG=1") // systemd gone: nothing to tell
			}
		}
	}
}
