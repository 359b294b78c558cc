package tui

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/shot"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// picturesFlag writes the manual's pictures instead of comparing them
// (make docs: go test -run TestPictures ./tui/ -pictures).
var picturesFlag = flag.Bool("pictures", false, "write docs/pictures from the goldens' fixtures")

// picturesDir is where the manual's pictures live.
const picturesDir = "../docs/pictures"

// picture is one of the manual's pictures: a view at a size, set up on
// the goldens' fixtures (the fake network at testkit.T0).
type picture struct {
	name, title string
	w, h        int
	view        func(t *testing.T, w, h int) string
}

// pictures are the manual's pictures of the views.
var pictures = []picture{
	{"board", "abfahrt: the departure board of Hauptbahnhof", 80, 24, func(t *testing.T, w, h int) string {
		return newEnv(t, w, h, true).View()
	}},
	{"grid", "abfahrt: a grid of 12 boards, one of them stale", 160, 48, func(t *testing.T, w, h int) string {
		return newGoldenGrid(t, w, h, 12).View()
	}},
	{"vehicle", "abfahrt: the vehicle pane of tram 44 with its map", 160, 48, func(t *testing.T, w, h int) string {
		return vehicleEnv(t, w, h, 8, model.PhaseBetween).View()
	}},
	{"kiosk", "abfahrt --kiosk at 300x80 with large rows", 300, 80, func(t *testing.T, w, h int) string {
		e := newKioskEnvLang(t, w, h, "en", app.KioskOptions{LargeCountdown: true, HoursFrom: 300, HoursTo: 60})
		e.kpoll()
		return e.View()
	}},
	{"ladder", "abfahrt: the line ladder of line 4", 120, 40, func(t *testing.T, w, h int) string {
		e := newEnv(t, w, h, false)
		testkit.InstallLadder(e.src)
		e.send(e.src.Base)
		e.poll()
		for range 10 { // to line 4's first row
			if cursorLine(e.screenLines()) == "4" {
				break
			}
			e.Key("j")
		}
		e.runNow(e.Key("L"))
		e.pumpFeeds()
		return e.View()
	}},
	{"queue", "abfahrt: the exception queue", 120, 40, func(t *testing.T, w, h int) string {
		e := newQueueEnv(t, w, h, "en", t.TempDir())
		e.openQueue()
		e.queueAdvance(2 * time.Minute)
		e.src.Fleet[1].TimeData.Deviation = 400
		e.queuePoll()
		e.queueAdvance(30 * time.Second)
		return e.View()
	}},
}

// pumpFeeds answers every feed that is asked for and not in, until none
// is (the ladder's trips, last stops and passages).
func (e *testEnv) pumpFeeds() {
	e.t.Helper()
	for range 6 {
		asked := false
		for k, f := range e.m.sh.Reg.Entries {
			if f.Have || f.Poll.InFlight() {
				continue
			}
			if cmd := e.send(feeds.TickMsg{Key: k, Gen: f.Poll.Gen}); cmd != nil {
				e.deliver(cmd)
				asked = true
			}
		}
		if !asked {
			return
		}
	}
}

// darkPalette is the default theme's look: its text on a dark terminal.
func darkPalette() shot.Palette {
	return shot.Palette{FG: string(ui.DarkTheme().Text), BG: "#121418"}
}

// TestPictures: the manual's pictures (docs/pictures) are the views as
// the code draws them today, in the dark theme's colours; with -pictures
// it writes them.
func TestPictures(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	for _, p := range pictures {
		t.Run(p.name, func(t *testing.T) {
			svg := shot.SVG(p.view(t, p.w, p.h), p.w, p.h, darkPalette(), p.title)
			comparePicture(t, p.name+".svg", svg)
		})
	}
	t.Run("accessible", func(t *testing.T) {
		comparePicture(t, "accessible.txt", []byte(accessibleTranscript(t)))
	})
}

// comparePicture writes want to docs/pictures/name under -pictures, else
// fails when the file there differs.
func comparePicture(t *testing.T, name string, want []byte) {
	t.Helper()
	path := filepath.Join(picturesDir, name)
	if *picturesFlag {
		if err := os.MkdirAll(picturesDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (run make docs)", path, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not the view the code draws today: run make docs and commit it", path)
	}
}

// lockedBuf is the transcript, written by the session and read by the
// test.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// accessibleTranscript is a screen-reader session on the fake network:
// the first board, then typed commands, each with what it said.
func accessibleTranscript(t *testing.T) string {
	src := testkit.NewFakeSource()
	in, typist := io.Pipe()
	out := &lockedBuf{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- RunAccessible(ctx, AccessibleOptions{Source: src, SourceName: "simulated Ulm network", Stop: 1008, Lang: "en",
			Limit: 6, In: in, Out: out, Now: func() time.Time { return testkit.T0 }})
	}()
	// settle waits until the output has grown past n and stood still.
	settle := func(n int) {
		t.Helper()
		end := time.Now().Add(10 * time.Second)
		last, since := -1, time.Now()
		for time.Now().Before(end) {
			l := len(out.String())
			if l != last {
				last, since = l, time.Now()
			} else if l > n && time.Since(since) > 150*time.Millisecond {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("the screen-reader mode said nothing more:\n%s", out.String())
	}
	settle(0)
	var tr strings.Builder
	tr.WriteString(out.String())
	for _, cmd := range []string{"line 2", "walk 4", "quit"} {
		n := len(out.String())
		if _, err := io.WriteString(typist, cmd+"\n"); err != nil {
			t.Fatal(err)
		}
		if cmd == "quit" {
			break
		}
		settle(n)
		tr.WriteString("> " + cmd + "\n" + out.String()[n:])
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end the screen-reader mode")
	}
	return tr.String()
}
