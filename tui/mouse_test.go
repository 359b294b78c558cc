package tui

import (
	"context"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/internal/lockbuf"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// Issue 26 item 9: mouse support. These tests click where the screen
// shows something (the frame is read back as text) and check what a user
// would see happen.

// mouseOn is the option of a test env with --mouse.
func mouseOn(o *app.Options) { o.Mouse = true }

// click presses and releases the left button at column x of line y (as
// Bubble Tea reports it: from 0), the frame drawn first as a program
// would, and returns what the press asked for.
func (e *testEnv) click(x, y int) []tea.Msg {
	e.t.Helper()
	e.View()
	msgs := cmdMsgs(e.send(tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}))
	e.send(tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionRelease})
	return msgs
}

// wheel turns the wheel one step (down or up) at column x of line y.
func (e *testEnv) wheel(x, y int, down bool) {
	e.t.Helper()
	e.View()
	b := tea.MouseButtonWheelUp
	if down {
		b = tea.MouseButtonWheelDown
	}
	e.send(tea.MouseMsg{X: x, Y: y, Button: b, Action: tea.MouseActionPress})
}

// cmdWait is how long cmdMsgs waits for one command: a timer's command
// (a tick) is not waited for, but a command that answers at once must
// be, even on a 2-core machine loaded by other tests under the race
// detector (50 ms lost a click's OpenMsg there).
const cmdWait = 400 * time.Millisecond

// cmdMsgs runs cmd and the commands it batches, each for at most cmdWait
// (a timer is not waited for), and returns their messages.
func cmdMsgs(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	var walk func(tea.Cmd)
	walk = func(c tea.Cmd) {
		if c == nil {
			return
		}
		ch := make(chan tea.Msg, 1)
		go func() { ch <- c() }()
		select {
		case msg := <-ch:
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					walk(c)
				}
				return
			}
			out = append(out, msg)
		case <-time.After(cmdWait):
		}
	}
	walk(cmd)
	return out
}

// openedVehicle is the vehicle msgs open, 0 for none.
func openedVehicle(msgs []tea.Msg) int {
	for _, m := range msgs {
		if o, ok := m.(app.OpenMsg); ok && o.Target.Kind == app.TargetVehicle {
			return o.Target.Vehicle
		}
	}
	return 0
}

// A click on a board's row opens the vehicle that row shows, on the
// first and the last row on screen; the header, the column titles, the
// blank lines below the rows, the status bar, the key hint and a point
// right of the screen do nothing.
func TestMouseClickOpensTheRowsVehicle(t *testing.T) {
	e := newGridEnv(t, 120, 30, nil, mouseOn)
	lines := e.screenLines()
	ys, vehicles := boardRows(lines)
	if len(ys) < 10 {
		t.Fatalf("%d rows on screen:\n%s", len(ys), strings.Join(lines, "\n"))
	}
	for _, i := range []int{0, 2, len(ys) - 1} {
		if vehicles[i] == 0 {
			continue
		}
		if got := openedVehicle(e.click(30, ys[i])); got != vehicles[i] {
			t.Errorf("click on row %d (line %d: %q) opened vehicle %d, want %d", i, ys[i], lines[ys[i]], got, vehicles[i])
		}
		if c := cursorRow(e.screenLines()); c != i {
			t.Errorf("click on row %d left the cursor on row %d", i, c)
		}
	}
	last := len(ys) - 1
	if vehicles[last] == 0 {
		t.Fatal("the fixture's last row has a vehicle")
	}
	e.Key("g")
	for _, y := range []int{0, ys[0] - 1, ys[last] + 1, 28, 29} {
		if got := openedVehicle(e.click(30, y)); got != 0 || cursorRow(e.screenLines()) != 0 {
			t.Errorf("click on line %d (%q) opened vehicle %d, cursor on row %d", y, lines[y], got, cursorRow(e.screenLines()))
		}
	}
	if got := openedVehicle(e.click(130, ys[1])); got != 0 {
		t.Errorf("a click right of the screen opened vehicle %d", got)
	}
	// A row without a vehicle (a planned trip) is selected, nothing opens.
	for i, v := range vehicles {
		if v == 0 {
			if got := openedVehicle(e.click(30, ys[i])); got != 0 || cursorRow(e.screenLines()) != i {
				t.Errorf("click on the planned row %d opened %d, cursor on %d", i, got, cursorRow(e.screenLines()))
			}
			break
		}
	}
}

