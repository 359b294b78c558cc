package tui

import (
	"context"
	"encoding/binary"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// speakingKiosk runs the kiosk of Hauptbahnhof on the simulation with
// speak options k, headless, until the test ends; it returns the program
// and its latest view.
func speakingKiosk(t *testing.T, lang string, k app.KioskOptions) (*tea.Program, func() string) {
	t.Helper()
	return speakingKioskAt(t, time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), lang, k)
}

// speakingKioskAt is speakingKiosk with the simulation's clock starting
// at start.
func speakingKioskAt(t *testing.T, start time.Time, lang string, k app.KioskOptions) (*tea.Program, func() string) {
	t.Helper()
	clock := sim.NewClock(start, 1)
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(sim.New(sim.Options{Seed: 1, Clock: clock}))}), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	k.Enabled, k.LargeCountdown = true, true
	var mu sync.Mutex
	var views []string
	ctx, cancel := context.WithCancel(context.Background())
	m := viewRecorder{Model: rootModel(ctx, app.Options{Source: client, SourceName: "simulated Ulm network", Now: clock.Now, Lang: lang, Kiosk: k}), mu: &mu, views: &views}
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	p.Send(tea.WindowSizeMsg{Width: 100, Height: 30})
	t.Cleanup(func() { p.Kill(); <-done; cancel() })
	view := func() string {
		mu.Lock()
		defer mu.Unlock()
		if len(views) == 0 {
			return ""
		}
		return views[len(views)-1]
	}
	waitView(t, view, " min", 10*time.Second)
	return p, view
}

// waitView waits until the view holds want (in any case).
func waitView(t *testing.T, view func() string, want string, d time.Duration) {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(strings.ToLower(view()), strings.ToLower(want)) {
			return
		}
	}
	t.Fatalf("no %q within %s:\n%s", want, d, view())
}

// waitFile waits until file exists, is at least min bytes, and stopped
// growing.
func waitFile(t *testing.T, file string, minSize int64, d time.Duration) []byte {
	t.Helper()
	var last int64 = -1
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		st, err := os.Stat(file)
		if err != nil || st.Size() < minSize {
			continue
		}
		if st.Size() == last {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		last = st.Size()
	}
	t.Fatalf("%s was not written within %s", file, d)
	return nil
}

// wavRMS reads a 16-bit PCM WAV file: its samples' RMS amplitude (0..1)
// and its length.
func wavRMS(t *testing.T, b []byte) (float64, time.Duration) {
	t.Helper()
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		t.Fatalf("not a WAV file: % x", b[:min(16, len(b))])
	}
	var rate, bits, channels int
	for i := 12; i+8 <= len(b); {
		id, size := string(b[i:i+4]), int(binary.LittleEndian.Uint32(b[i+4:i+8]))
		body := b[i+8:]
		switch id {
		case "fmt ":
			channels, rate, bits = int(binary.LittleEndian.Uint16(body[2:4])), int(binary.LittleEndian.Uint32(body[4:8])), int(binary.LittleEndian.Uint16(body[14:16]))
		case "data":
			if bits != 16 {
				t.Fatalf("%d bits per sample, want 16", bits)
			}
			n := min(size, len(body)) / 2 // espeak-ng may leave the size open while streaming
			if size == 0 || size == -1 || size > len(body) {
				n = len(body) / 2
			}
			var sum float64
			for j := range n {
				s := float64(int16(binary.LittleEndian.Uint16(body[2*j:]))) / 32768
				sum += s * s
			}
			return math.Sqrt(sum / float64(max(n, 1))), time.Duration(float64(n/max(channels, 1)) / float64(rate) * float64(time.Second))
		}
		i += 8 + size + size%2
	}
	t.Fatal("no data chunk")
	return 0, 0
}

// needEspeak skips without espeak-ng, except in CI, where .ci/run
// installs it and the test must run.
func needEspeak(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("espeak-ng")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("espeak-ng is not installed, and CI=true: .ci/run installs it (apt-get install -y espeak-ng sox)")
		}
		t.Skip("espeak-ng is not installed (apt-get install -y espeak-ng sox): the kiosk's speech is not tested")
	}
	return bin
}

