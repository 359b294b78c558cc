package feeds

import (
	"context"
	"time"
)

// feedState is the feed side of the state every pane reads: the data
// source, the poll policy, the request counter, the feed registry and the
// clocks (the local one, and the service's as estimated from answers).
// The root owns it; only the root's Update and the feed machinery write
// it.
type FeedState struct {
	Ctx context.Context
	Src Source
	// simulated is set while the answers carry the simulation's marker
	// (feed.Answer.Simulated): a hub on the simulation, however far away.
	Simulated bool
	// lastTS is each feed's last CurrentTimestamp (standsStill).
	lastTS map[FeedKey]time.Time
	// clock is the local clock: timers, poll times, data ages and
	// animations run on it. local is its time at the last clockMsg.
	Clock func() time.Time
	Local time.Time
	// now is the service's time at the last clockMsg (or answer): what
	// countdowns, ages of reports and the header clocks show. svc
	// estimates it; nil when the service's clock is in-process (Options.Now).
	Now time.Time
	Svc *ServiceClock
	// skew is the difference shown (0 while within skewNotice), skewLog
	// the one last logged;
	// onSkew is Options.ClockSkew.
	Skew    time.Duration
	skewLog skewLog
	OnSkew  func(service, local time.Time, rate float64)
	// prober is the poller that asks again soon while the service clock
	// is unsettled, probes how often it did (svcclock.go).
	prober *Poller
	probes int
	Pol    policy
	Limit  int
	seq    int       // the model-wide request counter
	Reg    *Registry // the feeds of the grid and the pin strip (registry.go)
}