// The clicked vehicle opens in the vehicle pane (the OpenMsg delivered),
// and without --mouse a click does nothing at all.
func TestMouseClickShowsThePaneAndIsOffByDefault(t *testing.T) {
	e := newGridEnv(t, 120, 30, nil, mouseOn)
	ys, vehicles := boardRows(e.screenLines())
	for _, m := range e.click(30, ys[2]) {
		if o, ok := m.(app.OpenMsg); ok {
			e.send(o)
		}
	}
	if e.m.focus != app.PaneVehicle {
		t.Fatalf("the vehicle pane of %d does not have the focus (%v)", vehicles[2], e.m.focus)
	}
	if v := e.View(); !showsVehicle(v, vehicles[2]) {
		t.Errorf("the pane does not show vehicle %d:\n%s", vehicles[2], v)
	}

	off := newGridEnv(t, 120, 30, nil, nil)
	ys, _ = boardRows(off.screenLines())
	if msgs := off.click(30, ys[2]); openedVehicle(msgs) != 0 || cursorRow(off.screenLines()) != 0 {
		t.Errorf("without --mouse a click opened %d, cursor on %d", openedVehicle(msgs), cursorRow(off.screenLines()))
	}
	off.wheel(30, ys[2], true)
	if cursorRow(off.screenLines()) != 0 {
		t.Error("without --mouse the wheel moved the cursor")
	}
}

// The wheel moves the cursor as the arrow keys do, and scrolls the board
// once it passes the last line; a click then hits what scrolled into
// view, not what was there before.
func TestMouseWheelScrollsTheBoard(t *testing.T) {
	// The same board on a screen tall enough for every row: what the
	// rows are, without the cursor's column.
	tall := newGridEnv(t, 120, 60, nil, nil)
	all := tall.screenLines()
	allYs, _ := boardRows(all)
	row := func(l string) string { return ansi.Cut(l, 2, 120) }
	e := newGridEnv(t, 120, 20, nil, mouseOn)
	ys, _ := boardRows(e.screenLines())
	for range 3 {
		e.wheel(30, ys[0], true)
	}
	e.wheel(30, ys[0], false)
	if c := cursorRow(e.screenLines()); c != 2 {
		t.Fatalf("three steps down and one up: cursor on row %d, want 2", c)
	}
	for range 20 {
		e.wheel(30, ys[0], true)
	}
	lines := e.screenLines()
	ys, vehicles := boardRows(lines)
	want := min(22, len(allYs)-1) // the row the cursor is on: 2 + 20 steps, at most the last
	if got := row(lines[ys[len(ys)-1]]); got != row(all[allYs[want]]) || !strings.HasPrefix(lines[ys[len(ys)-1]], "▸") {
		t.Fatalf("after 20 more steps the last line %q, want row %d with the cursor: %q", lines[ys[len(ys)-1]], want, all[allYs[want]])
	}
	// The first line now shows a later row than the board's first.
	got := openedVehicle(e.click(30, ys[0]))
	now := e.screenLines()
	nowYs, _ := boardRows(now)
	c := cursorRow(now)
	if got != vehicles[0] || row(lines[ys[0]]) == row(all[allYs[0]]) || c < 0 || row(now[nowYs[c]]) != row(lines[ys[0]]) {
		t.Errorf("click on the first line of the scrolled board (%q) opened %d (want %d), the cursor on %d of the rows", lines[ys[0]], got, vehicles[0], c)
	}
}

