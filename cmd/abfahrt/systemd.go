package main

import (
	"context"
	"time"

	"abfahrt/internal/sdnotify"
)

// notifySystemd tells systemd (Type=notify, as in
// deploy/systemd/abfahrt-kiosk@.service) that the board is up and pings its
// watchdog while the process runs; the returned function says STOPPING=1
// and ends the pings. Without $NOTIFY_SOCKET it does nothing.
func notifySystemd(ctx context.Context) func() {
	sd := sdnotify.FromEnv()
	if !sd.Enabled() {
		return func() {}
	}
	_ = sd.Ready() // systemd gone: nothing to tell
	ctx, cancel := context.WithCancel(ctx)
	if p := sd.WatchdogPeriod(); p > 0 {
		t := time.NewTicker(p)
		go func() {
			defer t.Stop()
			sd.Watchdog(ctx, t.C, nil)
		}()
	}
	return func() {
		cancel()
		_ = sd.Stopping()
	}
}
