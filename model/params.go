package model

import (
	"fmt"
	"strings"
)

// Scope is the ContentScope of the base data datasets.
type Scope string

// Content scopes of base data; the service's default is ScopeBasic.
const (
	ScopeMinimal  Scope = "minimal"
	ScopeBasic    Scope = "basic"
	ScopeExtended Scope = "extended"
)

// ParseScope reads a content scope in any case.
func ParseScope(s string) (Scope, error) {
	switch v := Scope(strings.ToLower(strings.TrimSpace(s))); v {
	case ScopeMinimal, ScopeBasic, ScopeExtended:
		return v, nil
	}
	return "", fmt.Errorf("ContentScope must be minimal, basic or extended, got %q", s)
}

// Range selects the passages of a vehicle's trip.
type Range string

// Passage ranges: the whole trip, or the stops still ahead. The service
// accepts "upcoming" (the spec spells it "upcomming").
const (
	RangeAll      Range = "all"
	RangeUpcoming Range = "upcoming"
)

// ParseRange reads a range in any case, accepting the spec's "upcomming".
func ParseRange(s string) (Range, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "all":
		return RangeAll, nil
	case "upcoming", "upcomming":
		return RangeUpcoming, nil
	}
	return "", fmt.Errorf("Range must be all or upcoming, got %q", s)
}

// PatternScope is the ContentScope of a vehicle pattern: which group it returns.
type PatternScope string

// Pattern groups.
const (
	PatternStops       PatternScope = "Stops"
	PatternTrack       PatternScope = "Track"
	PatternCarriageway PatternScope = "Carriageway"
)

// ParsePatternScope reads a pattern scope in any case.
func ParsePatternScope(s string) (PatternScope, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "stops":
		return PatternStops, nil
	case "track":
		return PatternTrack, nil
	case "carriageway":
		return PatternCarriageway, nil
	}
	return "", fmt.Errorf("ContentScope must be Stops, Track or Carriageway, got %q", s)
}
