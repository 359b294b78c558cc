package ui

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/colour"
)

// Issue 23 item 3: the night theme's sleep screen was drawn in 256-colour
// 232 (#080808) on black. Every theme, by day and at night, in 24-bit and
// in 256 colours: text at least 4.5:1 against the theme's background
// (WCAG), and the sleep screen's large clock (Dim) at least 3:1 (large
// text). The background is black for every theme but light (white); ANSI
// colours are xterm's default palette. Line badges (the network's public
// colours), banners and bars are not checked here.
func TestContrastFloorEveryThemeDayAndNight(t *testing.T) {
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256} {
		r := lipgloss.NewRenderer(nil)
		r.SetColorProfile(p)
		for _, name := range ThemeNames() {
			day, _ := ThemeByName(name)
			if day.Mono {
				continue // no colours: the terminal's own
			}
			for _, th := range []Theme{day, day.Dimmed()} {
				st := NewStylesWith(r, th, UlmLineColors())
				got := st.Theme
				ground := th.Ground()
				names := []string{"Text", "Accent", "Muted", "OnTime", "Slight", "Late", "Early", "Cancelled", "Stale", "Error"}
				for i, c := range got.TextColors() {
					if k := colour.Contrast(*c, ground); k < MinTextContrast {
						t.Errorf("profile %v, %s: %s %s on %s is %.2f:1, want >= %.1f", p, th.Name, names[i], *c, ground, k, MinTextContrast)
					}
				}
				if k := colour.Contrast(got.Dim, ground); k < MinLargeContrast {
					t.Errorf("profile %v, %s: the sleep clock %s on %s is %.2f:1, want >= %.1f", p, th.Name, got.Dim, ground, k, MinLargeContrast)
				}
			}
		}
	}
}

// Dimming is applied once: the sleep clock's colour, dim already, is the
// same at night.
func TestNightDoesNotDimTheSleepClockAgain(t *testing.T) {
	for _, name := range ThemeNames() {
		th, _ := ThemeByName(name)
		if d := th.Dimmed(); d.Dim != th.Dim {
			t.Errorf("%s: the sleep clock %s is dimmed again at night to %s", name, th.Dim, d.Dim)
		}
	}
}

func TestContrastKnownValues(t *testing.T) {
	for _, c := range []struct {
		a, b lipgloss.Color
		want float64
	}{{"#FFFFFF", "#000000", 21}, {"#000000", "#000000", 1}, {"232", "0", 1.05}, {"15", "#000000", 21}} {
		if got := colour.Contrast(c.a, c.b); got < c.want-0.02 || got > c.want+0.02 {
			t.Errorf("colour.Contrast(%s, %s) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}
