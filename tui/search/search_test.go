package search

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// titles returns the titles of rs in order.
func titles(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Entry.Title
	}
	return out
}

// marked renders a result's title with its highlighted runes in brackets,
// the way a user sees them: "[Königstr]aße".
func marked(r Result) string {
	var b strings.Builder
	on := false
	for i, c := range []rune(r.Entry.Title) {
		hit := slices.Contains(r.Matched, i)
		if hit != on {
			if hit {
				b.WriteByte('[')
			} else {
				b.WriteByte(']')
			}
			on = hit
		}
		b.WriteRune(c)
	}
	if on {
		b.WriteByte(']')
	}
	return b.String()
}

func TestSearchFoldsGerman(t *testing.T) {
	ix := NewIndex(namedEntries(
		"München", "Straße", "Großhadern", "Königstraße", "Mauer", "Dauerparkplatz", "Ehinger Tor",
	))
	tests := []struct{ query, want string }{
		{"munchen", "München"},
		{"muenchen", "München"},
		{"München", "München"},
		{"MÜNCHEN", "München"},
		{"strasse", "Straße"},
		{"straße", "Straße"},
		{"grosshad", "Großhadern"},
		{"großhad", "Großhadern"},
		{"konigstr", "Königstraße"},
		{"koenigstr", "Königstraße"},
		{"Königstr", "Königstraße"},
		{"mauer", "Mauer"},
		{"dauer", "Dauerparkplatz"},
		{"  ehinger   tor ", "Ehinger Tor"},
	}
	for _, tt := range tests {
		rs := ix.Search(tt.query, 5)
		if len(rs) == 0 || rs[0].Entry.Title != tt.want {
			t.Errorf("Search(%q) = %q, want %q first", tt.query, titles(rs), tt.want)
		}
	}
}

func TestSearchHighlights(t *testing.T) {
	ix := NewIndex(namedEntries("Königstraße", "Großhadern", "München Hbf", "Linie 2 Kuhberg – Science Park II"))
	tests := []struct{ query, want string }{
		{"konigstr", "[Königstr]aße"},
		{"koenigstr", "[Königstr]aße"},
		{"strasse", "König[straße]"},
		{"königstraße", "[Königstraße]"},
		{"grosshad", "[Großhad]ern"},
		{"ssh", "Gro[ßh]adern"},
		{"hadern", "Groß[hadern]"},
		{"munchen", "[München] Hbf"},
		{"muenchen hbf", "[München] [Hbf]"},
		{"hbf", "München [Hbf]"},
		{"mnchen", "[M]ü[nchen] Hbf"},
		{"science", "Linie 2 Kuhberg – [Science] Park II"},
	}
	for _, tt := range tests {
		rs := ix.Search(tt.query, 1)
		if len(rs) == 0 {
			t.Errorf("Search(%q) found nothing, want %q", tt.query, tt.want)
			continue
		}
		if got := marked(rs[0]); got != tt.want {
			t.Errorf("Search(%q) highlights %q, want %q (Matched %v)", tt.query, got, tt.want, rs[0].Matched)
		}
	}
}

func TestSearchRankingTiers(t *testing.T) {
	es := namedEntries("Theodor", "Tor Ersatzhalt", "Kontor", "Ehinger Tor", "Torstraße", "Bahnhof", "Tor")
	es[1].Low = true
	es[5].Detail = "Tor 3"
	got := titles(NewIndex(es).Search("tor", 0))
	want := []string{
		"Tor",            // exact
		"Torstraße",      // prefix
		"Ehinger Tor",    // word start
		"Kontor",         // substring
		"Bahnhof",        // detail
		"Theodor",        // fuzzy
		"Tor Ersatzhalt", // Low, though a prefix match
	}
	if !slices.Equal(got, want) {
		t.Errorf("Search(tor) = %q, want %q", got, want)
	}
}

func TestSearchRankingUlm(t *testing.T) {
	ix := NewIndex(testEntries())
	tests := []struct {
		query string
		first []string // the expected top hits, in order
	}{
		{"1008", []string{"Hauptbahnhof"}},
		{"hbf", []string{"Hauptbahnhof"}},
		{"100803", []string{"Hauptbahnhof Steig C"}},
		{"2", []string{"Linie 2 Kuhberg – Science Park II"}},
		{"151", []string{"Bus 151"}},
		{"n3", []string{"Linie N3 Hauptbahnhof – Nachtnetz 3"}},
		{"ehinger", []string{"Ehinger Tor", "Ehinger Tor Steig A"}},
		{"theater", []string{"Theater", "Theater Steig A", "Theater Steig B", "Linie 16 Theater – Grimmelfingen"}},
		{"konigs", []string{"Königstraße", "Königstraße Steig A", "Königstraße Steig B", "Gewerbeschulen Königstraße"}},
		{"uni sud", []string{"Universität Süd", "Universität Süd Steig A"}},
		{"uni", []string{"Universität Süd", "Universität West"}},
		{"orlinger", []string{"Örlinger Straße"}},
		{"oerlinger", []string{"Örlinger Straße"}},
		{"gaensturm", []string{"Gänsturm"}},
		{"ksz", []string{"Kuhberg Schulzentrum"}},
	}
	for _, tt := range tests {
		got := titles(ix.Search(tt.query, len(tt.first)))
		if !slices.Equal(got, tt.first) {
			t.Errorf("Search(%q) = %q, want %q", tt.query, got, tt.first)
		}
	}
}

