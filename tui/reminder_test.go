package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/remind"
	"abfahrt/tui/internal/testkit"
)

// newRemEnv is the Hauptbahnhof board with a walking time, reminders in
// dir and the bell on bell (nil: silent).
func newRemEnv(t *testing.T, walk time.Duration, dir string, bell *bytes.Buffer) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	o := app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Walk: walk, StateDir: dir}
	if bell != nil {
		o.Bell = bell
	}
	e.m = New(o)
	e.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	e.send(e.src.Base)
	e.poll()
	if cmd := e.m.sh.Reminders.LoadCmd(); cmd != nil {
		e.run(e.send(cmd()))
	}
	return e
}

// run executes cmd and the commands of its batches, sending their
// messages back; only for commands without timers.
func (e *testEnv) run(cmd tea.Cmd) {
	e.t.Helper()
	testkit.Each(cmd, func(msg tea.Msg) { e.run(e.send(msg)) })
}

// remTick moves the clock by d and runs the reminders' check as the
// clock message does, with its bell and save.
func (e *testEnv) remTick(d time.Duration) {
	e.t.Helper()
	e.now = e.now.Add(d)
	e.m.sh.Tick(e.now)
	e.run(e.m.tickReminders())
}

// cursorTo moves the cursor with j to the row going to dir.
func (e *testEnv) cursorTo(dir string) {
	e.t.Helper()
	e.Key("g")
	for i, r := range rowLines(e.screenLines()) {
		if strings.Contains(r, " "+dir+" ") {
			for range i {
				e.Key("j")
			}
			return
		}
	}
	e.t.Fatalf("no row to %s", dir)
}

func TestReminderWarnsBeforeLeaveTime(t *testing.T) {
	var bell bytes.Buffer
	dir := t.TempDir()
	e := newRemEnv(t, 4*time.Minute, dir, &bell)
	e.cursorTo("Kuhberg") // line 7, due 12:42:56: leave at 12:38:56
	e.run(e.Key("t"))
	if n := e.m.sh.Notice; !strings.Contains(n, "reminder: leave at 12:38 for line 7 to Kuhberg") {
		t.Errorf("notice %q", n)
	}
	if r := rowOf(t, e.m.View(), "Kuhberg  "); !strings.HasPrefix(r, "▸*") {
		t.Errorf("the reminded row lacks its mark: %q", r)
	}
	// Issue 23 item 10 (changed on purpose): it warns a minute ahead of
	// the leave time, and the status line says it once, not after the
	// notice that set it.
	e.remTick(2*time.Minute + 59*time.Second)
	if bell.Len() != 0 {
		t.Fatalf("the bell rang %q before the warning", bell.String())
	}
	e.remTick(time.Second) // 12:37:56: a minute before the leave time
	if bell.String() != "\a" {
		t.Fatalf("bell wrote %q a minute before the leave time, want exactly BEL", bell.String())
	}
	if n := e.m.sh.Notice; n != "Leave in 1 min for line 7 to Kuhberg (12:42)" {
		t.Errorf("notice %q", n)
	}
	if bar := lastLines(e.m.View(), 3); strings.Count(bar, "line 7 to Kuhberg") != 1 {
		t.Errorf("the status line repeats itself: %q", bar)
	}
	e.remTick(time.Minute)
	e.Key("G") // the cursor elsewhere (the missed rows above are hidden): the flash shows as the selection
	if r := rowOf(t, e.m.View(), "Kuhberg  "); !strings.HasPrefix(r, " !") {
		t.Errorf("the rung row lacks its mark: %q", r)
	}
	e.remTick(time.Second)
	if bell.String() != "\a" {
		t.Errorf("the bell rang again: %q", bell.String())
	}
	// Until the departure has gone, the file keeps it; then it goes.
	data, err := os.ReadFile(filepath.Join(dir, remind.File))
	if err != nil || !strings.Contains(string(data), `"line": "7"`) {
		t.Fatalf("reminders.json: %s, %v", data, err)
	}
	e.remTick(6 * time.Minute)
	data, _ = os.ReadFile(filepath.Join(dir, remind.File))
	if strings.Contains(string(data), `"line"`) || len(e.m.sh.Reminders.Items) != 0 {
		t.Errorf("a gone departure's reminder stays: %s", data)
	}
}

