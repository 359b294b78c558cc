package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
)

// newKioskEnv returns a kiosk of size w×h at t0 on the fake source with
// base data loaded and no poll answered yet. With specs, the kiosk
// rotates over their boards instead of the default stop's.
func newKioskEnv(t testing.TB, w, h int, o app.KioskOptions, specs ...app.BoardSpec) *testEnv {
	t.Helper()
	return newKioskEnvLang(t, w, h, "", o, specs...)
}

// newKioskEnvLang is newKioskEnv in language lang ("de", "en").
func newKioskEnvLang(t testing.TB, w, h int, lang string, o app.KioskOptions, specs ...app.BoardSpec) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	o.Enabled = true
	k := kiosk.NewModel(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Kiosk: o, Boards: specs, Lang: lang})
	e.k = &k
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	return e
}

// kpoll runs one full poll of every kiosk board: tick, fetch, answer.
func (e *testEnv) kpoll() {
	e.t.Helper()
	for i := range e.k.Kiosk.Boards {
		b := &e.k.Kiosk.Boards[i]
		cmd := e.send(feeds.TickMsg{Key: b.Key(), Gen: b.Polls().Gen})
		if cmd == nil {
			e.t.Fatalf("kiosk board %d: tick started no fetch", i)
		}
		e.send(cmd())
	}
}

// kalert runs one full alert poll.
func (e *testEnv) kalert() {
	e.t.Helper()
	cmd := e.send(feeds.TickMsg{Key: kiosk.AlertKey, Gen: e.k.Kiosk.AlertF.Poll.Gen})
	if cmd == nil {
		e.t.Fatal("alert tick started no fetch")
	}
	e.send(cmd())
}

// clockTo delivers a clock message for t.
func (e *testEnv) clockTo(t time.Time) tea.Cmd {
	e.t.Helper()
	e.now = t
	return e.send(app.ClockMsg{Now: t})
}

// Keys are locked: no key but the quit chord does anything, and a key
// pressed only shows, for a few seconds, how to leave (issue 23: the
// screen said nothing).
func TestKioskKeysIgnoredQuitKeyQuits(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{QuitKey: "ctrl+q"})
	e.kpoll()
	for _, k := range []tea.KeyMsg{keyMsg("q"), keyMsg("ctrl+c"), keyMsg("/"), keyMsg("?"), keyMsg("r"),
		keyMsg("a"), keyMsg("enter"), keyMsg("esc"), keyMsg("tab"), {Type: tea.KeyCtrlZ}} {
		if cmd := e.send(k); cmd != nil {
			t.Errorf("key %q gave a command in kiosk mode", k.String())
		}
	}
	if v := ansi.Strip(e.View()); !strings.Contains(v, "keys locked · ctrl+q quits") {
		t.Errorf("a key pressed does not say how to leave:\n%s", v)
	}
	e.advance(kiosk.KeyHintFor)
	if after := ansi.Strip(e.View()); strings.Contains(after, "keys locked") {
		t.Errorf("the hint stayed after %v:\n%s", kiosk.KeyHintFor, after)
	}
	cmd := e.send(tea.KeyMsg{Type: tea.KeyCtrlQ})
	if cmd == nil {
		t.Fatal("the quit chord did nothing")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("the quit chord did not quit")
	}
	if e.k.Kiosk.Boards[0].Polls().InFlight() {
		t.Error("quitting left a request in flight")
	}
}

// Without a quit key configured, ctrl+q quits (issue 23: a kiosk
// started with --kiosk alone could not be left).
func TestKioskDefaultQuitKeyIsCtrlQ(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	e.kpoll()
	cmd := e.send(tea.KeyMsg{Type: tea.KeyCtrlQ})
	if cmd == nil {
		t.Fatal("ctrl+q did nothing on a kiosk without a quit key configured")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+q did not quit")
	}
}

// quit_key = "" locks the kiosk completely: no key quits, and none says
// how to leave (changed on purpose in issue 23: an empty QuitKey alone
// now means the default ctrl+q).
func TestKioskQuitLockedMeansNoKeyQuits(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{QuitLocked: true})
	e.kpoll()
	before := e.View()
	for _, k := range []tea.KeyMsg{{Type: tea.KeyCtrlQ}, keyMsg("ctrl+c"), keyMsg("q"), keyMsg("esc")} {
		if cmd := e.send(k); cmd != nil {
			t.Errorf("key %q gave a command on a locked kiosk", k.String())
		}
	}
	if after := e.View(); after != before {
		t.Errorf("keys changed the locked kiosk's screen:\n%s", ansi.Strip(after))
	}
}

