package queue

import (
	"strings"
	"testing"
	"time"
)

// TestQueueOpensWithE: E on the board opens the queue, with the data
// verdict and every kind of item a dispatcher must see, the most severe
// first, each with where and against what; a line's late vehicles are
// one item that enter opens; esc closes the queue (the root gives the
// board its room back). This test lived in the root package and reached
// into its queue.
func TestQueueOpensWithE(t *testing.T) {
	r := newRig(t, 120, 38, "en", "")
	r.open()
	v := r.view()
	for _, want := range []string{"Exceptions · data ok · 5 items", "late", "7 min late", "silent", "no position for 4 min",
		"connection", "arr 12:44, 5→Wiblingen 12:44: 3 min short", "at Ehinger Tor", "bunched", "1 min behind 23 (plan 8 min)",
		"between Theater and Hauptbahnhof", "→ Kuhberg", "ghost", "no vehicle for the 12:20 start"} {
		if !strings.Contains(v, want) {
			t.Errorf("queue lacks %q:\n%s", want, v)
		}
	}
	if !strings.Contains(lineOf(v, "silent"), " 4 min ") {
		t.Errorf("a silent vehicle's age is that of its last position: %q", lineOf(v, "silent"))
	}
	lines := strings.Split(v, "\n")
	if !strings.HasPrefix(lines[2], "▸ ") || !strings.Contains(lines[2], "connection") {
		t.Errorf("the cursor is not on the most severe item, on top:\n%s", v)
	}
	r.advance(3 * time.Minute)
	r.src.Fleet[1].TimeData.Deviation = 600
	r.poll()
	v = r.view()
	row := lineOf(v, "2 vehicles, up to 10 min late")
	if !strings.Contains(row, " 3 min ") || !strings.Contains(row, "×2") || strings.Contains(v, "7 min late") {
		t.Errorf("line 2's two late vehicles are not one item since the first was late:\n%s", v)
	}
	if !strings.Contains(strings.Split(v, "\n")[2], "connection") {
		t.Errorf("a new item came above the most severe:\n%s", v)
	}
	r.cursorTo("2 vehicles")
	r.key("enter")
	v = r.view()
	if !strings.Contains(lineOf(v, "10 min late ·"), "22") || !strings.Contains(lineOf(v, "7 min late"), "21") {
		t.Errorf("enter does not open line 2's late group to its vehicles:\n%s", v)
	}
	r.key("esc")
	if r.p.Shows() { // the root draws a queue only while it shows
		t.Error("esc does not close the queue")
	}
	r.key("E")
	if !r.p.Shows() || !strings.Contains(r.view(), "Exceptions") {
		t.Errorf("E does not open the queue again")
	}
}
