package feed_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
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

// TestRedirectToAnotherHostRefused: a redirect to another origin (here the
// same loopback address on another port) is not followed, whichever HTTP
// client the feed was given; the error names the refused target.
func TestRedirectToAnotherHostRefused(t *testing.T) {
	var hits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		_, _ = w.Write(readFixture(t, "stop_departures_1008.json"))
	}))
	defer other.Close()
	for _, opts := range map[string][]feed.Option{
		"default client": nil,
		"own client":     {feed.WithHTTPClient(&http.Client{Timeout: 5 * time.Second})},
	} {
		c, f := setup(t, opts...)
		f.mux.HandleFunc(prefix+"/stop/passage/Departures", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.Path+"?"+r.URL.RawQuery, http.StatusFound)
		})
		_, err := c.StopDepartures(context.Background(), 1008, 3)
		var re *feed.RedirectError
		if !errors.As(err, &re) {
			t.Fatalf("error %v (%T), want a *feed.RedirectError", err, err)
		}
		want := "redirected to another host (" + other.URL + prefix + "/stop/passage/Departures); refused"
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
		if !strings.Contains(feed.Brief(err), "redirected to another host") {
			t.Errorf("Brief = %q", feed.Brief(err))
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host got %d requests", n)
	}
}

// TestRedirectSameHost: a redirect within the service is followed without a
// Referer, a loop is cut short.
func TestRedirectSameHost(t *testing.T) {
	c, f := setup(t)
	var referer atomic.Value
	referer.Store("")
	f.mux.HandleFunc(prefix+"/stop/passage/Departures", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, prefix+"/moved?"+r.URL.RawQuery, http.StatusMovedPermanently)
	})
	f.mux.HandleFunc(prefix+"/moved", func(w http.ResponseWriter, r *http.Request) {
		referer.Store(r.Header.Get("Referer"))
		_, _ = w.Write(readFixture(t, "stop_departures_1008.json"))
	})
	if _, err := c.StopDepartures(context.Background(), 1008, 3); err != nil {
		t.Fatalf("same-host redirect: %v", err)
	}
	if r := referer.Load().(string); r != "" {
		t.Errorf("Referer %q sent", r)
	}

	f.mux.HandleFunc(prefix+"/stop/passage/Arrivals", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.String(), http.StatusFound)
	})
	_, err := c.StopArrivals(context.Background(), 1008, 3)
	var re *feed.RedirectError
	if !errors.As(err, &re) || re.Reason != "too many redirects" {
		t.Fatalf("redirect loop: %v", err)
	}
	if n := len(f.requests()); n > 1+1+4 {
		t.Errorf("%d requests for a redirect loop", n)
	}
}
