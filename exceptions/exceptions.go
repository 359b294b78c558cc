// Package exceptions finds what needs a dispatcher in the live data of a
// network: vehicles late beyond a threshold, vehicles whose position
// reports stopped, connections at risk at configured transfer stops, and
// the line-level items (bunched pairs, gaps, ghosts) that a LineFlags
// source adds. It also judges whether the data itself is trustworthy (the
// Verdict). It is pure computation over model types: no I/O, no clock of
// its own (every rule takes now), no TUI.
//
// # Thresholds and where they come from
//
//   - Late: a vehicle whose deviation is more than Rules.Late (default
//     DefaultLate, 5 min; [exceptions] late in the config). Five minutes is
//     the usual tolerance of punctuality statistics in German public
//     transport (a vehicle up to 5 min late counts as on time there), so
//     what the queue lists is what those figures would count against.
//   - Silent: a vehicle whose last position report is older than
//     SilentAfter (150 s). The service updates live data every 15 s (spec,
//     section 1); 150 s is ten such updates, so one or two lost reports,
//     common in radio data, do not count, and a vehicle that has not
//     reported for two and a half minutes has clearly stopped.
//   - Outage: at least OutageShare (20 %) of at least OutageMinVehicles
//     (20) vehicles in service are silent. Below 20 vehicles one or two
//     silent vehicles would swing the share (a quiet night with five
//     vehicles out is not an outage); a fifth of the fleet silent at once
//     is not the odd radio gap but the data path failing, and then every
//     other rule reads stale positions and delays.
//   - Connection at risk: the feeder's predicted arrival at the stop plus
//     the connection's minimum transfer time is after the connecting
//     departure's predicted time (equal is still caught).
package exceptions

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"abfahrt/model"
)

// Kind is what an item is about.
type Kind string

// The kinds of item.
const (
	Late       Kind = "late"
	Bunched    Kind = "bunched"
	Gap        Kind = "gap"
	Ghost      Kind = "ghost"
	Silent     Kind = "silent"
	Connection Kind = "connection"
)

// Thresholds (see the package comment for where they come from).
const (
	DefaultLate       = 5 * time.Minute
	SilentAfter       = 150 * time.Second
	OutageShare       = 20 // percent
	OutageMinVehicles = 20
)

// Item is one thing that needs a dispatcher.
type Item struct {
	Kind      Kind   `json:"kind"`
	Line      string `json:"line"`
	Direction string `json:"direction,omitempty"`
	Vehicle   int    `json:"vehicle,omitempty"`
	// Other is the second vehicle of a bunched pair, or the connecting
	// line's vehicle (0 when none is known).
	Other    int    `json:"other_vehicle,omitempty"`
	Stop     int    `json:"stop,omitempty"`
	StopName string `json:"stop_name,omitempty"`
	// Since is when the item began: the last report of a silent vehicle,
	// else when it was first seen as it is (Tracker.Stamp).
	Since time.Time `json:"since"`
	// Detail says what is wrong, in English (the TUI words it in its
	// language from the fields below).
	Detail string `json:"detail"`
	// Seconds is the item's measure: the delay of a late vehicle, the
	// report age of a silent one, the minutes missing (as seconds) of a
	// connection, the headway of a bunched pair or gap.
	Seconds int `json:"seconds,omitempty"`
	// Ref names the item within its kind when line, vehicle and stop do
	// not: the connecting line and the departure's scheduled time of a
	// connection, the scheduled start of a ghost trip.
	Ref string `json:"ref,omitempty"`
	// Level is the coarse state of the item: an acknowledged or hidden item
	// shows again when its level changes (a late vehicle's delay steps up
	// by five minutes). Empty for items that change only by going away.
	Level string `json:"-"`
	// Conn are a connection's times, for wording it (nil for other kinds).
	Conn *ConnTimes `json:"-"`
	// NextStop is the stop a vehicle between two is on its way to (its
	// last one is StopName); "" at a stop.
	NextStop string `json:"next_stop,omitempty"`
	// Plan is a bunched pair's or a gap's headway by the timetable.
	Plan time.Duration `json:"-"`
	// PlanSeconds is Plan in seconds, for scripts.
	PlanSeconds int `json:"plan_seconds,omitempty"`
	// Overtook: the follower of a bunched pair passed its leader (Other);
	// Seconds is then how far it is ahead of it, never a negative headway.
	Overtook bool `json:"overtook,omitempty"`
	// Count is a line's late group's number of vehicles (0 for one
	// vehicle's item); Members are its vehicles' items.
	Count   int    `json:"count,omitempty"`
	Members []Item `json:"members,omitempty"`
}

