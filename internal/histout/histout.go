// Package histout is the output of the history commands (record, stats,
// history): their tables, CSV and the words of spans and delays.
package histout

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"abfahrt/history"
	"abfahrt/internal/textout"
	"abfahrt/model"
)

// RecordSummary is record's closing line: what this run saved in the
// database (each departure once, in the state last saved: departed,
// vanished, or still on the boards), what could not be saved, what was
// dropped or refused, and the requests.
func RecordSummary(r *history.Recorder, db string, took time.Duration) string {
	requests, failed, saved, unsaved, dropped, refused := r.Counts()
	var b strings.Builder
	fmt.Fprintf(&b, "saved %d departures in %s: %d departed, %d vanished, %d still on the boards",
		saved.Departures, db, saved.Departed, saved.Vanished, saved.OnBoards())
	if unsaved > 0 {
		fmt.Fprintf(&b, "; %d departures not saved", unsaved)
	}
	if dropped > 0 {
		fmt.Fprintf(&b, "; %d dropped (the oldest) while the database was away", dropped)
	}
	if refused > 0 {
		fmt.Fprintf(&b, "; %d implausible vehicle numbers refused", refused)
	}
	fmt.Fprintf(&b, "; in %v from %d requests (%d failed, %.2f a second)", took.Round(time.Second), requests, failed, float64(requests)/max(took.Seconds(), 1))
	return b.String()
}

// optInt formats a value that may be absent: "-" when it is.
func optInt(p *int, f func(int) string) string {
	if p == nil {
		return "-"
	}
	return f(*p)
}

// signedMinutes is a delay in seconds as minutes to a tenth, as a table
// of punctuality says them: "+1.5 min", "-0.5 min", "0 min".
func signedMinutes(s int) string {
	switch m := strconv.FormatFloat(float64(s)/60, 'f', 1, 64); {
	case m == "0.0" || m == "-0.0":
		return "0 min"
	case s > 0:
		return "+" + m + " min"
	default:
		return m + " min"
	}
}

// MinutesText is a span in seconds in whole minutes when it is one:
// "3 min", else "90 s".
func MinutesText(s int) string {
	if s%60 == 0 {
		return strconv.Itoa(s/60) + " min"
	}
	return strconv.Itoa(s) + " s"
}

// SinceFrom is where --since (age) counts back from: now, or the
// recording's end (last) when that lies before the window, as a
// recording of a simulated day or an old one does: an empty answer
// about a recording that holds departures helps no one. note says so
// ("" when counting from now).
func SinceFrom(age time.Duration, last time.Time, ends, from string) (time.Time, string) {
	now := time.Now()
	if last.IsZero() || !last.Before(now.Add(-age)) {
		return now.Add(-age), ""
	}
	return last.Add(-age), fmt.Sprintf("the %s %s, %s ago: --since %s counts back from %s",
		ends, last.In(model.Berlin).Format("2006-01-02 15:04"), AgeText(now.Sub(last).Truncate(24*time.Hour)), AgeText(age), from)
}

// AgeText reads a duration as days where it is whole days.
func AgeText(d time.Duration) string {
	if d >= 24*time.Hour && d%(24*time.Hour) == 0 {
		return textout.Plural(int(d/(24*time.Hour)), "day", "days")
	}
	return d.String()
}

// SpanText reads the span of a recording: 2026-09-10 08:25–08:31, the
// end's date too when it is another day.
func SpanText(first, last time.Time) string {
	f, l := first.In(model.Berlin), last.In(model.Berlin)
	end := l.Format("15:04")
	if l.Format(time.DateOnly) != f.Format(time.DateOnly) {
		end = l.Format("2006-01-02 15:04")
	}
	return f.Format("2006-01-02 15:04") + "–" + end
}

// runClock is a run's time of day with its date.
func runClock(unix int64) string { return time.Unix(unix, 0).In(model.Berlin).Format("01-02 15:04") }

// delayCell is a run's delay as departures says it, "?" unknown.
func delayCell(d *int) string {
	if d == nil {
		return "?"
	}
	return textout.DelayText(*d) // as departures says it: "+2", "on time"
}
