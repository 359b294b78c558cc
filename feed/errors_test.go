package feed_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"abfahrt/feed"
)

func TestFailures(t *testing.T) {
	departures := readFixture(t, "stop_departures_1008.json")
	cases := []struct {
		name    string
		handler http.HandlerFunc
		opts    []feed.Option
		want    string // the message, with BASE for the base URL
		check   func(t *testing.T, err error)
	}{
		{
			name: "404 with the service's JSON error",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write([]byte(`{"Error":{"Status":404,"Parameter":"","Message":"unknown path /stop/passage/Departures"}}`))
			},
			want: "BASE/stop/passage/Departures: 404 Not Found: unknown path /stop/passage/Departures",
			check: func(t *testing.T, err error) {
				var he *feed.HTTPError
				if !errors.As(err, &he) || he.Status != 404 || !strings.Contains(he.URL, "StopNumber=1008") {
					t.Errorf("%#v", err)
				}
			},
		},
		{
			name: "500 with an HTML page",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusInternalServerError)
				_, _ = w.Write([]byte("<!DOCTYPE html>\n<html><head><title>Error</title><style>h1{color:red}</style></head>\n<body><h1>Internal   Server Error</h1>\n<p>The upstream &amp; the cache broke.</p><script>alert(1)</script></body></html>"))
			},
			want: "BASE/stop/passage/Departures: 500 Internal Server Error: Internal Server Error The upstream & the cache broke.",
		},
		{
			name: "500 with a huge body is capped",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(http.StatusInternalServerError)
				_, _ = w.Write(bytes.Repeat([]byte("ä broken "), 100000))
			},
			check: func(t *testing.T, err error) {
				var he *feed.HTTPError
				if !errors.As(err, &he) || len(he.Body) > 520 || !strings.HasSuffix(he.Body, "…") {
					t.Errorf("excerpt of %d bytes: %q", len(he.Body), he.Body)
				}
			},
		},
		{
			name: "429 with Retry-After seconds",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Retry-After", "120")
				w.WriteHeader(http.StatusTooManyRequests)
			},
			want: "BASE/stop/passage/Departures: 429 Too Many Requests (retry after 2m0s)",
			check: func(t *testing.T, err error) {
				if d, ok := feed.RetryAfter(err); !ok || d != 2*time.Minute {
					t.Errorf("RetryAfter = %v, %v", d, ok)
				}
			},
		},
		{
			name: "503 with Retry-After date",
			opts: []feed.Option{feed.WithClock(func() time.Time { return time.Date(2026, 9, 11, 10, 0, 0, 0, time.UTC) })},
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Retry-After", "Fri, 11 Sep 2026 10:00:30 GMT")
				w.WriteHeader(http.StatusServiceUnavailable)
				_, _ = w.Write([]byte("maintenance\n"))
			},
			want: "BASE/stop/passage/Departures: 503 Service Unavailable: maintenance (retry after 30s)",
		},
		{
			name: "truncated JSON",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				_, _ = w.Write(departures[:len(departures)/2])
			},
			want: "BASE/stop/passage/Departures: response is truncated",
			check: func(t *testing.T, err error) {
				var de *feed.DecodeError
				if !errors.As(err, &de) {
					t.Errorf("%T, want *DecodeError", err)
				}
			},
		},
		{
			name: "not JSON",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				_, _ = w.Write([]byte("<html>\n<body>Gateway login required</body></html>"))
			},
			want: `BASE/stop/passage/Departures: response is not JSON (starts with "<html> <body>Gateway log…")`,
		},
		{
			name:    "empty body",
			handler: func(http.ResponseWriter, *http.Request) {},
			want:    "BASE/stop/passage/Departures: response is empty",
		},
		{
			name: "wrong wrapper",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				_, _ = w.Write([]byte(`{"VehicleTrip":{"TripData":[]}}`))
			},
			want: "BASE/stop/passage/Departures: response has no StopPassage or StopPointPassage object",
		},
		{
			name: "wrong type",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				_, _ = w.Write([]byte(`{"StopPassage":{"DepartureData":[{"RouteName":5}]}}`))
			},
			want: "BASE/stop/passage/Departures: response has an unexpected shape: StopPassage.DepartureData.RouteName is a JSON number, expected string",
		},
		{
			name: "slow server hits the timeout",
			opts: []feed.Option{feed.WithTimeout(50 * time.Millisecond)},
			handler: func(_ http.ResponseWriter, r *http.Request) {
				select {
				case <-r.Context().Done():
				case <-time.After(5 * time.Second):
				}
			},
			want: "BASE/stop/passage/Departures did not answer within 50ms",
			check: func(t *testing.T, err error) {
				var te *feed.TimeoutError
				if !errors.As(err, &te) || !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("%#v", err)
				}
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, f := setup(t, tc.opts...)
			f.handleFunc("/stop/passage/Departures", tc.handler)
			_, err := c.StopDepartures(context.Background(), 1008, 0)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") {
				t.Errorf("message is not one line: %q", msg)
			}
			if want := strings.ReplaceAll(tc.want, "BASE", f.base); tc.want != "" && msg != want {
				t.Errorf("message\n got %s\nwant %s", msg, want)
			}
			if tc.check != nil {
				tc.check(t, err)
			}
			// Errors are never cached: the next call asks again.
			before := len(f.requests())
			_, _ = c.StopDepartures(context.Background(), 1008, 0)
			if len(f.requests()) != before+1 {
				t.Error("an error was served from the cache")
			}
		})
	}
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String() + "/mobility/v1"
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := feed.NewClient(base, feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.StopDepartures(context.Background(), 1008, 10)
	if want := "cannot reach " + base + ": connection refused"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	var ne *feed.NetError
	if !errors.As(err, &ne) || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("%#v does not wrap ECONNREFUSED", err)
	}
	if s := c.Stats(); s.Upstream != 1 || s.Errors != 1 {
		t.Errorf("stats %+v", s)
	}
}

