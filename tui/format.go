package tui

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// hideAfter is how long after its time an event stays on the board: long
// enough to see a tram leave, short enough that a stale board never shows
// "now" for ever.
const hideAfter = time.Minute

// severity grades a delay for its colour; the text says the same.
type severity int

const (
	sevPlanned severity = iota // no live prediction
	sevOnTime
	sevSlight // 1–2 minutes late
	sevLate   // 3 minutes or more late
	sevEarly
)

// countdown formats the time until an event: "now" under a minute (and for
// the minute after), "N min" under an hour, the clock time beyond.
func countdown(e model.Event, now time.Time) string {
	due, ok := e.DueIn(now)
	switch {
	case !ok:
		return "–"
	case due < time.Minute:
		return "now"
	case due < time.Hour:
		return strconv.Itoa(int(due/time.Minute)) + " min"
	}
	return e.When().In(model.Berlin).Format("15:04")
}

// delayText formats an event's delay: "+3", "on time", "-1", or "planned"
// for a timetable-only row; with its severity.
func delayText(e model.Event) (string, severity) {
	if !e.Realtime() {
		return "planned", sevPlanned
	}
	d := e.DelayMinutes()
	switch {
	case d == 0:
		return "on time", sevOnTime
	case d < 0:
		return strconv.Itoa(d), sevEarly
	case d < 3:
		return "+" + strconv.Itoa(d), sevSlight
	}
	return "+" + strconv.Itoa(d), sevLate
}

// statusWord is the passage status worth showing on a board: the default
// "predicted" says nothing and is left out.
func statusWord(s model.PassageStatus) string {
	switch s {
	case model.StatusArriving, model.StatusStopping, model.StatusDeparted, model.StatusPassed:
		return s.String()
	}
	return ""
}

// clockTime formats a time of day as HH:MM in Berlin, "--:--" when unknown.
func clockTime(t model.Time) string {
	if !t.Known() {
		return "--:--"
	}
	return t.In(model.Berlin).Format("15:04")
}

// ago formats an age: "4 s ago", "3 min ago", "2 h ago".
func ago(d time.Duration) string {
	switch {
	case d < time.Second:
		return "just now"
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + " s ago"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + " min ago"
	}
	return strconv.Itoa(int(d/time.Hour)) + " h ago"
}

// inDur formats a time to go: "11 s", "2 min".
func inDur(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second) // round up: "in 0 s" never while waiting
	if s < 120 {
		return strconv.Itoa(s) + " s"
	}
	return strconv.Itoa(s/60) + " min"
}

// vehicleMark is the tram or bus mark of a line: it carries the category
// where colour cannot (NO_COLOR, mono themes).
func vehicleMark(c model.VehicleCategory, rc model.RouteCategory) string {
	switch {
	case c == model.VehicleTram || (c == 0 && rc == model.RouteTram):
		return "▮"
	case c == model.VehicleBus || (c == 0 && rc == model.RouteBus):
		return "●"
	}
	return "·"
}

// fit truncates s (which may hold ANSI styles) to width w cells, with an
// ellipsis when something is cut.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// pad truncates or right-pads plain or styled s to exactly w cells.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// padLeft truncates or left-pads s to exactly w cells.
func padLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return strings.Repeat(" ", w-n) + s
}

// clipLines cuts s to at most h lines of at most w cells, without padding.
func clipLines(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = fit(l, w)
	}
	return strings.Join(lines, "\n")
}

// clampLines makes s exactly h lines of at most w cells each, padding with
// empty lines; the final guarantee that nothing overflows the terminal.
func clampLines(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = fit(l, w)
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
