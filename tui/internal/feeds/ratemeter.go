package feeds

import (
	"fmt"
	"time"

	"abfahrt/tui/internal/catalog"
)

// RateMeter turns the feed's upstream request counter into the status
// bar's requests per minute: the requests of the last whole minute of the
// local clock, so the text changes on the minute (with the header clock),
// not whenever a request enters or leaves a sliding window (a board
// polling every 15 s would flip between 4 and 5 every few seconds). Until
// a whole minute has passed since the start it counts every request so far
// (the counter starts with the program).
type RateMeter struct {
	Stats   func() int64
	minute  time.Time // the start of the minute being counted; zero before the first sample
	atStart int64     // the counter when that minute began
	whole   bool      // a whole minute began since the start
	last    int64     // requests in the last whole minute
	counted bool      // last holds a whole minute
}

// Sample reads the counter at local time now (a clock message or any other
// message) and returns the status text ("12 req/min"), "" when there is no
// counter.
func (r *RateMeter) Sample(now time.Time, dt *catalog.DispTexts) string {
	if r.Stats == nil {
		return ""
	}
	c := r.Stats()
	m := now.Truncate(time.Minute)
	switch {
	case r.minute.IsZero():
		r.minute = m
	case m.After(r.minute):
		if r.whole {
			// Requests per minute over the minutes since the last one
			// began: one, unless the program was stopped (ctrl+z).
			mins := int64(m.Sub(r.minute) / time.Minute)
			r.last, r.counted = (c-r.atStart)/mins, true
		}
		r.minute, r.atStart, r.whole = m, c, true
	}
	if !r.counted {
		return fmt.Sprintf(dt.ReqRate, c)
	}
	return fmt.Sprintf(dt.ReqRate, r.last)
}

// NextTurn is when the meter's text may change next: the next minute of
// the local clock; zero without a counter.
func (r *RateMeter) NextTurn(now time.Time) time.Time {
	if r.Stats == nil {
		return time.Time{}
	}
	return now.Truncate(time.Minute).Add(time.Minute + ChangeSlack)
}