// After a resize the clicks follow the new layout: a taller board has
// room for the alert's banner above its rows, which moves every row down.
func TestMouseClickFollowsAResize(t *testing.T) {
	e := newGridEnv(t, 120, 16, nil, mouseOn)
	e.src.TheAlert = model.Alert{Title: "Umleitung", Items: []string{
		"Linie 8: Umleitung zwischen Heinrich-Heine-Straße und Max-Eyth-Straße wegen eines Verkehrsunfalls, die Haltestelle Lessingstraße entfällt",
		"Linie 16: Umleitung zwischen Eselsberg und Hasenkopf, die Haltestelle Mähringer Weg entfällt"}}
	e.alertPoll()
	tops := map[int]bool{}
	for _, h := range []int{16, 40, 12, 30} {
		e.send(tea.WindowSizeMsg{Width: 120, Height: h})
		lines := e.screenLines()
		ys, vehicles := boardRows(lines)
		if len(ys) == 0 {
			t.Fatalf("%d lines: no rows:\n%s", h, strings.Join(lines, "\n"))
		}
		last := len(ys) - 1
		tops[ys[0]] = true
		if got := openedVehicle(e.click(5, ys[last])); vehicles[last] != 0 && got != vehicles[last] {
			t.Errorf("%d lines: click on the last row (line %d %q) opened %d, want %d", h, ys[last], lines[ys[last]], got, vehicles[last])
		}
		if got := openedVehicle(e.click(5, ys[0])); vehicles[0] != 0 && got != vehicles[0] {
			t.Errorf("%d lines: click on the first row opened %d, want %d", h, got, vehicles[0])
		}
		if got := openedVehicle(e.click(5, ys[0]-1)); got != 0 {
			t.Errorf("%d lines: click on the column titles opened %d", h, got)
		}
	}
	if len(tops) < 2 {
		t.Error("the rows began on the same line at every height: the alert did not move them")
	}
}

// On a wide screen the vehicle pane stands beside the board: the wheel
// over it scrolls its passages (and gives it the focus), over the board
// it moves the board's cursor; a click on the board opens another row's
// vehicle.
func TestMouseBesideTheVehiclePane(t *testing.T) {
	e := newGridEnv(t, 160, 20, nil, mouseOn)
	_, full := boardRows(e.screenLines()) // the vehicles of the rows, before the pane hides the column
	e.src.SetVehicle(testkit.Line2Trip(8, model.PhaseBetween))
	e.openVehicle(44)
	e.vehiclePoll()
	if !strings.Contains(e.View(), "Tram 44") || e.m.sideW >= 160 {
		t.Fatal("no vehicle pane beside the board")
	}
	x := e.m.sideW + 5
	before := e.screenLines()
	for range 3 {
		e.wheel(x, 10, true)
	}
	if e.m.focus != app.PaneVehicle {
		t.Error("the wheel over the vehicle pane did not focus it")
	}
	// The passages moved up three lines: the first one shown (below the
	// column titles) is the one three lines further down before.
	after := e.screenLines()
	top := slices.IndexFunc(before, func(l string) bool { return strings.Contains(l, "↑↓ STOP") }) + 1
	stop := func(lines []string, y int) string { return ansi.Cut(lines[y], e.m.sideW+1, e.m.sideW+30) }
	if top == 0 || stop(after, top) != stop(before, top+3) {
		t.Errorf("the wheel did not scroll the passages three lines: first %q, three lines down before %q", stop(after, top), stop(before, top+3))
	}
	ys, _ := boardRows(e.screenLines())
	e.wheel(5, ys[0], true)
	if c := cursorRow(e.screenLines()); e.m.focus != app.PaneBoard || c != 1 {
		t.Errorf("the wheel over the board: focus %v, cursor %d", e.m.focus, c)
	}
	if got, want := openedVehicle(e.click(5, ys[3])), full[3]; got != want {
		t.Errorf("click on the board beside the pane opened %d, want %d", got, want)
	}
	// The gap between them does nothing.
	if msgs := e.click(e.m.sideW, ys[3]); len(msgs) != 0 && openedVehicle(msgs) != 0 {
		t.Error("a click on the gap opened a vehicle")
	}
}

// While an overlay is open the mouse does nothing.
func TestMouseIgnoredUnderAnOverlay(t *testing.T) {
	e := newGridEnv(t, 120, 30, nil, mouseOn)
	ys, _ := boardRows(e.screenLines())
	e.Key("?")
	got := openedVehicle(e.click(30, ys[2]))
	e.Key("esc")
	if c := cursorRow(e.screenLines()); got != 0 || c != 0 {
		t.Errorf("under the help overlay a click opened %d, moved the cursor to row %d", got, c)
	}
}

