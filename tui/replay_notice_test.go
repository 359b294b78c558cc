package tui

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// emptyRecording is a recording that holds no departures: what the
// board is told besides them is the point here.
type emptyRecording struct{}

func (emptyRecording) Departures(context.Context, []string, int64, int) ([]sim.ReplayDeparture, error) {
	return nil, nil
}

// A board on abfahrt replay (its HTTP answers, through --api) says
// "replay · recorded <day>" in its status bar, as one on the simulation
// says "simulated": a board on a recording must not look live.
func TestBoardOnReplaySaysSo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		toDaytime()
		clock := sim.NewClock(time.Date(2026, 9, 10, 7, 30, 0, 0, time.UTC), 1)
		h := sim.New(sim.Options{Seed: 1, Clock: clock}).ReplayWith(emptyRecording{}, sim.ReplayOptions{})
		c, err := feed.NewClient("http://replay.abfahrt.invalid/mobility/v1",
			feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(h)}), feed.WithCacheDir(""))
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: c, SourceName: "127.0.0.1:8090"}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 100, 40)
		time.Sleep(feeds.DefaultInterval)
		v := lastView(&mu, &views)
		stop(hubDrain)
		if !strings.Contains(v, "replay · recorded 2026-09-10 09:30") || strings.Contains(v, "simulated") {
			t.Errorf("a board on a replay (of a real service) does not say it is one:\n%s", v)
		}
	})
}

// outsideRecording is a recording that holds nothing at any time.
type outsideRecording struct{ emptyRecording }

func (outsideRecording) Covers(context.Context, []string, int64) (bool, error) { return false, nil }

// A board on a replay past the end of the recording says the recording
// does not hold that time, not that the stop is unknown.
func TestBoardOffTheRecordingSaysSo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		toDaytime()
		clock := sim.NewClock(time.Date(2026, 9, 10, 7, 30, 0, 0, time.UTC), 1)
		h := sim.New(sim.Options{Seed: 1, Clock: clock}).ReplayWith(outsideRecording{}, sim.ReplayOptions{})
		c, err := feed.NewClient("http://replay.abfahrt.invalid/mobility/v1",
			feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(h)}), feed.WithCacheDir(""))
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: c, SourceName: "127.0.0.1:8090"}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 100, 40)
		time.Sleep(feeds.DefaultInterval)
		v := lastView(&mu, &views)
		stop(hubDrain)
		if !strings.Contains(v, "not in the recording") {
			t.Errorf("a board past the end of a recording does not say so:\n%s", v)
		}
	})
}
