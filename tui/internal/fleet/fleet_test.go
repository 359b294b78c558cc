package fleet

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// inService is the fleet of the tests: seven vehicles in service on six
// lines, late and early, and one out of service, latest of all.
func inService() []model.Trip {
	trip := func(n int, cat model.VehicleCategory, line, dir string, dev int, active bool) model.Trip {
		return model.Trip{VehicleNumber: n, VehicleCategory: cat, IsActive: active,
			PositionData: &model.Coordinates{Point: model.Pt(9.98, 48.40), Bearing: 90},
			TimeData:     &model.TripTime{Deviation: dev, ReferenceTime: model.At(testkit.T0.Add(-10 * time.Second))},
			JourneyData:  &model.Journey{RouteNumber: testkit.AtoiOr(line), RouteName: line, DepartureDirectionText: dir}}
	}
	T, B := model.VehicleTram, model.VehicleBus
	return []model.Trip{
		trip(153, B, "5", "Wissenschaftsstadt", 600, true),
		trip(44, T, "2", "Science Park II", 189, true), // 3 min: not late by the default rule
		trip(170, B, "10", "Pfuhl", -60, true),
		trip(151, B, "4", "Böfingen", 210, true), // 3.5 min rounds to 4: late
		trip(161, B, "7", "Kuhberg", 209, true),  // 3.48 min rounds to 3: not late
		trip(99, B, "3", "Theater", 900, false),  // out of service: never listed
		trip(55, T, "1", "Böfingen", 30, true),
		trip(53, T, "1", "Söflingen", 0, true),
	}
}

// byLine and byDelay are the vehicles of inService in the fleet's orders.
var (
	byLine      = []int{53, 55, 44, 151, 153, 161, 170}
	byDelayRows = []int{153, 151, 161, 44, 55, 53, 170}
)

// newFleet is the fleet pane of a fake source answering inService, at
// w×h, opened, with the clock at *now; o adds options.
func newFleet(t *testing.T, w, h int, now *time.Time, o app.Options) (*Pane, *app.Shared, *testkit.FakeSource) {
	t.Helper()
	src := testkit.NewFakeSource()
	src.Fleet = inService()
	o.Source, o.Now = src, func() time.Time { return *now }
	sh := app.NewShared(o)
	sh.ReceiveBase(src.Base)
	f := NewPane(sh.Services)
	f.SetSize(w, h)
	f.Open()
	return &f, sh, src
}

// serve runs one poll of feed e (the fleet's or a row's passages):
// tick, fetch, and the answer into the registry, whose listeners act on
// it. The pane hears of it from the caller.
func serve(t *testing.T, sh *app.Shared, e *feeds.Entry) {
	t.Helper()
	_, fetch, ok := sh.Reg.Tick(sh.State, feeds.TickMsg{Key: e.Key, Gen: e.Poll.Gen})
	if !ok || fetch == nil {
		t.Fatalf("%+v: the tick started no fetch", e.Key)
	}
	if _, _, ok := sh.Reg.Receive(sh.State, fetch().(feeds.AnswerMsg)); !ok {
		t.Fatalf("%+v: the registry did not take the answer", e.Key)
	}
}

// rows are the vehicle numbers of the view's rows, top down.
func rows(view string) []int {
	var out []int
	for l := range strings.SplitSeq(ansi.Strip(view), "\n") {
		if m := rowRE.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			out = append(out, n)
		}
	}
	return out
}

var rowRE = regexp.MustCompile(`^[ ▸] +(\d+) `)

// press hands key k to the pane.
func press(f *Pane, k string) tea.Cmd {
	msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	if k == "down" {
		msg = tea.KeyMsg{Type: tea.KeyDown}
	}
	cmd, _, _ := f.Update(app.Frame{}, msg)
	return cmd
}

