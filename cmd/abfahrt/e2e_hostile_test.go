//go:build e2e

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/feed/sim"
)

// A hostile upstream: the simulation's answers with every text field a
// terminal would print carrying escape sequences, C1 controls, bidi overrides
// and layout breakers. The real binary runs against it in tmux, and the raw
// bytes tmux received from the program (pipe-pane) are searched for any of
// them.

// payloads are appended to every poisoned string; each is a known attack on
// a terminal.
var payloads = []string{
	"\x1b]52;c;SE9TVElMRQ==\x07",       // OSC 52: write the clipboard
	"\x1b]0;PWNED-TITLE\x07",           // OSC 0: window title (BEL)
	"\x1b]2;PWNED-TITLE2\x1b\\",        // OSC 2: window title (ST)
	"\x1b#8",                           // DECALN: fill the screen with E
	"\x1b[?1049l",                      // leave the alternate screen
	"\x1b[?1000h",                      // mouse reporting on
	"\x1b[6n",                          // cursor position query: the terminal types an answer
	"\x1b]8;;http://127.0.0.1:9/\x07x", // OSC 8 hyperlink
	"\u009b31m",                        // 8-bit CSI
	"\u202e",                           // bidi override
	"\n\tNEWLINE\r",                    // layout breakers
}

// The cursor position query \x1b[6n is also what the terminal library sends,
// once, right after its background colour query (\x1b]11;?): it may appear
// only there.
var ownQuery = "\x1b]11;?\x1b\\\x1b[6n"

// forbidden are byte strings that must never reach the terminal: each one
// can only come from a payload (abfahrt itself emits none of them).
var forbidden = []string{
	"\x1b]52", "SE9TVElMRQ", "PWNED", "\x1b]0;", "\x1b]2;", "\x1b#8",
	"\x1b[?1000h", "\x1b]8;", "\xc2\x9b", "\u202e", "NEWLINE\r",
}

// poisonKeys are the wire fields whose text a board, a vehicle pane, the
// status bar or a CLI table prints.
var poisonKeys = map[string]bool{
	"StopName": true, "StopPointName": true, "PlatformName": true, "StopCode": true,
	"DepartureDirectionText": true, "ArrivalDirectionText": true, "RouteName": true,
	"DirectionName": true, "VehicleName": true, "AlertTitle": true, "AlertData": true,
}

func poisonJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && poisonKeys[k] {
				x[k] = s + strings.Join(payloads, "") + s
				continue
			}
			x[k] = poisonJSON(e)
		}
	case []any:
		for i := range x {
			x[i] = poisonJSON(x[i])
		}
	}
	return v
}

// poisonedUpstream serves the simulation with poisoned text, an alert that is
// always on, and a hostile HTML error page for one stop.
func poisonedUpstream(t *testing.T) string {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.RawQuery, "StopNumber=1240") {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("<html><title>\x1b]0;PWNED-ERR\x07</title><body>\x1b[?1049l\x1b#8 down \u009b31m\u202e</body></html>"))
			return
		}
		r.Header.Del("Accept-Encoding")
		r.Header.Del("If-None-Match")
		rec := httptest.NewRecorder()
		svc.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if strings.HasSuffix(r.URL.Path, "/passenger/alert/UnplannedAlert") {
			body = []byte(`{"PassengerAlert":{"ServiceCategory":"UnplannedAlert","CurrentStatus":"OK",` +
				`"CurrentTimestamp":"` + time.Now().Format(time.RFC3339) + `","AlertTitle":"Linie 2","AlertData":"Umleitung"}}`)
		}
		var v any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if rec.Code == http.StatusOK && dec.Decode(&v) == nil {
			if b, err := json.Marshal(poisonJSON(v)); err == nil {
				body = b
			}
		}
		for k, vs := range rec.Header() {
			if k == "Content-Length" || k == "Etag" || k == "Content-Encoding" {
				continue
			}
			w.Header()[k] = vs
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	})
	srv := httptest.NewServer(h) // binds 127.0.0.1
	t.Cleanup(srv.Close)
	return srv.URL + "/mobility/v1"
}

