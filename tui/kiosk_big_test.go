package tui

import (
	"fmt"
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
	"abfahrt/tui/internal/ui"
)

// bigGlyphRow reports whether a painted line is part of a large glyph:
// it holds a run of at least two block cells.
func bigGlyphRow(l string) bool {
	return strings.Contains(l, "██") || strings.Contains(l, "▀▀") || strings.Contains(l, "▄▄")
}

// legibility measures a painted kiosk screen below its clock (the first
// blank line): how many lines belong to large glyphs, and how much of the
// width the departure lines use on average (to their last painted cell).
func legibility(screen string, w int) (bigRows int, use float64, rows int) {
	lines := strings.Split(ansi.Strip(screen), "\n")
	start := 0
	for start < len(lines) && strings.TrimSpace(lines[start]) == "" {
		start++ // the burn-in shift's free row
	}
	for start < len(lines) && strings.TrimSpace(lines[start]) != "" {
		start++ // the header
	}
	sum := 0
	for _, l := range lines[start:] {
		t := strings.TrimRight(l, " ")
		if t == "" || strings.HasPrefix(strings.TrimSpace(t), "⚠ Line") || strings.Contains(t, "simulated") {
			continue
		}
		if bigGlyphRow(t) {
			bigRows++
		}
		rows++
		sum += ansi.StringWidth(t)
	}
	if rows > 0 {
		use = float64(sum) / float64(rows*w)
	}
	return bigRows, use, rows
}

// A kiosk across a hall (issue 34 item 1): at 300×80 at least 15 lines
// below the clock are large glyphs and the rows use at least 70 % of the
// width; at 200×50 at least 8 lines and 70 %; at 80×24 at least five
// departures as rows of text.
func TestKioskLegibleAcrossAHall(t *testing.T) {
	for _, c := range []struct {
		w, h, minBig int
		minUse       float64
	}{{300, 80, 15, 0.7}, {200, 50, 8, 0.7}, {400, 100, 15, 0.7}} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			e := newKioskEnv(t, c.w, c.h, app.KioskOptions{LargeCountdown: true})
			e.kpoll()
			v := e.View()
			big, use, _ := legibility(v, c.w)
			if big < c.minBig || use < c.minUse {
				t.Errorf("%d lines of large glyphs (want ≥ %d), rows use %.0f %% of the width (want ≥ %.0f %%):\n%s",
					big, c.minBig, 100*use, 100*c.minUse, ansi.Strip(v))
			}
		})
	}
	e := newKioskEnv(t, 80, 24, app.KioskOptions{LargeCountdown: true})
	e.kpoll()
	v := ansi.Strip(e.View())
	n := strings.Count(v, " min")
	if n < 5 {
		t.Errorf("%d departures as rows at 80×24, want ≥ 5:\n%s", n, v)
	}
}

// A large row is drawn once while its text stays (issue 34 item 5): a
// second later with the same minute, the memo serves every large row.
func TestKioskBigRowsDrawnOnlyWhenTheirTextChanges(t *testing.T) {
	e := newKioskEnv(t, 300, 80, app.KioskOptions{})
	e.kpoll()
	e.advance(20 * time.Second) // within a minute of every countdown
	e.View()
	drawn := e.k.Kiosk.BigDrawn()
	if drawn == 0 {
		t.Fatal("no large rows drawn at 300×80")
	}
	for range 5 {
		e.advance(time.Second)
		e.View()
	}
	if again := e.k.Kiosk.BigDrawn() - drawn; again != 0 {
		t.Errorf("within the minute %d large rows were drawn again, want 0", again)
	}
	e.advance(time.Minute) // every countdown changes: drawn anew
	e.View()
	if e.k.Kiosk.BigDrawn() == drawn {
		t.Error("a minute later no large row was drawn again: the countdowns stand still")
	}
}

// TestKioskGoldenSizes pins the kiosk at each size of issue 34, English
// and German, by day, at night, stale and with an alert.
func TestKioskGoldenSizes(t *testing.T) {
	alert := model.Alert{Title: "Line 2", Items: []string{"Trams to Kuhberg start at Ehinger Tor until 14:00."}}
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}, {300, 80}, {400, 100}} {
		for _, lang := range []string{"en", "de"} {
			for _, face := range []string{"day", "night", "stale", "alert"} {
				name := fmt.Sprintf("%dx%d_%s_%s", sz[0], sz[1], lang, face)
				t.Run(name, func(t *testing.T) {
					e := newKioskEnvLang(t, sz[0], sz[1], lang, app.KioskOptions{LargeCountdown: true, HoursFrom: 300, HoursTo: 60})
					e.kpoll()
					switch face {
					case "night":
						e.clockTo(time.Date(2026, 9, 12, 2, 17, 0, 0, model.Berlin))
					case "stale":
						e.src.SetErr(errString("503"))
						e.advance(3 * time.Minute)
						e.kpoll()
					case "alert":
						e.src.TheAlert = alert
						e.kalert()
					}
					golden.RequireEqual(t, []byte(ansi.Strip(e.View())))
				})
			}
		}
	}
}