// The dispatcher's list: every vehicle in service, none out of service,
// by line (then vehicle number), with its line, direction and deviation.
func TestFleetListsVehiclesInServiceByLine(t *testing.T) {
	now := testkit.T0
	f, sh, _ := newFleet(t, 120, 20, &now, app.Options{})
	if v := ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard))); !strings.Contains(v, "loading vehicles") {
		t.Errorf("before the first answer the fleet should say it is loading:\n%s", v)
	}
	serve(t, sh, f.Feed)
	f.Fed()
	v := f.View(testkit.Frame(sh, app.PaneBoard))
	if got := rows(v); !slices.Equal(got, byLine) {
		t.Fatalf("rows %v, want %v by line:\n%s", got, byLine, ansi.Strip(v))
	}
	s := ansi.Strip(v)
	for _, want := range []string{"7 in service", "by line", "Science Park II", "Wissenschaftsstadt", "+10", "on time", "-1"} {
		if !strings.Contains(s, want) {
			t.Errorf("the fleet lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, " 99 ") || strings.Contains(s, "Theater") {
		t.Errorf("a vehicle out of service is listed:\n%s", s)
	}
	if l := lineOf(s, 153); !regexp.MustCompile(`153 .* 5 +Wissenschaftsstadt .*\+10`).MatchString(l) {
		t.Errorf("vehicle 153's row: %q", l)
	}
}

// lineOf is the row of vehicle n in view s.
func lineOf(s string, n int) string {
	for l := range strings.SplitSeq(s, "\n") {
		if m := rowRE.FindStringSubmatch(l); m != nil && m[1] == strconv.Itoa(n) {
			return l
		}
	}
	return ""
}

// The sort key lists by delay, latest first, and puts the cursor on the
// top row; a new answer keeps the order; the key again goes back to lines.
func TestSortKeyOrdersByDelayLatestFirst(t *testing.T) {
	now := testkit.T0
	f, sh, _ := newFleet(t, 120, 20, &now, app.Options{})
	serve(t, sh, f.Feed)
	f.Fed()
	press(f, "down")
	press(f, "down")
	press(f, "s")
	v := f.View(testkit.Frame(sh, app.PaneBoard))
	if got := rows(v); !slices.Equal(got, byDelayRows) {
		t.Fatalf("by delay: rows %v, want %v:\n%s", got, byDelayRows, ansi.Strip(v))
	}
	if f.Cursor != 0 || !strings.HasPrefix(ansi.Strip(lineOf(ansi.Strip(v), 153)), "▸") {
		t.Errorf("sorting should put the cursor on the latest vehicle: row %d", f.Cursor)
	}
	if !strings.Contains(ansi.Strip(v), "by delay") {
		t.Errorf("the summary does not say the order:\n%s", ansi.Strip(v))
	}
	serve(t, sh, f.Feed)
	f.Fed()
	if got := rows(f.View(testkit.Frame(sh, app.PaneBoard))); !slices.Equal(got, byDelayRows) {
		t.Errorf("a new answer lost the order: %v", got)
	}
	press(f, "s")
	if got := rows(f.View(testkit.Frame(sh, app.PaneBoard))); !slices.Equal(got, byLine) {
		t.Errorf("s again: rows %v, want %v", got, byLine)
	}
}

// The summary counts the vehicles late by the delay rule (whole minutes,
// rounded, beyond the rule's late step) and names the worst one.
func TestSummaryCountsLateByTheDelayRule(t *testing.T) {
	for _, c := range []struct {
		rule ui.DelayRule
		want string
	}{
		{ui.DelayRule{}, "2 late >3 min"},                   // 153 and 151 (3.5 min); not 161 (3.48) nor 44 (3.15)
		{ui.DelayRule{Slight: 1, Late: 2}, "4 late >2 min"}, // and 161 and 44 too
		{ui.DelayRule{Slight: 1, Late: 10}, "0 late >10 min"},
	} {
		now := testkit.T0
		f, sh, _ := newFleet(t, 160, 20, &now, app.Options{Delay: c.rule})
		serve(t, sh, f.Feed)
		f.Fed()
		sum := ansi.Strip(strings.SplitN(f.View(testkit.Frame(sh, app.PaneBoard)), "\n", 2)[0])
		if !strings.Contains(sum, c.want) {
			t.Errorf("rule %+v: the summary does not say %q: %q", c.rule, c.want, sum)
		}
		if !strings.Contains(sum, "worst +10 min: 5 → Wissenschaftsstadt (Bus 153)") {
			t.Errorf("the summary does not name the worst vehicle: %q", sum)
		}
	}
}

// passageFeeds are the vehicles whose passages the registry polls.
func passageFeeds(r *feeds.Registry) []int {
	var out []int
	for k := range r.Entries {
		if k.Kind == feeds.FeedPassages {
			out = append(out, k.Vehicle)
		}
	}
	slices.Sort(out)
	return out
}

// The NEXT column polls the passages of the rows on screen only: a fleet
// answer brings their feeds in through the registry's listener before
// the pane hears of it; a row shows its vehicle's next stop once its own
// passages are in (never another vehicle's), not when they are stale;
// scrolling swaps the feeds, and closing the fleet releases them all.
func TestNextColumnFillsOnlyVisibleRows(t *testing.T) {
	now := testkit.T0
	f, sh, src := newFleet(t, 120, 5, &now, app.Options{}) // summary, titles, 3 rows
	vp := model.VehiclePassages{VehicleNumber: 44, RouteNumber: 2, RouteName: "2", Timestamp: model.At(testkit.T0)}
	for i, name := range []string{"Theater", "Stadtwerke", "Lehrer Tal"} {
		st := model.StatusPredicted
		if i == 0 {
			st = model.StatusDeparted
		}
		vp.Passages = append(vp.Passages, model.Passage{StopName: name, SequenceNumber: 7 + i, Status: st,
			ArrivalTimeActual: model.At(testkit.T0.Add(time.Duration(i) * time.Minute))})
	}
	src.VehPassages = vp // answered for every vehicle: its number says whose
	if got := passageFeeds(sh.Reg); len(got) != 0 {
		t.Fatalf("passage feeds %v before any fleet answer", got)
	}
	serve(t, sh, f.Feed) // the listener acts here, before Fed
	if got, want := passageFeeds(sh.Reg), []int{44, 53, 55}; !slices.Equal(got, want) {
		t.Fatalf("after the fleet answer: passage feeds %v, want the visible rows' %v", got, want)
	}
	f.Fed()
	v := ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard)))
	if !strings.Contains(v, "NEXT STOP") {
		t.Fatalf("no NEXT STOP column at 120 columns:\n%s", v)
	}
	if strings.Contains(v, "Stadtwerke") {
		t.Errorf("a next stop shows before its passages are in:\n%s", v)
	}
	for _, n := range []int{44, 53, 55} {
		serve(t, sh, f.Next.Entries[n])
	}
	v = ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard)))
	if !regexp.MustCompile(`44 .*Science Park II +Stadtwerke`).MatchString(lineOf(v, 44)) {
		t.Errorf("vehicle 44's row does not show its next stop:\n%s", v)
	}
	if n := strings.Count(v, "Stadtwerke"); n != 1 {
		t.Errorf("vehicle 44's next stop shows on %d rows:\n%s", n, v)
	}
	// Its passages grow old (no answer for two intervals): the cell empties.
	now = testkit.T0.Add(2*feeds.DefaultInterval + time.Second)
	sh.Tick(now)
	if v := ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard))); strings.Contains(v, "Stadtwerke") {
		t.Errorf("a stale next stop still shows:\n%s", v)
	}
	for range 3 {
		press(f, "down")
	}
	if got, want := passageFeeds(sh.Reg), []int{44, 55, 151}; !slices.Equal(got, want) {
		t.Errorf("after scrolling one row: passage feeds %v, want %v", got, want)
	}
	f.Close()
	if got := passageFeeds(sh.Reg); len(got) != 0 {
		t.Errorf("passage feeds %v polled after the fleet closed", got)
	}
	if f.Feed != nil || len(sh.Reg.Entries) != 0 {
		t.Errorf("the fleet's feed is still held: %d entries", len(sh.Reg.Entries))
	}
	// Reopened on the last answer and closed again: nothing stays held.
	f.Open()
	f.Close()
	if got := passageFeeds(sh.Reg); len(got) != 0 {
		t.Errorf("passage feeds %v after reopening and closing", got)
	}
}

