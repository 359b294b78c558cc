package tui

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// runAll executes cmd and the commands it batches and sends each message,
// until nothing is left; the command an answer gives back (the next poll's
// timer) is never run.
func (e *testEnv) runAll(cmd tea.Cmd) {
	e.t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case feeds.TickMsg, app.OpenMsg:
			queue = append(queue, e.send(msg))
		case feeds.AnswerMsg:
			e.send(msg)
		}
	}
}

// Issue 12 items 2 and 3: line 2 opened from search at Hauptbahnhof (on
// the line) stays at Hauptbahnhof, not the line's terminus; the filter is
// applied before the row limit: the filtered board asks the service for
// more and shows as many rows as an unfiltered one (at 120×24 a board has
// lines for 20, the shared limit).
func TestFilteredBoardFillsItsRows(t *testing.T) {
	e := newEnv(t, 120, 24, false)
	e.src.Boards[feeds.Subject{Stop: 1008}] = testkit.LongBoard(app.DefaultLimit)
	e.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: testkit.LongBoard(app.MaxLimit)}
	e.send(e.src.Base)
	e.poll()
	if n := len(rowLines(e.screenLines())); n != app.DefaultLimit {
		t.Fatalf("unfiltered board shows %d rows, want %d", n, app.DefaultLimit)
	}
	e.runAll(app.OpenCmd(app.Target{Kind: app.TargetLine, Route: 2, Line: "2"}))
	if title := firstLine(e.View()); !strings.HasPrefix(title, " Hauptbahnhof ·") {
		t.Fatalf("line 2 from Hauptbahnhof opened %q, want the current stop 1008", title)
	}
	if got := e.src.Limits[len(e.src.Limits)-1]; got != app.MaxLimit {
		t.Errorf("a filtered board asked for %d events, want %d", got, app.MaxLimit)
	}
	rows := rowLines(e.screenLines())
	if len(rows) != app.DefaultLimit {
		t.Errorf("line 2 shows %d rows, want %d like an unfiltered board", len(rows), app.DefaultLimit)
	}
	for _, r := range rows {
		if l := rowLine(r); l != "2" {
			t.Errorf("line filter 2 shows line %s: %q", l, r)
		}
	}
	if v := e.View(); !strings.Contains(v, "Science Park II") {
		t.Errorf("view:\n%s", v)
	}
}

// The whole program marks a board stale as its pane does
// (board.TestStaleAfterTwoIntervals): one failed poll through the root's
// feeds leaves the screen as it was; data older than two intervals says
// "stale since" with the time of the last good answer.
func TestScreenStaleAfterTwoIntervals(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	e.src.SetErr(errString("503"))
	e.advance(feeds.DefaultInterval)
	e.poll()
	if v := e.View(); strings.Contains(v, "stale since") {
		t.Errorf("one failed poll marks the board stale:\n%s", v)
	}
	e.advance(feeds.DefaultInterval)
	e.poll()
	e.advance(time.Second)
	if v := e.View(); !strings.Contains(v, "stale since 12:34:56") {
		t.Errorf("data older than two intervals is not marked stale since its time:\n%s", v)
	}
}

// alertPoll runs one poll of the root's alert feed.
func (e *testEnv) alertPoll() {
	e.t.Helper()
	cmd := e.send(feeds.TickMsg{Key: kiosk.AlertKey, Gen: e.m.alertF.Poll.Gen})
	if cmd == nil {
		e.t.Fatal("the alert tick started no fetch")
	}
	e.send(cmd())
}

// Issue 12 item 1: the unplanned alert shows on every view, not only the
// kiosk: a line on the board, in the grid's summary, the merged and the
// fleet views; rows of the lines it names carry ⚠; the line is not
// repeated ("Linie 2: Linie 2: ...").
func TestAlertOnEveryView(t *testing.T) {
	e := newGridEnv(t, 160, 40, nil, func(o *app.Options) { o.Boards = []app.BoardSpec{{Stop: 1008}} })
	e.src.TheAlert = model.Alert{Title: "Umleitung Linie 2", Items: []string{"Linie 2: Umleitung zwischen Theater und Ehinger Tor"}}
	e.send(e.src.Base)
	e.poll()
	e.alertPoll()
	v := e.View()
	if !strings.Contains(v, "⚠ Linie 2: Umleitung zwischen Theater") {
		t.Errorf("the board does not show the alert:\n%s", v)
	}
	if strings.Contains(v, "Linie 2: Linie 2") || strings.Contains(v, "Umleitung Linie 2:") {
		t.Errorf("the alert repeats its line:\n%s", v)
	}
	if !strings.Contains(v, "⚠ Science Park II") {
		t.Errorf("rows of line 2 are not marked:\n%s", v)
	}
	if strings.Contains(v, "⚠ Söflingen") {
		t.Errorf("a row of line 1 is marked:\n%s", v)
	}
	e.Key("w")
	if title := firstLine(e.View()); !strings.HasPrefix(title, " 1 ") {
		t.Fatalf("w did not watch the board: the title is %q, not the grid's board 1", title)
	}
	for _, view := range []string{"grid", "m", "v"} {
		if view != "grid" {
			e.Key(view)
		}
		if v := e.View(); !strings.Contains(v, "⚠ Linie 2: Umleitung") {
			t.Errorf("%s view does not show the alert:\n%s", view, v)
		}
	}
}

