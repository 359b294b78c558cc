package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// A board has room for the whole of a long alert: it wraps in whole
// words over up to three lines instead of one line cut mid-word (the
// board at 120 columns read "… die Haltestelle Le…": which stop is closed
// was cut away). A grid cell keeps one line.
func TestBoardWrapsALongAlert(t *testing.T) {
	items := []string{
		"Linie 8: Umleitung zwischen Heinrich-Heine-Straße und Max-Eyth-Straße wegen eines Verkehrsunfalls, die Haltestelle Lessingstraße entfällt",
		"Linie 16: Umleitung zwischen Eselsberg und Hasenkopf, die Haltestelle Mähringer Weg entfällt",
	}
	e := newEnv(t, 120, 40, false)
	e.src.TheAlert = model.Alert{Title: "Umleitung", Items: items}
	e.send(e.src.Base)
	e.poll()
	e.alertPoll()
	v := ansi.Strip(e.View())
	flat := strings.Join(strings.Fields(v), " ")
	for _, it := range items {
		if !strings.Contains(flat, it) {
			t.Errorf("the board does not show %q whole:\n%s", it, v)
		}
	}
	if strings.Contains(v, "Le…") {
		t.Errorf("the alert is cut mid-word:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if ansi.StringWidth(l) > 120 {
			t.Errorf("a line wider than the screen: %q", l)
		}
	}
}
