package board

import (
	"slices"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// without returns the Hauptbahnhof's board without the events of line
// and direction.
func without(line, dir string) model.Board {
	b := testkit.HbfBoard(false)
	b.Events = slices.DeleteFunc(b.Events, func(e model.Event) bool { return e.Line() == line && e.DirectionText == dir })
	return b
}

// Issue 23 item 7: a departure seen in the last answer whose time has not
// come, missing from the next answer while that answer still reaches
// beyond it, is kept, marked "✗ gone · no longer reported", never counted
// down, and goes when its time has come.
func TestVanishedDepartureIsMarkedNotCountedDown(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 40)
	if row := r.rowOf("Kuhberg  "); !strings.Contains(row, "8 min") {
		t.Fatalf("line 7 to Kuhberg is not 8 min away: %q", row)
	}
	r.src.Boards[feeds.Subject{Stop: 1008}] = without("7", "Kuhberg")
	r.poll(r.b.Refresh())
	row := r.rowOf("Kuhberg  ")
	if !strings.Contains(row, "✗ gone") || !strings.Contains(row, "no longer reported") || strings.Contains(row, "min") {
		t.Errorf("the vanished departure is not marked: %q", row)
	}
	r.advance(3 * time.Minute)
	r.poll(r.b.Refresh())
	if row := r.rowOf("Kuhberg  "); !strings.Contains(row, "✗ gone") || strings.Contains(row, "min") {
		t.Errorf("the vanished departure is counted down 3 minutes on: %q", row)
	}
	r.advance(6 * time.Minute) // its time (+7 min late: 12:49:56) has come
	r.poll(r.b.Refresh())
	for _, l := range r.rows() {
		if strings.Contains(l, "Kuhberg  ") && !strings.Contains(l, "Schulzentrum") {
			t.Errorf("the vanished departure stayed after its time: %q", l)
		}
	}
}

// A departure the next answer does not reach (an answer cut short by its
// limit, or one due within two minutes: it may have left early) is no
// vanishing: nothing is marked.
func TestShortAnswerVanishesNothing(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 40)
	short := testkit.HbfBoard(false)
	short.Events = short.Events[:9] // up to 9 min: 7's 8 min +7 late is beyond
	r.src.Boards[feeds.Subject{Stop: 1008}] = short
	r.poll(r.b.Refresh())
	if v := r.b.View(r.frame()); strings.Contains(v, "✗ gone") {
		t.Errorf("a short answer marked departures beyond its end:\n%s", v)
	}
	// Böfingen (line 4, 2 min, arriving) leaving the answer is no vanishing.
	r.src.Boards[feeds.Subject{Stop: 1008}] = without("4", "Böfingen")
	r.poll(r.b.Refresh())
	if v := r.b.View(r.frame()); strings.Contains(v, "✗ gone") {
		t.Errorf("an arriving departure that left the answer is marked:\n%s", v)
	}
}

// A row with Status 5 passes without stopping, in both languages; the
// vanished mark is German in German.
func TestPassesWithoutStoppingAndGermanMarks(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 140, 40)
	b := testkit.HbfBoard(false)
	for i := range b.Events {
		if b.Events[i].Line() == "9" {
			b.Events[i].Status = model.StatusPassed
		}
	}
	b.Events = slices.DeleteFunc(b.Events, func(e model.Event) bool { return e.Line() == "7" })
	r.src.Boards[feeds.Subject{Stop: 1008}] = b
	r.poll(r.b.Refresh())
	if row := r.rowOf("Ludwigsfeld"); !strings.Contains(row, "passes, no stop") {
		t.Errorf("a Status 5 row does not say it passes without stopping: %q", row)
	}
	r.sh.Texts = ui.TextsFor(catalog.LangGerman)
	r.b.Touch()
	if row := r.rowOf("Ludwigsfeld"); !strings.Contains(row, "Durchfahrt, kein Halt") {
		t.Errorf("German: %q", row)
	}
	if row := r.rowOf("Kuhberg  "); !strings.Contains(row, "✗ weg") || !strings.Contains(row, "nicht mehr gemeldet") {
		t.Errorf("German vanished mark: %q", row)
	}
}

// Issue 23 item 7: when the alert says that this stop is not served by a
// line, the board says which lines skip it; an alert that names the stop
// only as the end of a detour or of cancelled trips says nothing of it.
func TestAlertSaysWhichLinesSkipTheStop(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 40)
	r.sh.SetAlert(model.Alert{Title: "Umleitung Linie 4", Items: []string{
		"Linie 4: Umleitung zwischen Theater und Ehinger Tor wegen eines Verkehrsunfalls, die Haltestellen Ehinger Tor und Hauptbahnhof entfallen",
		"Linie 6: Die Haltestelle Hauptbahnhof wird wegen eines Polizeieinsatzes nicht bedient",
		"Linie 2: Einzelne Fahrten zwischen Hauptbahnhof und Kuhberg entfallen wegen einer Fahrzeugstörung",
		"Linie 9: Umleitung zwischen Hauptbahnhof und Theater, die Haltestelle Hauptbahnhofstraße entfällt",
	}})
	r.b.Touch()
	v := r.b.View(r.frame())
	if !strings.Contains(v, "⚠ lines 4, 6: no stop here (alert)") {
		t.Errorf("the board does not say which lines skip it:\n%s", v)
	}
	r.sh.Texts = ui.TextsFor(catalog.LangGerman)
	r.b.Touch()
	if v := r.b.View(r.frame()); !strings.Contains(v, "⚠ Linien 4, 6: halten hier nicht (Störungsmeldung)") {
		t.Errorf("German:\n%s", v)
	}
	f := r.frame()
	if got := f.SkippedLines("Theater"); len(got) != 0 {
		t.Errorf("the end of a detour counts as skipped: %v", got)
	}
}