// Whatever the size, the fleet view is its rectangle: height lines, none
// wider than the width; the NEXT STOP column shows from 70 columns on.
func TestFleetViewFitsItsRectangle(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {20, 2}, {40, 5}, {59, 10}, {69, 12}, {70, 12}, {100, 30}, {200, 50}} {
		w, h := sz[0], sz[1]
		now := testkit.T0
		f, sh, _ := newFleet(t, w, h, &now, app.Options{})
		serve(t, sh, f.Feed)
		f.Fed()
		lines := strings.Split(f.View(testkit.Frame(sh, app.PaneBoard)), "\n")
		if len(lines) != h {
			t.Errorf("%d×%d: %d lines", w, h, len(lines))
		}
		for i, l := range lines {
			if lw := ansi.StringWidth(l); lw > w {
				t.Errorf("%d×%d: line %d is %d wide: %q", w, h, i, lw, ansi.Strip(l))
			}
		}
		if next := strings.Contains(ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard))), "NEXT STOP"); next != (w >= 70 && h >= 3) {
			t.Errorf("%d×%d: NEXT STOP column shown %v", w, h, next)
		}
	}
}

// A window that grows shows more rows, and their NEXT cells should fill
// like the others: the feeds SetSize takes for them need a first poll,
// from SetSize or at the latest from the next fleet answer.
func TestGrowingTheViewPollsTheNewRows(t *testing.T) {
	now := testkit.T0
	f, sh, _ := newFleet(t, 120, 5, &now, app.Options{}) // 3 rows
	serve(t, sh, f.Feed)
	f.Fed()
	f.SetSize(120, 8) // 6 rows: 151, 153 and 161 come into view
	if got, want := passageFeeds(sh.Reg), []int{44, 53, 55, 151, 153, 161}; !slices.Equal(got, want) {
		t.Fatalf("after growing: passage feeds %v, want %v", got, want)
	}
	serve(t, sh, f.Feed) // the next fleet answer
	f.Fed()
	// What the registry's listener hands the runtime with that answer.
	if cmd := f.Next.answered(f.Feed.Data.Trips); cmd == nil {
		for _, n := range []int{151, 153, 161} {
			if e := f.Next.Entries[n]; !e.Poll.InFlight() && e.Poll.LastOK.IsZero() {
				t.Errorf("vehicle %d's passages are held but never polled", n)
			}
		}
	}
}

