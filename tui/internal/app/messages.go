package app

import (
	"abfahrt/model"
	"time"
)

// clockMsg is the 1-second clock: it carries the time that View uses as now.
type ClockMsg struct{ Now time.Time }

// baseRetryMsg asks for the base data again after a failed load.
type BaseRetryMsg struct{}

// baseDataMsg carries the base data for the search, loaded once at start
// (and again, with backoff, until every part has loaded).
// Parts that failed are nil and their errors joined in err.
type BaseDataMsg struct {
	Stops    []model.Stop
	Points   []model.StopPoint
	Routes   []model.Route
	Vehicles []model.Vehicle
	Err      error
}
