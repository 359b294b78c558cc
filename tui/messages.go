package tui

import (
	"time"

	"abfahrt/model"
)

// clockMsg is the 1-second clock: it carries the time that View uses as now.
type clockMsg struct{ now time.Time }

// baseRetryMsg asks for the base data again after a failed load.
type baseRetryMsg struct{}

// baseDataMsg carries the base data for the search, loaded once at start
// (and again, with backoff, until every part has loaded).
// Parts that failed are nil and their errors joined in err.
type baseDataMsg struct {
	stops    []model.Stop
	points   []model.StopPoint
	routes   []model.Route
	vehicles []model.Vehicle
	err      error
}
