package screen

import (
	"bytes"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/internal/lockbuf"
)

// sink is a terminal that records each write.
type sink struct{ lockbuf.Buffer }

func (s *sink) count() int       { return len(s.Writes()) }
func (s *sink) all() string      { return s.String() }
func (s *sink) last() string     { w := s.Writes(); return w[len(w)-1] }
func (s *sink) nth(i int) string { return s.Writes()[i] }

// The first frame is painted the moment it comes (no ticker to wait for),
// a burst of frames within the frame gap becomes one more write with the
// newest frame, and nothing is written while nothing changes.
func TestRendererPaintsOnChangeOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out sink
		r := NewRenderer(&out, 10)
		r.Frame("before the size")
		if out.count() != 0 {
			t.Fatal("painted before the terminal's size was known")
		}
		r.Resize(20, 3)
		r.Frame("board 1")
		if out.count() != 1 || !strings.Contains(out.all(), "board 1") {
			t.Fatalf("the first frame was not painted at once: %q", out.Writes())
		}
		r.Frame("board 2")
		r.Frame("board 3")
		r.Frame("board 4")
		if out.count() != 1 {
			t.Fatalf("frames within the frame gap were painted at once: %q", out.Writes())
		}
		time.Sleep(100 * time.Millisecond)
		synctest.Wait()
		if out.count() != 2 || strings.Contains(out.nth(1), "2") || strings.Contains(out.nth(1), "3") || !strings.Contains(out.nth(1), "4") {
			t.Fatalf("the burst was not painted once with its newest frame: %q", out.Writes())
		}
		r.Frame("board 4")
		time.Sleep(time.Minute)
		if out.count() != 2 {
			t.Fatalf("an unchanged frame was painted again: %q", out.Writes())
		}
	})
}

// After Stop nothing is written, not even a frame that was waiting for
// its turn; Stop's own sequence comes after the last frame.
func TestRendererStopWritesNothingMore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out sink
		r := NewRenderer(&out, 10)
		r.Resize(20, 3)
		r.Frame("one")
		r.Frame("two") // waits for its turn
		r.Stop("LEAVE")
		time.Sleep(time.Second)
		r.Frame("three")
		if got := out.all(); strings.Contains(got, "two") || strings.Contains(got, "three") || !strings.HasSuffix(got, "LEAVE") {
			t.Fatalf("written after Stop: %q", out.Writes())
		}
	})
}

// While held (suspended) nothing is painted; Resume takes the terminal
// and paints the newest frame whole.
func TestRendererHoldAndResume(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out sink
		r := NewRenderer(&out, 10)
		r.Resize(20, 3)
		r.Frame("one")
		r.Hold("LEAVE")
		time.Sleep(time.Second)
		r.Frame("two")
		time.Sleep(time.Second)
		if got := out.last(); got != "LEAVE" {
			t.Fatalf("painted while held: %q", out.Writes())
		}
		r.Resume("ENTER")
		got := out.all()
		tail := got[strings.LastIndex(got, "ENTER"):]
		if !strings.Contains(tail, "\x1b[2J") || !strings.Contains(tail, "two") {
			t.Fatalf("Resume did not repaint the newest frame whole: %q", tail)
		}
	})
}

// A resize repaints the whole frame at the new size.
func TestRendererResizeRepaints(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out sink
		r := NewRenderer(&out, 10)
		r.Resize(20, 3)
		r.Frame("abc\ndef")
		time.Sleep(time.Second)
		r.Resize(10, 2)
		r.Frame("abc\ndef")
		time.Sleep(time.Second)
		synctest.Wait()
		if n := out.count(); n != 2 || !bytes.Contains([]byte(out.nth(1)), []byte("\x1b[2J")) {
			t.Fatalf("a resize did not repaint: %q", out.Writes())
		}
	})
}
