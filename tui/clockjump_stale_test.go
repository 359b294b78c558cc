package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/testkit"
)

// A service restarted with its clock set back (`abfahrt sim --start …`
// started again) answers with timestamps older than the ones seen before
// it stopped. The first such answer may be an old copy, but once they
// move again the data is live: the board clears its stale marker at the
// second answer, instead of waiting until the service's clock passes the
// time it had before it went down (minutes: the kiosk said "Data delayed"
// above fresh rows).
func TestRestartedServiceWithEarlierClockIsFresh(t *testing.T) {
	e := newEnv(t, 120, 30, false)
	e.send(e.src.Base)
	ts := testkit.T0
	for range 20 { // five minutes of a live service
		e.src.SetBoardTime(ts)
		e.poll()
		e.advance(15 * time.Second)
		ts = ts.Add(15 * time.Second)
	}
	e.src.SetErr(errString("connection refused")) // it goes down
	for range 3 {
		e.poll()
		e.advance(15 * time.Second)
	}
	if v := e.m.View(); !strings.Contains(v, "stale") {
		t.Fatalf("a service down for 45 s should be marked stale:\n%s", v)
	}
	e.src.SetErr(nil)
	back := testkit.T0.Add(30 * time.Second) // restarted: its clock starts over
	e.src.SetBoardTime(back)
	e.poll()
	e.advance(15 * time.Second)
	e.src.SetBoardTime(back.Add(15 * time.Second))
	e.poll()
	if v := e.m.View(); strings.Contains(v, "stale") {
		t.Errorf("answers that move again are live data, yet marked stale:\n%s", v)
	}
	for range 3 { // and a copy that stands still is judged again
		e.advance(15 * time.Second)
		e.poll()
	}
	if v := e.m.View(); !strings.Contains(v, "stale") {
		t.Errorf("answers standing still after the restart should be marked stale again:\n%s", v)
	}
}
