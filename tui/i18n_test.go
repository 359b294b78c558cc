package tui

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// verbs matches the fmt verbs of a format string.
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// TestCatalogComplete proves every string of the catalogue exists, not
// empty, in English and German, with the same fmt verbs in both.
func TestCatalogComplete(t *testing.T) {
	en, de := reflect.ValueOf(ui.EnglishTexts()), reflect.ValueOf(ui.GermanTexts())
	typ := en.Type()
	n := 0
	for i := range typ.NumField() {
		f := typ.Field(i)
		var ens, des []string
		switch f.Type.Kind() {
		case reflect.String:
			ens, des = []string{en.Field(i).String()}, []string{de.Field(i).String()}
		case reflect.Array:
			for j := range f.Type.Len() {
				ens = append(ens, en.Field(i).Index(j).String())
				des = append(des, de.Field(i).Index(j).String())
			}
		default:
			continue // computed, not text
		}
		for j := range ens {
			n++
			if strings.TrimSpace(ens[j]) == "" || strings.TrimSpace(des[j]) == "" {
				t.Errorf("%s[%d]: en %q, de %q: every string needs both languages", f.Name, j, ens[j], des[j])
			}
			ev, dv := verbs.FindAllString(ens[j], -1), verbs.FindAllString(des[j], -1)
			slices.Sort(ev)
			slices.Sort(dv)
			if !slices.Equal(ev, dv) {
				t.Errorf("%s: en %q uses %v, de %q uses %v", f.Name, ens[j], ev, des[j], dv)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d strings checked; did the catalogue lose its fields?", n)
	}
}

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
	e.k.Sh.T = ui.TextsFor("de")
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
