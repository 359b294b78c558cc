package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// A terminal too small for any view says so in whole words, in both
// languages, at every size from 1×1 up: at 10 to 17 columns it used to
// show "terminal …" (the word "too small" cut away).
func TestTooSmallSaysSoInWholeWords(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		tx := TextsFor(lang)
		for w := 1; w < MinWidth; w++ {
			for h := 1; h < MinHeight; h++ {
				v := TooSmall(tx, w, h)
				lines := strings.Split(v, "\n")
				if len(lines) != h {
					t.Fatalf("%s %dx%d: %d lines", lang, w, h, len(lines))
				}
				for _, l := range lines {
					if ansi.StringWidth(l) > w {
						t.Fatalf("%s %dx%d: line %q too wide", lang, w, h, l)
					}
					if strings.Contains(l, "…") && w >= 10 {
						t.Errorf("%s %dx%d: a cut word in %q", lang, w, h, v)
					}
				}
				if w >= 9 && h >= 2 && !strings.Contains(strings.Join(strings.Fields(v), " "), tx.TooSmallShort) {
					t.Errorf("%s %dx%d: %q does not say %q", lang, w, h, v, tx.TooSmallShort)
				}
			}
		}
	}
}

// The palette offers the themes the terminal can show: with 16 colours
// only the terminal's own palette (ansi; console on the Linux console),
// without colour only mono, console never off the Linux console.
func TestPaletteThemesByProfile(t *testing.T) {
	for _, c := range []struct {
		p       termenv.Profile
		console bool
		want    string
	}{
		{termenv.TrueColor, false, "dark light high-contrast mono ansi cvd"},
		{termenv.ANSI256, false, "dark light high-contrast mono ansi cvd"},
		{termenv.ANSI, false, "mono ansi"},
		{termenv.ANSI, true, "mono console"},
		{termenv.Ascii, false, "mono"},
	} {
		if got := strings.Join(PaletteThemes(c.p, c.console), " "); got != c.want {
			t.Errorf("profile %v, console %v: %q, want %q", c.p, c.console, got, c.want)
		}
	}
}

// TestConsoleText: stand-ins keep the width, known glyphs get their
// chosen stand-in, braille becomes half blocks, unknown wide glyphs
// become as many question marks, and safe text is returned unchanged.
func TestConsoleText(t *testing.T) {
	for in, want := range map[string]string{
		"╭─╮ ⚠ late … ✓":    "┌─┐ ! late . =",
		"▮ 2 ● 5 · 7":       "■ 2 • 5 · 7",
		"\x1b[1m⣿⠉⣀\x1b[0m": "\x1b[1m█▒▒\x1b[0m",
		"Bf 名古屋":            "Bf ??????",
		"Söflingen ÄÖÜß ┌─┐ █░▒ ←↑→↓ •": "Söflingen ÄÖÜß ┌─┐ █░▒ ←↑→↓ •",
		"█▄▀ ▓ ►◄ ○◙ √∙":                "█▒▒ ▒ >< o■ =·",
	} {
		if got := ConsoleText(in); got != want {
			t.Errorf("ConsoleText(%q) = %q, want %q", in, got, want)
		}
	}
	for r, s := range ConsoleFallback {
		if a, b := ansi.StringWidth(string(r)), ansi.StringWidth(s); a != b {
			t.Errorf("stand-in of %q is %d cells, the glyph %d", r, b, a)
		}
		for _, c := range s {
			if !ConsoleSafe(c) {
				t.Errorf("stand-in of %q is %q, not in the console font", r, s)
			}
		}
	}
}

// The console theme has a night variant too: its bright signal colours
// become the normal ones (the console has no shade between), white text
// light grey, and nothing stays bright but what the contrast floor needs
// (issue 23 item 3, changed on purpose: normal red, #CD0000, is 3.6:1 on
// black, below 4.5:1, so late stays bright red); the delays stay
// distinguishable.
func TestConsoleThemeAtNight(t *testing.T) {
	day, night := ConsoleTheme(), ConsoleTheme().Dimmed()
	if night.Name != ThemeConsole+"-night" {
		t.Errorf("console night theme named %q", night.Name)
	}
	for name, c := range map[string]lipgloss.Color{"text": night.Text, "on time": night.OnTime, "slightly late": night.Slight,
		"early": night.Early, "accent": night.Accent, "badge text": night.BadgeLight} {
		if n, err := strconv.Atoi(string(c)); err != nil || n > 8 {
			t.Errorf("%s at night: %q, want a normal (not bright) ANSI colour", name, c)
		}
	}
	if night.Text == day.Text {
		t.Errorf("the night console theme is as bright as the day's: text %s, late %s", night.Text, night.Late)
	}
	if night.OnTime == night.Slight || night.Slight == night.Late || night.OnTime == night.Late {
		t.Errorf("delays not distinguishable at night: %s %s %s", night.OnTime, night.Slight, night.Late)
	}
	for _, bg := range []lipgloss.Color{night.Selection, night.Bar, night.Banner, night.BadgeDark} {
		if n, err := strconv.Atoi(string(bg)); err != nil || n > 7 {
			t.Errorf("background %q at night, want one of the console's 8", bg)
		}
	}
}
