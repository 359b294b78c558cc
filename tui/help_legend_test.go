package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// The help's legend says from which delay rows turn red by the rule in
// use: a configuration with late = 5 ([delay]) colours +3 and +4 in the
// slight colour, and the legend said "red from +3" regardless.
func TestHelpLegendSaysTheDelayRuleInUse(t *testing.T) {
	for _, c := range []struct {
		lang string
		want string
	}{{"en", "red from +5"}, {"de", "rot ab +5"}} {
		e := newEnvWith(t, 120, 40, app.Options{Lang: c.lang, Delay: ui.DelayRule{Slight: 2, Late: 5}})
		e.Key("?")
		flat := strings.Join(strings.Fields(ansi.Strip(e.View())), " ")
		if !strings.Contains(flat, c.want) {
			t.Errorf("%s: the legend does not say %q:\n%s", c.lang, c.want, e.View())
		}
	}
}
