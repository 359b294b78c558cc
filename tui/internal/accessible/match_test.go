package accessible

import (
	"slices"
	"testing"

	"abfahrt/tui/search"
)

// The stop search offers what a rider meant: word starts (and numbers,
// codes) first, then names holding the words, then only close slips.
func TestStrictStopMatches(t *testing.T) {
	names := []string{"Universität Süd", "Universität West", "Junginger Straße", "Rathaus Unterweiler",
		"Königstraße", "Gewerbeschulen Königstraße", "Hauptbahnhof", "Donauklinik", "Kuhberg"}
	entries := make([]search.Entry, len(names))
	for i, n := range names {
		entries[i] = search.Entry{Kind: search.KindStop, Title: n, Keys: []string{itoa(1000 + i)}}
	}
	ix := search.NewIndex(entries)
	for q, want := range map[string][]string{
		"uni":           {"Universität Süd", "Universität West"},
		"koenigstrasse": {"Königstraße", "Gewerbeschulen Königstraße"},
		"hauptbanhof":   {"Hauptbahnhof"}, // a slip
		"klinik":        {"Donauklinik"},  // inside a word
		"1008":          {"Kuhberg"},
		"xyz":           nil,
		"hbk":           nil, // too short to be a slip of anything
	} {
		var got []string
		for _, r := range strict(ix.Search(q, 50), q) {
			got = append(got, r.Entry.Title)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q offers %q, want %q", q, got, want)
		}
	}
}