func TestCallerCancel(t *testing.T) {
	c, f := setup(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.handleFunc("/stop/passage/Departures", func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := c.StopDepartures(ctx, 1008, 0)
	if !errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("got %v", err)
	}
}

func TestGzip(t *testing.T) {
	c, f := setup(t)
	body := readFixture(t, "stop_departures_1008.json")
	f.handleFunc("/stop/passage/Departures", func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			t.Error("client does not accept gzip")
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		_, _ = zw.Write(body)
		_ = zw.Close()
	})
	b, err := c.StopDepartures(context.Background(), 1008, 0)
	if err != nil || len(b.Events) != 4 {
		t.Fatalf("got %d events, %v", len(b.Events), err)
	}
}

func TestUserAgent(t *testing.T) {
	c, f := setup(t, feed.WithUserAgent("kiosk/2"))
	f.handle("/VersionInfo", "versioninfo.json")
	if _, err := c.VersionInfo(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ua := f.requests()[0].Header.Get("User-Agent"); ua != "kiosk/2" {
		t.Errorf("User-Agent %q", ua)
	}
}

func TestBriefLeavesTheURLOut(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{&feed.HTTPError{Status: 503, URL: "http://x/mobility/v1/stop/passage/Departures?StopNumber=1008", Body: "overloaded"}, "503 Service Unavailable: overloaded"},
		{fmt.Errorf("board: %w", &feed.HTTPError{Status: 429, URL: "http://x/a"}), "429 Too Many Requests"},
		{&feed.TimeoutError{URL: "http://x/a", After: 10 * time.Second}, "no answer within 10s"},
		{&feed.NetError{URL: "http://127.0.0.1:9/mobility/v1", Err: syscall.ECONNREFUSED}, "cannot reach the service: connection refused"},
		{&feed.DecodeError{URL: "http://x/a", Reason: "response is truncated"}, "response is truncated"},
		{errors.New("something else"), "something else"},
		{nil, ""},
	}
	for _, c := range cases {
		got := feed.Brief(c.err)
		if got != c.want {
			t.Errorf("Brief(%v) = %q, want %q", c.err, got, c.want)
		}
		if strings.Contains(got, "http://") {
			t.Errorf("Brief(%v) names the URL: %q", c.err, got)
		}
	}
}