// fourBoards are four stops of the fake network for a kiosk of columns.
var fourBoards = []app.BoardSpec{{Stop: 1008}, {Stop: 1350}, {Stop: 1008, Lines: []string{"2"}}, {Stop: 1350, Lines: []string{"1"}}}

// A wide kiosk of four boards shows them side by side, not in turn
// (issue 34 item 2): all four names on one screen, and still all four
// after the rotation's time.
func TestKioskBoardsSideBySide(t *testing.T) {
	e := newKioskEnv(t, 300, 80, app.KioskOptions{Rotate: 10 * time.Second}, fourBoards...)
	e.kpoll()
	for _, at := range []time.Duration{0, 10 * time.Second} {
		e.advance(at)
		v := ansi.Strip(e.View())
		if strings.Count(v, "Hauptbahnhof") < 2 || strings.Count(v, "Ehinger Tor") < 2 {
			t.Fatalf("at +%v the four boards do not stand side by side:\n%s", at, v)
		}
		big, use, _ := legibility(v, 300)
		if big < 15 || use < 0.7 {
			t.Errorf("four columns: %d lines of large glyphs, %.0f %% of the width:\n%s", big, 100*use, v)
		}
	}
	// At 80×24 they still rotate.
	e = newKioskEnv(t, 80, 24, app.KioskOptions{Rotate: 10 * time.Second}, fourBoards...)
	e.kpoll()
	if v := ansi.Strip(e.View()); strings.Contains(v, "Ehinger Tor") {
		t.Errorf("an 80×24 kiosk shows two boards at once:\n%s", v)
	}
}

// TestKioskGoldenColumns pins four boards side by side at 300×80.
func TestKioskGoldenColumns(t *testing.T) {
	e := newKioskEnv(t, 300, 80, app.KioskOptions{}, fourBoards...)
	e.kpoll()
	golden.RequireEqual(t, []byte(ansi.Strip(e.View())))
}

// The large rows on the Linux console (issue 34): with the console theme
// a 300×80 kiosk of large rows, one board and four, draws only glyphs the
// console's font has (full and half blocks), or the TUI's own stand-ins.
func TestKioskBigRowsOnTheConsoleFont(t *testing.T) {
	for _, specs := range [][]app.BoardSpec{nil, fourBoards} {
		e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
		k := kiosk.NewModel(app.Options{Source: e.src, Now: func() time.Time { return e.now }, Theme: ui.ThemeConsole,
			Kiosk: app.KioskOptions{Enabled: true, LargeCountdown: true}, Boards: specs})
		e.k = &k
		e.send(tea.WindowSizeMsg{Width: 300, Height: 80})
		e.send(e.src.Base)
		e.kpoll()
		e.src.TheAlert = model.Alert{Title: "Line 2", Items: []string{"Trams to Kuhberg start at Ehinger Tor."}}
		e.kalert()
		v := e.View()
		if big, _, _ := legibility(v, 300); big < 15 {
			t.Fatalf("%d boards: %d lines of large glyphs on the console:\n%s", len(e.k.Kiosk.Boards), big, ansi.Strip(v))
		}
		for _, r := range ansi.Strip(v) {
			if _, ok := ui.ConsoleFallback[r]; !ui.ConsoleSafe(r) && !ok {
				t.Errorf("%d boards: %q (U+%04X) is not in the console's font", len(e.k.Kiosk.Boards), r, r)
			}
		}
	}
}