// The escape sequences, read back from the program's output: with
// --mouse, mouse reporting (normal tracking and SGR coordinates, no
// motion tracking) is turned on at start and off at the end, after the
// last frame and before the alternate screen is left; a suspension turns
// it off while the shell has the terminal and on again after. Without
// --mouse, and in the kiosk, none of it is written.
func TestMouseSequencesWritten(t *testing.T) {
	for _, c := range []struct {
		name         string
		mouse, kiosk bool
	}{{"mouse", true, false}, {"off", false, false}, {"kiosk", true, true}} {
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			var out lockbuf.Buffer
			in, w := io.Pipe()
			o := app.Options{Source: testkit.NewFakeSource(), Now: func() time.Time { return testkit.T0 }, Mouse: c.mouse}
			o.Kiosk.Enabled = c.kiosk
			p := newProgram(rootModel(ctx, o), in, &out, tea.WithContext(ctx), tea.WithoutSignalHandler())
			p.mouse.On = o.Mouse && !o.Kiosk.Enabled // as run and NewProgram set it
			go func() {
				p.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
				time.Sleep(5 * time.Second)
				_ = p.ReleaseTerminal() // suspended
				_ = p.RestoreTerminal()
				time.Sleep(5 * time.Second)
				_ = w.Close()
				cancel()
			}()
			_, _ = p.Run()
			time.Sleep(2 * feeds.DefaultInterval)
			got := out.String()
			for _, motion := range []string{"\x1b[?1002h", "\x1b[?1003h", "\x1b[?1015h"} {
				if strings.Contains(got, motion) {
					t.Errorf("%s: motion or urxvt tracking %q asked for", c.name, motion)
				}
			}
			if !c.mouse || c.kiosk {
				if strings.Contains(got, "\x1b[?1000") || strings.Contains(got, "\x1b[?1006") {
					t.Errorf("%s: mouse modes written: %q", c.name, got)
				}
				return
			}
			if !strings.HasPrefix(got, seqEnter+termio.SeqMouseOn) {
				t.Errorf("mouse reporting not turned on at start: %q", got[:min(60, len(got))])
			}
			if !strings.HasSuffix(got, termio.SeqMouseOff+seqLeave) {
				t.Errorf("mouse reporting not turned off at the end: %q", got[max(0, len(got)-60):])
			}
			if n, m := strings.Count(got, termio.SeqMouseOn), strings.Count(got, termio.SeqMouseOff); n != 2 || m != 2 {
				t.Errorf("turned on %d and off %d times, want twice each (start, suspension, resumption, end)", n, m)
			}
			off := strings.Index(got, termio.SeqMouseOff+seqLeave)
			on := strings.LastIndex(got, seqEnter+termio.SeqMouseOn)
			if off < 0 || on < off {
				t.Errorf("the suspension did not turn it off before giving the terminal back and on after")
			}
		})
	}
}

// A flood of wheel events (a hostile SSH client's: thousands a second on
// the program's input) is bounded before the model: at most the burst and
// the rate let through, the frames written stay at most app.MaxFPS a
// second, and the program still answers a key at once.
func TestMouseFloodIsBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		out := &countingWriter{}
		in, w := io.Pipe()
		o := app.Options{Source: testkit.NewFakeSource(), Now: func() time.Time { return testkit.T0 }, Mouse: true}
		p := newProgram(New(o), in, out, tea.WithContext(ctx), tea.WithoutSignalHandler())
		p.mouse.On = true
		const seconds, perTick, ticks = 2, 500, 20 // 10 000 events in 2 s
		var final tea.Model
		done := make(chan struct{})
		go func() {
			defer close(done)
			final, _ = p.Run()
		}()
		p.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
		time.Sleep(time.Second)
		synctest.Wait()
		before := out.writes()
		start := time.Now()
		wheel := []byte(strings.Repeat("\x1b[<65;20;10M", perTick))
		for range ticks {
			_, _ = w.Write(wheel)
			time.Sleep(seconds * time.Second / ticks)
		}
		synctest.Wait()
		elapsed := time.Since(start).Seconds()
		frames := out.writes() - before
		if maxFrames := int(elapsed*app.MaxFPS) + 5; frames > maxFrames {
			t.Errorf("%d frames in %.1f s, want at most %d", frames, elapsed, maxFrames)
		}
		_, _ = w.Write([]byte("q"))
		synctest.Wait()
		<-done
		_ = w.Close()
		cancel()
		time.Sleep(2 * feeds.DefaultInterval) // the ticks in flight end
		passed := p.mouse.Passed
		t.Logf("%d of %d wheel events let through in %.1f s, %d frames", passed, perTick*ticks, elapsed, frames)
		if limit := termio.MouseBurst + int(elapsed*termio.MouseRate) + 1; passed > limit || passed < termio.MouseBurst {
			t.Errorf("%d of %d wheel events let through in %.1f s, want between %d and %d", passed, perTick*ticks, elapsed, termio.MouseBurst, limit)
		}
		// The board had rows (the first poll came) and the wheel moved
		// its cursor, by no more steps than were let through.
		// (The cursor drawn on screen: on a scrolled board the row on
		// screen, no later than the board's.)
		m, ok := final.(Model)
		if !ok {
			t.Fatalf("the program ended with %T", final)
		}
		if c := cursorRow(strings.Split(ansi.Strip(m.View()), "\n")); c < 1 || c > passed {
			t.Errorf("the cursor drawn on row %d, not moved by the wheel within %d steps", c, passed)
		}
	})
}

