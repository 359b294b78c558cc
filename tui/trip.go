package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// tripPane is the trip summary of one vehicle: what it is, which line and
// direction it serves, how late it is and where it was last seen. It is
// fetched when opened and on `r`; the vehicle pane of issue 5 replaces it
// with a polled, detailed view.
type tripPane struct {
	sh      *shared
	open    bool
	vehicle int
	trip    *model.Trip
	err     error
	at      time.Time // when the summary arrived
	seq     int       // the request awaited, 0 when none
	cancel  context.CancelFunc
	width   int
	height  int
	focused bool
}

// newTripPane returns the closed pane.
func newTripPane(sh *shared) tripPane { return tripPane{sh: sh} }

// setSize gives the pane its rectangle.
func (p *tripPane) setSize(w, h int) { p.width, p.height = w, h }

// show opens the pane on vehicle n and fetches its trip.
func (p *tripPane) show(n int) tea.Cmd {
	if p.vehicle != n {
		p.trip, p.err, p.at = nil, nil, time.Time{}
	}
	p.open, p.vehicle = true, n
	return p.fetch()
}

// fetch requests the trip, replacing a request in flight.
func (p *tripPane) fetch() tea.Cmd {
	p.abort()
	sh := p.sh
	p.seq = sh.nextSeq()
	ctx, cancel := context.WithTimeout(sh.ctx, sh.pol.timeout)
	p.cancel = cancel
	return fetchTripCmd(ctx, cancel, sh.src, p.seq, p.vehicle, sh.clock)
}

// abort cancels the request in flight, if any.
func (p *tripPane) abort() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.seq = 0
}

// hide closes the pane.
func (p *tripPane) hide() {
	p.abort()
	p.open = false
}

// receive takes the answer msg if it is the one awaited.
func (p *tripPane) receive(msg tripMsg) {
	if msg.seq == 0 || msg.seq != p.seq {
		return
	}
	p.seq, p.cancel = 0, nil
	p.err = msg.err
	if msg.err == nil {
		p.trip, p.at = nil, msg.at
		for i := range msg.trips {
			if msg.trips[i].VehicleNumber == msg.vehicle {
				t := msg.trips[i]
				p.trip = &t
			}
		}
	}
}

// view renders the summary in a bordered box.
func (p *tripPane) view() string {
	w, h := p.width, p.height
	if w < 4 || h < 3 {
		return ""
	}
	st := p.sh.st
	inner := w - 2
	var cat model.VehicleCategory
	var veh *model.Vehicle
	if p.sh.base != nil {
		veh = p.sh.base.vehicles[p.vehicle]
	}
	if veh != nil {
		cat = veh.VehicleCategory
	}
	if p.trip != nil && p.trip.VehicleCategory != 0 {
		cat = p.trip.VehicleCategory
	}
	lines := []string{" " + st.Title.Render(vehicleTitle(cat, p.vehicle))}
	add := func(label, value string) {
		lines = append(lines, " "+st.Muted.Render(pad(label, 10))+value)
	}
	if veh != nil {
		if veh.VehicleName != "" && veh.VehicleName != vehicleTitle(cat, p.vehicle) {
			add("name", veh.VehicleName)
		}
		if veh.ModelData != nil {
			add("model", strings.TrimSpace(veh.ModelData.Make+" "+veh.ModelData.Model))
		}
		if c := veh.CapacityData; c != nil {
			add("capacity", fmt.Sprintf("%d seats, %d standing", c.Seats, c.StandingSpaces))
		}
	}
	lines = append(lines, "")
	lines = append(lines, p.journey(add)...)
	for i := range lines {
		lines[i] = fit(lines[i], inner)
	}
	box := st.Pane
	if p.focused {
		box = st.PaneFocused
	}
	body := clampLines(strings.Join(lines, "\n"), inner, h-2)
	return box.Width(inner).Render(body)
}

// journey describes the live trip, or why there is none.
func (p *tripPane) journey(add func(label, value string)) []string {
	st := p.sh.st
	now := p.sh.now
	switch {
	case p.trip == nil && p.err != nil:
		return []string{" " + st.Error.Render("Trip not available: "+p.err.Error())}
	case p.trip == nil && p.seq != 0:
		return []string{" " + st.Muted.Render("Loading trip…")}
	case p.trip == nil || !p.trip.IsActive:
		return []string{" " + st.Muted.Render("Not in service.")}
	}
	t := p.trip
	if j := t.JourneyData; j != nil {
		line := lineLabel(j.RouteName, j.RouteNumber)
		dir := j.DepartureDirectionText
		if dir == "" {
			dir = j.ArrivalDirectionText
		}
		add("line", st.LineBadge(line).Render(" "+line+" ")+" → "+dir)
	}
	d := model.DelayMinutes(t.Deviation())
	switch {
	case d == 0:
		add("deviation", st.OnTime.Render("on time"))
	case d > 0:
		add("deviation", st.Late.Render(fmt.Sprintf("+%d min late", d)))
	default:
		add("deviation", st.Early.Render(fmt.Sprintf("%d min early", -d)))
	}
	if pos, ok := t.Position(); ok {
		add("position", fmt.Sprintf("%.5f N, %.5f E", pos.Latitude, pos.Longitude))
	}
	if age, ok := t.ReportAge(now); ok {
		add("reported", ago(age))
	}
	if p.err != nil {
		add("refresh", st.Error.Render(p.err.Error()))
	}
	return nil
}

// keys returns the pane's bindings for help.
func (p *tripPane) keys() keyHelp {
	k := &p.sh.keys
	opt, tail := k.footer(overlayNone, paneTrip)
	return keyHelp{short: opt, always: tail, full: k.full()}
}