// TestReminderFollowsDelay: a delay reported after the reminder was set
// moves the leave time.
func TestReminderFollowsDelay(t *testing.T) {
	var bell bytes.Buffer
	e := newRemEnv(t, 4*time.Minute, "", &bell)
	e.cursorTo("Kuhberg")
	e.run(e.Key("t"))
	b := e.src.Boards[feeds.Subject{Stop: 1008}]
	b.Events = append([]model.Event(nil), b.Events...)
	for i := range b.Events {
		if b.Events[i].DirectionText == "Kuhberg" {
			b.Events[i].Actual = model.At(b.Events[i].Actual.Add(3 * time.Minute))
			b.Events[i].Deviation += 180
		}
	}
	e.src.Mu.Lock()
	e.src.Boards[feeds.Subject{Stop: 1008}] = b
	e.src.Mu.Unlock()
	e.remTick(15 * time.Second)
	e.poll()
	e.remTick(4 * time.Minute)
	if bell.Len() != 0 {
		t.Fatal("rang at the old leave time after a delay")
	}
	e.remTick(3 * time.Minute)
	if bell.String() != "\a" {
		t.Errorf("did not ring at the delayed leave time: %q", bell.String())
	}
}

// TestReminderSurvivesRestart: a reminder set in one run shows in the
// next, from the state dir; t again removes it.
func TestReminderSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	e := newRemEnv(t, 4*time.Minute, dir, nil)
	e.cursorTo("Ludwigsfeld")
	e.run(e.Key("t"))
	e2 := newRemEnv(t, 4*time.Minute, dir, nil)
	if r := rowOf(t, e2.m.View(), "Ludwigsfeld"); !strings.HasPrefix(r, " *") {
		t.Fatalf("the reminder did not survive: %q", r)
	}
	e2.cursorTo("Ludwigsfeld")
	e2.run(e2.Key("t"))
	if n := e2.m.sh.Notice; n != "reminder removed" {
		t.Errorf("notice %q", n)
	}
	e3 := newRemEnv(t, 4*time.Minute, dir, nil)
	if len(e3.m.sh.Reminders.Items) != 0 {
		t.Errorf("a removed reminder came back: %+v", e3.m.sh.Reminders.Items)
	}
	// Silent without a bell: the notice still says it.
	e3.cursorTo("Ludwigsfeld")
	e3.run(e3.Key("t"))
	e3.remTick(11 * time.Minute) // the leave time: past the warning, the bus not yet
	if !strings.Contains(e3.m.sh.Notice, "Leave now for line 9") {
		t.Errorf("no notice without a bell: %q", e3.m.sh.Notice)
	}
}

// TestReminderFileCorrupt: an unreadable file is kept aside and said once.
func TestReminderFileCorrupt(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, remind.File), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newRemEnv(t, 0, dir, nil)
	if len(e.m.sh.Reminders.Items) != 0 || e.m.sh.Notice == "" {
		t.Errorf("items %v, notice %q", e.m.sh.Reminders.Items, e.m.sh.Notice)
	}
	m, _ := filepath.Glob(filepath.Join(dir, remind.File+".corrupt-*"))
	if len(m) != 1 {
		t.Errorf("corrupt file not kept aside: %v", m)
	}
}

func TestKioskHasNoReminders(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	if e.k.Shared.Reminders != nil {
		t.Error("the kiosk has reminders")
	}
}