// ConnTimes are a connection at risk's times: the feeder's predicted
// arrival and the connecting line's departure as said (their minutes;
// see AtRisk), the connecting line, and the transfer time needed.
type ConnTimes struct {
	Arrives, Departs time.Time
	To               string
	Transfer         time.Duration
}

// Key is the item's identity: the same key is the same situation. A
// line's late group is the line's lateness, whichever vehicles it has.
func (it Item) Key() string {
	if it.Count > 0 {
		return string(it.Kind) + "|" + it.Line + "|line"
	}
	return strings.Join([]string{string(it.Kind), it.Line, it.Direction, strconv.Itoa(it.Vehicle),
		strconv.Itoa(it.Other), strconv.Itoa(it.Stop), it.Ref}, "|")
}

// Snapshot is the live data the rules read: the trips of every vehicle,
// the boards of the connections' stops, the time.
type Snapshot struct {
	Now   time.Time
	Trips []model.Trip
	// Boards are the connections' stops' boards by stop number.
	Boards map[int]StopBoards
}

// StopBoards are a stop's arrivals and departures.
type StopBoards struct {
	Arrivals, Departures []model.Event
	HaveArr, HaveDep     bool
}

// LineFlags gives the line-level items of a line: bunched pairs, gaps
// and ghosts (the line ladder fills it in). It is called once per line in
// service with the snapshot the other rules read.
type LineFlags interface {
	Flags(line string, s *Snapshot) []Item
}

// LineFlagsFunc is a function as LineFlags.
type LineFlagsFunc func(line string, s *Snapshot) []Item

// Flags calls f.
func (f LineFlagsFunc) Flags(line string, s *Snapshot) []Item { return f(line, s) }

// Transfer is a configured connection: at Stop, passengers of line From
// change to line To, which needs MinTransfer.
type Transfer struct {
	Stop        int
	From, To    string
	MinTransfer time.Duration
}

// Rules are the queue's rules with their settings.
type Rules struct {
	Late        time.Duration // 0: DefaultLate
	Connections []Transfer
	Lines       LineFlags // nil: no line-level items
}

// TripLine is a trip's line name ("" when it serves none), as the boards
// write it.
func TripLine(t model.Trip) string {
	j := t.JourneyData
	if j == nil {
		return ""
	}
	if j.RouteName != "" {
		return j.RouteName
	}
	if j.RouteNumber == 0 {
		return ""
	}
	return strconv.Itoa(j.RouteNumber)
}

// inService are the trips of vehicles in service with a line.
func inService(trips []model.Trip) []model.Trip {
	var out []model.Trip
	for _, t := range trips {
		if t.IsActive && t.VehicleNumber != 0 {
			out = append(out, t)
		}
	}
	return out
}

// Items applies the rules to s: late, silent, connections at risk and
// the line flags. Since is set only where the data says it (silent);
// Tracker.Stamp fills in the rest.
func (r Rules) Items(s *Snapshot) []Item {
	late := r.Late
	if late <= 0 {
		late = DefaultLate
	}
	var out []Item
	var lines []string
	for _, t := range inService(s.Trips) {
		line, dir := TripLine(t), t.DirectionText()
		if line != "" && !slices.Contains(lines, line) {
			lines = append(lines, line)
		}
		if it, ok := silentItem(t, line, dir, s.Now); ok {
			out = append(out, it)
			continue // its delay is as old as its position
		}
		if dev := t.Deviation(); time.Duration(dev)*time.Second > late {
			m := model.DelayMinutes(dev)
			out = append(out, Item{Kind: Late, Line: line, Direction: dir, Vehicle: t.VehicleNumber, Seconds: dev,
				Detail: fmt.Sprintf(English.Late, m), Level: strconv.Itoa(m / 5)})
		}
	}
	for _, c := range r.Connections {
		out = append(out, c.AtRisk(s.Boards[c.Stop], s.Now)...)
	}
	if r.Lines != nil {
		slices.Sort(lines)
		for _, l := range lines {
			out = append(out, r.Lines.Flags(l, s)...)
		}
	}
	return out
}

// silentItem is the item of a vehicle whose position is older than
// SilentAfter at now.
func silentItem(t model.Trip, line, dir string, now time.Time) (Item, bool) {
	age, ok := t.ReportAge(now)
	if !ok || age <= SilentAfter {
		return Item{}, false
	}
	return Item{Kind: Silent, Line: line, Direction: dir, Vehicle: t.VehicleNumber, Seconds: int(age / time.Second),
		Since: t.TimeData.ReferenceTime.Time, Detail: fmt.Sprintf("no position for %s", Ago(age))}, true
}

