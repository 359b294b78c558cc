package app

import (
	"testing"

	"abfahrt/tui/internal/ui"
)

// The hub's SSH sessions get the same decoded base data from their one
// client; each built its own index of it (maps and the search index, about
// a megabyte for the Ulm network), so 100 idle sessions held 100. Boards
// over the same base data in the same language now share one; another
// language or other base data gets its own.
func TestBoardsShareTheIndexOfTheSameBaseData(t *testing.T) {
	msg := base()
	en := ui.TextsFor("en")
	a := newBaseData(msg, en)
	b := newBaseData(msg, ui.TextsFor("en"))
	if a != b {
		t.Errorf("two boards over the same base data built two indexes; want one shared")
	}
	de := newBaseData(msg, ui.TextsFor("de"))
	if de == a {
		t.Fatal("a German board got the English index")
	}
	if r := de.Index.Search("Linie 2", 1); len(r) == 0 {
		t.Errorf("the German index does not find %q", "Linie 2")
	}
	other := base()
	if c := newBaseData(other, en); c == a || c == de {
		t.Errorf("other base data (a new load) got an index made of the old")
	}
}
