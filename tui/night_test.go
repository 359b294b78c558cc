package tui

import (
	"strconv"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

func TestNightThemeByHours(t *testing.T) {
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0} // 12:34:56
	e.m = New(app.Options{Source: e.src, Now: func() time.Time { return e.now }, Theme: "dark",
		Night: true, NightFrom: 12 * 60, NightTo: 12*60 + 40})
	e.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if n := e.m.sh.St.Theme.Name; n != "dark-night" {
		t.Fatalf("theme %q at 12:34 in night hours 12:00-12:40, want dark-night", n)
	}
	dark, _ := ui.ThemeByName("dark")
	if e.m.sh.St.Theme.Text == dark.Text {
		t.Error("the night theme's text is as bright as the day's")
	}
	e.advance(6 * time.Minute)
	if n := e.m.sh.St.Theme.Name; n != "dark" {
		t.Errorf("theme %q after the night hours, want dark", n)
	}
	k := kiosk.NewModel(app.Options{Source: e.src, Now: func() time.Time { return e.now }, Kiosk: app.KioskOptions{Enabled: true},
		Night: true, NightFrom: 12*60 + 40, NightTo: 12*60 + 45})
	if n := k.Sh.St.Theme.Name; n != "dark-night" {
		t.Errorf("kiosk theme %q in night hours, want dark-night", n)
	}
}

func TestDimColor(t *testing.T) {
	if got := ui.DimColor("#FF8040"); got != "#8C4623" {
		t.Errorf("dimColor(#FF8040) = %s", got)
	}
	if m := ui.MonoTheme().Dimmed(); m.Name != ui.ThemeMono {
		t.Errorf("mono dimmed to %q", m.Name)
	}
}

// The console theme has a night variant too: its bright signal colours
// become the normal ones (the console has no shade between), white text
// light grey, and nothing stays bright but what the contrast floor needs
// (issue 23 item 3, changed on purpose: normal red, #CD0000, is 3.6:1 on
// black, below 4.5:1, so late stays bright red); the delays stay
// distinguishable.
func TestConsoleThemeAtNight(t *testing.T) {
	day, night := ui.ConsoleTheme(), ui.ConsoleTheme().Dimmed()
	if night.Name != ui.ThemeConsole+"-night" {
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
