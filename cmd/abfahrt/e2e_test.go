//go:build e2e

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"abfahrt/internal/ptytest"
)

// The end-to-end tests run the real binary ($ABFAHRT_BIN, built by
// `make e2e`) in a real terminal: tmux on a private socket.

// term is one tmux session with a plain shell.
type term struct {
	t      *testing.T
	socket string
	name   string
}

const prompt = "e2e-ready$ "

// promptRe finds the prompt (capture-pane drops trailing blanks).
var promptRe = regexp.MustCompile(`e2e-ready\$`)

func newTerm(t *testing.T, w, h int, env ...string) *term {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set (run make e2e)")
	}
	tm := &term{t: t, socket: fmt.Sprintf("abfahrt-e2e-%d", os.Getpid()), name: fmt.Sprintf("%s-%d", strings.ReplaceAll(t.Name(), "/", "_"), time.Now().UnixNano())}
	// The home is removed after the session is killed (cleanups run last
	// first), but a board that gets the hangup may still write its state
	// files as it exits: t.TempDir's one removal then fails the test with
	// "directory not empty", so the removal is tried again for a while.
	home, err := os.MkdirTemp("", "abfahrt-e2e-home-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for try := 0; try < 50 && os.RemoveAll(home) != nil; try++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	args := []string{"-L", tm.socket, "-f", "/dev/null", "new-session", "-d", "-s", tm.name,
		"-x", fmt.Sprint(w), "-y", fmt.Sprint(h),
		"env", "-i", "PATH=" + filepath.Dir(bin) + ":/usr/bin:/bin", "HOME=" + home,
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "TERM=xterm-256color", "PS1=" + prompt}
	args = append(args, env...)
	args = append(args, "bash", "--norc", "--noprofile")
	// The previous test's cleanup may have closed the server's last
	// session: a new session started while that server exits fails with
	// "server exited unexpectedly"; the next try starts a new server.
	for try := 0; ; try++ {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err == nil {
			break
		}
		if try == 20 || !strings.Contains(string(out), "server exited unexpectedly") {
			t.Fatalf("tmux %v: %v: %s", args, err, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", tm.socket, "kill-session", "-t", tm.name).Run() })
	tm.waitFor(promptRe, 10*time.Second)
	return tm
}

func (tm *term) tmux(args ...string) string {
	tm.t.Helper()
	if args[0] != "-L" {
		args = append([]string{"-L", tm.socket}, args...)
	}
	out, err := exec.Command("tmux", args...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %v: %v: %s", args, err, out)
	}
	return string(out)
}

func (tm *term) keys(keys ...string) {
	tm.t.Helper()
	tm.tmux(append([]string{"send-keys", "-t", tm.name}, keys...)...)
}

func (tm *term) typeText(s string) {
	tm.t.Helper()
	tm.tmux("send-keys", "-t", tm.name, "-l", s)
}

func (tm *term) screen() string { return tm.tmux("capture-pane", "-p", "-t", tm.name) }

// tryWait polls the screen until re matches or d has passed.
func (tm *term) tryWait(re *regexp.Regexp, d time.Duration) (string, bool) {
	tm.t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := tm.screen()
		if re.MatchString(s) {
			return s, true
		}
		if time.Now().After(deadline) {
			return s, false
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitFor polls the screen until re matches, failing after d.
func (tm *term) waitFor(re *regexp.Regexp, d time.Duration) string {
	tm.t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := tm.screen()
		if re.MatchString(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("waited %v for %q; screen:\n%s", d, re, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (tm *term) resize(w, h int) {
	tm.t.Helper()
	tm.tmux("resize-window", "-t", tm.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h))
}

func (tm *term) checkWidths(w int) {
	tm.t.Helper()
	for i, line := range strings.Split(strings.TrimRight(tm.screen(), "\n"), "\n") {
		if n := len([]rune(line)); n > w {
			tm.t.Errorf("line %d is %d wide on a %d-column terminal: %q", i, n, w, line)
		}
	}
}

// departureRow matches a row's countdown or scheduled time, not the header's clock (HH:MM:SS):
// a scheduled time is neither preceded nor followed by a colon or digit (without the
// left guard the clock's "MM:SS" at the end of the header line matched while the board was
// still loading, and an Enter sent then found no row).
var departureRow = regexp.MustCompile(`(?m)(\d+ min|now|(?:^|[^:\d])\d\d:\d\d(?:[^:\d]|$))`)

func TestE2EBoardSearchResizeQuit(t *testing.T) {
	tm := newTerm(t, 120, 40)
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 10*time.Second)
	tm.waitFor(departureRow, 10*time.Second)
	tm.checkWidths(120)

	tm.keys("/")
	tm.waitFor(regexp.MustCompile(`│ / `), 5*time.Second)
	tm.typeText("ehinger")
	tm.waitFor(regexp.MustCompile(`▸ stop +Ehinger Tor +1350`), 5*time.Second)
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Ehinger Tor · Departures`), 5*time.Second)
	tm.waitFor(departureRow, 10*time.Second)

	tm.resize(60, 20)
	time.Sleep(500 * time.Millisecond)
	tm.waitFor(regexp.MustCompile(`Ehinger`), 5*time.Second)
	tm.checkWidths(60)
	tm.resize(120, 40)
	tm.waitFor(regexp.MustCompile(`Ehinger Tor`), 5*time.Second)

	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
	if alt := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{alternate_on}")); alt != "0" {
		t.Errorf("alternate screen still on after quit (alternate_on=%s)", alt)
	}
}

func TestE2EVehiclePaneFromABoardRow(t *testing.T) {
	// A weekday morning on the simulation: at night the embedded one on
	// the machine's clock may have only planned rows, no vehicle to open.
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 120, 40)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:30:00+02:00 & sleep 1; abfahrt --api %s", addr, api))
	tm.keys("Enter")
	tm.waitFor(departureRow, 10*time.Second)
	// The first row may be a planned one (no vehicle to open): move down
	// until Enter opens a vehicle pane.
	tm.openVehicleFromRow()
	s := tm.waitFor(regexp.MustCompile(`(passed|departed|arriving|predicted|at stop)`), 10*time.Second)
	if !regexp.MustCompile("[\u2801-\u28ff]").MatchString(s) {
		s = tm.waitFor(regexp.MustCompile("[\u2801-\u28ff]"), 10*time.Second)
	}
	if !strings.Contains(s, "▶") {
		t.Errorf("no vehicle position marker in the passage diagram:\n%s", s)
	}
	tm.checkWidths(120)
	tm.keys("Escape")
	tm.waitFor(regexp.MustCompile(`DIRECTION`), 5*time.Second)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}

// TestE2EBadInput runs the real binary with every invalid command line:
// one clear line on stderr and the right exit code.
func TestE2EBadInput(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set (run make e2e)")
	}
	for _, c := range badInputCases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			cmd.Env = append(os.Environ(), "ABFAHRT_API=", "XDG_CONFIG_HOME="+t.TempDir())
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, stderr.String())
			}
			if c.msg != "" && !strings.Contains(stderr.String(), c.msg) {
				t.Errorf("stderr %q does not say %q", stderr.String(), c.msg)
			}
		})
	}
}

// TestE2ETerminalRestoredAfterSIGTERM ends the board from outside and
// checks the terminal is back: alternate screen off, prompt visible.
func TestE2ETerminalRestoredAfterSIGTERM(t *testing.T) {
	tm := newTerm(t, 100, 30)
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(departureRow, 10*time.Second)
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_pid}"))
	out, err := exec.Command("pgrep", "-P", shell).Output()
	if err != nil {
		t.Fatalf("no abfahrt process under the shell %s: %v", shell, err)
	}
	pid := strings.Fields(string(out))[0]
	if err := exec.Command("kill", "-TERM", pid).Run(); err != nil {
		t.Fatal(err)
	}
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
	if alt := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{alternate_on}")); alt != "0" {
		t.Errorf("alternate screen still on after SIGTERM (alternate_on=%s)", alt)
	}
}

func TestE2EThreeBoards(t *testing.T) {
	tm := newTerm(t, 160, 48)
	tm.typeText("abfahrt --stop 1008 --stop 1350 --stop 1240")
	tm.keys("Enter")
	s := tm.waitFor(regexp.MustCompile(`(?s)Hauptbahnhof.*Ehinger Tor.*Universität Süd`), 10*time.Second)
	if !strings.Contains(s, "3 boards") {
		t.Errorf("no network summary of 3 boards:\n%s", s)
	}
	tm.waitFor(departureRow, 10*time.Second)
	tm.checkWidths(160)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}

func TestE2EKioskIgnoresKeys(t *testing.T) {
	tm := newTerm(t, 120, 40)
	tm.typeText("abfahrt --kiosk --stop 1008")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 10*time.Second)
	tm.waitFor(departureRow, 10*time.Second)
	if !regexp.MustCompile(`█`).MatchString(tm.screen()) {
		t.Errorf("no large clock:\n%s", tm.screen())
	}
	tm.keys("q")
	tm.keys("C-c")
	tm.keys("C-z")
	tm.keys("/")
	time.Sleep(700 * time.Millisecond)
	s := tm.screen()
	if !strings.Contains(s, "Hauptbahnhof") || promptRe.MatchString(lastLine(s)) {
		t.Fatalf("the kiosk reacted to q / ctrl+c / ctrl+z:\n%s", s)
	}
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_pid}"))
	if out, err := exec.Command("pgrep", "-P", shell).Output(); err == nil {
		_ = exec.Command("kill", "-TERM", strings.Fields(string(out))[0]).Run()
	}
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}

// colourSGR finds SGR sequences that set a colour (30-37, 38;…, 40-47,
// 48;…, 90-97, 100-107), not the resets 39 and 49.
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m`)

// emphasisSGR matches a bold or reverse attribute in an SGR sequence.
var emphasisSGR = regexp.MustCompile(`\x1b\[(?:[0-9]*;)*(?:1|7)(?:;[0-9]*)*m`)

func TestE2ENoColor(t *testing.T) {
	tm := newTerm(t, 120, 40, "NO_COLOR=1")
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(departureRow, 10*time.Second)
	raw := tm.tmux("capture-pane", "-p", "-e", "-t", tm.name)
	if m := colourSGR.FindString(raw); m != "" {
		t.Errorf("colour escape %q with NO_COLOR=1", m)
	}
	// issue 12 item 15: no colour, but the mono theme's bold and reverse
	if !emphasisSGR.MatchString(raw) {
		t.Errorf("NO_COLOR=1 lost bold and reverse too:\n%q", raw)
	}
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)

	// The check itself sees colour when there is some.
	tm2 := newTerm(t, 120, 40)
	tm2.typeText("abfahrt")
	tm2.keys("Enter")
	tm2.waitFor(departureRow, 10*time.Second)
	if !colourSGR.MatchString(tm2.tmux("capture-pane", "-p", "-e", "-t", tm2.name)) {
		t.Error("no colour without NO_COLOR either: the check is blind")
	}
	tm2.keys("q")
}

func TestE2EGerman(t *testing.T) {
	tm := newTerm(t, 120, 40, "LANG=de_DE.UTF-8")
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Abfahrten`), 10*time.Second)
	s := tm.waitFor(regexp.MustCompile(`\d+ Min|sofort`), 10*time.Second)
	if !strings.Contains(s, "simuliertes Ulmer Netz") {
		t.Errorf("status bar not German:\n%s", s)
	}
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestE2EUnreadablePinsKeptAside starts the real binary with a pins.json
// that has a trailing comma: the status bar says it was kept aside, p
// writes a new pins.json, and the kept file still holds the original.
func TestE2EUnreadablePinsKeptAside(t *testing.T) {
	state := t.TempDir()
	dir := filepath.Join(state, "abfahrt")
	bad := `{"pins": [{"stop": 1240, "name": "Theater"},]}`
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pins.json"), []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	tm := newTerm(t, 140, 30, "XDG_STATE_HOME="+state)
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`pins\.json could not be read; kept as pins\.json\.corrupt-\d{8}T\d{6}Z`), 10*time.Second)
	tm.keys("p")
	tm.waitFor(regexp.MustCompile(`pinned `), 5*time.Second)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
	kept, _ := filepath.Glob(filepath.Join(dir, "pins.json.corrupt-*"))
	if len(kept) != 1 {
		t.Fatalf("kept files %v, want one", kept)
	}
	if data, _ := os.ReadFile(kept[0]); string(data) != bad {
		t.Errorf("kept file holds %q, want %q", data, bad)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "pins.json")); err != nil || !strings.Contains(string(data), `"stop": 1008`) {
		t.Errorf("pins.json after p: %s, %v", data, err)
	}
}

// boardPID is the pid of the abfahrt the pane's shell started.
func (tm *term) boardPID() int {
	tm.t.Helper()
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_pid}"))
	out, err := exec.Command("pgrep", "-P", shell).Output()
	if err != nil {
		tm.t.Fatalf("no abfahrt process under the shell %s: %v", shell, err)
	}
	pid, err := strconv.Atoi(strings.Fields(string(out))[0])
	if err != nil {
		tm.t.Fatal(err)
	}
	return pid
}

// paneState is tmux's view of the pane's terminal: "alternate_on cursor_flag".
func (tm *term) paneState() string {
	tm.t.Helper()
	return strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{alternate_on} #{cursor_flag}"))
}

// running reports whether pid is alive (a zombie nobody reaped has exited).
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

var promptLast = regexp.MustCompile(`(?m)^e2e-ready\$\s*$`)

// TestE2ETerminalRestoredAfterSIGHUP: SIGHUP ends the board like SIGTERM:
// alternate screen off, cursor shown, the shell's prompt back.
func TestE2ETerminalRestoredAfterSIGHUP(t *testing.T) {
	tm := newTerm(t, 100, 30)
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(departureRow, 10*time.Second)
	if err := syscall.Kill(tm.boardPID(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	tm.waitFor(promptLast, 5*time.Second)
	if st := tm.paneState(); st != "0 1" {
		t.Errorf("after SIGHUP alternate_on cursor_flag = %s, want 0 1 (main screen, cursor shown)", st)
	}
	tm.typeText("echo status=$?")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`status=0`), 5*time.Second)
}

// TestE2ESuspendAndResume: ctrl+z and SIGTSTP give the shell a usable
// terminal (main screen, cursor, line mode: what the shell runs sees a
// cooked terminal); `fg` brings the board back, repainted and taking keys.
func TestE2ESuspendAndResume(t *testing.T) {
	tm := newTerm(t, 100, 30)
	tm.typeText("abfahrt")
	tm.keys("Enter")
	tm.waitFor(departureRow, 10*time.Second)
	pid := tm.boardPID()
	for i, suspend := range []func(){
		func() { tm.keys("C-z") },
		func() { _ = syscall.Kill(pid, syscall.SIGTSTP) },
	} {
		suspend()
		tm.waitFor(regexp.MustCompile(`Stopped`), 5*time.Second)
		tm.waitFor(promptLast, 5*time.Second)
		if st := tm.paneState(); st != "0 1" {
			t.Errorf("suspend %d: alternate_on cursor_flag = %s, want 0 1", i, st)
		}
		tm.typeText("stty -a | grep -o -- '-*icanon' | sed 's/^/mode:/'")
		tm.keys("Enter")
		if s := tm.waitFor(regexp.MustCompile(`mode:-*icanon`), 5*time.Second); !strings.Contains(s, "mode:icanon") {
			t.Errorf("suspend %d left the terminal raw:\n%s", i, s)
		}
		tm.typeText("clear")
		tm.keys("Enter")
		tm.waitFor(promptLast, 5*time.Second)
		tm.typeText("fg")
		tm.keys("Enter")
		tm.waitFor(departureRow, 5*time.Second)
		if st := tm.paneState(); st != "1 0" {
			t.Errorf("resume %d: alternate_on cursor_flag = %s, want 1 0", i, st)
		}
		tm.keys("?")
		tm.waitFor(regexp.MustCompile(`abfahrt — keys`), 5*time.Second)
		tm.keys("?")
		tm.waitFor(regexp.MustCompile(`\? help`), 5*time.Second)
	}
	tm.keys("q")
	tm.waitFor(promptLast, 5*time.Second)
}

// TestE2ETerminalGone closes the board's terminal under it. With SIGHUP
// (a hangup: restoring the terminal fails with EIO and must neither hang
// nor panic) the board ends normally, exit code 0; with SIGHUP ignored
// (nohup, a trap) it notices by itself and exits with code 1 instead of
// polling on with nobody to see it.
func TestE2ETerminalGone(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "board.sh")
	// $1 is the shell's trap for SIGHUP: ":" is caught by the script alone
	// (abfahrt gets SIGHUP), "" is ignored, by abfahrt too.
	if err := os.WriteFile(script, []byte("#!/bin/sh\ntrap \"$1\" HUP\nabfahrt\necho $? > \"$2\"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	tm := newTerm(t, 100, 30)
	for _, c := range []struct{ name, trap, code string }{{"hangup", ":", "0"}, {"hup-ignored", "", "1"}} {
		tm.waitFor(promptLast, 10*time.Second)
		rc := filepath.Join(dir, c.name+".rc")
		tm.typeText(fmt.Sprintf("%s '%s' %s", script, c.trap, rc))
		tm.keys("Enter")
		tm.waitFor(departureRow, 10*time.Second)
		out, err := exec.Command("pgrep", "-P", strconv.Itoa(tm.boardPID())).Output()
		if err != nil {
			t.Fatalf("%s: no abfahrt under the script: %v", c.name, err)
		}
		pid, _ := strconv.Atoi(strings.Fields(string(out))[0])
		// The pane's terminal closes and a new one with a new shell
		// replaces it (one session: the tmux server lives on).
		tm.tmux("respawn-pane", "-k", "-t", tm.name)
		deadline := time.Now().Add(10 * time.Second)
		for running(pid) {
			if time.Now().After(deadline) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				t.Fatalf("%s: abfahrt (pid %d) still runs 10 s after its terminal closed", c.name, pid)
			}
			time.Sleep(100 * time.Millisecond)
		}
		for b, err := os.ReadFile(rc); strings.TrimSpace(string(b)) != c.code; b, err = os.ReadFile(rc) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: exit code %q (%v), want %s", c.name, b, err, c.code)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// TestE2ELogOnUnwritableStateDir: --log where the state directory cannot
// be created (its parent is a file, which stops root too): the board
// starts, and the warning is on the screen after it ends.
func TestE2ELogOnUnwritableStateDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state-is-a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tm := newTerm(t, 100, 30, "XDG_STATE_HOME="+file)
	tm.typeText("abfahrt --log")
	tm.keys("Enter")
	tm.waitFor(departureRow, 10*time.Second)
	tm.keys("q")
	tm.waitFor(promptLast, 5*time.Second)
	tm.waitFor(regexp.MustCompile(`(?s)warning: --log: .*going on without a log`), 2*time.Second)
}

// TestE2ESilentTerminal runs the board on a terminal that answers no
// query at all (a serial console, some SSH clients): a pseudo-terminal
// of the test's own, not tmux, which answers. abfahrt must not ask for
// the background colour (OSC 11) or the cursor position, which made it
// wait 5 s for the answer before the first frame.
func TestE2ESilentTerminal(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set (run make e2e)")
	}
	master, slave, err := ptytest.Open(100, 30)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer func() { _ = master.Close() }()
	home := t.TempDir()
	cmd := exec.Command(bin)
	ptytest.Attach(cmd, slave)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "TERM=xterm-256color",
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state")}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	_ = slave.Close()
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	_ = master.SetReadDeadline(time.Now().Add(20 * time.Second))
	var out []byte
	buf := make([]byte, 4096)
	for !strings.Contains(string(out), "Departures") {
		n, err := master.Read(buf)
		out = append(out, buf[:n]...)
		if err != nil {
			t.Fatalf("no first frame: %v; the terminal got %q", err, out)
		}
	}
	t.Logf("first frame after %v", time.Since(start).Round(time.Millisecond))
	for _, q := range []string{"\x1b]11;?", "\x1b]10;?", "\x1b[6n"} {
		if strings.Contains(string(out), q) {
			t.Errorf("abfahrt asked the terminal %q before its first frame", q)
		}
	}
}

// openVehicleFromRow presses Enter on the board's rows from the cursor down
// until the vehicle pane of one opens (a planned row has no vehicle), and
// fails with the screen after five rows.
func (tm *term) openVehicleFromRow() {
	tm.t.Helper()
	vehicleTitle := regexp.MustCompile(`(Tram|Bus) \d+`)
	for try := 0; ; try++ {
		tm.keys("Enter")
		if _, ok := tm.tryWait(vehicleTitle, 4*time.Second); ok {
			return
		}
		if try == 4 {
			tm.waitFor(vehicleTitle, time.Second) // fails with the screen
		}
		tm.keys("Down")
	}
}
