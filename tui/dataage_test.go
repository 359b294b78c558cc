package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// A board behind a hub (or cache) that keeps answering with its last good
// answer while the service is down: every poll succeeds, but the data's
// CurrentTimestamp stands still. After two intervals the board marks it
// stale since the data stopped moving, and the first newer answer clears it.
func TestBoardStaleByDataAge(t *testing.T) {
	e := newEnv(t, 120, 30, false)
	e.send(e.src.Base)
	ts := testkit.T0
	for range 3 { // a live service: the timestamp moves with every answer
		e.src.SetBoardTime(ts)
		e.poll()
		e.advance(15 * time.Second)
		ts = ts.Add(15 * time.Second)
	}
	if v := e.m.View(); strings.Contains(v, "stale") {
		t.Fatalf("fresh data marked stale:\n%s", v)
	}
	for range 3 { // the hub serves the same answer: the timestamp stands still
		e.poll()
		e.advance(15 * time.Second)
	}
	v := e.m.View()
	if !strings.Contains(v, "stale since 12:35:26") {
		t.Errorf("45 s of answers as old as the one at 12:35:26 should be marked stale since then:\n%s", v)
	}
	if !strings.Contains(v, "updated 1 min ago") && !strings.Contains(v, "updated 60 s ago") {
		t.Errorf("the age should be the data's, not the last request's:\n%s", v)
	}
	e.src.SetBoardTime(ts.Add(time.Minute))
	e.poll()
	if v := e.m.View(); strings.Contains(v, "stale") {
		t.Errorf("newer data should clear the marker:\n%s", v)
	}
}

// A source whose timestamps never move (a fixture, a frozen simulation) is
// not judged by data age.
func TestUnmovingTimestampsNotJudged(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	for range 6 {
		e.advance(15 * time.Second)
		e.poll()
	}
	if v := e.m.View(); strings.Contains(v, "stale") {
		t.Errorf("a source that never moved its timestamp is marked stale:\n%s", v)
	}
}

// A kiosk behind a hub serving old answers says its data is delayed and,
// after stale_after, blanks the rows, as it does when its own polls fail.
func TestKioskStaleByDataAge(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{StaleAfter: 2 * time.Minute, LargeCountdown: true})
	ts := testkit.T0
	for range 2 {
		e.src.SetBoardTime(ts)
		e.kpoll()
		e.advance(15 * time.Second)
		ts = ts.Add(15 * time.Second)
	}
	if v := e.View(); strings.Contains(v, "Data delayed") {
		t.Fatalf("fresh data called delayed:\n%s", v)
	}
	for range 9 { // 2 min 15 s of the same answer
		e.kpoll()
		e.advance(15 * time.Second)
	}
	v := e.View()
	if !strings.Contains(v, "Data delayed since 12:35") || !strings.Contains(v, "No current departure data since 12:35") {
		t.Errorf("a kiosk fed old answers should say so and blank its rows:\n%s", v)
	}
}
