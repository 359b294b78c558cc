package doctor_test

import (
	"bytes"
	"context"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/internal/doctor"
)

// lineOf is the doctor's line about what, "" if none.
func lineOf(out, what string) string {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 && strings.HasPrefix(strings.TrimSpace(l[len(f[0]):]), what+" ") {
			return l
		}
	}
	return ""
}

// simClient is a client of a real simulated service on loopback whose
// clock starts at start.
func simClient(t *testing.T, start time.Time) *feed.Client {
	t.Helper()
	srv := httptest.NewServer(sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(start, 1)}))
	t.Cleanup(srv.Close)
	c, err := feed.NewClient(srv.URL+"/mobility/v1", feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The service's clock is compared with this machine's: in step is fine,
// two hours behind is said with what to do (countdowns run on the
// service's clock), and neither blocks abfahrt.
func TestServiceClock(t *testing.T) {
	for _, c := range []struct {
		start      time.Time
		mark, want string
	}{
		{time.Now(), doctor.OK, "within a minute"},
		{time.Now().Add(-2 * time.Hour), doctor.Warn, "2h0m0s behind this machine's"},
	} {
		var out bytes.Buffer
		d := doctor.New(&out)
		d.Service(context.Background(), simClient(t, c.start), "the simulation", nil)
		if l := lineOf(out.String(), "service clock"); !strings.HasPrefix(l, c.mark) || !strings.Contains(l, c.want) {
			t.Errorf("service clock: %q, want %s … %s\n%s", l, c.mark, c.want, out.String())
		}
		if l := lineOf(out.String(), "data service"); !strings.HasPrefix(l, doctor.OK) || !strings.Contains(l, "the simulation answers in") {
			t.Errorf("data service: %q", l)
		}
		if err := d.Err(); err != nil {
			t.Errorf("Err: %v, want nil", err)
		}
	}
}

// A service that does not answer blocks abfahrt: a ✗ line that says what
// to check, and the closing error counts it.
func TestServiceNotAnswering(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // nothing listens there now
	c, err := feed.NewClient("http://"+addr+"/mobility/v1", feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	d := doctor.New(&out)
	d.Service(context.Background(), c, "http://"+addr, nil)
	if l := lineOf(out.String(), "data service"); !strings.HasPrefix(l, doctor.Block) || !strings.Contains(l, "does not answer") || !strings.Contains(l, "check --api") {
		t.Errorf("data service: %q", l)
	}
	if err := d.Err(); err == nil || !strings.Contains(err.Error(), "1 check blocks abfahrt") {
		t.Errorf("Err: %v, want one blocking check", err)
	}
}

// The locale: UTF-8 is fine and the language is said; none, or one
// without UTF-8, is worth a look with what to set.
func TestLocale(t *testing.T) {
	for _, c := range []struct {
		env        map[string]string
		mark, want string
	}{
		{map[string]string{"LANG": "de_DE.UTF-8"}, doctor.OK, "LANG=de_DE.UTF-8, language de"},
		{map[string]string{"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, doctor.Warn, "LC_ALL=C is not UTF-8: set LANG=C.UTF-8"},
		{map[string]string{}, doctor.Warn, "none set: set LANG=C.UTF-8"},
	} {
		var out bytes.Buffer
		doctor.New(&out).Locale(func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }, "de")
		if l := lineOf(out.String(), "locale"); !strings.HasPrefix(l, c.mark) || !strings.Contains(l, c.want) {
			t.Errorf("%v: %q, want %s … %s", c.env, l, c.mark, c.want)
		}
	}
}

// The state directory: a writable one is fine (and the check leaves
// nothing in it); one that cannot be made blocks, saying what to set.
func TestPaths(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "abfahrt")
	var out bytes.Buffer
	d := doctor.New(&out)
	d.Paths(dir)
	if l := lineOf(out.String(), "state"); !strings.HasPrefix(l, doctor.OK) || !strings.Contains(l, dir+" is writable") {
		t.Errorf("writable: %q", l)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("the check left %d files in the state directory", len(left))
	}
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	d.Paths(filepath.Join(file, "abfahrt"))
	if l := lineOf(out.String(), "state"); !strings.HasPrefix(l, doctor.Block) || !strings.Contains(l, "XDG_STATE_HOME") {
		t.Errorf("under a file: %q", l)
	}
	if d.Err() == nil {
		t.Error("a state directory that cannot be made does not block")
	}
}

// The history: none yet is fine; an empty database is said as such; a
// file that is no history database blocks.
func TestHistory(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.db")
	say := func() string {
		var out bytes.Buffer
		doctor.New(&out).History(ctx, path)
		return lineOf(out.String(), "history")
	}
	if l := say(); !strings.HasPrefix(l, doctor.OK) || !strings.Contains(l, "none yet") {
		t.Errorf("no database: %q", l)
	}
	s, err := history.Open(ctx, path, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if l := say(); !strings.HasPrefix(l, doctor.OK) || !strings.HasSuffix(l, "MB, empty") {
		t.Errorf("an empty database: %q", l)
	}
	if err := os.WriteFile(path, []byte("not a database, just text of some length to be sure\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if l := say(); !strings.HasPrefix(l, doctor.Block) {
		t.Errorf("a file that is no database: %q", l)
	}
}
