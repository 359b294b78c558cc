package grid

import (
	"errors"
	"strings"
	"testing"

	"abfahrt/tui/internal/feeds"
)

// TestSummaryNoData (issue 32 item 1): a grid whose boards never had an
// answer (the hub cannot reach the service and has nothing of these
// stops) says "no data", never "0 late": no vehicle is known, late or
// not. Once an answer comes, it counts the late ones again.
func TestSummaryNoData(t *testing.T) {
	src := newFake()
	src.SetErr(errors.New("502 the service behind the hub cannot be reached"))
	r := newRigOn(t, src, stopsOver(4), nil)
	top := r.summaryLine(200)
	if !strings.Contains(top, "no data") || strings.Contains(top, "late") {
		t.Errorf("no board ever had data: summary %q, want \"no data\" and no late count", top)
	}
	src.SetErr(nil)
	r.pollFeed(r.d.Grid.feedOf(feeds.Subject{Stop: 1008}))
	if top := r.summaryLine(200); strings.Contains(top, "no data") || !strings.Contains(top, "late >3 min") {
		t.Errorf("after an answer: summary %q, want the late count", top)
	}
}
