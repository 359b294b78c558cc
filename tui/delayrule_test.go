package tui

import (
	"strings"
	"testing"
)

func TestDelayRuleDefault(t *testing.T) {
	r := DefaultDelayRule
	for _, c := range []struct {
		sec  int
		want severity
	}{{0, sevOnTime}, {-60, sevEarly}, {60, sevSlight}, {150, sevLate}, {180, sevLate}, {119, sevSlight}} {
		if _, got := r.grade(c.sec); got != c.want {
			t.Errorf("%d s: severity %d, want %d", c.sec, got, c.want)
		}
	}
	dark, _ := ThemeByName("dark")
	st := NewStyles(dark, UlmLineColors())
	if st.severity(sevSlight).GetForeground() == st.Late.GetForeground() {
		t.Error("the first minute late is red")
	}
}

func TestDelayRuleConfigured(t *testing.T) {
	r := DelayRule{Slight: 2, Late: 5}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sec  int
		want severity
	}{{60, sevMinor}, {120, sevSlight}, {240, sevSlight}, {300, sevLate}}
	for _, c := range cases {
		if _, got := r.grade(c.sec); got != c.want {
			t.Errorf("%d s: severity %d, want %d", c.sec, got, c.want)
		}
	}
	dark, _ := ThemeByName("dark")
	st := NewStyles(dark, UlmLineColors())
	if st.severity(sevMinor).GetForeground() != st.OnTime.GetForeground() {
		t.Error("a delay below the slight step is not in the on-time colour")
	}
	for _, bad := range []DelayRule{{Slight: 3, Late: 2}, {Slight: 0, Late: 3}, {Slight: 1, Late: 61}} {
		if bad.Check() == nil {
			t.Errorf("%+v passed Check", bad)
		}
	}
	// The text still says the delay, and the grid's summary the threshold.
	e := newGridEnv(t, 160, 48, []BoardSpec{{Stop: 1008}, {Stop: 1350}}, func(o *Options) { o.Delay = r })
	if v := e.m.View(); !strings.Contains(v, "late >5 min") {
		t.Errorf("grid summary does not say the configured threshold:\n%s", v)
	}
	if text, _ := e.m.sh.t.deviation(60); text != "+1" {
		t.Errorf("a minute late reads %q, want +1", text)
	}
}
