package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/catalog"
)

// Texts is the catalogue of one language (package catalog, one file per
// feature), with what the board computes from it: the column widths the
// language needs and the delay rule whose words it shows. Its methods
// format times, delays and states in its language.
type Texts struct {
	catalog.Texts

	// Widths holds the column widths this language needs (not a string).
	Widths ColWidths

	// Delay is the delay rule (format.go), kept with the words that say
	// it ("late >3 min").
	Delay DelayRule
}

// ColWidths are the widths of the board columns whose content depends on
// the language.
type ColWidths struct {
	Due, Sched, Delay, Status, Vehicle int
}

// EnglishTexts is the English catalogue.
func EnglishTexts() Texts {
	return Texts{Texts: catalog.English()}
}

// GermanTexts is the German catalogue.
func GermanTexts() Texts {
	return Texts{Texts: catalog.German()}
}

// TextsFor returns the catalogue of a language: "de" (or "de_DE…") is
// German, anything else English.
func TextsFor(lang string) *Texts {
	var t Texts
	if strings.HasPrefix(strings.ToLower(lang), catalog.LangGerman) {
		t = GermanTexts()
	} else {
		t = EnglishTexts()
	}
	t.Widths = t.widths()
	t.Delay = DefaultDelayRule
	return &t
}

// widths computes the board column widths this language needs: the
// widest value or title of each column, at least the English minimum.
func (t *Texts) widths() ColWidths {
	w := func(min int, ss ...string) int {
		for _, s := range ss {
			min = max(min, ansi.StringWidth(s))
		}
		return min
	}
	return ColWidths{
		Due:     w(7, "~"+t.Now, "~59 "+t.Min, t.ColDue),
		Sched:   w(5, t.ColSched),
		Delay:   w(7, t.OnTime, t.Planned, fmt.Sprintf(t.DelayLate, 99), fmt.Sprintf(t.DelayEarly, -9), t.ColDelay),
		Status:  w(8, t.Arriving, t.AtStop, t.Departed, t.Passed, t.ColStatus),
		Vehicle: w(5, t.ColVehicle),
	}
}

// Countdown formats the time until an event: "now" under a minute (and for
// the minute after), "N min" under an hour, the clock time beyond; across
// a change of the clocks, "N min" and then "2h05" for three hours.
func (t *Texts) Countdown(e model.Event, now time.Time) string {
	due, ok := e.DueIn(now)
	switch {
	case !e.Vanished.IsZero():
		return t.Gone // never counted down: it is not coming
	case !ok:
		return "–"
	case due < time.Minute:
		return t.Now
	case due < time.Hour:
		return strconv.Itoa(int(due/time.Minute)) + " " + t.Min
	case due < acrossChange && offsetOf(e.Due()) != offsetOf(now):
		// Across a change of the clocks the clock time misleads: 03:00
		// under a 02:59 header is 61 minutes away on the night they go
		// back. Minutes, then hours and minutes, as long as it could.
		if due < 100*time.Minute {
			return strconv.Itoa(int(due/time.Minute)) + " " + t.Min
		}
		m := int(due / time.Minute)
		return strconv.Itoa(m/60) + "h" + fmt.Sprintf("%02d", m%60)
	}
	return e.Due().In(model.Berlin).Format("15:04")
}

// acrossChange is how far ahead a countdown across a change of the clocks
// is given as a duration rather than a clock time.
const acrossChange = 3 * time.Hour

// offsetOf is the UTC offset of Ulm's clocks at t.
func offsetOf(t time.Time) int {
	_, off := t.In(model.Berlin).Zone()
	return off
}

// DirHeader is the direction column's title: where departures go, where
// arrivals come from.
func (t *Texts) DirHeader(arrivals bool) string {
	if arrivals {
		return t.ColFrom
	}
	return t.ColDirection
}

// EndsAt reports whether departure e is a trip that ends at the stop
// named stop: its direction is the stop itself, so it departs nowhere.
func EndsAt(e *model.Event, stop string) bool {
	return !e.Arrival && stop != "" && strings.EqualFold(strings.TrimSpace(e.DirectionText), strings.TrimSpace(stop))
}

// DelayText formats an event's delay: "+3", "on time", "-1", or "planned"
// for a timetable-only row; with its severity.
func (t *Texts) DelayText(e model.Event) (string, Severity) {
	if !e.Realtime() {
		return t.Planned, SevPlanned
	}
	return t.Deviation(e.Deviation)
}

// Deviation formats a live deviation in seconds as a board does: "+3",
// "on time", "-1", with its severity.
func (t *Texts) Deviation(sec int) (string, Severity) {
	switch d, sev := t.Delay.Grade(sec); sev {
	case SevOnTime:
		return t.OnTime, sev
	case SevEarly:
		return fmt.Sprintf(t.DelayEarly, d), sev
	case SevSlight, SevLate, SevPlanned, SevMinor:
		return fmt.Sprintf(t.DelayLate, d), sev
	}
	return "", SevPlanned
}

// StatusWord is the passage status worth showing on a board: the default
// "predicted" says nothing and is left out.
func (t *Texts) StatusWord(s model.PassageStatus) string {
	switch s {
	case model.StatusArriving:
		return t.Arriving
	case model.StatusStopping:
		return t.AtStop
	case model.StatusDeparted:
		return t.Departed
	case model.StatusPassed:
		return t.Passed
	case model.StatusPredicted: // says nothing
	}
	return ""
}

