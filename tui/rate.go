package tui

import (
	"fmt"
	"time"
)

// rateMeter turns the feed's upstream request counter into requests per
// minute over a sliding 60 s window, sampled each clock second.
type rateMeter struct {
	stats   func() int64
	samples [61]rateSample // a ring: one per second plus the one 60 s ago
	n, head int
}

// rateSample is the counter's value at a time.
type rateSample struct {
	at    time.Time
	count int64
}

// sample adds the counter's value at now and returns the status text
// ("12 req/min"), "" when there is no counter.
func (r *rateMeter) sample(now time.Time, dt *dispTexts) string {
	if r.stats == nil {
		return ""
	}
	c := r.stats()
	r.head = (r.head + 1) % len(r.samples)
	r.samples[r.head] = rateSample{at: now, count: c}
	r.n = min(r.n+1, len(r.samples))
	oldest := c
	older := false // a sample older than the window exists
	for i := range r.n {
		s := r.samples[(r.head-i+len(r.samples))%len(r.samples)]
		if now.Sub(s.at) > time.Minute {
			older = true
			break
		}
		oldest = s.count
	}
	if !older && r.n < len(r.samples) {
		// Less than a minute since the first sample: the counter started
		// with the program, so every request so far is in the window.
		oldest = 0
	}
	return fmt.Sprintf(dt.ReqRate, c-oldest)
}
