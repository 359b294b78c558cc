package config

import (
	"strings"
	"testing"

	"abfahrt/tui"
)

// TestConfigDelayRule: [delay] is read as the TUI's rule, the default
// without it, and an inconsistent table is refused.
func TestConfigDelayRule(t *testing.T) {
	c, err := Load(writeConfig(t, "[delay]\nslight = 2\nlate = 5\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Delay.Rule(); r.Slight != 2 || r.Late != 5 {
		t.Errorf("rule %+v, want slight 2, late 5", r)
	}
	var none Config
	if r := none.Delay.Rule(); r != tui.DefaultDelayRule {
		t.Errorf("no [delay]: %+v, want the default", r)
	}
	for _, body := range []string{"[delay]\nslight = 4\nlate = 2\n", "[delay]\nlate = 90\n", "[delay]\nslight = 5\n"} {
		if _, err := Load(writeConfig(t, body), true); err == nil || !strings.Contains(err.Error(), "delay") {
			t.Errorf("%q: error %v", body, err)
		}
	}
}
