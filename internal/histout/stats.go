package histout

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"abfahrt/history"
	"abfahrt/internal/textout"
)

// StatsLayout is how abfahrt stats lays out its rows: one per line, or
// per line and day or hour (By), with the headway columns at a stop.
type StatsLayout struct {
	By      string // "", "day" or "hour"
	Headway bool   // a line's headway at a stop (--stop)
}

// header is the table's header, without the headway columns.
func (l StatsLayout) header() []string {
	header := []string{"LINE"}
	switch l.By {
	case "day":
		header = append(header, "DAY")
	case "hour":
		header = append(header, "HOUR")
	}
	return append(header, "DEPARTURES", "ON TIME", "P50", "P90", "VANISHED")
}

// cells are a row's cells up to VANISHED.
func (l StatsLayout) cells(s history.Stat, pct func(float64) string, secs func(int) string) []string {
	c := []string{s.Line}
	switch l.By {
	case "day":
		c = append(c, s.Day)
	case "hour":
		c = append(c, s.Hour.Format("2006-01-02 15:00"))
	}
	return append(c, strconv.Itoa(s.Departures), pct(s.OnTimeShare), secs(s.P50DelayS), secs(s.P90DelayS), pct(s.VanishedShare))
}

// StatsCSV writes rows as CSV: shares as fractions, delays in seconds.
func StatsCSV(out io.Writer, l StatsLayout, rows []history.Stat) error {
	w := csv.NewWriter(out)
	header := l.header()
	h := make([]string, len(header))
	for i, x := range header {
		h[i] = strings.ToLower(strings.ReplaceAll(x, " ", "_"))
	}
	h[len(h)-4], h[len(h)-3], h[len(h)-2], h[len(h)-1] = "on_time_share", "p50_delay_s", "p90_delay_s", "vanished_share"
	if l.Headway {
		h = append(h, "headway_p50_s", "headway_p90_s", "headway_long_share", "overtakings")
	}
	_ = w.Write(h)
	for _, s := range rows {
		c := l.cells(s, func(f float64) string { return strconv.FormatFloat(f, 'f', 4, 64) }, strconv.Itoa)
		if l.Headway {
			c = append(c, "", "", "", "")
			if s.HeadwayLongShare != nil { // all four or none
				c[len(c)-4], c[len(c)-3] = strconv.Itoa(*s.HeadwayP50S), strconv.Itoa(*s.HeadwayP90S)
				c[len(c)-2] = strconv.FormatFloat(*s.HeadwayLongShare, 'f', 4, 64)
				c[len(c)-1] = strconv.Itoa(s.Overtakings)
			}
		}
		_ = w.Write(c)
	}
	w.Flush()
	return w.Error()
}

// StatsTable writes rows as a table for people, with what the columns
// mean below it.
func StatsTable(out io.Writer, l StatsLayout, rows []history.Stat) error {
	header := l.header()
	if l.Headway {
		header = append(header, "HEADWAY P50", "P90", "LONG", "OVERTAKEN")
	}
	t := textout.NewTable(out, header...)
	for _, s := range rows {
		c := l.cells(s, func(f float64) string { return fmt.Sprintf("%.0f %%", 100*f) }, signedMinutes)
		if l.Headway {
			mins := func(v int) string { return fmt.Sprintf("%.1f min", float64(v)/60) }
			c = append(c, optInt(s.HeadwayP50S, mins), optInt(s.HeadwayP90S, mins), "-", "-")
			if s.HeadwayLongShare != nil {
				c[len(c)-2] = fmt.Sprintf("%.0f %%", 100**s.HeadwayLongShare)
				c[len(c)-1] = strconv.Itoa(s.Overtakings)
			}
		}
		t.Row(c...)
	}
	if err := t.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(out, "on time: %s early to %s late; P50/P90: delay in minutes\n", MinutesText(history.OnTimeEarly), MinutesText(history.OnTimeLate))
	if err == nil && l.Headway {
		_, err = fmt.Fprintf(out, "headway: observed gaps between departures scheduled at most %d min apart (-: not that frequent); LONG: gaps over 1.5 times the scheduled one; gaps in the order of departure, OVERTAKEN: departures that left before one scheduled ahead of them\n", history.FrequentGap/60)
	}
	return err
}

// Runs writes a vehicle's runs as a table, stops named by names.
func Runs(out io.Writer, runs []history.Run, names func(int) string) error {
	t := textout.NewTable(out, "LINE", "DIRECTION", "FROM", "AT", "DELAY", "TO", "AT", "DELAY", "STOPS", "RUN")
	for _, r := range runs {
		state := "done"
		switch {
		case r.UnderWay:
			state = "under way"
		case r.Planned:
			state = "not yet left"
		}
		t.Row(r.Line, r.Direction, names(r.FirstStop), runClock(r.FirstTime), delayCell(r.FirstDelay),
			names(r.LastStop), runClock(r.LastTime), delayCell(r.LastDelay), strconv.Itoa(r.Stops), state)
	}
	return t.Flush()
}