// Issue 12 item 15: NO_COLOR selects the mono theme, which keeps bold and
// reverse (termenv's Ascii profile under NO_COLOR would drop them); a
// dumb terminal and the colour themes are left as they are.
func TestMonoKeepsEmphasis(t *testing.T) {
	if got := monoProfile(ui.ThemeMono, termenv.Ascii, "xterm-256color"); got != termenv.ANSI {
		t.Errorf("mono under NO_COLOR renders with %v, want ANSI attributes", got)
	}
	if got := monoProfile(ui.ThemeMono, termenv.Ascii, "dumb"); got != termenv.Ascii {
		t.Errorf("a dumb terminal gets %v", got)
	}
	if got := monoProfile(ui.ThemeDark, termenv.Ascii, "xterm"); got != termenv.Ascii {
		t.Errorf("a colour theme under NO_COLOR gets %v", got)
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(monoProfile(ui.ThemeMono, termenv.Ascii, "xterm"))
	if s := r.NewStyle().Bold(true).Reverse(true).Render("x"); !strings.Contains(s, "\x1b[") {
		t.Errorf("mono style lost its emphasis: %q", s)
	}
}

// Issue 12 item 14: German at 80, 120 and 200 columns: the grid, merged
// and fleet views and the search cut no delay or column title, count one
// board as "1 Tafel", name the stop without "an", and say "Straßenbahn"
// and "Bus" for a line's kind.
func TestGermanViewsCutNothing(t *testing.T) {
	cut := regexp.MustCompile(`[+-]\d+…|LIN…|RICHT…|STEI…|VERS…|Min…`)
	for _, w := range []int{80, 120, 200} {
		e := newGridEnv(t, w, 40, specsOver(6), func(o *app.Options) { o.Lang = "de" })
		views := map[string]string{"grid": e.View()}
		e.Key("m")
		views["merged"] = e.View()
		e.Key("v")
		e.fleetPoll()
		views["fleet"] = e.View()
		e.Key("esc")
		e.Key("/")
		for _, r := range "linie" {
			e.Key(string(r))
		}
		views["search"] = e.View()
		for name, v := range views {
			if m := cut.FindString(v); m != "" {
				t.Errorf("%d columns, %s: %q is cut:\n%s", w, name, m, v)
			}
			for _, bad := range []string{"1 Tafeln", " an Hauptbahnhof", " an Rathaus", "  tram", "  bus"} {
				if strings.Contains(v, bad) {
					t.Errorf("%d columns, %s: %q:\n%s", w, name, bad, v)
				}
			}
		}
	}
}

// Issue 12 item 17: the help overlay at 80×24 shows every group and the
// whole legend (✓, ·, ⚠ and the colours explained), in English and German.
func TestHelpOverlayFits80x24(t *testing.T) {
	boards := map[string][]app.BoardSpec{
		"board":      {{Stop: 1008}},
		"walk board": {{Stop: 1008, Walk: app.WalkTime(4 * time.Minute)}},
		"grid":       {{Stop: 1008}, {Stop: 1009}, {Stop: 1010, Lines: []string{"2", "4"}}},
	}
	for _, lang := range []string{"en", "de"} {
		for name, bs := range boards {
			e := newGridEnv(t, 80, 24, nil, func(o *app.Options) { o.Lang = lang; o.Boards = bs })
			e.send(e.src.Base)
			e.Key("?")
			v := e.View()
			tx := ui.EnglishTexts()
			if lang == "de" {
				tx = ui.GermanTexts()
			}
			flat := strings.Join(strings.Fields(v), " ")
			for _, want := range []string{tx.HelpTitle, tx.GroupBoard, tx.GroupEverywhere, tx.GroupSearch, tx.GroupVehicle, tx.GroupScroll, "✓", "⚠", "·", "+3"} {
				if !strings.Contains(v, want) {
					t.Errorf("%s, %s: help lacks %q:\n%s", lang, name, want, v)
				}
			}
			words := strings.Fields(fmt.Sprintf(tx.HelpLegend, tx.Planned, tx.Delay.Late))
			if last := words[len(words)-1]; !strings.Contains(flat, last) {
				t.Errorf("%s, %s: the legend is cut before %q:\n%s", lang, name, last, v)
			}
		}
	}
}

// Issue 12 item 12: a kiosk retries at its interval after failures (no
// backoff), so it shows data within one interval of the service's return;
// the interactive board backs off.
func TestKioskRetriesWithinOneInterval(t *testing.T) {
	k := kiosk.NewModel(app.Options{Source: testkit.NewFakeSource(), Now: func() time.Time { return testkit.T0 }})
	for failures := 1; failures < 8; failures++ {
		if d := k.Shared.Policy.Delay(failures, errString("503")); d > k.Shared.Policy.Interval*11/10 {
			t.Fatalf("kiosk retry after %d failures in %v, want within one interval (%v)", failures, d, k.Shared.Policy.Interval)
		}
	}
	m := New(app.Options{Source: testkit.NewFakeSource(), Now: func() time.Time { return testkit.T0 }})
	if d := m.sh.Policy.Delay(4, errString("503")); d <= m.sh.Policy.Interval*11/10 {
		t.Errorf("the interactive board does not back off: %v", d)
	}
}

// Issue 12 item 12: outside operating hours the kiosk says when it
// resumes (issue 23 item 2: the display, not the service).
func TestKioskSaysWhenServiceResumes(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{HoursFrom: 5 * 60, HoursTo: 60})
	e.kpoll()
	e.clockTo(time.Date(2026, 9, 12, 2, 0, 0, 0, model.Berlin))
	if !e.k.Kiosk.Asleep {
		t.Fatal("at 02:00 the kiosk should sleep")
	}
	if v := e.View(); !strings.Contains(v, "Display resumes at 05:00") {
		t.Errorf("the night screen does not say when service resumes:\n%s", v)
	}
}