// countingWriter counts the writes a program makes (a frame is one).
type countingWriter struct {
	mu sync.Mutex
	n  int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return len(b), nil
}

func (c *countingWriter) writes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// textAt returns the column and line where the screen shows text first.
func textAt(lines []string, text string) (x, y int, ok bool) {
	for y, l := range lines {
		if i := strings.Index(l, text); i >= 0 {
			return ansi.StringWidth(l[:i]), y, true
		}
	}
	return 0, 0, false
}

// A line's ladder: a click on a vehicle (either rail, either end of its
// text) selects it and opens it; a click on a stop's name, on the blank
// left of a car or on a ghost (no vehicle) opens nothing.
func TestMouseLadder(t *testing.T) {
	e := ladderEnv(t, 120, 30)
	e.m.mouseOn = true
	lines := e.screenLines()
	for _, c := range []struct {
		text    string
		dx      int
		vehicle int
	}{{"↓103", 0, 103}, {"↓103 +1 3′ (plan 6′) bunched", 27, 103}, {"↑202", 1, 202}, {"◌104", 2, 104}, {"↓101", 3, 101}} {
		x, y, ok := textAt(lines, c.text)
		if !ok {
			t.Fatalf("no %q on the ladder:\n%s", c.text, strings.Join(lines, "\n"))
		}
		if got := openedVehicle(e.click(x+c.dx, y)); got != c.vehicle {
			t.Errorf("click on %q (+%d) at %d,%d opened %d, want %d", c.text, c.dx, x, y, got, c.vehicle)
		}
		lines = e.screenLines() // the selection moved: the texts stay where they are
	}
	for _, c := range []struct {
		text string
		dx   int
	}{{"Theater", 2}, {"↓103", -3}, {"✗ ghost", 2}, {"Line 4", 0}} {
		x, y, _ := textAt(lines, c.text)
		if got := openedVehicle(e.click(x+c.dx, y)); got != 0 {
			t.Errorf("click on %q (%+d) opened %d", c.text, c.dx, got)
		}
	}
}

// A long notice takes the bottom lines of the panes: a click there is on
// the notice, not on the row it covers.
func TestMouseClickOnALongNotice(t *testing.T) {
	e := newGridEnv(t, 120, 16, nil, mouseOn)
	ys, vehicles := boardRows(e.screenLines())
	last := len(ys) - 1
	if got := openedVehicle(e.click(30, ys[last])); got != vehicles[last] {
		t.Fatalf("click on the last row opened %d, want %d", got, vehicles[last])
	}
	e.Key("g")
	e.m.sh.Notice = strings.Repeat("a notice long enough for two lines of its own ", 5)
	lines := e.screenLines()
	if !strings.Contains(lines[ys[last]], "notice") {
		t.Fatalf("the notice does not cover line %d:\n%s", ys[last], strings.Join(lines, "\n"))
	}
	if got := openedVehicle(e.click(30, ys[last])); got != 0 {
		t.Errorf("a click on the notice opened vehicle %d of the row under it", got)
	}
}
