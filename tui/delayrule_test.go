package tui

import (
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

func TestDelayRuleConfigured(t *testing.T) {
	r := ui.DelayRule{Slight: 2, Late: 5}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sec  int
		want ui.Severity
	}{{60, ui.SevMinor}, {120, ui.SevSlight}, {240, ui.SevSlight}, {300, ui.SevLate}}
	for _, c := range cases {
		if _, got := r.Grade(c.sec); got != c.want {
			t.Errorf("%d s: severity %d, want %d", c.sec, got, c.want)
		}
	}
	dark, _ := ui.ThemeByName("dark")
	st := ui.NewStyles(dark, ui.UlmLineColors())
	if st.Severity(ui.SevMinor).GetForeground() != st.OnTime.GetForeground() {
		t.Error("a delay below the slight step is not in the on-time colour")
	}
	for _, bad := range []ui.DelayRule{{Slight: 3, Late: 2}, {Slight: 0, Late: 3}, {Slight: 1, Late: 61}} {
		if bad.Check() == nil {
			t.Errorf("%+v passed Check", bad)
		}
	}
	// The text still says the delay, and the grid's summary the threshold.
	e := newGridEnv(t, 160, 48, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}}, func(o *app.Options) { o.Delay = r })
	if v := e.m.View(); !strings.Contains(v, "late >5 min") {
		t.Errorf("grid summary does not say the configured threshold:\n%s", v)
	}
	if text, _ := e.m.sh.Texts.Deviation(60); text != "+1" {
		t.Errorf("a minute late reads %q, want +1", text)
	}
}