func TestKioskRotation(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{Rotate: 20 * time.Second},
		app.BoardSpec{Stop: 1008}, app.BoardSpec{Stop: 1350})
	e.kpoll()
	shows := func(want, not string) {
		t.Helper()
		v := e.View()
		if !strings.Contains(v, want) || strings.Contains(v, not) {
			t.Fatalf("at +%v the kiosk should show %s, not %s:\n%s", e.now.Sub(testkit.T0), want, not, v)
		}
	}
	shows("Hauptbahnhof", "Ehinger Tor")
	e.advance(19 * time.Second)
	shows("Hauptbahnhof", "Ehinger Tor")
	e.advance(time.Second)
	shows("Ehinger Tor", "Hauptbahnhof")
	if !strings.Contains(e.View(), "2/2") {
		t.Error("the second board should say it is 2 of 2")
	}
	e.advance(19 * time.Second)
	shows("Ehinger Tor", "Hauptbahnhof")
	e.advance(time.Second)
	shows("Hauptbahnhof", "Ehinger Tor")
}

func TestKioskDelayedBannerAfterTwoIntervals(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	e.kpoll() // good data at 12:34:56
	const banner = "Data delayed since 12:34"
	e.advance(2 * feeds.DefaultInterval)
	if strings.Contains(e.View(), banner) {
		t.Fatal("banner at exactly two intervals")
	}
	e.src.SetErr(errString("503 service unavailable"))
	e.kpoll()
	e.advance(time.Second)
	v := e.View()
	if !strings.Contains(v, banner) {
		t.Fatalf("no banner after two intervals without good data:\n%s", v)
	}
	if !strings.Contains(v, " min") {
		t.Errorf("rows should still show before StaleAfter:\n%s", v)
	}
	e.src.SetErr(nil)
	for range kiosk.BannerClearAnswers { // issue 23 item 5: hysteresis
		e.advance(feeds.DefaultInterval)
		e.kpoll()
	}
	e.advance(time.Second)
	if v := e.View(); strings.Contains(v, "delayed") {
		t.Errorf("banner stayed after %d good answers in a row:\n%s", kiosk.BannerClearAnswers, v)
	}
}

func TestKioskBannerBeforeFirstAnswer(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	e.src.SetErr(errString("connection refused"))
	e.kpoll()
	e.advance(2*feeds.DefaultInterval + time.Second)
	if v := e.View(); !strings.Contains(v, "Data delayed since 12:34") || !strings.Contains(v, "No departures yet") {
		t.Errorf("a kiosk that never got data should say so:\n%s", v)
	}
}

func TestKioskBlanksRowsAfterStaleAfter(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{StaleAfter: 10 * time.Minute, LargeCountdown: true})
	e.kpoll()
	e.src.SetErr(errString("503 service unavailable"))
	e.advance(10 * time.Minute)
	e.kpoll()
	if v := e.View(); !strings.Contains(v, "Science Park II") || strings.Contains(v, "No current departure data") {
		t.Fatalf("rows blanked before StaleAfter:\n%s", v)
	}
	e.advance(time.Second)
	v := e.View()
	if !strings.Contains(v, "No current departure data since 12:34") {
		t.Fatalf("no notice after StaleAfter:\n%s", v)
	}
	for _, lie := range []string{" min", "Science Park II", "Next departure", "DIRECTION"} {
		if strings.Contains(v, lie) {
			t.Errorf("blanked kiosk still shows %q:\n%s", lie, v)
		}
	}
	if !strings.Contains(v, "Data delayed since 12:34") {
		t.Errorf("the banner should stay with the notice:\n%s", v)
	}
}