// rawCapture records every byte the program writes to the pane into a file
// in dir (made before the terminal, so removed after it is gone).
func (tm *term) rawCapture(dir string) string {
	tm.t.Helper()
	out := filepath.Join(dir, "raw")
	tm.tmux("pipe-pane", "-o", "-t", tm.name, "cat >> "+out)
	return out
}

// ownTitle is a window title as abfahrt writes it: OSC 2, text without
// any control character, ST.
var ownTitle = regexp.MustCompile("\x1b\\]2;[^\x00-\x1f\x7f]*\x1b\\\\")

func (tm *term) checkRaw(what, path string) {
	t := tm.t
	t.Helper()
	tm.tmux("pipe-pane", "-t", tm.name) // no command: the capture ends
	time.Sleep(300 * time.Millisecond)  // let pipe-pane's cat flush
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: reading the captured bytes: %v", what, err)
	}
	if len(raw) < 200 {
		t.Fatalf("%s: only %d bytes captured", what, len(raw))
	}
	if n, own := bytes.Count(raw, []byte("\x1b[6n")), bytes.Count(raw, []byte(ownQuery)); n > own {
		t.Errorf("%s: %d cursor position queries reached the terminal, %d of them abfahrt's own", what, n, own)
	}
	// abfahrt's own window title (issue 26 item 5): OSC 2, plain text
	// (no control character can be in it) ended by ST. Taken out, nothing
	// forbidden may be left.
	raw = ownTitle.ReplaceAll(raw, nil)
	for _, f := range forbidden {
		if i := bytes.Index(raw, []byte(f)); i >= 0 {
			lo := max(0, i-60)
			t.Errorf("%s: %q reached the terminal: …%q…", what, f, raw[lo:min(len(raw), i+60)])
		}
	}
}

func TestE2EHostileUpstream(t *testing.T) {
	api := poisonedUpstream(t)
	dir := t.TempDir()
	tm := newTerm(t, 160, 48)
	raw := tm.rawCapture(dir)

	// The board, the vehicle pane and search on poisoned data.
	tm.typeText("abfahrt --api " + api + " --stop 1008")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 15*time.Second)
	tm.waitFor(departureRow, 15*time.Second)
	tm.checkWidths(160)
	tm.keys("Enter") // the first row's vehicle
	time.Sleep(2 * time.Second)
	tm.keys("Escape")
	time.Sleep(500 * time.Millisecond) // a key right after Escape would read as alt+key
	tm.keys("/")
	tm.typeText("haupt")
	time.Sleep(time.Second)
	tm.keys("Escape")
	time.Sleep(500 * time.Millisecond)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 10*time.Second)

	// A stop whose upstream answers with a hostile HTML error page.
	tm.typeText("abfahrt --api " + api + " --stop 1240")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`503|unavailable|Service`), 15*time.Second)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 10*time.Second)

	// The CLI: tables, JSON and the error path.
	for i, cmd := range []string{
		"abfahrt departures 1008 --api " + api,
		"abfahrt departures 1008 --json --api " + api,
		"abfahrt stops haupt --api " + api,
		"abfahrt departures 1240 --api " + api,
	} {
		tm.typeText(fmt.Sprintf("clear; %s; echo done-%d-$?", cmd, i))
		tm.keys("Enter")
		tm.waitFor(regexp.MustCompile(fmt.Sprintf(`done-%d-\d`, i)), 15*time.Second)
	}
	tm.typeText("clear; abfahrt --api " + api + " --kiosk --stop 1008")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 15*time.Second)
	time.Sleep(3 * time.Second) // the alert ticker runs
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_pid}"))
	if out, err := exec.Command("pgrep", "-P", shell).Output(); err == nil {
		_ = exec.Command("kill", "-TERM", strings.Fields(string(out))[0]).Run()
	}
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 10*time.Second)

	tm.checkRaw("board, vehicle pane, search, kiosk and CLI", raw)
	if title := tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_title}"); strings.Contains(title, "PWNED") && !strings.HasSuffix(title, " · abfahrt") {
		t.Errorf("the window title was changed: %q", title)
	}
	if alt := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{mouse_any_flag}")); alt == "1" {
		t.Error("mouse reporting was switched on")
	}
}
