package feeds

import (
	"testing"
	"time"

	"abfahrt/tui/internal/catalog"
)

// The status bar's request rate counts the requests of the last whole
// minute of the clock, in the board's language: until a whole minute has
// passed all requests so far, then those of the minute before, so the
// text changes on the minute only.
func TestRateMeterCountsWholeMinutes(t *testing.T) {
	var n int64
	r := RateMeter{Stats: func() int64 { return n }}
	en, de := catalog.EnglishDispTexts(), catalog.GermanDispTexts()
	t0 := time.Date(2026, 9, 11, 12, 34, 10, 0, time.UTC)
	steps := []struct {
		at       time.Duration // after t0
		requests int64         // the counter then
		want     string
	}{
		{0, 3, "3 req/min"},                // the start: all so far
		{40 * time.Second, 5, "5 req/min"}, // 12:34:50, still all so far
		{60 * time.Second, 6, "6 req/min"}, // 12:35:10: a whole minute began at 12:35
		{100 * time.Second, 9, "9 req/min"},
		{110 * time.Second, 10, "4 req/min"}, // 12:36:00: 12:35's minute held 10-6
		{150 * time.Second, 20, "4 req/min"}, // unchanged within the minute
	}
	for _, s := range steps {
		n = s.requests
		if got := r.Sample(t0.Add(s.at), &en); got != s.want {
			t.Errorf("at %v with %d requests: %q, want %q", s.at, s.requests, got, s.want)
		}
	}
	if got := r.Sample(t0.Add(150*time.Second), &de); got != "4 Anfr./Min" {
		t.Errorf("German: %q", got)
	}
	if got := r.NextTurn(t0.Add(150 * time.Second)); !got.Equal(time.Date(2026, 9, 11, 12, 37, 0, 0, time.UTC).Add(ChangeSlack)) {
		t.Errorf("next turn %v, want the next minute", got)
	}
	if got := (&RateMeter{}).Sample(t0, &en); got != "" {
		t.Errorf("without a counter: %q", got)
	}
}
