package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// HideAfter is how long after its time an event stays on the board: long
// enough to see a tram leave, short enough that a stale board never shows
// "now" for ever.
const HideAfter = time.Minute

// Severity grades a delay for its colour; the text says the same.
type Severity int

// The severities.
const (
	SevPlanned Severity = iota // no live prediction
	SevOnTime
	SevSlight // from DelayRule.Slight minutes late
	SevLate   // DelayRule.Late or more minutes late
	SevEarly
	SevMinor // late, below DelayRule.Slight: "+1" in the on-time colour
)

// DelayRule is the one delay rule of every view (boards, grid, merged
// list, fleet, vehicle pane and its stops): a deviation in whole minutes
// (model.DelayMinutes) is on time at 0, early below, late from Late
// minutes (the late colour, and what the dispatcher's summaries count:
// "late >3 min"), slightly late (its own colour) from Slight minutes up to
// Late, and below Slight late in the text only, in the on-time colour.
type DelayRule struct {
	// Slight is the minutes late from which a delay takes the slight
	// colour (default 1).
	Slight int
	// Late is the minutes late from which a delay counts as late and takes
	// the late colour (default 3).
	Late int
}

// CountsLate reports whether a deviation in seconds counts as late in the
// dispatcher's summaries ("late >3 min"): the whole minutes the rows show
// exceed Late, so the count can be checked against the rows (+4 and more).
func (r DelayRule) CountsLate(deviationSeconds int) bool {
	return model.DelayMinutes(deviationSeconds) > r.Late
}

// DefaultDelayRule is the rule when Options.Delay is zero: the first two
// minutes late in the slight colour (not red), late from 3.
var DefaultDelayRule = DelayRule{Slight: 1, Late: 3}

// MaxDelayStep is the largest step a DelayRule takes, in minutes.
const MaxDelayStep = 60

// Check reports why r is not a rule: 1 <= Slight <= Late <= MaxDelayStep.
func (r DelayRule) Check() error {
	if r.Late < 1 || r.Late > MaxDelayStep {
		return fmt.Errorf("late must be between 1 and %d minutes, got %d", MaxDelayStep, r.Late)
	}
	if r.Slight < 1 || r.Slight > r.Late {
		return fmt.Errorf("slight must be between 1 and late (%d) minutes, got %d", r.Late, r.Slight)
	}
	return nil
}

// OrDefault is r, or the default for a zero or invalid rule.
func (r DelayRule) OrDefault() DelayRule {
	if r.Check() != nil {
		return DefaultDelayRule
	}
	return r
}

// Grade grades a live deviation in seconds: its whole minutes and their
// severity.
func (r DelayRule) Grade(deviationSeconds int) (minutes int, sev Severity) {
	d := model.DelayMinutes(deviationSeconds)
	switch {
	case d == 0:
		return d, SevOnTime
	case d < 0:
		return d, SevEarly
	case d < r.Slight:
		return d, SevMinor
	case d < r.Late:
		return d, SevSlight
	}
	return d, SevLate
}

// Severity is the colour of a delay severity.
func (st *Styles) Severity(s Severity) lipgloss.Style {
	switch s {
	case SevOnTime, SevMinor:
		return st.OnTime
	case SevSlight:
		return st.Slight
	case SevLate:
		return st.Late
	case SevEarly:
		return st.Early
	case SevPlanned:
	}
	return st.Planned
}

// ClockTime formats a time of day as HH:MM in Berlin, "--:--" when unknown.
func ClockTime(t model.Time) string {
	if !t.Known() {
		return "--:--"
	}
	return t.In(model.Berlin).Format("15:04")
}

// VehicleMark is the tram or bus mark of a line: it carries the category
// where colour cannot (NO_COLOR, mono themes).
func VehicleMark(c model.VehicleCategory, rc model.RouteCategory) string {
	switch {
	case c == model.VehicleTram || (c == 0 && rc == model.RouteTram):
		return "▮"
	case c == model.VehicleBus || (c == 0 && rc == model.RouteBus):
		return "●"
	}
	return "·"
}

// Fit truncates s (which may hold ANSI styles) to width w cells, with an
// ellipsis when something is cut.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// Pad truncates or right-pads plain or styled s to exactly w cells.
func Pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// PadLeft truncates or left-pads s to exactly w cells.
func PadLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return strings.Repeat(" ", w-n) + s
}

// ClampLines makes s exactly h lines of at most w cells each, padding with
// empty lines; the final guarantee that nothing overflows the terminal.
func ClampLines(s string, w, h int) string { return ClampLinesWith(s, w, h, Fit) }

// ClampLinesWith is ClampLines with each line cut by fit (a renderer that
// measures cells its own way passes its own).
func ClampLinesWith(s string, w, h int, fit func(string, int) string) string {
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

// Part is one piece of a summary line: its text, and its rank in leaving
// out (0: never; the highest goes first).
type Part struct {
	Text string
	Drop int
}

// FitParts joins parts with sep within w cells: while they do not fit it
// leaves out the part of the highest drop rank, so that the words shown
// stay whole, and only then cuts the end (where the alert, a ticker,
// goes).
func FitParts(parts []Part, sep string, w int) string {
	parts = append([]Part(nil), parts...)
	join := func() string {
		s := make([]string, len(parts))
		for i, p := range parts {
			s[i] = p.Text
		}
		return strings.Join(s, sep)
	}
	for {
		s := join()
		worst := -1
		for i, p := range parts {
			if p.Drop > 0 && (worst < 0 || p.Drop > parts[worst].Drop) {
				worst = i
			}
		}
		if ansi.StringWidth(s) <= w || worst < 0 {
			return Fit(s, w)
		}
		parts = append(parts[:worst], parts[worst+1:]...)
	}
}

// Itoa is strconv.Itoa, short.
func Itoa(n int) string { return strconv.Itoa(n) }

// WrapWords breaks plain text into lines of at most w cells at spaces; a
// word longer than w is cut.
func WrapWords(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= w:
			line += " " + word
		default:
			out = append(out, Fit(line, w))
			line = word
		}
	}
	if line != "" {
		out = append(out, Fit(line, w))
	}
	return out
}

// DueCell is a row's countdown and its style: "now" stands out, a time from
// the timetable only (no live prediction) is "~"-marked and planned.
func (st *Styles) DueCell(tx *Texts, e *model.Event, now time.Time) (string, lipgloss.Style) {
	due := tx.Countdown(*e, now)
	s := st.Due
	if !e.Vanished.IsZero() {
		return due, st.Severity(SevLate)
	}
	if due == tx.Now {
		s = st.DueNow
	}
	if !e.Realtime() {
		due, s = "~"+due, st.Planned
	}
	return due, s
}

// MaxDir is the widest a direction column grows on a board, the merged
// list and the fleet: beyond it a long direction is cut.
const MaxDir = 56
