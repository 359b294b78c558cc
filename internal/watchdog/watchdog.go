// Package watchdog tells systemd (Type=notify) that a board or kiosk is up
// and pings its watchdog from the program's own loop.
package watchdog

import (
	"context"
	"sync/atomic"
	"time"

	"abfahrt/internal/sdnotify"
)

// Notify tells systemd (Type=notify, as in
// deploy/systemd/abfahrt-kiosk@.service) that the board is up and pings its
// watchdog; stop says STOPPING=1 and ends the pings. Without
// $NOTIFY_SOCKET both functions do nothing.
//
// With loop set (a kiosk) the pings come from the program's own loop: the
// TUI calls alive from its Update (tui.KioskOptions.Alive), and the
// watchdog pings only while the last call is at most one ping period old,
// so a wedged Update stops the pings and systemd restarts the kiosk
// (WatchdogSec). Without loop it pings while the process runs.
func Notify(ctx context.Context, loop bool) (alive, stop func()) {
	sd := sdnotify.FromEnv()
	if !sd.Enabled() {
		return func() {}, func() {}
	}
	var tick <-chan time.Time
	var t *time.Ticker
	if p := sd.WatchdogPeriod(); p > 0 {
		t = time.NewTicker(p)
		tick = t.C
	}
	alive, end := notifyWith(ctx, sd, loop, tick, sd.WatchdogPeriod(), time.Now)
	return alive, func() {
		end()
		if t != nil {
			t.Stop()
		}
	}
}

// notifyWith is Notify on notifier sd with the watchdog's ticks
// (nil: no watchdog), its period and clock.
func notifyWith(ctx context.Context, sd *sdnotify.Notifier, loop bool, tick <-chan time.Time, period time.Duration, now func() time.Time) (alive, stop func()) {
	_ = sd.Ready() // systemd gone: nothing to tell
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	alive = func() {}
	if tick == nil {
		close(done)
	} else {
		w := newLoopWatch(now, period)
		check := w.fresh
		if loop {
			alive = w.alive
		} else {
			check = nil
		}
		go func() {
			defer close(done)
			sd.Watchdog(ctx, tick, check)
		}()
	}
	return alive, func() {
		cancel()
		<-done // no ping after STOPPING=1
		_ = sd.Stopping()
	}
}

// loopWatch remembers when the program's loop last ran.
type loopWatch struct {
	now    func() time.Time
	start  time.Time
	last   atomic.Int64 // since start, in nanoseconds
	window time.Duration
}

// newLoopWatch starts a watch whose loop counts as running for window
// after each alive (and after the start, before the first message).
func newLoopWatch(now func() time.Time, window time.Duration) *loopWatch {
	return &loopWatch{now: now, start: now(), window: window}
}

// alive records that the loop ran now; safe from any goroutine.
func (w *loopWatch) alive() { w.last.Store(int64(w.now().Sub(w.start))) }

// fresh reports whether the loop ran within the window.
func (w *loopWatch) fresh() bool {
	return w.now().Sub(w.start)-time.Duration(w.last.Load()) <= w.window
}
