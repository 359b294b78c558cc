package screen

import (
	"bytes"
	"fmt"
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

// sized is the start of the renderer's tests: a renderer of 10 frames a
// second on a sink that knows the terminal's size, w×h.
func sized(w, h int) (*Renderer, *sink) {
	out := &sink{}
	r := NewRenderer(out, 10)
	r.Resize(w, h)
	return r, out
}

// The first frame is painted the moment it comes (no ticker to wait for),
// and so is the next one (the first answer right after the first frame):
// two frames at once after a quiet time; beyond that, frames within the
// frame gap become one more write with the newest frame, and nothing is
// written while nothing changes.
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
		for i := 2; i <= burst; i++ {
			r.Frame(fmt.Sprintf("board %d", i))
			if out.count() != i || !strings.Contains(out.last(), fmt.Sprint(i)) {
				t.Fatalf("frame %d of a burst (the first answer) was not painted at once: %q", i, out.Writes())
			}
		}
		r.Frame("board AAAA")
		r.Frame("board BBBB")
		r.Frame("board CCCC")
		if out.count() != burst {
			t.Fatalf("a frame beyond the burst was painted at once: %q", out.Writes())
		}
		time.Sleep(100 * time.Millisecond)
		synctest.Wait()
		if out.count() != burst+1 || strings.Contains(out.all(), "AAAA") || strings.Contains(out.all(), "BBBB") || !strings.Contains(out.last(), "CCCC") {
			t.Fatalf("the frames beyond the burst were not painted once with the newest: %q", out.Writes())
		}
		r.Frame("board CCCC")
		time.Sleep(time.Minute)
		if out.count() != burst+1 {
			t.Fatalf("an unchanged frame was painted again: %q", out.Writes())
		}
		// A steady stream of changes is painted at the frame rate.
		for i := range 50 {
			r.Frame(fmt.Sprintf("tick %02d", i))
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(time.Second)
		if n := out.count() - (burst + 1); n < 4 || n > 6+burst {
			t.Errorf("50 frames over 0.5 s at 10 frames a second: %d painted, want 5 or 6 plus a burst", n)
		}
	})
}

// After Stop nothing is written, not even a frame that was waiting for
// its turn; Stop's own sequence comes after the last frame.
func TestRendererStopWritesNothingMore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r, out := sized(20, 3)
		for i := range burst {
			r.Frame(fmt.Sprint("one ", i))
		}
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
		r, out := sized(20, 3)
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
		r, out := sized(20, 3)
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
