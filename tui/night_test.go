package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

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
	if n := e.m.sh.Styles.Theme.Name; n != "dark-night" {
		t.Fatalf("theme %q at 12:34 in night hours 12:00-12:40, want dark-night", n)
	}
	dark, _ := ui.ThemeByName("dark")
	if e.m.sh.Styles.Theme.Text == dark.Text {
		t.Error("the night theme's text is as bright as the day's")
	}
	e.advance(6 * time.Minute)
	if n := e.m.sh.Styles.Theme.Name; n != "dark" {
		t.Errorf("theme %q after the night hours, want dark", n)
	}
	k := kiosk.NewModel(app.Options{Source: e.src, Now: func() time.Time { return e.now }, Kiosk: app.KioskOptions{Enabled: true},
		Night: true, NightFrom: 12*60 + 40, NightTo: 12*60 + 45})
	if n := k.Shared.Styles.Theme.Name; n != "dark-night" {
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
