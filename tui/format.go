package tui

import (
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

// clockTime formats a time of day as HH:MM in Berlin, "--:--" when unknown.
func clockTime(t model.Time) string {
	if !t.Known() {
		return "--:--"
	}
	return t.In(model.Berlin).Format("15:04")
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