func TestKioskOperatingHours(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{HoursFrom: 5 * 60, HoursTo: 60, QuitKey: "ctrl+q"}) // 05:00–01:00
	e.kpoll()
	inFlight := e.send(feeds.TickMsg{Key: e.k.Kiosk.Boards[0].Key(), Gen: e.k.Kiosk.Boards[0].Polls().Gen})
	boardGen, alertGen := e.k.Kiosk.Boards[0].Polls().Gen, e.k.Kiosk.AlertF.Poll.Gen

	night := time.Date(2026, 9, 12, 1, 0, 0, 0, model.Berlin)
	e.clockTo(night)
	if !e.k.Kiosk.Asleep {
		t.Fatal("at 01:00 the kiosk should sleep")
	}
	if cmd := e.send(inFlight()); cmd != nil {
		t.Error("an answer arriving after hours armed another poll")
	}
	calls := e.src.CallCount()
	b := &e.k.Kiosk.Boards[0]
	if cmd := e.send(feeds.TickMsg{Key: b.Key(), Gen: boardGen}); cmd != nil {
		t.Error("a poll tick after hours started a fetch")
	}
	if cmd := e.send(feeds.TickMsg{Key: kiosk.AlertKey, Gen: alertGen}); cmd != nil {
		t.Error("an alert tick after hours started a fetch")
	}
	v := e.View()
	if !strings.Contains(v, "█") || strings.Contains(v, "Hauptbahnhof") || strings.Contains(v, "2026") {
		t.Fatalf("after hours the screen shows only the clock:\n%s", v)
	}
	if e.src.CallCount() != calls {
		t.Error("requests after hours")
	}
	e.clockTo(night.Add(3*time.Hour + 59*time.Minute))
	if !e.k.Kiosk.Asleep {
		t.Fatal("at 04:59 the kiosk should still sleep")
	}
	if cmd := e.send(keyMsg("q")); cmd != nil {
		t.Error("q did something after hours")
	}
	e.clockTo(night.Add(4 * time.Hour))
	if e.k.Kiosk.Asleep {
		t.Fatal("at 05:00 the kiosk should wake")
	}
	if v := e.View(); !strings.Contains(v, "Loading departures") {
		t.Errorf("waking, the kiosk should load fresh data, not show last night's:\n%s", v)
	}
	e.kpoll()
	if v := e.View(); !strings.Contains(v, "Hauptbahnhof") {
		t.Errorf("after waking the board should be back:\n%s", v)
	}
}

func TestKioskHours(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 9, 11, h, m, 0, 0, model.Berlin) }
	cases := []struct {
		from, to int
		t        time.Time
		want     bool
	}{
		{0, 0, at(3, 0), true},
		{360, 1380, at(5, 59), false},
		{360, 1380, at(6, 0), true},
		{360, 1380, at(22, 59), true},
		{360, 1380, at(23, 0), false},
		{300, 60, at(0, 59), true},
		{300, 60, at(1, 0), false},
		{300, 60, at(4, 59), false},
		{300, 60, at(5, 0), true},
	}
	for _, c := range cases {
		k := kiosk.Kiosk{Options: app.KioskOptions{HoursFrom: c.from, HoursTo: c.to}}
		if got := k.InHours(c.t); got != c.want {
			t.Errorf("hours %d–%d at %s: %v, want %v", c.from, c.to, c.t.Format("15:04"), got, c.want)
		}
	}
}

func TestKioskShiftsAgainstBurnIn(t *testing.T) {
	seen := map[[2]int]bool{}
	for i := range 4 {
		dx, dy := kiosk.Shift(testkit.T0.Add(time.Duration(i) * kiosk.ShiftEvery))
		seen[[2]int{dx, dy}] = true
	}
	if len(seen) != 4 {
		t.Errorf("the layout takes %d positions over four periods, want 4", len(seen))
	}
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	e.kpoll()
	a := e.View()
	e.advance(kiosk.ShiftEvery)
	if b := e.View(); firstDiff(a, b) < 0 {
		t.Error("the screen did not move")
	}
}