// Ago formats an age: "4 s ago", "3 min ago", "2 h ago".
func (t *Texts) Ago(d time.Duration) string {
	switch {
	case d < time.Second:
		return t.JustNow
	case d < time.Minute:
		return fmt.Sprintf(t.SecondsAgo, int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf(t.MinutesAgo, int(d/time.Minute))
	}
	return fmt.Sprintf(t.HoursAgo, int(d/time.Hour))
}

// BarStep is the granularity of the status bar's ages and times to go.
// The bar is redrawn (and its 120 or more cells sent to the terminal) only
// when its text changes, so it does not count seconds: live data is 15 s
// apart, and a failed or late answer is marked at once by the stale
// marker and the error, not by a counter.
const BarStep = 30 * time.Second

// CoarseAgo formats an age for the status bar: "< 30 s ago", then
// whole minutes, rounded ("1 min ago" from 30 s), then hours.
func (t *Texts) CoarseAgo(d time.Duration) string {
	switch {
	case d < BarStep:
		return fmt.Sprintf(t.UnderAgo, int(BarStep/time.Second))
	case d < time.Hour:
		return fmt.Sprintf(t.MinutesAgo, int((d+time.Minute/2)/time.Minute))
	}
	return fmt.Sprintf(t.HoursAgo, int(d/time.Hour))
}

// CoarseIn formats a time to go for the status bar: "< 30 s", then
// minutes rounded up ("2 min" for 61 s), never less than is left.
func (t *Texts) CoarseIn(d time.Duration) string {
	if d <= BarStep {
		return fmt.Sprintf(t.Under, int(BarStep/time.Second))
	}
	return fmt.Sprintf(t.Minutes, int((d+time.Minute-1)/time.Minute))
}

// InDur formats a time to go: "11 s", "2 min".
func (t *Texts) InDur(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second) // round up: "in 0 s" never while waiting
	if s < 120 {
		return fmt.Sprintf(t.Seconds, s)
	}
	return fmt.Sprintf(t.Minutes, s/60)
}

// Date formats a day as people write it: "Friday, 11 September 2026",
// "Freitag, 11. September 2026".
func (t *Texts) Date(d time.Time) string {
	d = d.In(model.Berlin)
	return fmt.Sprintf(t.DateFormat, t.Weekdays[d.Weekday()], d.Day(), t.Months[d.Month()-1], d.Year())
}

// DateIn is the longest form of the date that fits in w cells, in whole
// words: with the year, without it, without the weekday ("Friday, 11
// September 2026", "Friday, 11 September", "11 September"); "" when not
// even the day and month fit.
func (t *Texts) DateIn(d time.Time, w int) string {
	d = d.In(model.Berlin)
	noYear := strings.Replace(t.DateFormat, " %[4]d", "", 1)
	for _, f := range []string{t.DateFormat, noYear, strings.Replace(noYear, "%[1]s, ", "", 1)} {
		s := fmt.Sprintf(f, t.Weekdays[d.Weekday()], d.Day(), t.Months[d.Month()-1], d.Year())
		if ansi.StringWidth(s) <= w {
			return s
		}
	}
	return ""
}

// RowStatus is a board row's status word: a vanished departure says it is
// no longer reported, a row with Status 5 that it passes without stopping.
func (t *Texts) RowStatus(e *model.Event) string {
	switch {
	case !e.Vanished.IsZero():
		return t.NoLonger
	case e.Status == model.StatusPassed:
		return t.NoHalt
	}
	return t.StatusWord(e.Status)
}

// PassageStatus is a passage's status word, "predicted" included.
func (t *Texts) PassageStatus(s model.PassageStatus) string {
	if w := t.StatusWord(s); w != "" {
		return w
	}
	return t.Predicted
}

// DueWord says when something happens: "now", "in 40 s", "in 12 min",
// "at 13:05".
func (t *Texts) DueWord(actual, sched model.Time, now time.Time) string {
	at := actual
	if !at.Known() {
		at = sched
	}
	s := t.ShortDue(at, now)
	switch {
	case s == "" || s == t.Now:
		return t.Now
	case strings.Contains(s, ":"):
		return fmt.Sprintf(t.AtTime, s)
	}
	return fmt.Sprintf(t.InTime, s)
}

// ShortDue is the countdown of a passage, counted as the board counts
// (Countdown): "now" under a minute, "1 min" (not "82 s") to "59 min", the
// clock time from an hour on.
func (t *Texts) ShortDue(at model.Time, now time.Time) string {
	if !at.Known() {
		return ""
	}
	d := at.Sub(now)
	switch {
	case d < time.Minute:
		return t.Now
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + " " + t.Min
	}
	return ClockTime(at)
}

// Polls is "1 poll", "3 polls".
func (t *Texts) Polls(n int) string {
	if n == 1 {
		return t.PollN
	}
	return fmt.Sprintf(t.PollsN, n)
}

// RouteCategory names a line's kind in the catalogue's language.
func (t *Texts) RouteCategory(c model.RouteCategory) string {
	switch c {
	case model.RouteTram:
		return t.CatTram
	case model.RouteBus:
		return t.CatBus
	}
	return c.String()
}

// VehicleTitle is "Tram 41", "Bus 151" or "Vehicle 7".
func (t *Texts) VehicleTitle(c model.VehicleCategory, n int) string {
	switch c {
	case model.VehicleTram:
		return fmt.Sprintf(t.TramN, n)
	case model.VehicleBus:
		return fmt.Sprintf(t.BusN, n)
	}
	return fmt.Sprintf(t.VehicleN, n)
}