// Ago writes a duration as a person reads an age: "40 s", "3 min", "2 h 5 min".
func Ago(d time.Duration) string {
	d = max(d, 0)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d/time.Minute))
	}
	return fmt.Sprintf("%d h %d min", int(d/time.Hour), int(d%time.Hour/time.Minute))
}

// AtRisk returns the connection's items at risk on the stop's boards at
// now. For every feeder (an arrival of From not yet arrived) the planned
// connection in each direction of To is the first departure of To whose
// scheduled time is at least the feeder's scheduled arrival plus
// MinTransfer; it is at risk when the feeder's predicted arrival plus
// MinTransfer is after that departure's predicted time.
func (c Transfer) AtRisk(b StopBoards, now time.Time) []Item {
	if !b.HaveArr || !b.HaveDep {
		return nil
	}
	var out []Item
	for _, a := range b.Arrivals {
		if a.Line() != c.From || a.Gone() || !a.Scheduled.Known() {
			continue
		}
		arr := a.Due()
		if arr.Before(now) {
			continue // arrived: its passengers are on the platform
		}
		seen := map[string]bool{}
		for _, d := range b.Departures {
			if d.Line() != c.To || d.Gone() || seen[d.DirectionText] || !d.Scheduled.Known() {
				continue
			}
			if d.Scheduled.Before(a.Scheduled.Add(c.MinTransfer)) {
				continue // not this feeder's planned connection
			}
			seen[d.DirectionText] = true
			ready := arr.Add(c.MinTransfer)
			if !ready.After(d.Due()) {
				continue
			}
			// Said in the minutes its clocks show, so that they agree: the
			// shortfall is what the clocks' minutes leave of the transfer
			// (within a minute of the truth). When they seem to leave
			// enough (07:42:01 to 07:45:00 for 3 min) the arrival is said
			// in its next minute, 1 min short.
			arrMin, depMin := arr.Truncate(time.Minute), d.Due().Truncate(time.Minute)
			if c.MinTransfer-depMin.Sub(arrMin) < time.Minute {
				arrMin = arrMin.Add(time.Minute)
			}
			short := max(c.MinTransfer-depMin.Sub(arrMin), time.Minute).Round(time.Minute)
			out = append(out, Item{Kind: Connection, Line: c.From, Vehicle: a.VehicleNumber, Other: d.VehicleNumber, Stop: c.Stop,
				Direction: d.DirectionText, Seconds: int(short / time.Second),
				Ref:    c.To + "@" + d.Scheduled.Format("15:04"),
				Conn:   &ConnTimes{Arrives: arrMin, Departs: depMin, To: c.To, Transfer: c.MinTransfer},
				Detail: fmt.Sprintf("%s arrives %s, %s to %s leaves %s: %s short of %s transfer", c.From, clock(arrMin), c.To, d.DirectionText, clock(depMin), MinutesUp(short), Ago(c.MinTransfer))})
		}
	}
	return out
}

func clock(t time.Time) string { return t.In(model.Berlin).Format("15:04") }

// MinutesUp writes a shortfall as whole minutes, rounded up: 10 s short
// is "1 min" short.
func MinutesUp(d time.Duration) string {
	return fmt.Sprintf("%d min", int(math.Ceil(d.Minutes())))
}

// Verdict is the network data verdict: how many vehicles in service
// report a position time, and how many of those are silent.
type Verdict struct {
	Vehicles int  `json:"vehicles"`
	Silent   int  `json:"silent"`
	Percent  int  `json:"silent_percent"`
	Outage   bool `json:"outage"`
}

// Judge returns the verdict of the trips at now: an outage when at least
// OutageShare percent of at least OutageMinVehicles vehicles have
// positions older than SilentAfter.
func Judge(trips []model.Trip, now time.Time) Verdict {
	var v Verdict
	for _, t := range inService(trips) {
		age, ok := t.ReportAge(now)
		if !ok {
			continue
		}
		v.Vehicles++
		if age > SilentAfter {
			v.Silent++
		}
	}
	if v.Vehicles > 0 {
		v.Percent = int(math.Round(float64(v.Silent) * 100 / float64(v.Vehicles)))
	}
	v.Outage = v.Vehicles >= OutageMinVehicles && v.Silent*100 >= OutageShare*v.Vehicles
	return v
}

// String is the verdict in English: "data ok" or "outage: 31 % of
// vehicles silent > 150 s".
func (v Verdict) String() string {
	if !v.Outage {
		return "data ok"
	}
	return fmt.Sprintf("outage: %d %% of vehicles silent > %d s", v.Percent, int(SilentAfter/time.Second))
}
