package ladder

import "time"

// Row is one vehicle (or ghost) of the ladder as `abfahrt headways --json`
// gives it: the follower's headway to the vehicle ahead, null where there
// is none.
type Row struct {
	Line      string `json:"line"`
	Direction int    `json:"direction"`
	Towards   string `json:"towards"`
	Vehicle   int    `json:"vehicle"` // 0 for a ghost
	Stop      string `json:"stop"`    // at or last left; "" when not placed
	Between   bool   `json:"between"` // on its way from stop to the next
	Waiting   bool   `json:"waiting"` // at its first stop, not started yet
	DelayS    int    `json:"delay_s"`
	HeadwayS  *int   `json:"headway_s"`
	// Leader is the vehicle the headway is measured to: the one whose trip
	// the timetable runs last before this one's (0 without a headway).
	// Usually the vehicle ahead on the road; where this one overtook it,
	// Overtook names it and the headway is null (never negative).
	Leader int `json:"leader,omitempty"`
	// Overtook is the leader this vehicle passed (0 when none), AheadS
	// how far ahead of it it is now.
	Overtook          int  `json:"overtook,omitempty"`
	AheadS            *int `json:"ahead_s,omitempty"`
	ScheduledHeadwayS *int `json:"scheduled_headway_s"`
	// HeadwayAt is the stop point where the headway is measured: the last
	// one the vehicle reached (its first while it waits there).
	HeadwayAt  string `json:"headway_at,omitempty"`
	Flag       Flag   `json:"flag"`
	ReportAgeS *int   `json:"report_age_s"`
	Start      string `json:"start,omitempty"` // a ghost's scheduled start
}

// Rows flattens the ladder, rail by rail (direction dir only, unless 0).
func (l *Ladder) Rows(dir int) []Row {
	out := []Row{}
	for _, r := range l.Rails {
		if dir != 0 && r.Direction != dir {
			continue
		}
		for _, c := range r.Vehicles {
			row := Row{Line: l.Line, Direction: r.Direction, Towards: r.Towards, Vehicle: c.Vehicle, Stop: c.Stop,
				Between: c.Between, Waiting: c.Waiting, DelayS: c.Delay, Flag: c.Flag}
			if c.HasHeadway {
				row.HeadwayS, row.HeadwayAt, row.Leader = secs(c.Headway), string(c.Point), c.Leader
				if c.Overtook != 0 {
					row.HeadwayS, row.Overtook, row.AheadS = nil, c.Overtook, secs(-c.Headway)
				}
				if c.Scheduled > 0 {
					row.ScheduledHeadwayS = secs(c.Scheduled)
				}
			}
			if c.Age >= 0 {
				row.ReportAgeS = secs(c.Age)
			}
			if !c.Start.IsZero() {
				row.Start = c.Start.Format(time.RFC3339)
			}
			out = append(out, row)
		}
	}
	return out
}

func secs(d time.Duration) *int {
	s := int(d.Round(time.Second) / time.Second)
	return &s
}
