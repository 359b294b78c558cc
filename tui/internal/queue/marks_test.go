package queue

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The queue's marks (these tests lived in the root package and reached
// into its queue).

// TestQueueAckUntilChange: an acknowledged item stays, marked, until it
// changes: the late vehicle stepping from 7 to 11 min shows again, on
// top, unacknowledged. A hidden item leaves the list until it changes; H
// lists it.
func TestQueueAckUntilChange(t *testing.T) {
	r := newRig(t, 120, 38, "en", "")
	r.open()
	r.cursorTo("7 min late")
	r.key("a")
	if l := lineOf(r.view(), "7 min late"); !strings.Contains(l, "✓ ack") {
		t.Fatalf("not marked acknowledged: %q", l)
	}
	r.cursorTo("no position")
	r.key("h")
	v := r.view()
	if strings.Contains(v, "no position") || !strings.Contains(v, "4 items · 1 hidden") {
		t.Fatalf("hidden item still listed:\n%s", v)
	}
	r.key("H")
	if l := lineOf(r.view(), "no position"); !strings.Contains(l, "hidden") {
		t.Fatalf("H does not list the hidden item: %q", l)
	}
	r.key("H")
	r.advance(time.Minute)
	r.src.Fleet[0].TimeData.Deviation = 660
	r.poll()
	l := lineOf(r.view(), "11 min late")
	if l == "" || strings.Contains(l, "✓ ack") || !strings.Contains(l, " 0 s ") {
		t.Fatalf("a changed item shows again, unacknowledged and new: %q\n%s", l, r.view())
	}
	if strings.Contains(r.view(), "no position") {
		t.Errorf("the unchanged hidden item came back")
	}
}

// TestQueueMarksSurviveRestart: what was acknowledged and hidden is so
// after a restart, from exceptions.json in the state directory.
func TestQueueMarksSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	a := newRig(t, 120, 38, "en", dir)
	a.open()
	a.cursorTo("7 min late")
	a.key("a")
	a.cursorTo("no position")
	a.key("h")
	if _, err := os.Stat(filepath.Join(dir, StateFile)); err != nil {
		t.Fatal(err)
	}
	b := newRig(t, 120, 38, "en", dir)
	b.open()
	v := b.view()
	if !strings.Contains(lineOf(v, "7 min late"), "✓ ack") || strings.Contains(v, "no position") || !strings.Contains(v, "1 hidden") {
		t.Fatalf("after a restart:\n%s", v)
	}
}

// TestQueueTwoInstancesMerge: two instances at once on one state
// directory; one acknowledges, the other hides another item: the file
// keeps both, and each instance shows the other's mark after its next
// poll.
func TestQueueTwoInstancesMerge(t *testing.T) {
	dir := t.TempDir()
	a := newRig(t, 120, 38, "en", dir)
	b := newRig(t, 120, 38, "en", dir)
	a.open()
	b.open()
	a.cursorTo("7 min late")
	a.key("a")
	b.cursorTo("no position")
	b.key("h") // b's save re-reads the file: a's ack stays
	if !strings.Contains(lineOf(b.view(), "7 min late"), "✓ ack") {
		t.Errorf("b does not show a's acknowledgement after its save:\n%s", b.view())
	}
	a.advance(15 * time.Second)
	a.poll()
	if v := a.view(); strings.Contains(v, "no position") || !strings.Contains(v, "1 hidden") {
		t.Errorf("a does not show b's hidden item after its poll:\n%s", v)
	}
	doc, err := os.ReadFile(filepath.Join(dir, StateFile))
	if err != nil || strings.Count(string(doc), `"at"`) != 2 {
		t.Errorf("the file does not hold both marks: %s %v", doc, err)
	}
}

// At 200 columns the ✓ ack mark sits beside KIND, not at the row's far
// end; a and h say which item they acted on (the notice the status bar
// shows); h on a line's late group hides the line's lateness, every
// vehicle of it, at once.
func TestQueueSaysWhatItMarked(t *testing.T) {
	r := newRig(t, 200, 38, "en", "")
	r.open()
	r.cursorTo("1 min behind 23")
	r.key("a")
	v := r.view()
	l := lineOf(v, "1 min behind 23")
	if k, a := strings.Index(l, "bunched"), strings.Index(l, "✓ ack"); k < 0 || a < 0 || a-k > 20 {
		t.Errorf("the mark is not beside KIND: %q", l)
	}
	if !strings.Contains(r.notice, "acknowledged: bunched · line 2 · Tram 22") {
		t.Errorf("a does not say which item it acknowledged: %q", r.notice)
	}
	r.advance(time.Minute)
	r.src.Fleet[1].TimeData.Deviation = 600
	r.poll()
	r.cursorTo("2 vehicles")
	r.key("h")
	v = r.view()
	if strings.Contains(v, "2 vehicles, up to") || strings.Contains(v, "min late") || !strings.Contains(r.notice, "hidden until it changes: late · line 2 · 2 vehicles") {
		t.Errorf("h on line 2's late group does not hide its lateness, or does not say so (%q):\n%s", r.notice, v)
	}
}

// The queue hands its network data verdict to the root as an action
// with its feeds' answers (the root puts it in every pane's frame, for
// the grid's summary line): none before the queue watches, "data ok"
// once the vehicles came in.
func TestQueueVerdictIsAnAction(t *testing.T) {
	r := newRig(t, 120, 38, "en", "")
	if v := r.p.netVerdict(r.sh.Texts); v.Text != "" {
		t.Errorf("a verdict before the queue watches: %+v", v)
	}
	r.open()
	if r.verdict == nil || r.verdict.Text != "data ok" || r.verdict.Outage {
		t.Errorf("after the first answers the queue's verdict is %+v, want data ok", r.verdict)
	}
}
