package search

import (
	"strconv"
	"testing"
)

// keystrokes expands queries into what the search sees while they are
// typed: "ehin" gives "e", "eh", "ehi", "ehin".
func keystrokes(queries ...string) []string {
	var out []string
	for _, q := range queries {
		rs := []rune(q)
		for i := 1; i <= len(rs); i++ {
			out = append(out, string(rs[:i]))
		}
	}
	return out
}

// benchQueries are typed keystroke by keystroke: real stops, a stop code, a
// misspelt umlaut, a two-word query, a number and a fuzzy abbreviation.
func benchQueries() []string {
	return keystrokes("ehinger", "hbf", "uni sud", "konigs", "muehlbach", "1008", "ksz")
}

// syntheticEntries makes n stop entries named by SyntheticNames, with the
// hand-picked Ulm data mixed in at the front.
func syntheticEntries(n int) []Entry {
	es := testEntries()
	if len(es) > n {
		es = es[:n]
	}
	for i, name := range SyntheticNames(n-len(es), 7) {
		num := strconv.Itoa(10000 + i)
		es = append(es, Entry{Kind: KindStop, Title: name, Detail: num, Keys: []string{num}})
	}
	return es
}

// benchSearch reports the time per keystroke query over ix.
func benchSearch(b *testing.B, ix *Index) {
	qs := benchQueries()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.Search(qs[i%len(qs)], 50)
	}
}

func BenchmarkSearchUlm(b *testing.B) {
	benchSearch(b, NewIndex(ulmScaleEntries()))
}

func BenchmarkSearch1k(b *testing.B) {
	benchSearch(b, NewIndex(syntheticEntries(1_000)))
}

func BenchmarkSearch10k(b *testing.B) {
	benchSearch(b, NewIndex(syntheticEntries(10_000)))
}

func BenchmarkSearch100k(b *testing.B) {
	benchSearch(b, NewIndex(syntheticEntries(100_000)))
}

// BenchmarkSearch100kWorst reports the slowest single keystroke query at
// 100k entries (one frame is 16 ms).
func BenchmarkSearch100kWorst(b *testing.B) {
	ix := NewIndex(syntheticEntries(100_000))
	for _, q := range []string{"e", "eh", "ehin", "uni s", "xq", "mhlbch"} {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ix.Search(q, 50)
			}
		})
	}
}

func BenchmarkNewIndex100k(b *testing.B) {
	es := syntheticEntries(100_000)
	b.ReportAllocs()
	for b.Loop() {
		NewIndex(es)
	}
}
