package screen

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// A hub draws one screen per SSH board; idle, each must hold the cells
// its terminal shows and no second set for the next frame: 100 screens
// of 120×40 that drew a few frames keep less than twice the cells they
// show (before, each kept the frame's scratch rows too: twice the cells
// and the rest). Besides the cells a screen keeps about 50 KB (its
// memos of pens and their costs): with cells of 20 bytes (9.6 MB) that
// is half again as much, so the bound is twice, not 1.5 times, which
// with 40-byte cells was 28.8 MB and is now 19.2 MB.
func TestIdleScreensKeepOneSetOfCells(t *testing.T) {
	const n, w, h = 100, 120, 40
	frame := func(k int) string {
		var b strings.Builder
		for r := range h {
			fmt.Fprintf(&b, "\x1b[1;38;5;%dm%3d\x1b[m %-*s\n", r%200, r, w-5, strings.Repeat(fmt.Sprint(k), 50))
		}
		return b.String()
	}
	frames := []string{frame(1), frame(2), frame(3)}
	heap := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := heap()
	screens := make([]*Screen, n)
	var buf []byte
	for i := range screens {
		screens[i] = NewScreen()
		for _, f := range frames {
			buf = screens[i].Render(buf[:0], f, w, h)
		}
	}
	kept := heap() - before
	shown := uint64(n * w * h * int(unsafe.Sizeof(cell{})))
	t.Logf("%d screens of %dx%d keep %.1f MB; the cells they show are %.1f MB", n, w, h, float64(kept)/1e6, float64(shown)/1e6)
	if kept > shown*2 {
		t.Errorf("%d idle screens keep %.1f MB, more than twice the %.1f MB of cells they show", n, float64(kept)/1e6, float64(shown)/1e6)
	}
	runtime.KeepAlive(screens)
	runtime.KeepAlive(frames)
}
