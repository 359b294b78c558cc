package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

func TestLanguageChoice(t *testing.T) {
	for lang, want := range map[string]string{"": "now", "en": "now", "de": "sofort", "de_DE.UTF-8": "sofort", "fr": "now"} {
		if got := ui.TextsFor(lang).Now; got != want {
			t.Errorf("textsFor(%q).Now = %q, want %q", lang, got, want)
		}
	}
}

// TestGermanGolden pins the German board at 80×24: the same data as the
// English golden, every word from the catalogue, 24-hour clock.
func TestGermanGolden(t *testing.T) {
	e := newEnvWith(t, 80, 24, app.Options{Lang: "de"})
	v := e.m.View()
	for _, want := range []string{"Abfahrten", "alle Steige", "sofort", "2 Min", "pünktlich", "+7 Min", "Fahrplan",
		"LINIE", "RICHTUNG", "STEIG", "aktualisiert vor < 30 s", "nächste in < 30 s", "12:34"} {
		if !strings.Contains(v, want) {
			t.Errorf("German board lacks %q", want)
		}
	}
	for _, not := range []string{"Departures", "on time", "planned", " min", "updated", "DIRECTION"} {
		if strings.Contains(v, not) {
			t.Errorf("German board says %q", not)
		}
	}
	golden.RequireEqual(t, []byte(v))
}

// TestGermanKiosk checks the kiosk's own words in German: date, banner
// and notice.
func TestGermanKiosk(t *testing.T) {
	e := newKioskEnv(t, 80, 24, app.KioskOptions{})
	e.k.Shared.Texts = ui.TextsFor("de")
	e.kpoll()
	if v := e.View(); !strings.Contains(v, "Freitag, 11. September 2026") {
		t.Errorf("German kiosk date:\n%s", v)
	}
	e.src.SetErr(errString("503"))
	e.advance(11 * 60 * 1e9)
	e.kpoll()
	v := e.View()
	for _, want := range []string{"Daten veraltet seit 12:34", "Keine aktuellen Abfahrtsdaten seit 12:34"} {
		if !strings.Contains(v, want) {
			t.Errorf("German kiosk lacks %q:\n%s", want, v)
		}
	}
}