// TestKioskSpeaksThroughEspeak: a kiosk whose speak command is Debian's
// espeak-ng writing a WAV file speaks the shown board's departures on its
// key (s), also with the keys locked, and the file is not silence.
func TestKioskSpeaksThroughEspeak(t *testing.T) {
	bin := needEspeak(t)
	wav := filepath.Join(t.TempDir(), "speech.wav")
	p, _ := speakingKiosk(t, "de", app.KioskOptions{Speak: []string{bin, "-v", "de", "-w", wav}, QuitLocked: true})
	p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")})
	b := waitFile(t, wav, 10_000, 30*time.Second)
	rms, length := wavRMS(t, b)
	t.Logf("espeak-ng wrote %d bytes: %s of speech, RMS amplitude %.4f", len(b), length.Round(10*time.Millisecond), rms)
	if rms < 0.01 || length < 2*time.Second {
		t.Errorf("the spoken departures are silent or short: RMS %.4f over %s", rms, length)
	}
	if sox, err := exec.LookPath("sox"); err == nil {
		out, _ := exec.Command(sox, wav, "-n", "stat").CombinedOutput()
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "RMS     amplitude") || strings.HasPrefix(l, "Length (seconds)") {
				t.Logf("sox stat: %s", l)
			}
		}
	}
}

// TestKioskSpeaksEveryAndSaysFailureOnce: speak_every speaks the
// sentence (here into a file, through sh) without any key; a speak command
// that does not exist is shown once on the screen and told once, and the
// kiosk goes on.
func TestKioskSpeaksEveryAndSaysFailureOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "said.txt")
	_, _ = speakingKiosk(t, "de", app.KioskOptions{Speak: []string{"sh", "-c", "cat >> " + out}, SpeakEvery: time.Second})
	said := string(waitFile(t, out, 40, 10*time.Second))
	if !strings.HasPrefix(said, "Nächste Abfahrten ab Hauptbahnhof: Linie ") {
		t.Errorf("spoken: %q", said)
	}

	var told atomic.Int32
	p, view := speakingKiosk(t, "en", app.KioskOptions{Speak: []string{"/nonexistent/espeak-ng", "-v", "en"}, SpeakEvery: time.Second,
		SpeakFailed: func(error) { told.Add(1) }})
	waitView(t, view, "Speaking failed: fork/exec /nonexistent/espeak-ng: no such file or directory", 10*time.Second)
	p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")})
	time.Sleep(2500 * time.Millisecond) // more tries, every second
	if n := told.Load(); n != 1 {
		t.Errorf("a failing speak command was told %d times, want once", n)
	}
	if !strings.Contains(strings.ToLower(view()), " min") {
		t.Errorf("the kiosk stopped showing departures:\n%s", view())
	}
}

// Issue 34 item 4: at 01:26 on a weekday the eight night buses leave
// Hauptbahnhof at 01:30; the kiosk says them as one group with the time
// once, in English and German, not "in 4 minutes" eight times.
func TestKioskSpeaksNightBusesAsOneGroup(t *testing.T) {
	night := time.Date(2026, 9, 15, 1, 26, 0, 0, model.Berlin) // a Tuesday
	for _, c := range []struct{ lang, group, lines, minutes string }{
		{"en", " departures at 01:30, in ", ": lines N", " minutes"},
		{"de", " Abfahrten um 01:30, in ", ": Linien N", " Minuten"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "said.txt")
			_, _ = speakingKioskAt(t, night, c.lang, app.KioskOptions{Speak: []string{"sh", "-c", "cat >> " + out}, SpeakEvery: time.Second})
			said, _, _ := strings.Cut(string(waitFile(t, out, 40, 10*time.Second)), "\n")
			t.Logf("said: %s", said)
			i := strings.Index(said, c.group)
			if i < 0 || !strings.Contains(said[i:], c.lines) {
				t.Fatalf("the night buses at 01:30 are not said as one group: %q", said)
			}
			if n := strings.Count(said, c.minutes); n > 3 {
				t.Errorf("the minutes are said %d times: %q", n, said)
			}
			for _, line := range []string{"N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8"} {
				if !strings.Contains(said, line+" ") {
					t.Errorf("%s is not said: %q", line, said)
				}
			}
		})
	}
}
