package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/vehicle"
)

// testEnv holds a model under test with its fake source and clock: the
// interactive root m, or the kiosk k when set (newKioskEnv).
type testEnv struct {
	t   testing.TB
	src *testkit.FakeSource
	now time.Time
	m   Model
	k   *kiosk.Model
	// dir is the state directory of a queue's env (newQueueEnv).
	dir string
}

// View renders the model under test.
func (e *testEnv) View() string {
	if e.k != nil {
		return e.k.View()
	}
	return e.m.View()
}

// newEnv returns a model of size w×h at t0 with the fake source; base
// data is loaded and the first poll answered when loaded is true.
func newEnv(t testing.TB, w, h int, loaded bool) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }})
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	if loaded {
		e.send(e.src.Base)
		e.poll()
	}
	return e
}

// send delivers msg to the model and returns the command it gave back,
// unexecuted.
func (e *testEnv) send(msg tea.Msg) tea.Cmd {
	e.t.Helper()
	if e.k != nil {
		nk, cmd := e.k.Update(msg)
		*e.k = nk.(kiosk.Model)
		return cmd
	}
	nm, cmd := e.m.Update(msg)
	e.m = nm.(Model)
	return cmd
}

// Key sends a key given as Bubble Tea names it ("a", "enter", "esc").
func (e *testEnv) Key(k string) tea.Cmd {
	e.t.Helper()
	return e.send(keyMsg(k))
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Tick sends the board's current poll tick and returns the fetch command.
func (e *testEnv) Tick() tea.Cmd {
	e.t.Helper()
	f := e.shown()
	return e.send(feeds.TickMsg{Key: f.Key, Gen: f.Poll.Gen})
}

// shown is the feed of the board on the screen in the root's registry:
// the one board feed of a plain board's env (newEnv).
func (e *testEnv) shown() *feeds.Entry {
	e.t.Helper()
	fs := e.boardFeeds()
	if len(fs) != 1 {
		e.t.Fatalf("%d board feeds, want the plain board's one", len(fs))
	}
	return fs[0]
}

// poll runs one full poll: tick, fetch (executed), answer delivered.
func (e *testEnv) poll() {
	e.t.Helper()
	cmd := e.Tick()
	if cmd == nil {
		e.t.Fatal("tick started no fetch")
	}
	e.deliver(cmd)
}

// deliver executes a fetch command (never a tick) and sends its message.
func (e *testEnv) deliver(cmd tea.Cmd) tea.Cmd {
	e.t.Helper()
	msg := cmd()
	switch msg.(type) {
	case feeds.AnswerMsg, vehicle.PatternMsg, vehicle.VehicleInfoMsg:
	default:
		e.t.Fatalf("expected a fetch result, got %T", msg)
	}
	return e.send(msg)
}

// runMsgs executes a command that returns a plain message (pollNowCmd,
// openCmd) and sends the message; used only for commands known not to be
// timers.
func (e *testEnv) runNow(cmd tea.Cmd) tea.Cmd {
	e.t.Helper()
	if cmd == nil {
		e.t.Fatal("no command")
	}
	return e.send(cmd())
}

// advance moves the fake clock by d and delivers the clock message.
func (e *testEnv) advance(d time.Duration) {
	e.t.Helper()
	e.now = e.now.Add(d)
	e.send(app.ClockMsg{Now: e.now})
}
