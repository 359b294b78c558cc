package sshhub

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/lockbuf"
	"abfahrt/tui"
)

// Every size a client can say becomes one a board can be drawn at.
func TestClampSize(t *testing.T) {
	for _, tc := range []struct{ cols, rows, wantCols, wantRows int }{
		{100, 30, 100, 30}, {65535, 65535, maxCols, maxRows}, {0, 0, defaultCols, defaultRows},
		{-5, -1, defaultCols, defaultRows}, {1, 1, 1, 1}, {500, 300, 500, 300}, {501, 301, 500, 300},
	} {
		if c, r := clampSize(tc.cols, tc.rows); c != tc.wantCols || r != tc.wantRows {
			t.Errorf("clampSize(%d, %d) = %d, %d; want %d, %d", tc.cols, tc.rows, c, r, tc.wantCols, tc.wantRows)
		}
	}
	for _, tc := range []struct{ v, want uint32 }{{0, defaultCols}, {0xFFFFFFFF, maxCols}, {0x80000000, maxCols}, {80, 80}} {
		if got := clamp32(tc.v, defaultCols, maxCols); got != tc.want {
			t.Errorf("clamp32(%#x) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

func TestEnvAllowed(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        bool
	}{
		{"TERM", "xterm", true}, {"LC_ALL", "C", true}, {"NO_COLOR", "", true}, {"COLORTERM", "truecolor", true},
		{"PATH", "/bin", false}, {"", "x", false}, {"LANG", strings.Repeat("a", maxEnvValue+1), false},
		{"LC_" + strings.Repeat("A", maxEnvName), "C", false}, {"lc_all", "C", false},
	} {
		if got := envAllowed(tc.name, tc.value); got != tc.want {
			t.Errorf("envAllowed(%.20q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A flood of lines is cut to the limit in a second and summed up in one
// line once the second is over, even when nothing follows.
func TestLimitedLog(t *testing.T) {
	var buf lockbuf.Buffer
	l := newLimitedLog(slog.New(slog.NewTextHandler(&buf, nil)), 5)
	for range 100 {
		l.Info("ssh: login refused", "remote", "127.0.0.1:1")
	}
	if n := strings.Count(buf.String(), "login refused"); n != 5 {
		t.Errorf("%d lines in the first second, want 5", n)
	}
	for deadline := time.Now().Add(3 * time.Second); !strings.Contains(buf.String(), "suppressed=95"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no summary:\n%s", buf.String())
		}
	}
	l.Info("ssh: login", "remote", "127.0.0.1:2")
	if !bytes.Contains([]byte(buf.String()), []byte(`msg="ssh: login" remote=127.0.0.1:2`)) {
		t.Errorf("no line after the second:\n%s", buf.String())
	}
}

// An SSH session takes the theme the hub was given; without one, a client
// on a Linux console gets the console theme and others the dark one,
// whatever the hub's own terminal picked (the hub passes no theme then).
func TestSessionTheme(t *testing.T) {
	for _, tc := range []struct {
		chosen string
		term   string
		want   string
	}{
		{"", "linux", tui.ThemeConsole},
		{"", "xterm-256color", tui.ThemeDark},
		{"light", "linux", "light"},
		{"high-contrast", "xterm", "high-contrast"},
	} {
		if got := sessionTheme(tc.chosen, tc.term); got != tc.want {
			t.Errorf("sessionTheme(%q, %q) = %q, want %q", tc.chosen, tc.term, got, tc.want)
		}
	}
}

// With --ssh-max-sessions 1 the refusal does not say "all 1 sessions".
func TestSessionsInUseWording(t *testing.T) {
	if got := sessionsInUse(1); strings.Contains(got, "all 1") || !strings.Contains(got, "the only session is in use") {
		t.Errorf("sessionsInUse(1) = %q", got)
	}
	if got := sessionsInUse(20); !strings.Contains(got, "all 20 sessions are in use") {
		t.Errorf("sessionsInUse(20) = %q", got)
	}
}
