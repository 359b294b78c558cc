package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/sshhub/sshtest"
	"abfahrt/model"
)

// syncBuf is the program's standard output, read while it runs.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// typist is a running abfahrt whose standard input is typed at.
type typist struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *syncBuf
	errs *syncBuf
	code chan int
}

// startCLI runs abfahrt with args, its standard input a pipe.
func startCLI(t *testing.T, args ...string) *typist {
	t.Helper()
	r, w := io.Pipe()
	p := &typist{t: t, in: w, out: &syncBuf{}, errs: &syncBuf{}, code: make(chan int, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { p.code <- run(ctx, args, r, p.out, p.errs) }()
	t.Cleanup(func() { cancel(); _ = w.Close() })
	return p
}

// wait waits until the output (after from bytes) matches re.
func (p *typist) wait(from int, re string, within time.Duration) string {
	p.t.Helper()
	rx := regexp.MustCompile(re)
	end := time.Now().Add(within)
	for time.Now().Before(end) {
		if s := p.out.String(); len(s) >= from && rx.MatchString(s[from:]) {
			return s[from:]
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.t.Fatalf("no %q within %s; output:\n%s\nstderr: %s", re, within, p.out.String(), p.errs.String())
	return ""
}

// typeLine types one line and returns where the output stood.
func (p *typist) typeLine(l string) int {
	n := len(p.out.String())
	if _, err := io.WriteString(p.in, l+"\n"); err != nil {
		p.t.Fatal(err)
	}
	return n
}

// departureSentence is one departure said in a list (numbered: remind
// and vehicle take the number) or as a change.
const departureSentence = `(\d+: )?Line \S+ to [^,\n]+(, platform [^,\n]+)?, (now|in \d+ minutes?), ([0-9]+ minutes? (late|early)|on time|as timetabled)\.\n`

func TestAccessibleSaysDeparturesAndTakesTypedCommands(t *testing.T) {
	embeddedSimStart = time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	p := startCLI(t, "--accessible", "--stop", "1008")
	p.wait(0, `^abfahrt, screen-reader mode, simulated Ulm network\. Type help for the commands\.\nDepartures from Hauptbahnhof:\n(`+departureSentence+`){10}`, 10*time.Second)
	at := p.typeLine("help")
	p.wait(at, `Commands:\nstop NAME or NUMBER.*\n(.*\n)+help: these commands\.\nquit: end\.\n`, 5*time.Second)
	at = p.typeLine("stop rathaus")
	got := p.wait(at, `stops match\. Type the number of one:\n(\d: [^\n]+\.\n){2,}`, 10*time.Second)
	if !strings.Contains(got, ": Rathaus Ulm.") || !strings.Contains(got, ": Rathaus Neu-Ulm.") {
		t.Fatalf("choices without both town halls: %q", got)
	}
	num := regexp.MustCompile(`(\d): Rathaus Ulm\.`).FindStringSubmatch(got)[1]
	at = p.typeLine(num)
	p.wait(at, `^Departures from Rathaus Ulm:\n(`+departureSentence+`)+`, 10*time.Second)
	at = p.typeLine("line 11")
	got = p.wait(at, `^Only line 11\.\nDepartures from Rathaus Ulm, line 11:\n(`+departureSentence+`)+`, 10*time.Second)
	for _, l := range strings.Split(strings.TrimSpace(got), "\n")[2:] {
		if !regexp.MustCompile(`^\d+: Line 11 to `).MatchString(l) {
			t.Errorf("line 11 says another line: %q", l)
		}
	}
	at = p.typeLine("frobnicate")
	p.wait(at, `Unknown command: frobnicate\. Type help for the commands\.\n`, 5*time.Second)
	p.typeLine("quit")
	select {
	case code := <-p.code:
		if code != exitOK {
			t.Fatalf("exit %d, stderr %q", code, p.errs.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end it")
	}
	sshtest.NoScreenControl(t, p.out.String())
}

func TestAccessibleGermanFromEnvironment(t *testing.T) {
	embeddedSimStart = time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	t.Setenv("ABFAHRT_ACCESSIBLE", "1")
	p := startCLI(t, "--lang", "de")
	p.wait(0, `^abfahrt, Bildschirmleser-Modus, simuliertes Ulmer Netz\. Tippen Sie hilfe für die Befehle\.\nAbfahrten ab Hauptbahnhof:\n`+
		`(\d+: Linie \S+ nach [^,\n]+(, Steig [^,\n]+)?, (jetzt|in \d+ Minuten?), ([0-9]+ Minuten? (Verspätung|früher)|pünktlich|laut Fahrplan)\.\n){10}`, 10*time.Second)
	at := p.typeLine("hilfe")
	p.wait(at, `Befehle:\nhalt NAME oder NUMMER`, 5*time.Second)
	p.typeLine("ende")
	if code := <-p.code; code != exitOK {
		t.Fatalf("exit %d", code)
	}
	sshtest.NoScreenControl(t, p.out.String())
}

func TestAccessibleFromConfig(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(cfg, []byte("accessible = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "config", "--config", cfg)
	if code != exitOK || !regexp.MustCompile(`(?m)^accessible\s+true\s+config$`).MatchString(out) {
		t.Fatalf("config: exit %d\n%s", code, out)
	}
	p := startCLI(t, "--config", cfg)
	p.wait(0, `^abfahrt, screen-reader mode`, 10*time.Second)
	p.typeLine("quit")
	if code := <-p.code; code != exitOK {
		t.Fatalf("exit %d", code)
	}
}

// TestAccessibleSaysOnlyWhatChanged runs the mode on a simulation whose
// clock runs 60 times as fast, so that departures leave and new ones come
// between polls; then the service fails (a hub serving its last answer,
// stale) and comes back.
func TestAccessibleSaysOnlyWhatChanged(t *testing.T) {
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 60)})
	up := httptest.NewServer(svc)
	defer up.Close()
	u, _ := url.Parse(up.URL)
	var down atomic.Bool
	proxy := httputil.NewSingleHostReverseProxy(u)
	proxy.ModifyResponse = func(r *http.Response) error {
		if down.Load() {
			r.Header.Set("Age", "150")
			r.Header.Set("Warning", `110 - "Response is Stale"`)
		}
		return nil
	}
	hub := httptest.NewServer(proxy)
	defer hub.Close()
	p := startCLI(t, "--accessible", "--api", hub.URL+"/mobility/v1", "--interval", "5s", "--stop", "1008")
	first := p.wait(0, `Departures from Hauptbahnhof:\n(`+departureSentence+`){10}`, 10*time.Second)
	at := len(p.out.String())
	got := p.wait(at, `(?m)^Line \S+ to .* at \d\d:\d\d has left\.\n(.*\n)*New: Line \S+ to `, 20*time.Second)
	// Only changes: no departure is said twice in full, no list again.
	if strings.Contains(got, "Departures from") {
		t.Errorf("the list was said again:\n%s", got)
	}
	for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
		if regexp.MustCompile(`^` + departureSentence[:len(departureSentence)-2]).MatchString(l + "\n") {
			t.Errorf("a departure said again without change: %q", l)
		}
	}
	down.Store(true)
	at = len(p.out.String())
	p.wait(at, `Data is 2 minutes old: the service does not answer\.\n`, 15*time.Second)
	down.Store(false)
	at = len(p.out.String())
	p.wait(at, `The service answers again\.\n`, 15*time.Second)
	p.typeLine("quit")
	<-p.code
	sshtest.NoScreenControl(t, p.out.String())
	t.Logf("first answer:\n%s\nlater:\n%s", first, got)
}

// A service that never answers is said once, not at every poll; list and
// refresh say so again when asked.
func TestAccessibleSaysTheServiceDoesNotAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer srv.Close()
	p := startCLI(t, "--accessible", "--api", srv.URL+"/mobility/v1", "--interval", "5s", "--stop", "1350")
	p.wait(0, `\nDepartures from stop 1350 are not available: the service does not answer\.\n$`, 10*time.Second)
	time.Sleep(6 * time.Second) // a second poll fails too: not said again
	if n := strings.Count(p.out.String(), "not available"); n != 1 {
		t.Errorf("said %d times:\n%s", n, p.out.String())
	}
	at := p.typeLine("list")
	p.wait(at, `^Departures from stop 1350 are not available: the service does not answer\.\n$`, 5*time.Second)
	p.typeLine("quit")
	if code := <-p.code; code != exitOK {
		t.Fatalf("exit %d", code)
	}
}

// TestAccessibleDoesNotRepeatTypedEscapes: what is typed (or pasted) in
// the local screen-reader mode is said back in "Unknown command: …" and
// "Only line …"; a clipboard write (OSC 52), a window title or a colour
// change typed there must not reach the terminal as a sequence, as over
// SSH, where the raw mode drops controls as they are typed.
func TestAccessibleDoesNotRepeatTypedEscapes(t *testing.T) {
	embeddedSimStart = time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	p := startCLI(t, "--accessible", "--stop", "1008")
	p.wait(0, `^abfahrt, screen-reader mode`, 10*time.Second)
	at := p.typeLine("\x1b]52;c;cm0gLXJmIH4=\x07frob\x1b[31mnicate")
	p.wait(at, `Unknown command: frobnicate\. Type help for the commands\.\n`, 5*time.Second)
	at = p.typeLine("line 4\x1b]0;pwned\x07")
	p.wait(at, `Only line 4\.\n`, 5*time.Second)
	at = p.typeLine("zz\u009b2J")
	p.wait(at, `Unknown command: zz\. `, 5*time.Second)
	p.typeLine("quit")
	if code := <-p.code; code != exitOK {
		t.Fatalf("exit %d", code)
	}
	out := p.out.String()
	if strings.ContainsAny(out, "\x1b\x07\u009b") || strings.Contains(out, "pwned") || strings.Contains(out, "cm0gLXJmIH4") {
		t.Fatalf("typed escape sequences repeated to the terminal: %q", out)
	}
}
