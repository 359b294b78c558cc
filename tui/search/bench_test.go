package search

import (
	"strconv"
	"testing"
	"time"
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

// benchSearch times every keystroke of every query (all 39) in each
// iteration, so any -benchtime covers them all: ns/op is one pass over the
// 39 keystrokes, ns/keystroke their mean and worst-ns/keystroke the mean of
// the slowest one.
func benchSearch(b *testing.B, ix *Index) {
	qs := benchQueries()
	per := make([]time.Duration, len(qs))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for j, q := range qs {
			t0 := time.Now()
			ix.Search(q, 50)
			per[j] += time.Since(t0)
		}
	}
	reportKeystrokes(b, per)
}

// reportKeystrokes adds the per-keystroke metrics from the summed time of
// each keystroke over b.N passes.
func reportKeystrokes(b *testing.B, per []time.Duration) {
	var total, worst time.Duration
	for _, d := range per {
		total += d
		worst = max(worst, d)
	}
	n := float64(b.N)
	b.ReportMetric(float64(total)/n/float64(len(per)), "ns/keystroke")
	b.ReportMetric(float64(worst)/n, "worst-ns/keystroke")
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
