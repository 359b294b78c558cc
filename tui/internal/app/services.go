package app

import (
	"context"
	"time"

	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/remind"
)

// Services are the long-lived services a pane holds: the feed registry
// and the source it polls, the base data, the links, the reminders, the
// recorded history and the motion setting. What a pane draws with at one
// moment (clocks, texts, styles, limit, alert) is the Frame's, not
// theirs; the root (and the kiosk) holds them in its Shared and alone
// replaces what changes (the base data when it loads).
type Services struct {
	// Feeds is the feed registry: the feeds the panes hold, polled from
	// the source.
	Feeds *feeds.Registry
	// Base is the base data (stop names, platforms, lines, vehicles), nil
	// until it has loaded.
	Base *baseData
	// Links are Options.Links: what a stop's name and a vehicle's number
	// link to (links.go).
	Links Links
	// Reminders are the reminders (tui/internal/remind); nil in the
	// kiosk.
	Reminders *remind.Set
	// ReduceMotion is Options.ReduceMotion.
	ReduceMotion bool
	// hist is the recorded history (Options.History), histWhy why there
	// is none.
	hist    History
	histWhy string
	// feed is the root's feed state: the source, its context, the poll
	// policy and the request counter.
	feed *feeds.State
}

// Request is what a pane's one-off request to the source (a vehicle's
// details, its trip's pattern) is made with.
type Request struct {
	// Ctx ends with the program; Source is the mobility/v1 service.
	Ctx    context.Context
	Source feeds.Source
	// Seq is a new request id, which the answer carries back.
	Seq int
	// Timeout bounds the request.
	Timeout time.Duration
}

// NewRequest returns what a new one-off request is made with, with a
// new request id.
func (s *Services) NewRequest() Request {
	return Request{Ctx: s.feed.Ctx, Source: s.feed.Source, Seq: s.feed.NextSeq(), Timeout: s.feed.Policy.Timeout}
}

// Interval is the poll interval.
func (s *Services) Interval() time.Duration { return s.feed.Policy.Interval }
