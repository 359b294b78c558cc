package vehicle

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// news hands msg (a tick or an answer of a feed) to the registry and
// its news to the pane, as the root does; it returns the commands, not
// run: the fetch a tick starts, the next tick and what the pane asks for.
func (r *paneOn) news(msg tea.Msg) tea.Cmd {
	r.t.Helper()
	news, cmd, ok := r.sh.Reg.News(r.sh.State, msg)
	if !ok {
		return cmd
	}
	c, _, _ := r.p.Update(app.Frame{Focus: app.PaneVehicle}, news)
	return tea.Batch(cmd, c)
}

// tick sends the pane's current poll tick and returns the fetch command
// (nil when the tick was dropped).
func (r *paneOn) tick() tea.Cmd {
	r.t.Helper()
	return r.news(feeds.TickMsg{Key: r.p.feedKey(), Gen: r.p.Polls().Gen})
}

// deliver runs a fetch command and hands its answer on.
func (r *paneOn) deliver(fetch tea.Cmd) tea.Cmd {
	r.t.Helper()
	return r.news(fetch())
}

// side answers the pane's pattern and base data requests in flight.
func (r *paneOn) side() {
	r.t.Helper()
	p := r.p
	if p.PatSeq != 0 {
		p.Update(app.Frame{}, FetchPatternCmd(context.Background(), r.src, p.PatSeq, p.Vehicle, p.PatKey, time.Second)())
	}
	if p.InfoSeq != 0 {
		p.Update(app.Frame{}, VehicleInfoCmd(context.Background(), r.src, p.InfoSeq, p.Vehicle, time.Second)())
	}
}

// fullPoll is one poll: tick, fetch, answer, then the requests it
// started.
func (r *paneOn) fullPoll() {
	r.t.Helper()
	fetch := r.tick()
	if fetch == nil {
		r.t.Fatal("vehicle tick started no fetch")
	}
	r.deliver(fetch)
	r.side()
}

// TestVehiclePollBookkeeping: the pane's chain drops stale ticks and
// answers, fetches the pattern once per trip, keeps the last trip when
// the vehicle leaves service, and ends when the pane closes. (It lived
// in the root package; what the root adds, that the board's schedule is
// untouched and esc gives the board the focus, is TestVehiclePaneLeaves-
// TheBoardAlone there.)
func TestVehiclePollBookkeeping(t *testing.T) {
	r := openOnLine2(t, 100, 28, 8, model.PhaseBetween)
	r.side()
	p := r.p
	if !p.Have || !p.PatReady || p.Info == nil {
		t.Fatalf("after the first poll: have %v pattern %v info %v", p.Have, p.PatReady, p.Info != nil)
	}

	// A stale tick and a second tick while one is in flight start nothing.
	if r.news(feeds.TickMsg{Key: p.feedKey(), Gen: p.Polls().Gen - 1}) != nil {
		t.Error("a tick of an old schedule started a fetch")
	}
	fetch := r.tick()
	if fetch == nil || r.tick() != nil {
		t.Fatal("want exactly one fetch in flight")
	}
	// An answer with another seq is ignored.
	if r.news(feeds.AnswerMsg{Key: p.feedKey(), Seq: 999}) != nil {
		t.Error("an answer nobody waits for scheduled something")
	}
	r.deliver(fetch)
	if p.PatSeq != 0 {
		t.Error("the same trip fetched its pattern again")
	}
	if len(p.Samples) != 2 {
		t.Errorf("%d deviation samples after two polls", len(p.Samples))
	}

	// A failed poll keeps the trip and says it is stale.
	r.src.Mu.Lock()
	r.src.VehErr = errors.New("connection refused")
	r.src.Mu.Unlock()
	r.fullPoll()
	if !p.Have || !strings.Contains(r.view(), "connection refused") {
		t.Fatalf("a failed poll should keep the trip and say what failed:\n%s", r.view())
	}
	p.Feed.Poll.LastOK = r.now.Add(-time.Minute) // older than two intervals
	r.setNow(r.now.Add(time.Second))
	p.Touch() // the root's clock message redraws the pane
	if !strings.Contains(r.view(), "stale since") {
		t.Fatalf("a trip older than two intervals should be marked stale:\n%s", r.view())
	}
	r.src.Mu.Lock()
	r.src.VehErr = nil
	r.src.Mu.Unlock()

	// Out of service: the last trip stays, the pane says so.
	r.src.SetVehicle([]model.Trip{{VehicleNumber: 44, VehicleCategory: model.VehicleTram}}, model.VehiclePassages{}, model.Pattern{})
	r.fullPoll()
	v := r.view()
	if !p.Out || !strings.Contains(v, "Out of service since") || !strings.Contains(v, "Stadtwerke") {
		t.Fatalf("out of service should keep the last trip:\n%s", v)
	}

	// Its next trip: picked up again, with the new trip's pattern.
	trips, vp, pat := testkit.Line2Trip(0, model.PhaseBefore)
	for i := range vp.Passages {
		vp.Passages[i].ArrivalTimeScheduled = model.At(vp.Passages[i].ArrivalTimeScheduled.Add(time.Hour))
	}
	r.src.SetVehicle(trips, vp, pat)
	r.deliver(r.tick())
	if p.Out || p.PatSeq == 0 || p.PatReady {
		t.Fatalf("a new trip should be picked up and fetch its pattern: out %v patSeq %d", p.Out, p.PatSeq)
	}
	r.side()
	if !p.PatReady || strings.Contains(r.view(), "Out of service") {
		t.Fatalf("the new trip should show:\n%s", r.view())
	}

	// Closing ends the chain: its ticks and answers are dropped.
	fetch = r.tick()
	gen := p.Polls().Gen
	_, a, _ := p.Update(app.Frame{Focus: app.PaneVehicle}, termio.KeyMsgFor("esc"))
	if !a.Close {
		t.Fatal("esc should close the pane")
	}
	p.Hide() // as the root does for Close
	if r.news(feeds.TickMsg{Key: p.feedKey(), Gen: gen}) != nil || r.news(fetch()) != nil {
		t.Error("a closed pane still polls")
	}
}

// A vehicle the service does not know is said so once, in the board's
// words, and not polled again (this test lived in the root package).
func TestUnknownVehicleStopsPolling(t *testing.T) {
	r := openPane(t, 9999, 100, 28)
	r.src.Mu.Lock()
	r.src.VehErr = &feed.NotFoundError{Status: "no vehicle found", Subject: "VehicleNumber 9999"}
	r.src.Mu.Unlock()
	fetch := r.tick()
	if fetch == nil {
		t.Fatal("no first vehicle poll")
	}
	if next := r.deliver(fetch); next != nil {
		t.Error("an unknown vehicle is polled again")
	}
	v := r.view()
	if strings.Count(v, "9999") > 2 || !strings.Contains(v, "The service knows no vehicle 9999.") {
		t.Errorf("the pane does not say plainly that the vehicle is unknown:\n%s", v)
	}
}
