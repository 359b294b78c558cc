package exceptions

import (
	"fmt"
	"testing"
	"time"

	"abfahrt/model"
)

// Issue 33 item 8: a connection at risk says its shortfall in the
// minutes its clock times show: the departure's minute less the
// arrival's is the transfer less the shortfall ("arrives 07:43, … leaves
// 07:44: 1 min short of 2 min transfer"), never "arrives 07:42, leaves
// 07:44: 1 min short of 2 min transfer". Checked over arrivals and
// departures at every few seconds.
func TestConnectionShortfallAgreesWithItsClocks(t *testing.T) {
	c := Transfer{Stop: 1008, From: "2", To: "5", MinTransfer: 2 * time.Minute}
	arr, dep := now.Add(10*time.Minute), now.Add(12*time.Minute)
	items := 0
	for late := time.Duration(0); late < 4*time.Minute; late += 7 * time.Second {
		for depLate := time.Duration(0); depLate < 2*time.Minute; depLate += 11 * time.Second {
			b := StopBoards{HaveArr: true, HaveDep: true,
				Arrivals:   []model.Event{ev("2", "Kuhberg", 21, arr, late)},
				Departures: []model.Event{ev("5", "Ruhetal", 51, dep, depLate)}}
			for _, it := range c.AtRisk(b, now) {
				items++
				var a1, a2, d1, d2, short, transfer int
				if _, err := fmt.Sscanf(it.Detail, "2 arrives %d:%d, 5 to Ruhetal leaves %d:%d: %d min short of %d min transfer",
					&a1, &a2, &d1, &d2, &short, &transfer); err != nil {
					t.Fatalf("detail %q: %v", it.Detail, err)
				}
				if gap := (d1*60 + d2) - (a1*60 + a2); gap+short != transfer || short < 1 {
					t.Errorf("feeder +%v, departure +%v: %q: %d min between the clocks and %d min short of %d", late, depLate, it.Detail, gap, short, transfer)
				}
				if it.Seconds != short*60 {
					t.Errorf("%q: seconds %d, want the %d min said", it.Detail, it.Seconds, short)
				}
			}
		}
	}
	if items < 50 {
		t.Fatalf("only %d connections at risk judged", items)
	}
}
