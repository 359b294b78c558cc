package feed_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed"
)

// TestRetryAfterCapped: whatever Retry-After says, the wait a client is told
// to honour is at most feed.MaxRetryAfter; negative and garbage values are
// no wait at all.
func TestRetryAfterCapped(t *testing.T) {
	now := time.Date(2026, 9, 11, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		header string
		want   time.Duration
		ok     bool
	}{
		{"30", 30 * time.Second, true},
		{"300", 5 * time.Minute, true},
		{"301", feed.MaxRetryAfter, true},
		{"99999999", feed.MaxRetryAfter, true},
		{"9223372036854775807", feed.MaxRetryAfter, true},
		{"99999999999999999999999", feed.MaxRetryAfter, true},
		{"-5", 0, false},
		{"-99999999999999999999999", 0, false},
		{"soon", 0, false},
		{"1e9", 0, false},
		{"Fri, 11 Sep 2026 10:00:30 GMT", 30 * time.Second, true},
		{"Fri, 11 Sep 2026 11:00:00 GMT", feed.MaxRetryAfter, true},
		{"Fri, 31 Dec 9999 23:59:59 GMT", feed.MaxRetryAfter, true},
		{"Thu, 01 Jan 1970 00:00:00 GMT", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.header, func(t *testing.T) {
			c, f := setup(t, feed.WithClock(func() time.Time { return now }))
			f.mux.HandleFunc(prefix+"/stop/passage/Departures", func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Retry-After", tc.header)
				w.WriteHeader(http.StatusTooManyRequests)
			})
			_, err := c.StopDepartures(context.Background(), 1008, 3)
			if err == nil {
				t.Fatal("429 gave no error")
			}
			d, ok := feed.RetryAfter(err)
			if d != tc.want || ok != tc.ok {
				t.Errorf("RetryAfter = %v, %v; want %v, %v", d, ok, tc.want, tc.ok)
			}
			// What a poller does with it: never longer than the cap.
			next := feed.NextDelay(15*time.Second, 2*time.Minute, 1)
			if ok && d > next {
				next = d
			}
			if next > feed.MaxRetryAfter {
				t.Errorf("next delay %v beyond %v", next, feed.MaxRetryAfter)
			}
		})
	}
	// An error made by hand is capped too.
	he := &feed.HTTPError{Status: 503, RetryAfter: 1 << 62}
	if d, _ := feed.RetryAfter(he); d != feed.MaxRetryAfter {
		t.Errorf("RetryAfter of a hand-made error = %v", d)
	}
}