func TestSearchLowLast(t *testing.T) {
	ix := NewIndex(testEntries())
	for _, q := range []string{"ehinger", "hauptbahnhof", "ersatzhalt", "betriebshof", "hof"} {
		rs := ix.Search(q, 0)
		seenLow := false
		for _, r := range rs {
			if r.Entry.Low {
				seenLow = true
			} else if seenLow {
				t.Errorf("Search(%q): %q ranks after a Low entry: %q", q, r.Entry.Title, titles(rs))
				break
			}
		}
		if !seenLow {
			t.Errorf("Search(%q) = %q, want a Low entry among them", q, titles(rs))
		}
	}
	rs := titles(ix.Search("ehinger", 0))
	if i, j := slices.Index(rs, "Ehinger Tor"), slices.Index(rs, "Ehinger Tor Ersatzhalt"); i != 0 || j <= i {
		t.Errorf("Search(ehinger) = %q, want Ehinger Tor first and its Ersatzhalt later", rs)
	}
}

func TestSearchTieBreaks(t *testing.T) {
	es := []Entry{
		{Kind: KindVehicle, Title: "Abc 1"},
		{Kind: KindLine, Title: "Abc 1"},
		{Kind: KindStopPoint, Title: "Abc 1"},
		{Kind: KindStop, Title: "Abc 1"},
		{Kind: KindVehicle, Title: "Abc"},
	}
	var kinds []Kind
	for _, r := range NewIndex(es).Search("abc 1", 0) {
		kinds = append(kinds, r.Entry.Kind)
	}
	if want := []Kind{KindStop, KindStopPoint, KindLine, KindVehicle}; !slices.Equal(kinds, want) {
		t.Errorf("kinds of equal titles = %v, want %v", kinds, want)
	}
	got := titles(NewIndex(es).Search("ab", 2))
	if want := []string{"Abc", "Abc 1"}; !slices.Equal(got, want) {
		t.Errorf("Search(ab) = %q, want the shorter title first: %q", got, want)
	}
}

func TestSearchEveryWordMustMatch(t *testing.T) {
	ix := NewIndex(testEntries())
	for _, q := range []string{"ehinger xyz", "qqq", "hauptbahnhof 9999"} {
		if rs := ix.Search(q, 10); rs != nil {
			t.Errorf("Search(%q) = %q, want nothing", q, titles(rs))
		}
	}
}

// TestSearchLimit checks that a limited search returns exactly the head of
// the unlimited one, whatever shortcuts it takes.
func TestSearchLimit(t *testing.T) {
	ix := NewIndex(ulmScaleEntries())
	for _, q := range []string{"e", "eh", "ehin", "hbf", "1", "10", "uni", "konigs", "str", "muehl", "xq", "tor"} {
		all := ix.Search(q, 0)
		for _, limit := range []int{1, 3, 10, 50} {
			rs := ix.Search(q, limit)
			if len(rs) > limit {
				t.Fatalf("Search(%q, %d) returned %d hits", q, limit, len(rs))
			}
			head := all[:min(limit, len(all))]
			if !slices.Equal(titles(rs), titles(head)) {
				t.Errorf("Search(%q, %d) = %q, want %q", q, limit, titles(rs), titles(head))
			}
		}
		for i := 1; i < len(all); i++ {
			if all[i].Score > all[i-1].Score {
				t.Errorf("Search(%q): score rises from %d to %d at %d", q, all[i-1].Score, all[i].Score, i)
				break
			}
		}
	}
}

func TestSearchEmptyQuery(t *testing.T) {
	ix := NewIndex(testEntries())
	for _, q := range []string{"", " ", "\t\n", "\x00"} {
		if rs := ix.Search(q, 10); rs != nil {
			t.Errorf("Search(%q) = %q, want nil", q, titles(rs))
		}
	}
	if rs := NewIndex(nil).Search("ulm", 10); rs != nil || NewIndex(nil).Len() != 0 {
		t.Errorf("empty index found %q", titles(rs))
	}
}

