package feed_test

import (
	"testing"

	"abfahrt/feed"
)

// board40 is a departures answer of 40 records, what a hall display of a
// busy stop asks for every 15 s.
func board40(tb testing.TB) []byte {
	tb.Helper()
	body := paddedBoard(40*336 + 600)
	b, err := feed.DecodeDepartures(body)
	if err != nil || len(b.DepartureData) < 38 || len(b.DepartureData) > 42 {
		tb.Fatalf("%d records, %v", len(b.DepartureData), err)
	}
	return body
}

// TestDecodeDeparturesReadsAnAnswerOnce: a plausible answer of 40
// departures is read in one pass of the JSON decoder, not once for the
// list and again for each record: a station display decodes four of them
// every 15 s, and each pass allocated what the garbage collector then
// had to find.
func TestDecodeDeparturesReadsAnAnswerOnce(t *testing.T) {
	body := board40(t)
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := feed.DecodeDepartures(body); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%.0f allocations to decode %d bytes", allocs, len(body))
	if allocs > 520 {
		t.Errorf("%.0f allocations to decode 40 departures, want at most 520", allocs)
	}
}

func BenchmarkDecodeDepartures40(b *testing.B) {
	body := board40(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := feed.DecodeDepartures(body); err != nil {
			b.Fatal(err)
		}
	}
}
