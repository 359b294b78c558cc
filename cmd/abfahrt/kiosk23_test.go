package main

import (
	"strings"
	"testing"

	"abfahrt/internal/config"
)

// Issue 23 item 1: a kiosk without quit_key quits with ctrl+q; quit_key =
// "" locks it completely; abfahrt config says which.
func TestKioskQuitKeyDefaultAndLocked(t *testing.T) {
	if o := (config.KioskConfig{}).Options(true); o.Quit() != "ctrl+q" {
		t.Errorf("no quit_key: the kiosk quits with %q, want ctrl+q", o.Quit())
	}
	p := writeConfig(t, "[kiosk]\nquit_key = \"\"\n")
	f, err := config.Load(p, true)
	if err != nil {
		t.Fatal(err)
	}
	if o := f.Kiosk.Options(true); o.Quit() != "" || !o.QuitLocked {
		t.Errorf("quit_key = \"\": quits with %q, want locked", o.Quit())
	}
	for cfg, want := range map[string]string{"": "ctrl+q", "[kiosk]\nquit_key = \"\"\n": "locked", "[kiosk]\nquit_key = \"ctrl+x\"\n": "ctrl+x"} {
		code, out, errs := runCLI(t, "--config", writeConfig(t, cfg), "config")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		i := strings.Index(out, "kiosk.quit_key")
		if i < 0 || !strings.Contains(strings.SplitN(out[i:], "\n", 2)[0], want) {
			t.Errorf("config %q: the quit_key row does not say %q:\n%s", cfg, want, out)
		}
	}
}
