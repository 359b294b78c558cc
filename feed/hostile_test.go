package feed_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
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

// paddedBoard is a departures answer of about n bytes of valid, distinct,
// plausible records around the answer's time.
func paddedBoard(n int) []byte {
	at := time.Date(2026, 9, 11, 12, 49, 34, 0, model.Berlin)
	var b bytes.Buffer
	b.WriteString(`{"StopPassage":{"State":"ok","StopNumber":1008,"StopName":"Hauptbahnhof","Limit":3,"CurrentTimestamp":"` + at.Format(model.WireLayout) + `","DepartureData":[`)
	for i := 0; b.Len() < n-600; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		when := at.Add(time.Duration(i%7200) * time.Second)
		fmt.Fprintf(&b, `{"StopPointCode":"de:08421:1008:1:1","PlatformName":"B","VehicleNumber":%d,"VehicleCategory":5,"RouteNumber":102,"RouteName":"2","Status":3,"DepartureDirectionText":"Science Park II","DepartureTimeScheduled":%q,"DepartureTimeActual":%q,"DepartureCountdown":%d,"DepartureDeviation":0}`,
			1000+i, when.Format(model.WireLayout), when.Format(model.WireLayout), int(when.Sub(at)/time.Second))
	}
	b.WriteString(`]}}`)
	return b.Bytes()
}

// TestHugeBoardAnswersAreBounded: 32 MiB departures answers, of empty
// records or of valid ones, come back through the real client as a board
// of at most the Limit asked for, and decoding one allocates a small
// fraction of what keeping every record would.
func TestHugeBoardAnswersAreBounded(t *testing.T) {
	size := 32<<20 - 64 // just below the body limit
	if raceEnabled {
		size = 4 << 20
	}
	bodies := map[string][]byte{
		"empty records": hostileBoard(size),
		"valid records": paddedBoard(size),
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			c, f := setup(t)
			f.mux.HandleFunc(prefix+"/stop/passage/Departures", func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				_, _ = w.Write(body)
			})
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			b, err := c.StopDepartures(context.Background(), 1008, 3)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Events) > 3 || len(b.DepartureData) > 3 {
				t.Errorf("%d events, %d records for Limit 3", len(b.Events), len(b.DepartureData))
			}
			if name == "valid records" && len(b.Events) != 3 {
				t.Errorf("%d events, want 3", len(b.Events))
			}
			// The body itself is read once; the server and the client's
			// transport take some more. Keeping every record took gigabytes.
			bound := uint64(3*size + 16<<20)
			t.Logf("fetch and decode of %d bytes: %d KiB allocated", len(body), (after.TotalAlloc-before.TotalAlloc)>>10)
			if got := after.TotalAlloc - before.TotalAlloc; got > bound {
				t.Errorf("fetching and decoding allocated %d MiB, want at most %d MiB", got>>20, bound>>20)
			}

			// Decoding alone stays far below the body's size.
			runtime.GC()
			runtime.ReadMemStats(&before)
			if _, err := feed.DecodeDepartures(body); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			t.Logf("decode alone: %d KiB allocated", (after.TotalAlloc-before.TotalAlloc)>>10)
			if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
				t.Errorf("decoding allocated %d MiB, want at most 64 MiB", got>>20)
			}
		})
	}
}

// TestRecordCaps: every list stops at its cap; a truncated or broken body
// is still an error, wherever the damage is.
func TestRecordCaps(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"VehiclePattern":{"State":"ok","VehicleNumber":1,"TrackPoints":[`)
	for i := range 60_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"SequenceNumber":%d,"Longitude":9.9,"Latitude":48.4}`, i)
	}
	b.WriteString(`]}}`)
	p, err := feed.DecodePattern(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.TrackPoints); n != 50_000 {
		t.Errorf("%d track points kept, want the cap of 50000", n)
	}

	alert := `{"PassengerAlert":{"State":"ok","AlertTitle":"t","AlertData":"` + strings.Repeat("a+++", 1<<18) + `"}}`
	if a, err := feed.DecodeAlert([]byte(alert)); err != nil || len(a.Items) > 64 {
		t.Errorf("alert of 262144 items: %d kept, %v", len(a.Items), err)
	}
	alert = `{"PassengerAlert":{"State":"ok","AlertData":[` + strings.Repeat(`"a",`, 1<<18) + `"b"]}}`
	if a, err := feed.DecodeAlert([]byte(alert)); err != nil || len(a.Items) > 64 {
		t.Errorf("alert list of 262145 items: %d kept, %v", len(a.Items), err)
	}

	board := hostileBoard(1 << 20)
	for name, body := range map[string][]byte{
		"truncated after the cap": board[:len(board)-10],
		"broken after the cap":    append(append([]byte{}, board[:len(board)-10]...), `{x}]}}`...),
	} {
		_, err := feed.DecodeDepartures(body)
		var de *feed.DecodeError
		if !errors.As(err, &de) {
			t.Errorf("%s: error %v, want a *feed.DecodeError", name, err)
		}
	}
	// A record of the wrong type within the cap is reported as before.
	if _, err := feed.DecodeDepartures([]byte(`{"StopPassage":{"DepartureData":[{},"x"]}}`)); err == nil {
		t.Error("a string record gave no error")
	}
}

// TestHugeAnswersAreNotCached: an answer above the cache's size limit is
// used once and not kept (a poll of many padded boards must not hold a
// body per board); small answers still are.
func TestHugeAnswersAreNotCached(t *testing.T) {
	c, f := setup(t)
	big := hostileBoard(5 << 20)
	f.mux.HandleFunc(prefix+"/stop/passage/Departures", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write(big)
	})
	f.handle("/stop/passage/Arrivals", "stop_arrivals_1008.json")
	ctx := context.Background()
	for range 2 {
		if _, err := c.StopDepartures(ctx, 1008, 3); err != nil {
			t.Fatal(err)
		}
		if _, err := c.StopArrivals(ctx, 1008, 3); err != nil {
			t.Fatal(err)
		}
	}
	if s := c.Stats(); s.Upstream != 3 || s.CacheHits != 1 {
		t.Errorf("stats %+v: want the big answer asked for twice and the small one once", s)
	}
}

// TestRecordSplittingHonoursStrings: brackets, braces, commas and escaped
// quotes inside strings do not split records, within or beyond the cap.
func TestRecordSplittingHonoursStrings(t *testing.T) {
	const text = `a\"],{\"x\\\\`
	var b strings.Builder
	b.WriteString(`{"StopPassage":{"State":"ok","DepartureData":[ `)
	for i := range feed.MaxBoardRecords + 100 {
		if i > 0 {
			b.WriteString(" ,\n")
		}
		fmt.Fprintf(&b, `{"RouteNumber":%d,"DepartureDirectionText":"%s","X":[1,{"y":"}"}]}`, i, text)
	}
	b.WriteString(` ]}}`)
	board, err := feed.DecodeDepartures([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(board.DepartureData) != feed.MaxBoardRecords {
		t.Fatalf("%d records, want %d", len(board.DepartureData), feed.MaxBoardRecords)
	}
	for i, d := range board.DepartureData {
		if d.RouteNumber != i || d.DepartureDirectionText != `a"],{"x\\` {
			t.Fatalf("record %d: %+v", i, d)
		}
	}
}
