package app

import (
	"time"
)

// clockPlan is the clock message scheduled: due is its local time, zero
// when none is pending; on once Init started the clock (a model driven by
// hand, as in the unit tests, gets its clock messages from its driver).
type clockPlan struct {
	Due time.Time
	On  bool
}
