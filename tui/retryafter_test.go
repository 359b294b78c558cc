package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
)

// A service (or proxy) asking for a wait of years must not stop the board:
// the next poll is at most feed.MaxRetryAfter away, and the status bar says so.
func TestHugeRetryAfterIsCapped(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.src.SetErr(&feed.HTTPError{Status: 429, URL: "https://x/", RetryAfter: 99999999 * time.Second})
	e.poll()
	if d := e.shown().Poll.Next.Sub(e.now); d <= 0 || d > feed.MaxRetryAfter {
		t.Fatalf("next poll in %v, want at most %v", d, feed.MaxRetryAfter)
	}
	if v := e.m.View(); strings.Contains(v, "1666666") {
		t.Errorf("the status bar shows the huge wait:\n%s", v)
	}
}
