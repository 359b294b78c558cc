// Package feeds is where a view's data comes from. Source (source.go) is
// what the TUI needs of a mobility/v1 service. Every polled subject (a
// stop's or stop point's departures or arrivals, a vehicle's trip and
// passages, the fleet, the alert) has one entry in the Registry
// (registry.go), keyed by FeedKey (feeds.go): its poller (poll.go:
// schedule, request in flight, backoff, staleness), its last good answer,
// its holders and their demand. A view is a Holder: it acquires the
// subjects it shows, declares how many events it wants, and releases them;
// a subject shown by several views is polled once, asking for the largest
// demand. There is one tick message (FeedTickMsg) and one answer message
// (FeedMsg); Registry.Tick and Registry.Receive turn them into requests
// and records. Listeners (Registry.Listen) act on an answer as it comes
// in. State (feedstate.go) is the feed side of what every pane reads: the
// source, the poll policy, the request counter, the registry and the
// clocks; the service's clock is estimated from the answers
// (svcclock.go); the rate meter (ratemeter.go) counts requests a minute.
//
// feeds imports only ui (for nothing of the screen) and package feed; no
// pane.
package feeds
