package queue

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"abfahrt/exceptions"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// The queue's tests read the screen as text.
func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// rig is the queue shown in a w×h rectangle over the fake source, driven
// through the pane contract by hand: its polls run when the test says
// (poll), its clock moves when the test says (advance). No timers run.
type rig struct {
	t      *testing.T
	src    *testkit.FakeSource
	now    time.Time
	sh     *app.Shared
	p      *Pane
	dir    string
	notice string // what the last key asked the status bar to say
	// verdict is the network data verdict the queue's news last handed
	// the root (for the grid's summary line), nil before any.
	verdict *app.NetVerdict
}

// queueKeys are the feeds the queue of newRig holds.
var queueKeys = []feeds.Key{feeds.FleetKey, feeds.BoardFeed(feeds.Subject{Stop: 1350, Arrivals: true}), feeds.BoardFeed(feeds.Subject{Stop: 1350})}

// newRig is the queue with the connection 2 → 5 at Ehinger Tor (1350)
// configured, its state in dir, a fleet with a late vehicle (21 on line
// 2, 7 min), a silent one (41, 4 min without a position) and others on
// time, and at Ehinger Tor the 2 arriving 4 min late, 3 min short of the
// 5 to Wiblingen; not yet open.
func newRig(t *testing.T, w, h int, lang, dir string) *rig {
	t.Helper()
	r := &rig{t: t, src: testkit.NewFakeSource(), now: testkit.T0, dir: dir}
	r.src.Fleet = []model.Trip{
		testkit.QueueTrip(21, "2", "Kuhberg", 420, r.now, 10*time.Second),
		testkit.QueueTrip(22, "2", "Kuhberg", 60, r.now, 10*time.Second),
		testkit.QueueTrip(23, "2", "Kuhberg", 0, r.now, 10*time.Second),
		testkit.QueueTrip(41, "4", "Böfingen", 0, r.now, 4*time.Minute),
		testkit.QueueTrip(51, "5", "Wiblingen", 120, r.now, 10*time.Second),
	}
	T := model.VehicleTram
	r.src.Boards[feeds.Subject{Stop: 1350, Arrivals: true}] = model.Board{StopNumber: 1350, StopName: "Ehinger Tor", Arrivals: true,
		Timestamp: model.At(r.now), Events: []model.Event{testkit.Ev("2", T, 21, "Kuhberg", "", 0, 10*time.Minute, 240, model.StatusPredicted)}}
	r.src.Boards[feeds.Subject{Stop: 1350}] = model.Board{StopNumber: 1350, StopName: "Ehinger Tor", Timestamp: model.At(r.now),
		Events: []model.Event{testkit.Ev("5", T, 51, "Wiblingen", "", 0, 10*time.Minute, 0, model.StatusPredicted)}}
	o := app.Options{Source: r.src, Lang: lang, StateDir: dir, Now: func() time.Time { return r.now },
		Exceptions: app.ExceptionOptions{Connections: []exceptions.Transfer{{Stop: 1350, From: "2", To: "5", MinTransfer: 3 * time.Minute}},
			Lines: testkit.QueueLines}}
	r.sh = app.NewShared(o)
	r.sh.ReceiveBase(r.src.Base)
	p := NewPane(r.sh.Services, o.Exceptions, dir)
	r.p = &p
	r.p.Layout(app.Rect{W: w, H: h, Focused: true})
	return r
}

// frame is the frame the root hands the queue while the board side has
// the focus.
func (r *rig) frame() app.Frame {
	return app.Frame{Focus: app.PaneBoard, Now: r.sh.Now, Local: r.sh.Local, Texts: r.sh.Texts, Styles: r.sh.Styles}
}

// view is what the queue shows.
func (r *rig) view() string { return ansi.Strip(r.p.View(r.frame())) }

// key hands the queue the key named k and runs what it asks of the
// state file (a save, a load); polls are left to poll. The notice it
// leaves for the status bar is kept in r.notice.
func (r *rig) key(k string) {
	r.t.Helper()
	cmd, a, _ := r.p.Update(r.frame(), termio.KeyMsgFor(k))
	r.notice = a.Notice
	testkit.Each(cmd, func(msg tea.Msg) {
		switch msg.(type) {
		case MarksMsg, SavedMsg:
			if _, a, _ := r.p.Update(r.frame(), msg); a.Notice != "" {
				r.notice = a.Notice
			}
		}
	})
}

// open presses E and polls the queue's feeds once.
func (r *rig) open() {
	r.t.Helper()
	r.key("E")
	r.poll()
}

// poll runs one full poll of every feed the queue holds, hands the news
// to the queue, and reads its state file as the trips' answer asks.
func (r *rig) poll() {
	r.t.Helper()
	for _, k := range queueKeys {
		f := r.sh.Reg.Entries[k]
		if f == nil {
			r.t.Fatalf("the queue holds no feed %v", k)
		}
		news, fetch, ok := r.sh.Reg.News(r.sh.State, feeds.TickMsg{Key: k, Gen: f.Poll.Gen})
		if !ok || fetch == nil {
			r.t.Fatalf("feed %v: tick started no fetch", k)
		}
		r.p.Update(r.frame(), news)
		news, _, ok = r.sh.Reg.News(r.sh.State, fetch()) // its next tick, a timer, is not run
		if !ok {
			r.t.Fatalf("feed %v: the answer is no news", k)
		}
		if _, a, _ := r.p.Update(r.frame(), news); a.Verdict != nil {
			r.verdict = a.Verdict
		}
	}
	if r.dir != "" {
		r.p.Update(r.frame(), LoadMarks(r.p.file.path()))
	}
}

// advance moves the clock by d; every vehicle but the silent 41 reports
// its position anew.
func (r *rig) advance(d time.Duration) {
	r.now = r.now.Add(d)
	r.sh.Tick(r.now)
	for i := range r.src.Fleet {
		if t := &r.src.Fleet[i]; t.VehicleNumber != 41 {
			t.TimeData.ReferenceTime = model.At(r.now.Add(-10 * time.Second))
		}
	}
}

// lineOf is the line of the queue's view naming s.
func lineOf(view, s string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// cursorTo moves the queue's cursor to the row naming s.
func (r *rig) cursorTo(s string) {
	r.t.Helper()
	lines := strings.Split(r.view(), "\n")
	for i, q := range r.p.Rows {
		const first = 2 // title, heads
		if i+first < len(lines) && strings.Contains(lineOf(r.view(), s), q.Line) && strings.Contains(lines[i+first], s) {
			for r.p.Cursor > i {
				r.key("up")
			}
			for r.p.Cursor < i {
				r.key("down")
			}
			return
		}
	}
	r.t.Fatalf("no row %q", s)
}