// Two departures that show the same countdown keep the order they showed
// in when their predictions overtake each other by seconds (issue 34
// item 5): swapping places with every answer tells a reader nothing, and
// costs both rows drawn anew. Rows whose countdowns differ follow the
// data.
func TestKioskRowsOfOneMinuteKeepTheirOrder(t *testing.T) {
	sub := feeds.Subject{Stop: 1008}
	answer := func(a, b time.Duration) model.Board {
		var evs []model.Event
		for i := range 3 {
			evs = append(evs, testkit.Ev("9", model.VehicleBus, 200+i, fmt.Sprintf("Ort %c", 'A'+i), "A", 1, time.Duration(i+1)*time.Minute+30*time.Second, 0, model.StatusPredicted))
		}
		// Both scheduled at +20 min: the same trips, later or earlier.
		x := testkit.Ev("4", model.VehicleBus, 300, "Böfingen", "B", 2, a, int((a-20*time.Minute)/time.Second), model.StatusPredicted)
		y := testkit.Ev("5", model.VehicleBus, 301, "Ludwigsfeld", "B", 2, b, int((b-20*time.Minute)/time.Second), model.StatusPredicted)
		if b < a {
			x, y = y, x
		}
		evs = append(evs, x, y)
		return model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(testkit.T0), Events: evs}
	}
	order := func(e *testEnv) string {
		v := ansi.Strip(e.View())
		i, j := strings.Index(v, "Böfingen"), strings.Index(v, "Ludwigsfeld")
		if i < 0 || j < 0 {
			t.Fatalf("the two departures do not show:\n%s", v)
		}
		if i < j {
			return "Böfingen first"
		}
		return "Ludwigsfeld first"
	}
	e := newKioskEnv(t, 120, 40, app.KioskOptions{}) // rows of text
	e.src.Boards[sub] = answer(20*time.Minute+10*time.Second, 20*time.Minute+20*time.Second)
	e.kpoll()
	if got := order(e); got != "Böfingen first" {
		t.Fatalf("first answer: %s", got)
	}
	// The next answer has Ludwigsfeld 10 s ahead: both still "20 min".
	e.advance(15 * time.Second)
	e.src.Boards[sub] = answer(20*time.Minute+25*time.Second, 20*time.Minute+15*time.Second)
	e.kpoll()
	if got := order(e); got != "Böfingen first" {
		t.Errorf("rows of one minute swapped places with an answer: %s\n%s", got, ansi.Strip(e.View()))
	}
	// A minute apart, the data's order shows.
	e.advance(15 * time.Second)
	e.src.Boards[sub] = answer(21*time.Minute+50*time.Second, 20*time.Minute+15*time.Second)
	e.kpoll()
	if got := order(e); got != "Ludwigsfeld first" {
		t.Errorf("rows a minute apart do not follow the data: %s", got)
	}
}

// A countdown that a new prediction a few seconds later turns up by a
// minute (15 min, then 16 min, then 15 again at the next answer) keeps
// reading 15 while the prediction would read 15 again within 30 s: on a
// hall display a countdown counts down, it does not bounce with the
// predictions' jitter around a minute's turn (and each bounce redrew its
// row). A real delay shows: it never reads later than the prediction.
func TestKioskCountdownDoesNotBounce(t *testing.T) {
	sub := feeds.Subject{Stop: 1008}
	answer := func(in time.Duration) model.Board {
		var evs []model.Event
		for i := range 8 {
			evs = append(evs, testkit.Ev("9", model.VehicleBus, 200+i, fmt.Sprintf("Ort %c", 'A'+i), "A", 1, time.Duration(i+1)*time.Minute, 0, model.StatusPredicted))
		}
		// Scheduled at +16 min: the same trip, earlier or later.
		evs = append(evs, testkit.Ev("5", model.VehicleBus, 301, "Ludwigsfeld", "B", 2, in, int((in-16*time.Minute)/time.Second), model.StatusPredicted))
		return model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(testkit.T0), Events: evs}
	}
	due := func(e *testEnv) string {
		for _, l := range strings.Split(ansi.Strip(e.View()), "\n") {
			if strings.Contains(l, "Ludwigsfeld") {
				return strings.Join(strings.Fields(l)[3:], " ")
			}
		}
		t.Fatalf("Ludwigsfeld is no row of text:\n%s", ansi.Strip(e.View()))
		return ""
	}
	e := newKioskEnv(t, 300, 80, app.KioskOptions{}) // eight large rows, then text
	// Countdowns are read at the end of the minute (they turn together on
	// the minute): at 12:34:56 the bus at 12:51:26 reads 16 min, and
	// from 12:35:00 15 min.
	e.src.Boards[sub] = answer(16*time.Minute + 30*time.Second)
	e.kpoll()
	if got := due(e); got != "16 min" {
		t.Fatalf("first answer: %q, want 16 min", got)
	}
	e.advance(15 * time.Second)
	if got := due(e); got != "15 min" {
		t.Fatalf("after the minute's turn: %q, want 15 min", got)
	}
	// At 12:35:11 the bus is predicted 40 s later, at 12:52:06: 16:06
	// from the end of the minute, and 15:36 30 s later.
	e.src.Boards[sub] = answer(17*time.Minute + 10*time.Second)
	e.kpoll()
	if got := due(e); got != "15 min" {
		t.Errorf("a prediction later across the minute's turn: %q, want 15 min held", got)
	}
	// A minute later than that: the delay shows.
	e.advance(15 * time.Second)
	e.src.Boards[sub] = answer(18*time.Minute + 30*time.Second)
	e.kpoll()
	if got := due(e); got != "17 min" {
		t.Errorf("a delay of a minute and more: %q, want 17 min", got)
	}
}
