package ui

import (
	"abfahrt/tui/internal/catalog"
	"testing"
)

// The catalogue follows the language, the dispatcher's texts included,
// and the language sizes the board's columns.
func TestTextsFollowLanguage(t *testing.T) {
	de, en := TextsFor("de_DE.UTF-8"), TextsFor("")
	if de.Fleet != "Flotte" || en.Fleet != "Fleet" || de.Now != "sofort" || en.Now != "now" {
		t.Errorf("German %q %q, English %q %q", de.Fleet, de.Now, en.Fleet, en.Now)
	}
	if de.Widths.Delay <= en.Widths.Delay { // "VERSP." and "pünktlich" are wider than "DELAY" and "on time"
		t.Errorf("the German delay column is %d wide, the English %d", de.Widths.Delay, en.Widths.Delay)
	}
}

// Every theme ThemeNames lists has its English and German line.
func TestThemeLines(t *testing.T) {
	for _, name := range ThemeNames() {
		if catalog.ThemeAbout[name] == "" || TextsFor("de").ThemeLine(name) == catalog.ThemeAbout[name] {
			t.Errorf("theme %s: English %q, German %q", name, catalog.ThemeAbout[name], TextsFor("de").ThemeLine(name))
		}
	}
}