// Issue 12 item 12: a 150×50 kiosk (rows of text: large rows begin at
// 160 columns, issue 34) asks for as many departures as its height holds
// and shows them; its direction column is as wide as the longest direction.
func TestKioskUsesTheScreen(t *testing.T) {
	e := newKioskEnv(t, 150, 50, app.KioskOptions{LargeCountdown: true})
	if e.k.Shared.Limit <= app.DefaultLimit {
		t.Fatalf("a 50-line kiosk asks for %d departures, want more than %d", e.k.Shared.Limit, app.DefaultLimit)
	}
	b := testkit.HbfBoard(false)
	for i := range 20 { // more departures, later
		b.Events = append(b.Events, testkit.Ev("9", model.VehicleBus, 300+i, "Ludwigsfeld", "F", 6, time.Duration(80+i)*time.Minute, 0, model.StatusPredicted))
	}
	e.src.Boards[feeds.Subject{Stop: 1008}] = b
	e.kpoll()
	v := e.View()
	if n := strings.Count(v, "Ludwigsfeld"); n < 5 {
		t.Errorf("the kiosk shows %d of the extra rows, want the height filled:\n%s", n, v)
	}
	lines := strings.Split(v, "\n")
	if blank := 0; true {
		for _, l := range lines[len(lines)-10:] {
			if strings.TrimSpace(l) == "" {
				blank++
			}
		}
		if blank > 4 {
			t.Errorf("%d of the last 10 lines are blank:\n%s", blank, v)
		}
	}
	if !strings.Contains(v, "Pfuhl über Offenhausen, Neu-Ulm Bahnhof  F") {
		t.Errorf("the direction column is wider than its longest text:\n%s", v)
	}
}

// A kiosk whose screen grows asks for the rows it now has at once, not an
// interval later (before, a 200x50 station screen showed 20 rows and 17
// blank lines for the first 15 s), also when the resize comes while a
// request for fewer is in flight.
func TestKioskTallerScreenAsksAtOnce(t *testing.T) {
	lastLimit := func(e *testEnv) int {
		e.src.Mu.Lock()
		defer e.src.Mu.Unlock()
		if len(e.src.Limits) == 0 {
			return 0
		}
		return e.src.Limits[len(e.src.Limits)-1]
	}
	e := newKioskEnv(t, 120, 24, app.KioskOptions{})
	e.kpoll()
	if got := lastLimit(e); got != app.DefaultLimit {
		t.Fatalf("a 24-line kiosk asked for %d", got)
	}
	e.runAll(e.send(tea.WindowSizeMsg{Width: 200, Height: 60}))
	if got := lastLimit(e); got != e.k.Shared.Limit || got <= app.DefaultLimit {
		t.Errorf("after growing to 60 lines the kiosk last asked for %d, want %d at once", got, e.k.Shared.Limit)
	}

	// The resize while a request for fewer is in flight.
	e = newKioskEnv(t, 120, 24, app.KioskOptions{})
	b := &e.k.Kiosk.Boards[0]
	fetch := e.send(feeds.TickMsg{Key: b.Key(), Gen: b.Polls().Gen})
	e.send(tea.WindowSizeMsg{Width: 200, Height: 60})
	e.runAll(e.send(fetch()))
	if got := lastLimit(e); got != e.k.Shared.Limit {
		t.Errorf("a resize during a request: last asked for %d, want %d", got, e.k.Shared.Limit)
	}
}
