package search

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"München", "munchen"},
		{"MÜNCHEN", "munchen"},
		{"Straße", "strasse"},
		{"STRASSE", "strasse"},
		{"GROẞHADERN", "grosshadern"},
		{"Großhadern", "grosshadern"},
		{"Königstraße", "konigstrasse"},
		{"Örlinger Straße", "orlinger strasse"},
		{"Gänsturm", "gansturm"},
		{"Éléphant Café", "elephant cafe"},
		{"Łódź Ærø Œuvre", "lodz aero oeuvre"},
		{"Mu\u0308nchen", "munchen"},  // decomposed ü
		{"\u212Bngström", "angstrom"}, // Angstrom sign
		{"Linie 2 Kuhberg – Science Park II", "linie 2 kuhberg – science park ii"},
		{"a\x00b\tc", "a b c"},
		{"\xffx", "\uFFFDx"},
		{"Bus 🚌", "bus 🚌"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFoldLatinTable checks the whole diacritics table: both cases of a
// letter fold alike, and every letter folds to ASCII.
func TestFoldLatinTable(t *testing.T) {
	if len(latinBase) != latinLast-latinFirst+1 {
		t.Fatalf("latinBase has %d entries, want %d", len(latinBase), latinLast-latinFirst+1)
	}
	for r := rune(latinFirst); r <= latinLast; r++ {
		f := Fold(string(r))
		if !unicode.IsLetter(r) {
			continue // × and ÷
		}
		for i := range len(f) {
			if f[i] >= utf8.RuneSelf || f[i] < 'a' || f[i] > 'z' {
				t.Errorf("Fold(%q) = %q, want lower-case ASCII", r, f)
				break
			}
		}
		if u := unicode.ToUpper(r); u != r && Fold(string(u)) != f {
			t.Errorf("Fold(%q) = %q but Fold(%q) = %q", u, Fold(string(u)), r, f)
		}
	}
}

func TestUmlautVariant(t *testing.T) {
	tests := []struct {
		in, want string
		changed  bool
	}{
		{"muenchen", "munchen", true},
		{"koenigstr", "konigstr", true},
		{"gaensturm", "gansturm", true},
		{"mauer", "maur", true},
		{"ehinger", "ehinger", false},
		{"e", "e", false},
		{"ue", "u", true},
	}
	for _, tt := range tests {
		got, changed := umlautVariant(tt.in)
		if got != tt.want || changed != tt.changed {
			t.Errorf("umlautVariant(%q) = %q, %v; want %q, %v", tt.in, got, changed, tt.want, tt.changed)
		}
	}
}