// Issue 23 item 11: t on a grid cell (which has no cursor) sets a
// reminder on the cell's first departure still ahead of its warning, and
// says which; t again removes it.
func TestReminderInGridCell(t *testing.T) {
	e := newGridEnv(t, 160, 48, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}}, nil)
	e.run(e.Key("t"))
	if len(e.m.sh.Reminders.Items) != 1 {
		t.Fatalf("t on a grid cell: %d reminders, want 1 (notice %q)", len(e.m.sh.Reminders.Items), e.m.sh.Notice)
	}
	if n := e.m.sh.Notice; !strings.Contains(n, "line 4 to Böfingen") {
		t.Errorf("the notice does not name the departure: %q", n)
	}
	e.run(e.Key("t"))
	if len(e.m.sh.Reminders.Items) != 0 || e.m.sh.Notice != "reminder removed" {
		t.Errorf("t again: %d reminders, notice %q", len(e.m.sh.Reminders.Items), e.m.sh.Notice)
	}
	e.Key("enter")
	e.run(e.Key("t"))
	if len(e.m.sh.Reminders.Items) != 1 {
		t.Errorf("t on the zoomed board: %d reminders, want 1", len(e.m.sh.Reminders.Items))
	}
}

// Issue 23 item 10: with missed rows hidden, a reminded row stays when
// its leave time passes.
func TestReminderRowNeverHidden(t *testing.T) {
	e := newRemEnv(t, 4*time.Minute, "", nil)
	e.Key("H")
	e.cursorTo("Kuhberg")
	e.run(e.Key("t"))
	e.remTick(5 * time.Minute) // 12:39:56: the leave time 12:38:56 has passed
	if r := rowOf(t, e.m.View(), "Kuhberg  "); !strings.Contains(r, "!") {
		t.Errorf("the reminded row: %q", r)
	}
}

// Issue 23 item 10: a prediction that moves the leave time into the past
// says so and names the next departure of the line and direction.
func TestReminderSaysMayMiss(t *testing.T) {
	var bell bytes.Buffer
	e := newRemEnv(t, 4*time.Minute, "", &bell)
	e.cursorTo("Kuhberg Schulzentrum") // line 2, 12:45:56: leave at 12:41:56
	e.run(e.Key("t"))
	b := e.src.Boards[feeds.Subject{Stop: 1008}]
	b.Events = append([]model.Event(nil), b.Events...)
	for i := range b.Events {
		if ev := &b.Events[i]; ev.DirectionText == "Kuhberg Schulzentrum" && ev.VehicleNumber == 45 {
			ev.Actual = model.At(testkit.T0.Add(4*time.Minute + 30*time.Second)) // 12:39:26: leave at 12:35:26
			ev.Deviation = -390
		}
	}
	b.Events = append(b.Events, testkit.Ev("2", model.VehicleTram, 47, "Kuhberg Schulzentrum", "A", 1, 20*time.Minute, 0, model.StatusPredicted))
	e.src.Mu.Lock()
	e.src.Boards[feeds.Subject{Stop: 1008}] = b
	e.src.Mu.Unlock()
	e.remTick(time.Minute) // 12:35:56
	e.poll()
	e.remTick(time.Second)
	if n := e.m.sh.Notice; !strings.Contains(n, "You may miss line 2 to Kuhberg Schulzentrum (12:39); next 12:54") {
		t.Errorf("notice %q", n)
	}
	if bell.String() != "\a" {
		t.Errorf("bell %q", bell.String())
	}
}

// Issue 23 item 10: without a walking time, t says it warns before the
// departure and how to add a walking time; it rings a minute before the
// departure, not as the bus leaves.
func TestReminderWithoutWalk(t *testing.T) {
	var bell bytes.Buffer
	e := newRemEnv(t, 0, "", &bell)
	e.cursorTo("Kuhberg") // line 7, 12:42:56
	e.run(e.Key("t"))
	if n := e.m.sh.Notice; n != "reminder: 1 min before line 7 to Kuhberg leaves (12:42) · + sets a walking time" {
		t.Errorf("notice %q", n)
	}
	e.remTick(7 * time.Minute) // 12:41:56
	if bell.String() != "\a" {
		t.Fatalf("no warning a minute before the departure: bell %q", bell.String())
	}
	if n := e.m.sh.Notice; n != "Line 7 to Kuhberg leaves in 1 min (12:42)" {
		t.Errorf("notice %q", n)
	}
}
