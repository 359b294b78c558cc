package model

import (
	"bytes"
	"fmt"
	"time"
	_ "time/tzdata" // Europe/Berlin must load on machines without a zoneinfo database.
)

// Berlin is the Europe/Berlin time zone in which the service states all times.
var Berlin = mustLoad("Europe/Berlin")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		// time/tzdata is embedded, so this cannot happen; fall back to a
		// fixed CET rather than failing at start-up.
		return time.FixedZone("CET", 3600)
	}
	return loc
}

// WireLayout is the datetime layout on the wire: local time, numeric offset,
// whole seconds (2026-09-11T12:35:00+02:00).
const WireLayout = "2006-01-02T15:04:05-07:00"

// NoTime is the wire's "no time" sentinel, sent for instance as the
// departure time at the last stop of a trip.
const NoTime = "1970-01-01T01:00:00+01:00"

// Time is a point in time stated by the service, in Europe/Berlin. The zero
// Time means unknown: the 1970 sentinel and null decode to it, and it encodes
// back to the sentinel, as the service sends it.
type Time struct {
	time.Time
}

// At returns t as a Time in Europe/Berlin.
func At(t time.Time) Time {
	if t.IsZero() {
		return Time{}
	}
	return Time{t.In(Berlin).Truncate(time.Second)}
}

// Known reports whether the time is a real time and not the "no time" sentinel.
func (t Time) Known() bool { return !t.IsZero() }

// String formats a known time in wire layout and an unknown one as "unknown".
func (t Time) String() string {
	if !t.Known() {
		return "unknown"
	}
	return t.Format(WireLayout)
}

// UnmarshalJSON reads a wire datetime. The 1970 sentinel (anything on or
// before 1970-01-02), times outside the years 2000 to 2100, null and ""
// decode to the unknown Time.
func (t *Time) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*t = Time{}
		return nil
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return fmt.Errorf("datetime must be a string, got %s", clip(b))
	}
	s := string(b[1 : len(b)-1])
	if s == "" {
		*t = Time{}
		return nil
	}
	v, err := ParseTime(s)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// ParseTime parses a wire datetime (RFC 3339); the sentinel, and times
// before 2000 or after 2100, yield the unknown Time.
func ParseTime(s string) (Time, error) {
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return Time{}, fmt.Errorf("datetime %q is not RFC 3339", s)
	}
	if v.Unix() <= 86400 || !plausibleTime(v) {
		return Time{}, nil // the sentinel, or a year no board shows (9999)
	}
	return Time{v.In(Berlin)}, nil
}

// MarshalJSON writes the wire layout, or the sentinel for an unknown time.
func (t Time) MarshalJSON() ([]byte, error) {
	if !t.Known() {
		return []byte(`"` + NoTime + `"`), nil
	}
	b := make([]byte, 0, len(WireLayout)+2)
	b = append(b, '"')
	b = t.In(Berlin).AppendFormat(b, WireLayout)
	return append(b, '"'), nil
}

func clip(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}
