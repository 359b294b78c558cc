package board

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// The board's tests read the screen as text: no colour codes, so that a
// delay or a band that only a colour said would be missed.
func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// rig is one shown board on the fake source, driven by hand: its polls
// run when the test says (poll), its clock moves when the test says
// (advance). No timers run.
type rig struct {
	t   *testing.T
	src *testkit.FakeSource
	sh  *app.Shared
	now time.Time
	b   *Pane
}

// hbf is the Hauptbahnhof's departures with the options of spec.
func hbf(spec app.BoardSpec) app.BoardSpec {
	spec.Stop = 1008
	return spec
}

// newRig shows a board of spec at w×h at testkit.T0, with the base data
// loaded, and runs its first poll.
func newRig(t *testing.T, spec app.BoardSpec, w, h int) *rig {
	t.Helper()
	r := &rig{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	r.sh = app.NewShared(app.Options{Source: r.src, Now: func() time.Time { return r.now }})
	r.sh.ReceiveBase(r.src.Base)
	r.b = NewBoard(r.sh.Services, spec)
	r.b.Layout(app.Rect{W: w, H: h, Focused: true})
	r.poll(r.b.Show(r.frame()))
	return r
}

// poll runs cmd, a poll's tick (Show's, Refresh's or Declare's), and the
// request it starts, hands the answer to the registry and the board. The
// next tick it arms is dropped: the test polls again when it wants to.
func (r *rig) poll(cmd tea.Cmd) {
	r.t.Helper()
	if cmd == nil {
		r.t.Fatal("no poll to run")
	}
	tick, ok := cmd().(feeds.TickMsg)
	if !ok {
		r.t.Fatal("the command is no poll's tick")
	}
	_, fetch, ok := r.sh.Reg.Tick(r.sh.State, tick)
	if !ok || fetch == nil {
		r.t.Fatal("the tick starts no request")
	}
	ans, ok := fetch().(feeds.AnswerMsg)
	if !ok {
		r.t.Fatal("the request brings no answer")
	}
	if _, _, ok := r.sh.Reg.Receive(r.sh.State, ans); !ok {
		r.t.Fatal("the registry takes no answer")
	}
	r.b.Fed(r.frame())
}

// advance moves the clock (the service's and the local one) by d.
func (r *rig) advance(d time.Duration) {
	r.now = r.now.Add(d)
	r.sh.Tick(r.now)
}

// key hands the board a key press, shown zoomed and alone.
func (r *rig) key(s string) tea.Cmd {
	c := &Ctx{Board: r.b, State: r.b.KeyState(r.frame(), BoardZoom), Frame: r.frame()}
	cmd, _ := Keys.Run(keyMsg(s), c)
	r.sh.Notice = c.Act.Notice // what the root shows in the status bar
	return cmd
}

// frame is the frame the root hands the board while the board side has
// the focus: the clocks, texts and styles of r.sh now.
func (r *rig) frame() app.Frame { return testkit.Frame(r.sh, app.PaneBoard) }

// keyMsg is the key press named s.
func keyMsg(s string) tea.KeyMsg { return termio.KeyMsgFor(s) }

// rows are the board's row lines on screen: below the title and the
// column titles.
func (r *rig) rows() []string {
	lines := strings.Split(r.b.View(r.frame()), "\n")
	if len(lines) < 2 {
		return nil
	}
	var out []string
	for _, l := range lines[2:] {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// rowOf is the first row on screen that holds text.
func (r *rig) rowOf(text string) string {
	r.t.Helper()
	for _, l := range r.rows() {
		if strings.Contains(l, text) {
			return l
		}
	}
	r.t.Fatalf("no row holds %q:\n%s", text, r.b.View(r.frame()))
	return ""
}
