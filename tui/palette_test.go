package tui

import (
	"strings"
	"testing"
)

// Issue 26 item 8: `:` opens the command palette: the actions that work
// now with their keys, matched as the search matches; enter on one does
// it; stops come from the base data as in the search.
func TestCommandPalette(t *testing.T) {
	e := newEnv(t, 120, 40, true)
	e.Key(":")
	v := e.View()
	for _, want := range []string{": ", "action", "arrivals", "line filter", "search"} {
		if !strings.Contains(v, want) {
			t.Errorf("the palette does not list %q:\n%s", want, v)
		}
	}
	for _, r := range "arriv" {
		e.Key(string(r))
	}
	e.runAll(e.Key("enter"))
	if v := e.View(); !strings.Contains(v, "Hauptbahnhof · Arrivals") {
		t.Errorf("the palette's arrivals action did not switch the board:\n%s", v)
	}
	e.Key(":")
	for _, r := range "ehinger" {
		e.Key(string(r))
	}
	if v := e.View(); !strings.Contains(v, "Ehinger Tor") {
		t.Errorf("the palette does not find the stop:\n%s", v)
	}
	e.runAll(e.Key("enter"))
	if v := e.View(); !strings.Contains(v, "Ehinger Tor ·") {
		t.Errorf("the palette did not open the stop's board:\n%s", v)
	}
}
