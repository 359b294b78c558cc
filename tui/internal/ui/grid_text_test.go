package ui

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// dispVerbs matches the fmt verbs of a format string.
var dispVerbs = regexp.MustCompile(`%[-+# 0]*\d*[a-zA-Z%]`)

// TestDispTextsComplete: every dispatcher string exists in both languages,
// with the same format verbs.
func TestDispTextsComplete(t *testing.T) {
	en, de := reflect.ValueOf(EnglishDispTexts()), reflect.ValueOf(GermanDispTexts())
	for i := range en.NumField() {
		name := en.Type().Field(i).Name
		e, d := en.Field(i).String(), de.Field(i).String()
		if e == "" || d == "" {
			t.Errorf("%s: empty in %s", name, map[bool]string{true: "English", false: "German"}[e == ""])
			continue
		}
		if ve, vd := strings.Join(dispVerbs.FindAllString(e, -1), " "), strings.Join(dispVerbs.FindAllString(d, -1), " "); ve != vd {
			t.Errorf("%s: verbs %q in English, %q in German", name, ve, vd)
		}
	}
	if TextsFor("de_DE.UTF-8").Fleet != "Flotte" || TextsFor("").Fleet != "Fleet" {
		t.Error("the catalogue's dispatcher section does not follow the language")
	}
}
