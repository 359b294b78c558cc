package main

import (
	"strings"
	"testing"
	"time"
)

func TestConfigWalkAndHideMissed(t *testing.T) {
	p := writeConfig(t, "[kiosk]\nhide_missed = true\n[layouts.door]\n[[layouts.door.boards]]\nstop = 1008\nwalk = \"4m\"\n[[layouts.door.boards]]\nstop = 1350\n")
	c, err := loadConfig(p, true)
	if err != nil {
		t.Fatal(err)
	}
	b := c.Layouts["door"].Boards
	if time.Duration(b[0].Walk) != 4*time.Minute || b[1].Walk != 0 {
		t.Errorf("walks %v, %v; want 4m and none", b[0].Walk, b[1].Walk)
	}
	if !kioskOptions(c.Kiosk, true).HideMissed {
		t.Error("kiosk.hide_missed not passed on")
	}
	for body, want := range map[string]string{
		"[layouts.a]\n[[layouts.a.boards]]\nstop = 1008\nwalk = \"2h\"\n":   "walk must be between 0 and 1h",
		"[layouts.a]\n[[layouts.a.boards]]\nstop = 1008\nwalk = \"soon\"\n": "walk must be a duration",
	} {
		_, err := loadConfig(writeConfig(t, body), true)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
	}
	if code, _, errs := runCLI(t, "--walk=2h"); code != exitUsage || !strings.Contains(errs, "--walk") {
		t.Errorf("--walk=2h: exit %d, %q", code, errs)
	}
}
