package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/config"
	"abfahrt/tui"
)

func TestConfigWalkAndHideMissed(t *testing.T) {
	p := writeConfig(t, "[kiosk]\nhide_missed = true\n[layouts.door]\n[[layouts.door.boards]]\nstop = 1008\nwalk = \"4m\"\n[[layouts.door.boards]]\nstop = 1350\n")
	c, err := config.Load(p, true)
	if err != nil {
		t.Fatal(err)
	}
	b := c.Layouts["door"].Boards
	if time.Duration(b[0].Walk) != 4*time.Minute || b[1].Walk != 0 {
		t.Errorf("walks %v, %v; want 4m and none", b[0].Walk, b[1].Walk)
	}
	if !c.Kiosk.Options(true).HideMissed {
		t.Error("kiosk.hide_missed not passed on")
	}
	for body, want := range map[string]string{
		"[layouts.a]\n[[layouts.a.boards]]\nstop = 1008\nwalk = \"2h\"\n":   "walk must be between 0 and 1h",
		"[layouts.a]\n[[layouts.a.boards]]\nstop = 1008\nwalk = \"soon\"\n": "walk must be a duration",
	} {
		_, err := config.Load(writeConfig(t, body), true)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
	}
	if code, _, errs := runCLI(t, "--walk=2h"); code != exitUsage || !strings.Contains(errs, "--walk") {
		t.Errorf("--walk=2h: exit %d, %q", code, errs)
	}
}

func TestConfigPerLine(t *testing.T) {
	c, err := config.Load(writeConfig(t, "per_line = 2\n[layouts.a]\n[[layouts.a.boards]]\nstop = 1008\nper_line = 1\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if c.PerLine != 2 || c.Layouts["a"].Boards[0].PerLine != 1 {
		t.Errorf("per_line %d, board %d", c.PerLine, c.Layouts["a"].Boards[0].PerLine)
	}
	if _, err := config.Load(writeConfig(t, "per_line = 20\n"), true); err == nil || !strings.Contains(err.Error(), "per_line") {
		t.Errorf("per_line 20: %v", err)
	}
	if code, _, _ := runCLI(t, "--per-line", "12"); code != exitUsage {
		t.Errorf("--per-line 12: exit %d, want 2", code)
	}
}

func TestConfigLayoutHours(t *testing.T) {
	c, err := config.Load(writeConfig(t, "[layouts.morning]\nhours = \"06:00-09:30\"\n[[layouts.morning.boards]]\nstop = 1008\n[layouts.all]\n[[layouts.all.boards]]\nstop = 1350\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	ps := c.Profiles()
	if len(ps) != 1 || ps[0].Name != "morning" || ps[0].From != 6*60 || ps[0].To != 9*60+30 || ps[0].Boards[0].Stop != 1008 {
		t.Errorf("profiles %+v", ps)
	}
	_, err = config.Load(writeConfig(t, "[layouts.m]\nhours = \"morning\"\n[[layouts.m.boards]]\nstop = 1008\n"), true)
	if err == nil || !strings.Contains(err.Error(), "layouts.m.hours") {
		t.Errorf("bad hours: %v", err)
	}
}

func TestConfigNightHours(t *testing.T) {
	c, err := config.Load(writeConfig(t, "[night]\nhours = \"22:00-06:00\"\n"), true)
	if err != nil || c.Night.Hours != "22:00-06:00" {
		t.Fatalf("%+v, %v", c.Night, err)
	}
	if _, err := config.Load(writeConfig(t, "[night]\nhours = \"late\"\n"), true); err == nil || !strings.Contains(err.Error(), "night.hours") {
		t.Errorf("bad night hours: %v", err)
	}
}

// Issue 23 item 10: how long before the leave time a reminder warns is
// configurable (remind_before, --remind-before), validated, and listed.
func TestConfigRemindBefore(t *testing.T) {
	c, err := config.Load(writeConfig(t, "remind_before = \"2m\"\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := remindBefore(c, "", false); err != nil || d != 2*time.Minute {
		t.Errorf("remind_before 2m: %v, %v", d, err)
	}
	if d, err := remindBefore(c, "0s", true); err != nil || d != tui.RemindAtLeave {
		t.Errorf("--remind-before 0s: %v, %v; want at the leave time", d, err)
	}
	if d, err := remindBefore(config.Config{}, "", false); err != nil || d != time.Minute {
		t.Errorf("default: %v, %v; want 1m", d, err)
	}
	for _, bad := range []string{"-1m", "45m"} {
		if _, err := config.Load(writeConfig(t, "remind_before = \""+bad+"\"\n"), true); err == nil || !strings.Contains(err.Error(), "remind_before") {
			t.Errorf("remind_before %s: %v", bad, err)
		}
	}
	if code, _, errs := runCLI(t, "--remind-before", "45m"); code != exitUsage || !strings.Contains(errs, "--remind-before") {
		t.Errorf("--remind-before 45m: exit %d, %s", code, errs)
	}
	for body, want := range map[string]string{"": "1m0s", "remind_before = \"2m\"\n": "2m0s"} {
		code, out, errs := runCLI(t, "--config", writeConfig(t, body), "config")
		if code != exitOK || !regexp.MustCompile(`remind_before\s+`+want).MatchString(out) {
			t.Errorf("config with %q: exit %d, %s\n%s", body, code, errs, out)
		}
	}
}
