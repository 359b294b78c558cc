package feed_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"abfahrt/feed"
)

func TestNextDelay(t *testing.T) {
	const s = time.Second
	cases := []struct {
		base, max time.Duration
		failures  int
		want      time.Duration
	}{
		{15 * s, 5 * time.Minute, 0, 15 * s},
		{15 * s, 5 * time.Minute, -3, 15 * s},
		{15 * s, 5 * time.Minute, 1, 30 * s},
		{15 * s, 5 * time.Minute, 2, 60 * s},
		{15 * s, 5 * time.Minute, 4, 240 * s},
		{15 * s, 5 * time.Minute, 5, 5 * time.Minute},
		{15 * s, 5 * time.Minute, 62, 5 * time.Minute},
		{15 * s, 5 * time.Minute, 63, 5 * time.Minute},
		{15 * s, 5 * time.Minute, math.MaxInt, 5 * time.Minute},
		{15 * s, 0, 70, math.MaxInt64},
		{15 * s, 0, 3, 120 * s},
		{15 * s, 10 * s, 0, 15 * s},
		{15 * s, 10 * s, 3, 15 * s},
		{0, time.Minute, 3, 0},
		{-s, time.Minute, 3, 0},
		{1, math.MaxInt64, 62, 1 << 62},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%v_%v_%d", tc.base, tc.max, tc.failures), func(t *testing.T) {
			if got := feed.NextDelay(tc.base, tc.max, tc.failures); got != tc.want {
				t.Errorf("NextDelay(%v, %v, %d) = %v, want %v", tc.base, tc.max, tc.failures, got, tc.want)
			}
		})
	}
}

func TestJitter(t *testing.T) {
	cases := []struct {
		d      time.Duration
		lo, hi time.Duration
	}{
		{15 * time.Second, 13500 * time.Millisecond, 16500 * time.Millisecond},
		{time.Second, 900 * time.Millisecond, 1100 * time.Millisecond},
		{9, 9, 9}, // too small to move
		{0, 0, 0},
		{-time.Second, -time.Second, -time.Second},
		{math.MaxInt64, math.MaxInt64 - math.MaxInt64/10, math.MaxInt64},
	}
	for _, tc := range cases {
		t.Run(tc.d.String(), func(t *testing.T) {
			rnd := rand.New(rand.NewPCG(1, 2))
			var below, above bool
			for range 1000 {
				got := feed.Jitter(tc.d, rnd)
				if got < tc.lo || got > tc.hi {
					t.Fatalf("Jitter(%v) = %v, outside [%v, %v]", tc.d, got, tc.lo, tc.hi)
				}
				below = below || got < tc.d
				above = above || got > tc.d
			}
			if tc.hi > tc.lo && tc.d < math.MaxInt64 && (!below || !above) {
				t.Errorf("Jitter(%v) does not spread both ways", tc.d)
			}
		})
	}
	// Same seed, same sequence; nil uses the global source.
	a, b := rand.New(rand.NewPCG(7, 7)), rand.New(rand.NewPCG(7, 7))
	if feed.Jitter(time.Minute, a) != feed.Jitter(time.Minute, b) {
		t.Error("Jitter is not determined by its source")
	}
	if got := feed.Jitter(time.Minute, nil); got < 54*time.Second || got > 66*time.Second {
		t.Errorf("Jitter with nil source = %v", got)
	}
}

func TestRetryAfter(t *testing.T) {
	he := &feed.HTTPError{Status: 429, URL: "http://x/y", RetryAfter: 30 * time.Second}
	cases := []struct {
		name string
		err  error
		want time.Duration
		ok   bool
	}{
		{"direct", he, 30 * time.Second, true},
		{"wrapped", fmt.Errorf("polling: %w", he), 30 * time.Second, true},
		{"no header", &feed.HTTPError{Status: 503}, 0, false},
		{"other error", errors.New("boom"), 0, false},
		{"nil", nil, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if d, ok := feed.RetryAfter(tc.err); d != tc.want || ok != tc.ok {
				t.Errorf("RetryAfter = %v, %v; want %v, %v", d, ok, tc.want, tc.ok)
			}
		})
	}
}
