package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/exceptions"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/queue"
	"abfahrt/tui/internal/testkit"
)

// newQueueEnv is a model with the connection 2 → 5 at Ehinger Tor (1350)
// configured, its state in dir, a fleet with a late vehicle (21 on line
// 2, 7 min), a silent one (41, 4 min without a position) and others on
// time, and at Ehinger Tor the 2 arriving 4 min late, 3 min short of the
// 5 to Wiblingen.
func newQueueEnv(t *testing.T, w, h int, lang, dir string) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0, dir: dir}
	e.src.Fleet = []model.Trip{
		testkit.QueueTrip(21, "2", "Kuhberg", 420, e.now, 10*time.Second),
		testkit.QueueTrip(22, "2", "Kuhberg", 60, e.now, 10*time.Second),
		testkit.QueueTrip(23, "2", "Kuhberg", 0, e.now, 10*time.Second),
		testkit.QueueTrip(41, "4", "Böfingen", 0, e.now, 4*time.Minute),
		testkit.QueueTrip(51, "5", "Wiblingen", 120, e.now, 10*time.Second),
	}
	T := model.VehicleTram
	e.src.Boards[feeds.Subject{Stop: 1350, Arrivals: true}] = model.Board{StopNumber: 1350, StopName: "Ehinger Tor", Arrivals: true,
		Timestamp: model.At(e.now), Events: []model.Event{testkit.Ev("2", T, 21, "Kuhberg", "", 0, 10*time.Minute, 240, model.StatusPredicted)}}
	e.src.Boards[feeds.Subject{Stop: 1350}] = model.Board{StopNumber: 1350, StopName: "Ehinger Tor", Timestamp: model.At(e.now),
		Events: []model.Event{testkit.Ev("5", T, 51, "Wiblingen", "", 0, 10*time.Minute, 0, model.StatusPredicted)}}
	e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Lang: lang, StateDir: dir,
		Now: func() time.Time { return e.now },
		Exceptions: app.ExceptionOptions{Connections: []exceptions.Transfer{{Stop: 1350, From: "2", To: "5", MinTransfer: 3 * time.Minute}},
			Lines: testkit.QueueLines}})
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	e.poll()
	return e
}

// queueAdvance moves the clock by d; every vehicle but the silent 41
// reports its position anew.
func (e *testEnv) queueAdvance(d time.Duration) {
	e.t.Helper()
	e.advance(d)
	for i := range e.src.Fleet {
		if t := &e.src.Fleet[i]; t.VehicleNumber != 41 {
			t.TimeData.ReferenceTime = model.At(e.now.Add(-10 * time.Second))
		}
	}
}

// queueKeys are the feeds the queue of newQueueEnv holds.
var queueKeys = []feeds.Key{feeds.FleetKey, feeds.BoardFeed(feeds.Subject{Stop: 1350, Arrivals: true}), feeds.BoardFeed(feeds.Subject{Stop: 1350})}

// queuePoll runs one full poll of every feed the queue holds, and reads
// its state file as the trips' answer asks.
func (e *testEnv) queuePoll() {
	e.t.Helper()
	for _, k := range queueKeys {
		f := e.m.sh.Reg.Entries[k]
		if f == nil {
			e.t.Fatalf("the queue holds no feed %v", k)
		}
		cmd := e.send(feeds.TickMsg{Key: k, Gen: f.Poll.Gen})
		if cmd == nil {
			e.t.Fatalf("feed %v: tick started no fetch", k)
		}
		e.send(cmd())
	}
	e.loadMarks()
}

// queueCmd runs a command of the queue's keys without timers, handing
// the queue its state file's messages (a save, a load); polls are left to
// queuePoll.
func (e *testEnv) queueCmd(cmd tea.Cmd) {
	e.t.Helper()
	testkit.Each(cmd, func(msg tea.Msg) {
		switch msg.(type) {
		case queue.MarksMsg, queue.SavedMsg:
			e.send(msg)
		}
	})
}

// loadMarks reads the queue's state file into the model, as a trips
// answer asks.
func (e *testEnv) loadMarks() {
	e.t.Helper()
	if e.dir != "" {
		e.send(queue.LoadMarks(filepath.Join(e.dir, queue.StateFile)))
	}
}

// openQueue presses E and polls the queue's feeds once.
func (e *testEnv) openQueue() {
	e.t.Helper()
	e.queueCmd(e.Key("E"))
	e.queuePoll()
}

// TestQueueGoldens pins the queue at 80×24 and 120×40, English and
// German: the verdict on top, newest first, one item acknowledged (the
// cursor's first row), one hidden (it leaves the list; "1 hidden").
func TestQueueGoldens(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		for _, sz := range []struct{ w, h int }{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s-%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				e := newQueueEnv(t, sz.w, sz.h, lang, t.TempDir())
				e.openQueue()
				e.queueAdvance(2 * time.Minute)
				e.src.Fleet[1].TimeData.Deviation = 400 // vehicle 22 now late: the newest item
				e.queuePoll()
				e.queueAdvance(30 * time.Second)
				e.queueCmd(e.Key("a")) // acknowledge the top row
				e.Key("down")
				e.Key("down")
				e.queueCmd(e.Key("h")) // hide the third
				golden.RequireEqual(t, []byte(e.m.View()))
			})
		}
	}
}

// TestQueueOutage: with 20 vehicles of which 4 are silent the queue and
// the grid's summary line say outage, and the queue warns its items may
// be wrong; with 3 silent, data ok.
func TestQueueOutage(t *testing.T) {
	for _, c := range []struct {
		silent int
		want   string
	}{{3, "data ok"}, {4, "outage: 20 % of vehicles silent > 150 s"}} {
		e := newGridEnv(t, 120, 40, goldenSpecs(2), nil)
		e.src.Fleet = nil
		for i := range 20 {
			age := 20 * time.Second
			if i < c.silent {
				age = 200 * time.Second
			}
			e.src.Fleet = append(e.src.Fleet, testkit.QueueTrip(100+i, "2", "Kuhberg", 0, e.now, age))
		}
		e.queueCmd(e.Key("E"))
		cmd := e.send(feeds.TickMsg{Key: feeds.FleetKey, Gen: e.m.sh.Reg.Entries[feeds.FleetKey].Poll.Gen})
		e.send(cmd())
		v := e.m.View()
		if !strings.Contains(strings.Split(v, "\n")[0], c.want) {
			t.Errorf("%d silent: queue title %q, want %q", c.silent, strings.Split(v, "\n")[0], c.want)
		}
		warned := strings.Contains(v, "items may be wrong")
		if warned != (c.silent == 4) {
			t.Errorf("%d silent: warning shown %v", c.silent, warned)
		}
		e.Key("E")
		if top := strings.Split(e.m.View(), "\n")[0]; !strings.HasPrefix(strings.TrimSpace(top), c.want) {
			t.Errorf("%d silent: the grid's summary line %q does not start with %q", c.silent, top, c.want)
		}
	}
}
