package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
)

// A hub in front of a replay passes the replay's mark on (the day it was
// recorded), so that a board behind the hub says "replay" as it says
// "simulated"; a mark that is not a day is not passed on.
func TestReplayMarkPassedOn(t *testing.T) {
	for mark, want := range map[string]string{"2026-09-10": "2026-09-10", "yesterday\r\nSet-Cookie: x": "", "": ""} {
		up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if mark != "" {
				w.Header()[sim.ReplayHeader] = []string{mark}
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"StopPassage":{"CurrentTimestamp":"2026-09-10T08:25:00+0200","StopNumber":1008,"DepartureData":[]}}`))
		}))
		m, err := mirror.New(mirror.Options{Upstream: up.URL + "/mobility/v1", StaleFor: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(m.Handler())
		resp, _ := get(t, http.DefaultClient, srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=5", "")
		if got := resp.Header.Get(sim.ReplayHeader); got != want {
			t.Errorf("upstream mark %q: the hub says %q, want %q", mark, got, want)
		}
		srv.Close()
		up.Close()
	}
}