// firstDiff returns the first byte index where a and b differ, or -1.
func firstDiff(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func TestKioskAlertTicker(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	e.kpoll()
	e.src.TheAlert = model.Alert{Title: "Disruption on line 2", Items: []string{
		"Between Ehinger Tor and Theater the trams of line 2 are replaced by buses until about 14:00 because of a road accident."}}
	e.kalert()
	var pages []string
	for range 4 {
		v := e.View()
		lines := strings.Split(v, "\n")
		last := strings.TrimSpace(lines[len(lines)-1])
		if !strings.HasPrefix(last, "⚠") {
			t.Fatalf("the last line should be the alert:\n%s", v)
		}
		pages = append(pages, last)
		e.advance(kiosk.TickerPage)
	}
	if pages[0] == pages[1] || !strings.Contains(strings.Join(pages, " "), "road accident") {
		t.Errorf("a long alert should page through: %q", pages)
	}
	e.src.TheAlert = model.Alert{}
	e.kalert()
	if v := e.View(); strings.Contains(v, "⚠") {
		t.Errorf("the alert should go when the service has none:\n%s", v)
	}
}

func TestKioskFitsEverySize(t *testing.T) {
	for _, name := range []string{"day", "night"} {
		e := newKioskEnv(t, 80, 24, app.KioskOptions{LargeCountdown: true, HoursFrom: 300, HoursTo: 60})
		e.kpoll()
		e.src.TheAlert = model.Alert{Title: "Alert", Items: []string{strings.Repeat("word ", 40)}}
		e.kalert()
		if name == "night" {
			e.clockTo(time.Date(2026, 9, 12, 3, 0, 0, 0, model.Berlin))
		}
		for _, sz := range sizes() {
			w, h := sz[0], sz[1]
			e.send(tea.WindowSizeMsg{Width: w, Height: h})
			lines := strings.Split(e.View(), "\n")
			if len(lines) > h {
				t.Fatalf("%s %dx%d: %d lines", name, w, h, len(lines))
			}
			for i, l := range lines {
				if n := ansi.StringWidth(l); n > w {
					t.Fatalf("%s %dx%d: line %d is %d wide: %q", name, w, h, i, n, l)
				}
			}
		}
	}
}

// TestKioskGolden pins the kiosk at 80×24 and 160×48 with the large
// countdown and an alert, the delayed-and-blanked face, and the night clock.
func TestKioskGolden(t *testing.T) {
	alert := model.Alert{Title: "Line 2", Items: []string{"Trams to Kuhberg start at Ehinger Tor until 14:00."}}
	cases := []struct {
		name  string
		w, h  int
		setup func(e *testEnv)
	}{
		{"80x24", 80, 24, func(*testEnv) {}},
		{"160x48", 160, 48, func(*testEnv) {}},
		{"stale", 80, 24, func(e *testEnv) {
			e.src.SetErr(errString("503"))
			e.advance(11 * time.Minute)
			e.kpoll()
		}},
		{"night", 80, 24, func(e *testEnv) { e.clockTo(time.Date(2026, 9, 12, 2, 17, 0, 0, model.Berlin)) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newKioskEnv(t, c.w, c.h, app.KioskOptions{LargeCountdown: true, HoursFrom: 300, HoursTo: 60})
			e.kpoll()
			e.src.TheAlert = alert
			e.kalert()
			c.setup(e)
			golden.RequireEqual(t, []byte(e.View()))
		})
	}
}

// TestKioskBoardsFromOptions: Run's model for Options with the kiosk on
// is the kiosk; it rotates over Options.Boards and applies their filters
// to the rows and the next departure.
func TestKioskBoardsFromOptions(t *testing.T) {
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	root := rootModel(context.Background(), app.Options{Source: e.src, Now: func() time.Time { return e.now },
		Boards: []app.BoardSpec{{Stop: 1008, Lines: []string{"2"}}, {Stop: 1350}},
		Kiosk:  app.KioskOptions{Enabled: true, LargeCountdown: true}})
	k, ok := root.(kiosk.Model)
	if !ok {
		t.Fatalf("Run's model for the kiosk is a %T", root)
	}
	e.k = &k
	e.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	e.kpoll()
	v := e.View()
	if !strings.Contains(v, "Science Park II") || strings.Contains(v, "Böfingen") || !strings.Contains(v, "1/2") {
		t.Errorf("the first board shows line 2 only:\n%s", v)
	}
	e.advance(feeds.DefaultKioskRotate)
	if v := e.View(); !strings.Contains(v, "Ehinger Tor") || !strings.Contains(v, "2/2") {
		t.Errorf("the second board after Rotate:\n%s", v)
	}
}

// TestKioskBoardsOfOneStopShareAPoll: two kiosk boards of one stop with
// different filters are one feed, polled once, and both show its rows.
func TestKioskBoardsOfOneStopShareAPoll(t *testing.T) {
	e := newKioskEnv(t, 100, 30, app.KioskOptions{}, app.BoardSpec{Stop: 1008, Lines: []string{"2"}}, app.BoardSpec{Stop: 1008, Lines: []string{"1"}})
	k := &e.k.Kiosk
	if n := len(e.k.Shared.Reg.Entries); n != 2 || k.Boards[0].Feed != k.Boards[1].Feed {
		t.Fatalf("%d feeds for two boards of one stop and the alert, want 2, the stop's shared", n)
	}
	b := &k.Boards[0]
	e.send(e.send(feeds.TickMsg{Key: b.Key(), Gen: b.Polls().Gen})())
	if n := e.src.CallCount(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	f := e.k.Shared.Frame(app.PaneBoard)
	if len(k.Rows(f, 0)) == 0 || len(k.Rows(f, 1)) == 0 {
		t.Errorf("rows %d and %d, want both boards filled by the one answer", len(k.Rows(f, 0)), len(k.Rows(f, 1)))
	}
}
