package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// History is abfahrt's memory as the board reads it: the departures
// recorded by `abfahrt record` or a recording hub (package history,
// adapted by the CLI). The board asks it one key away; it never polls.
type History interface {
	// Punctuality is line's punctuality at stop for the departures
	// scheduled since since.
	Punctuality(ctx context.Context, stop int, line string, since time.Time) (Punctuality, error)
	// VehicleRuns are the runs vehicle did since since, in order, and when
	// it was last seen (zero: never).
	VehicleRuns(ctx context.Context, vehicle int, since time.Time) ([]VehicleRun, time.Time, error)
}

// Punctuality summarises recorded departures: how many, the on-time share
// (60 s early to 180 s late) and the delay's median and 90th percentile.
type Punctuality struct {
	Departures  int
	OnTimeShare float64
	P50, P90    int // seconds
}

// VehicleRun is one run of a vehicle as recorded: line, direction, first
// and last stop with their times and the last delay known.
type VehicleRun struct {
	Line, Direction     string
	FirstStop, LastStop int
	First, Last         time.Time
	Delay               *int // seconds at the last stop, nil when unknown
}

// HistoryMsg carries the answer of a history query: the text the status
// line shows (board rows) or the vehicle's runs (the vehicle pane).
type HistoryMsg struct {
	Text    string
	Vehicle int
	Runs    []VehicleRun
	Last    time.Time
	Err     error
	Asked   bool // a vehicle's runs (Vehicle) were asked, even if none came
}

// historyTimeout bounds a query: a PostgreSQL that went away must not
// leave the key unanswered.
const historyTimeout = 5 * time.Second

// dayStart is the start of the service day of t in Ulm (03:00 local: a
// night bus at 01:30 belongs to the evening before).
func dayStart(t time.Time) time.Time {
	l := t.In(model.Berlin).Add(-3 * time.Hour)
	return time.Date(l.Year(), l.Month(), l.Day(), 3, 0, 0, 0, model.Berlin)
}

// PunctualityCmd asks the history for line's punctuality at stop today
// and over the last 7 days and says it in one line; with no history it
// says so plainly, in frame f's words and service day.
func (s *Services) PunctualityCmd(f Frame, stop int, stopName, line string) tea.Cmd {
	h, tx, now := s.hist, f.Texts, f.Now
	if h == nil {
		why := s.histWhy
		if why == "" {
			why = tx.HistNone
		}
		return func() tea.Msg { return HistoryMsg{Text: why} }
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
		defer cancel()
		today, err := h.Punctuality(ctx, stop, line, dayStart(now))
		if err != nil {
			return HistoryMsg{Text: fmt.Sprintf(tx.HistFailed, ui.OneLine(err.Error())), Err: err}
		}
		week, err := h.Punctuality(ctx, stop, line, dayStart(now).AddDate(0, 0, -6))
		if err != nil {
			return HistoryMsg{Text: fmt.Sprintf(tx.HistFailed, ui.OneLine(err.Error())), Err: err}
		}
		return HistoryMsg{Text: PunctualityText(tx, stopName, line, today, week)}
	}
}

// PunctualityText is the status line's account of a line's punctuality at
// a stop: today and the last 7 days, or that nothing was recorded.
func PunctualityText(tx *ui.Texts, stopName, line string, today, week Punctuality) string {
	head := fmt.Sprintf(tx.HistHead, line, stopName)
	if week.Departures == 0 {
		return head + ": " + tx.HistNothing
	}
	part := func(label string, p Punctuality) string {
		if p.Departures == 0 {
			return label + " " + tx.HistNoneYet
		}
		f := tx.HistPart
		if p.Departures == 1 {
			f = tx.HistPartOne // "1 departure", "1 Abfahrt"
		}
		return label + " " + fmt.Sprintf(f, p.Departures, int(p.OnTimeShare*100+0.5), signedMin(p.P50), signedMin(p.P90))
	}
	return head + ": " + part(tx.HistToday, today) + " · " + part(tx.HistWeek, week)
}

// signedMin is a delay in seconds as minutes with a sign: "+2", "-1", "0".
func signedMin(s int) string {
	m := (s + 30*sign(s)) / 60
	switch {
	case m > 0:
		return fmt.Sprintf("+%d", m)
	case m < 0:
		return fmt.Sprintf("%d", m)
	}
	return "0"
}

func sign(s int) int {
	if s < 0 {
		return -1
	}
	return 1
}

// VehicleRunsCmd asks the history for vehicle's runs on the service day
// of now (the service's time).
func (s *Services) VehicleRunsCmd(now time.Time, vehicle int) tea.Cmd {
	h := s.hist
	if h == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
		defer cancel()
		runs, last, err := h.VehicleRuns(ctx, vehicle, dayStart(now))
		return HistoryMsg{Vehicle: vehicle, Runs: runs, Last: last, Err: err, Asked: true}
	}
}

// RunsText is the vehicle pane's line of today's runs: "today: 3 runs ·
// 4 → Böfingen 07:12–07:48 +2 · … · last seen 07:48", the latest first,
// as many as width allows, in frame f.
func RunsText(f Frame, msg HistoryMsg, w int) string {
	tx := f.Texts
	switch {
	case msg.Err != nil:
		return fmt.Sprintf(tx.HistFailed, ui.OneLine(msg.Err.Error()))
	case msg.Last.IsZero():
		return tx.HistNoVehicle
	}
	last := fmt.Sprintf(tx.HistLastSeen, msg.Last.In(model.Berlin).Format("15:04"))
	if msg.Last.Before(dayStart(f.Now)) {
		last = fmt.Sprintf(tx.HistLastSeen, msg.Last.In(model.Berlin).Format("02.01. 15:04"))
	}
	// Runs done or under way: a departure recorded ahead of its time is
	// no run yet.
	runs := make([]VehicleRun, 0, len(msg.Runs))
	for _, r := range msg.Runs {
		if !r.First.After(f.Now) {
			runs = append(runs, r)
		}
	}
	if len(runs) == 0 {
		return tx.HistNoRunsToday + " · " + last
	}
	parts := []string{fmt.Sprintf(tx.HistRuns, len(runs))}
	if len(runs) == 1 {
		parts[0] = tx.HistRun
	}
	hm := func(t time.Time) string { return t.In(model.Berlin).Format("15:04") }
	for i := len(runs) - 1; i >= 0; i-- {
		r := runs[i]
		s := r.Line + " → " + r.Direction + " " + hm(r.First) + "–" + hm(r.Last)
		if r.Delay != nil {
			s += " " + signedMin(*r.Delay)
		}
		if len(parts) > 1 && ansi.StringWidth(strings.Join(append(parts, s, last), " · ")) > w {
			break // the older runs do not fit
		}
		parts = append(parts, s)
	}
	return strings.Join(append(parts, last), " · ")
}