func TestSearchOddInput(t *testing.T) {
	es := append(testEntries(),
		Entry{Title: "Bus 🚌 Stop"},
		Entry{Title: "bad \xff\xfe utf8 ß"},
		Entry{Title: "Mu\u0308nchen"},
		Entry{Title: ""},
	)
	ix := NewIndex(es)
	queries := []string{
		"🚌", "\xff", "\xff\xfe", "ß", "ẞ", "\u0308", "ü", "a\x00b",
		strings.Repeat("ehinger tor ", 500), strings.Repeat("ä", 10000), "- – ·",
	}
	for _, q := range queries {
		checkResults(t, q, ix.Search(q, 10), 10)
	}
	if rs := ix.Search("🚌", 1); len(rs) != 1 || marked(rs[0]) != "Bus [🚌] Stop" {
		t.Errorf("Search(🚌) = %v", rs)
	}
	if rs := ix.Search("munchen", 1); len(rs) != 1 || marked(rs[0]) != "[Mu\u0308nchen]" {
		t.Errorf("Search(munchen) on a decomposed title = %v", rs)
	}
}

func TestSearchConcurrent(t *testing.T) {
	ix := NewIndex(ulmScaleEntries())
	want := titles(ix.Search("ehin", 20))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 20 {
				if got := titles(ix.Search("ehin", 20)); !slices.Equal(got, want) {
					t.Errorf("concurrent Search = %q, want %q", got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

// checkResults asserts what must hold for any query: the limit, ordering by
// Score, and highlights that are sorted rune indexes inside the title.
func checkResults(t *testing.T, q string, rs []Result, limit int) {
	t.Helper()
	if len(rs) > limit {
		t.Errorf("Search(%q) returned %d hits, limit %d", q, len(rs), limit)
	}
	for i, r := range rs {
		if i > 0 && r.Score > rs[i-1].Score {
			t.Errorf("Search(%q): hit %d scores %d above hit %d (%d)", q, i, r.Score, i-1, rs[i-1].Score)
		}
		n := utf8.RuneCountInString(r.Entry.Title)
		for j, m := range r.Matched {
			if m < 0 || m >= n || j > 0 && m <= r.Matched[j-1] {
				t.Errorf("Search(%q): bad highlights %v for %q (%d runes)", q, r.Matched, r.Entry.Title, n)
				break
			}
		}
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range []string{
		"", "e", "ehinger", "uni sud", "1008", "muenchen", "straße", "ẞ", "🚌",
		"\xff", "a\x00b", "ue oe ae", "Mu\u0308nchen", "Linie 2 – ", strings.Repeat("z", 300),
	} {
		f.Add(s)
	}
	es := append(testEntries(), namedEntries("München Hbf", "Großhadern", "bad \xff title", "Ærø")...)
	ix := NewIndex(es)
	f.Fuzz(func(t *testing.T, q string) {
		rs := ix.Search(q, 10)
		checkResults(t, q, rs, 10)
		all := ix.Search(q, 0)
		if head := all[:min(10, len(all))]; !slices.Equal(titles(rs), titles(head)) {
			t.Errorf("Search(%q, 10) = %q, want the head of the full list %q", q, titles(rs), titles(head))
		}
		if Fold(Fold(q)) != Fold(q) {
			t.Errorf("Fold is not idempotent on %q", q)
		}
	})
}

// Issue 23 item 21: a place name added to a stop's name ("ulm hbf",
// "Hauptbahnhof Ulm", the way a station is called elsewhere) finds the
// stop: a word that matches on its own but with no other word is left
// out when nothing matches them all; a word that matches nothing at all
// still finds nothing.
func TestSearchLeavesOutThePlace(t *testing.T) {
	ix := NewIndex(ulmScaleEntries())
	for _, q := range []string{"ulm hbf", "Hauptbahnhof Ulm", "hbf ulm", "ulm hauptbahnhof"} {
		got := titles(ix.Search(q, 3))
		if len(got) == 0 || got[0] != "Hauptbahnhof" {
			t.Errorf("Search(%q) = %q, want Hauptbahnhof first", q, got)
		}
	}
	if got := titles(ix.Search("ulm theater", 1)); len(got) == 0 || got[0] != "Theater" {
		t.Errorf("Search(ulm theater) = %q, want Theater", got)
	}
}

// An index of the network's base data is held for as long as a board
// runs: it keeps the entries it was made of rather than a copy of them
// (a tenth of a board's heap), and its results point into them.
func TestIndexKeepsTheEntriesWithoutACopy(t *testing.T) {
	es := namedEntries("Hauptbahnhof", "Ehinger Tor", "Theater")
	rs := NewIndex(es).Search("tor", 0)
	if len(rs) != 1 || rs[0].Entry != &es[1] {
		t.Fatalf("results %v point into a copy of the entries; want into the entries given", titles(rs))
	}
}

// The prepared form of an entry is held for every stop, stop point, line
// and vehicle for as long as a board runs: it stays within 64 bytes (it
// was 96, with the kind as a word and the keys as a slice of their own).
func TestItemStaysSmall(t *testing.T) {
	if n := unsafe.Sizeof(item{}); n > 64 {
		t.Errorf("an item takes %d bytes; want at most 64", n)
	}
}