// The cursor stays on its vehicle when a new answer moves it down the
// list (the dispatcher keeps their place), and a position older than two
// minutes is flagged in the REPORTED column.
func TestCursorFollowsItsVehicleAndOldReportsAreFlagged(t *testing.T) {
	now := testkit.T0
	f, sh, src := newFleet(t, 120, 20, &now, app.Options{})
	serve(t, sh, f.Feed)
	f.Fed()
	for range 3 {
		press(f, "down")
	}
	if f.Selected != 151 {
		t.Fatalf("three rows down the cursor is on %d, want 151", f.Selected)
	}
	fl := inService()
	fl[0].TimeData.ReferenceTime = model.At(testkit.T0.Add(-3 * time.Minute)) // 153 last reported 3 min ago
	fl = append(fl, model.Trip{VehicleNumber: 45, VehicleCategory: model.VehicleTram, IsActive: true,
		JourneyData: &model.Journey{RouteNumber: 2, RouteName: "2", DepartureDirectionText: "Kuhberg"}})
	src.Mu.Lock()
	src.Fleet = fl
	src.Mu.Unlock()
	serve(t, sh, f.Feed)
	f.Fed()
	v := ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard)))
	if f.Selected != 151 || !strings.HasPrefix(lineOf(v, 151), "▸") {
		t.Errorf("after a new answer the cursor is on %d, want 151:\n%s", f.Selected, v)
	}
	if l := lineOf(v, 153); !strings.Contains(l, "◷ 3 min ago") {
		t.Errorf("an old position is not flagged: %q", l)
	}
	if l := lineOf(v, 151); strings.Contains(l, "◷") {
		t.Errorf("a fresh position is flagged: %q", l)
	}
}

// A fleet that never answered says why; once it answered, a failure
// keeps the last list.
func TestFleetFailureKeepsTheLastList(t *testing.T) {
	now := testkit.T0
	f, sh, src := newFleet(t, 120, 20, &now, app.Options{})
	src.Mu.Lock()
	src.VehErr = errors.New("connection refused")
	src.Mu.Unlock()
	serve(t, sh, f.Feed)
	f.Fed()
	if v := ansi.Strip(f.View(testkit.Frame(sh, app.PaneBoard))); !strings.Contains(v, "no answer: ") || !strings.Contains(v, "connection refused") {
		t.Errorf("a fleet that never answered should say why:\n%s", v)
	}
	src.Mu.Lock()
	src.VehErr = nil
	src.Mu.Unlock()
	serve(t, sh, f.Feed)
	f.Fed()
	src.Mu.Lock()
	src.VehErr = errors.New("connection refused")
	src.Mu.Unlock()
	serve(t, sh, f.Feed)
	f.Fed()
	if got := rows(f.View(testkit.Frame(sh, app.PaneBoard))); !slices.Equal(got, byLine) {
		t.Errorf("a failure lost the list: rows %v", got)
	}
}
