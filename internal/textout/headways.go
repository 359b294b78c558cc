package textout

import (
	"fmt"
	"io"
	"strconv"

	"abfahrt/ladder"
)

// HasRail reports whether l has a rail of direction dir.
func HasRail(l *ladder.Ladder, dir int) bool {
	for _, r := range l.Rails {
		if r.Direction == dir {
			return true
		}
	}
	return false
}

// PrintHeadways prints line l's rows of the ladder as a table.
func PrintHeadways(out io.Writer, l *ladder.Ladder, rows []ladder.Row) error {
	reg := "regularity: too few headways"
	if r := l.Now(); r.Known() {
		reg = fmt.Sprintf("headways vary ±%d %% (the %d headways now)", r.Percent(), r.N)
	}
	if _, err := fmt.Fprintf(out, "Line %s, %s\n\n", l.Line, reg); err != nil {
		return err
	}
	t := NewTable(out, "DIR", "TOWARDS", "VEHICLE", "STOP", "DELAY", "HEADWAY", "BEHIND", "PLAN", "FLAG")
	for _, r := range rows {
		veh, stop := strconv.Itoa(r.Vehicle), Dash(r.Stop)
		if r.Vehicle == 0 {
			veh = "none"
		}
		switch {
		case r.Between:
			stop += " →"
		case r.Waiting:
			stop += " (waiting)"
		}
		delay := DelayText(r.DelayS)
		if r.Flag == ladder.FlagGhost {
			delay = "start " + r.Start[11:16]
		}
		behind := "–"
		if r.Leader != 0 {
			behind = strconv.Itoa(r.Leader)
		}
		headway := minutes(r.HeadwayS)
		if r.Overtook != 0 {
			headway = "overtook " + strconv.Itoa(r.Overtook)
		}
		t.Row(strconv.Itoa(r.Direction), r.Towards, veh, stop, delay, headway, behind, minutes(r.ScheduledHeadwayS), string(r.Flag))
	}
	return t.Flush()
}

// minutes reads a headway in seconds as whole and half minutes, "–" when
// there is none.
func minutes(s *int) string {
	if s == nil {
		return "–"
	}
	return strconv.FormatFloat(float64(*s)/60, 'f', 1, 64) + " min"
}
