package startup

import (
	"io"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed/sim"
)

// Issue 15: the embedded simulation answers at once while it warms its
// plans in the background; the first answer shares them.
func TestSimTransportAnswersWhileWarming(t *testing.T) {
	c := &http.Client{Transport: SimTransport(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, time.UTC), 1)})}
	resp, err := c.Get(sim.BaseURL + "/stop/passage/Departures?StopNumber=1008&Limit=3")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(b) < 100 {
		t.Fatalf("status %d, %d bytes", resp.StatusCode, len(b))
	}
}
