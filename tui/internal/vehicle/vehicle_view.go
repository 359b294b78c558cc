package vehicle

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/mapview"
)

// vehicleCache holds the pane's last rendering, the map's, and what the
// last rendering learnt about the passage list for scrolling.
type vehicleCache struct {
	ui.Cached[viewKey]

	mapKey   mapKey
	mapLines []string
	mapOK    bool
}

// listWindow is what the keys need of the passage list's layout: the
// lines in all, the rows that fit and the first shown. measure computes
// it in Update; View computes the same from the same state and writes
// nothing.
type listWindow struct {
	Lines, Rows, First int
}

// window places a list of n lines in rows: from scroll, or with the
// focus line a third down when following, clamped.
func window(n, rows, focus, scroll int, follow bool) listWindow {
	first := scroll
	if follow {
		first = focus - rows/3
	}
	return listWindow{Lines: n, Rows: rows, First: max(min(first, n-rows), 0)}
}

// listRect is the passage list's rectangle (its header included) in the
// pane's layout; zero when there is none.
func (p *Pane) listRect(f app.Frame) (w, h int) {
	if p.width < 4 || p.height < 3 || !p.Have {
		return 0, 0
	}
	iw, ih := p.width-2, p.height-2
	bh := ih - len(p.headLines(f, iw))
	switch {
	case bh < 2:
		return 0, 0
	case iw >= 3*bh && iw >= 60: // beside the map
		return iw - iw/3 - 1, bh
	case bh >= 12: // above the map
		return iw, min(len(p.Pass.Passages)+2, bh/2)
	}
	return iw, bh
}

// measureKey is everything the passage list's layout depends on: the
// data (rev), the size, the scroll state and the second (the vehicle's
// place between its stops moves with the time).
type measureKey struct {
	rev, w, h, scroll int
	follow, have, ok  bool
	sec               int64
}

// Measure lays out the passage list for the keys (scrolling, paging):
// called from Update, never from View, and only when what the layout
// depends on changed (measureKey), not after every message.
func (p *Pane) Measure(f app.Frame) {
	k := measureKey{rev: p.rev, w: p.width, h: p.height, scroll: p.scroll, follow: p.Follow, have: p.Have, ok: true, sec: f.Now.Unix()}
	if p.measured == k {
		return
	}
	p.measured = k
	w, h := p.listRect(f)
	if w <= 0 || h <= 1 {
		p.List = listWindow{}
		return
	}
	d := p.diagram(f, w)
	p.List = window(len(d.Lines), h-1, d.Focus, p.scroll, p.Follow)
}

// diagram builds the passage diagram at width w.
func (p *Pane) diagram(f app.Frame, w int) diagram {
	bearing := 0
	if p.trip != nil && p.trip.PositionData != nil {
		bearing = p.trip.PositionData.Bearing
	}
	return BuildDiagram(f.Styles, f.Texts, p.Pass.Passages, p.position(), bearing, f.Now, w, p.prevStop)
}

// View renders the pane into its rectangle (exactly height lines of at
// most width cells), from the cache when nothing it shows has changed.
func (p *Pane) View(f app.Frame) string {
	k := viewKey{rev: p.rev, w: p.width, h: p.height, sec: f.Now.Unix(), focused: p.focused}
	return p.cache.Get(k, func() string { return ui.ClampLines(p.render(f), p.width, p.height) })
}

// render draws the bordered pane: identity, journey, notices, then the
// passage diagram and the map, beside each other when the body is wide
// and below each other when it is tall.
func (p *Pane) render(f app.Frame) string {
	w, h := p.width, p.height
	if w < 4 || h < 3 {
		return ""
	}
	st := f.Styles
	iw, ih := w-2, h-2
	head := p.headLines(f, iw)
	bodyH := ih - len(head)
	var body []string
	if bodyH >= 2 && p.Have {
		body = p.body(f, iw, bodyH)
	}
	lines := make([]string, 0, ih)
	for _, l := range head {
		lines = append(lines, ui.Fit(l, iw))
	}
	lines = append(lines, body...)
	box := st.Pane
	if p.focused {
		box = st.PaneFocused
	}
	return box.Width(iw).Render(ui.ClampLines(strings.Join(lines, "\n"), iw, ih))
}

// body lays out the passage diagram and the map in iw × bh.
func (p *Pane) body(f app.Frame, iw, bh int) []string {
	line := p.line()
	side := iw >= 3*bh && iw >= 60
	if side {
		mapW := iw / 3
		list := p.passageList(f, iw-mapW-1, bh)
		m := p.mapLines(f, line, mapW, bh)
		out := make([]string, bh)
		for i := range out {
			l, r := "", ""
			if i < len(list) {
				l = list[i]
			}
			if i < len(m) {
				r = m[i]
			}
			out[i] = ui.Pad(l, iw-mapW-1) + " " + r
		}
		return out
	}
	want := len(p.Pass.Passages) + 2 // the header and the vehicle's line
	listH := bh
	mapH := 0
	if bh >= 12 {
		listH = min(want, bh/2)
		mapH = bh - listH - 1
	}
	out := p.passageList(f, iw, listH)
	for len(out) < listH {
		out = append(out, "")
	}
	if mapH > 0 {
		out = append(out, "")
		out = append(out, p.mapLines(f, line, iw, mapH)...)
	}
	return out
}

// passageList renders the diagram's header and as many passage lines as
// fit in h, scrolled to follow the vehicle unless the user scrolled.
func (p *Pane) passageList(f app.Frame, w, h int) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	st := f.Styles
	d := p.diagram(f, w)
	rows := h - 1
	first := window(len(d.Lines), rows, d.Focus, p.scroll, p.Follow).First
	more := ""
	switch {
	case first > 0 && first+rows < len(d.Lines):
		more = "↑↓"
	case first > 0:
		more = "↑"
	case first+rows < len(d.Lines):
		more = "↓"
	}
	title := passageHeader(layoutPassageCols(f.Texts, w), more)
	out := []string{st.ColHeader.Render(ui.Fit(title, w))}
	for i := first; i < len(d.Lines) && i < first+rows; i++ {
		out = append(out, ui.Fit(d.Lines[i], w))
	}
	return out
}

// position locates the vehicle on its passages.
func (p *Pane) position() model.TripPosition {
	return model.LocateOnTrip(p.Pass.Passages, p.Range == model.RangeAll)
}

// line is the name of the line the vehicle serves, "" when unknown.
func (p *Pane) line() string {
	if p.Pass.RouteName != "" || p.Pass.RouteNumber != 0 {
		return p.Pass.Line()
	}
	if p.trip != nil && p.trip.JourneyData != nil {
		j := p.trip.JourneyData
		return app.LineLabel(j.RouteName, j.RouteNumber)
	}
	return ""
}

// vehicleInfo returns the vehicle's base data: the extended record when
// it came, else the search's basic one.
func (p *Pane) vehicleInfo() *model.Vehicle {
	if p.Info != nil {
		return p.Info
	}
	if p.svc.Base != nil {
		return p.svc.Base.Vehicles[p.Vehicle]
	}
	return nil
}

// genericVehicleName reports whether name only says what the title does,
// in any language of the board ("Straßenbahn 53" for tram 53): the
// service names its vehicles in German, and an English title followed by
// the German one says the same thing twice.
func genericVehicleName(name string, cat model.VehicleCategory, n int) bool {
	for _, tx := range []ui.Texts{ui.EnglishTexts(), ui.GermanTexts()} {
		if strings.EqualFold(strings.TrimSpace(name), tx.VehicleTitle(cat, n)) {
			return true
		}
	}
	return false
}

// headLines are the identity, journey, position and deviation lines and
// any notice, each at most iw wide.
func (p *Pane) headLines(f app.Frame, iw int) []string {
	st, tx := f.Styles, f.Texts
	now := f.Now
	sep := st.Muted.Render(" · ")
	veh := p.vehicleInfo()
	var cat model.VehicleCategory
	if veh != nil {
		cat = veh.VehicleCategory
	}
	if p.trip != nil && p.trip.VehicleCategory != 0 {
		cat = p.trip.VehicleCategory
	}
	title := tx.VehicleTitle(cat, p.Vehicle)
	id := []string{app.Link(p.svc.Links.VehicleURL(p.Vehicle), st.Title.Render(title))}
	if veh != nil {
		if veh.VehicleName != "" && !genericVehicleName(veh.VehicleName, cat, p.Vehicle) {
			id = append(id, st.Text.Render(veh.VehicleName))
		}
		if m := veh.ModelData; m != nil && strings.TrimSpace(m.Make+m.Model) != "" {
			id = append(id, st.Text.Render(strings.TrimSpace(m.Make+" "+m.Model)))
		}
		if c := veh.CapacityData; c != nil && c.Seats+c.StandingSpaces > 0 {
			id = append(id, st.Muted.Render(fmt.Sprintf(tx.Capacity, c.Seats, c.StandingSpaces)))
		}
	}
	out := []string{" " + strings.Join(id, sep)}
	if !p.Have {
		text, style := p.emptyNote(st, tx)
		out = append(out, "")
		for _, l := range ui.WrapWords(text, iw-1) { // a long note wraps, never cut
			out = append(out, " "+style.Render(l))
		}
		return append(out, p.historyLine(f, iw)...)
	}
	pos := p.position()
	// Journey: line, direction, deviation, age of the position report.
	t := p.trip
	var j []string
	line := p.line()
	dir := ""
	if t.JourneyData != nil {
		dir = t.JourneyData.DepartureDirectionText
		if dir == "" {
			dir = t.JourneyData.ArrivalDirectionText
		}
	}
	j = append(j, st.LineBadge(line).Render(" "+line+" ")+" "+st.Text.Render("→ "+dir))
	j = append(j, deviationText(st, tx, t.Deviation()))
	if age, ok := t.ReportAge(now); ok {
		j = append(j, st.Muted.Render(fmt.Sprintf(tx.Reported, tx.Ago(max(age, 0)))))
	}
	out = append(out, " "+strings.Join(j, sep))
	// The alert about the vehicle's line, in whole words over two lines
	// at most.
	if a := f.AlertFor(line); a != "" && iw > 12 {
		lines := ui.WrapWords(a, iw-3)
		if len(lines) > 2 {
			lines = append(lines[:1], ui.Fit(lines[1]+" "+strings.Join(lines[2:], " "), iw-3))
		}
		for i, l := range lines {
			lead := "  "
			if i == 0 {
				lead = "⚠ "
			}
			out = append(out, " "+st.Ticker.Render(lead+l))
		}
	}
	// Position and the next stop.
	var w []string
	if c, ok := t.Position(); ok {
		w = append(w, st.Accent.Render(string(mapview.Arrow(c.Bearing)))+" "+
			st.Text.Render(fmt.Sprintf("%.5f N, %.5f E, %d°", c.Latitude, c.Longitude, c.Bearing)))
	}
	ps := p.Pass.Passages
	if pos.Phase == model.PhaseAt && !p.Out {
		w = append(w, st.Text.Render(fmt.Sprintf(tx.AtStopName, ps[pos.At].StopName)))
	}
	if pos.Next >= 0 && pos.Next < len(ps) && !p.Out {
		n := ps[pos.Next]
		w = append(w, st.Text.Render(fmt.Sprintf(tx.NextStop, n.StopName)+" ")+st.Due.Render(tx.DueWord(n.Actual(), n.Scheduled(), now)))
	}
	if len(w) > 0 {
		out = append(out, " "+strings.Join(w, sep))
	}
	out = append(out, " "+p.pollLine(f, iw))
	out = append(out, p.historyLine(f, iw)...)
	for _, n := range p.notice(f, pos, iw-1) {
		out = append(out, " "+n)
	}
	return out
}

// historyLine is today's runs of the vehicle and when it was last seen,
// from the recorded history, in frame f; nothing without one.
func (p *Pane) historyLine(f app.Frame, iw int) []string {
	if !p.hist.Asked || iw < 12 {
		return nil
	}
	return []string{" " + f.Styles.Muted.Render(ui.Fit(app.RunsText(f, p.hist, iw-1), iw-1))}
}

// deviationText is "+2 min late", "on time" or "1 min early", coloured.
func deviationText(st *ui.Styles, tx *ui.Texts, sec int) string {
	d, sev := tx.Delay.Grade(sec)
	switch sev {
	case ui.SevOnTime:
		return st.OnTime.Render(tx.OnTime)
	case ui.SevSlight, ui.SevLate, ui.SevMinor:
		return st.Severity(sev).Render(fmt.Sprintf(tx.LateBy, d))
	case ui.SevEarly, ui.SevPlanned:
	}
	return st.Early.Render(fmt.Sprintf(tx.EarlyBy, -d))
}

// pollLine is the deviation sparkline over this session's polls and the
// state of the pane's own poll.
func (p *Pane) pollLine(f app.Frame, iw int) string {
	st, tx := f.Styles, f.Texts
	now := f.Local // poll times are local
	var parts []string
	if n := len(p.Samples); n > 0 {
		spark := mapview.Sparkline(p.Samples, min(n, max(iw/3, 8)))
		if st.Theme.ConsoleFont {
			spark = mapview.SparklineWith(p.Samples, min(n, max(iw/3, 8)), mapview.ConsoleSparks)
		}
		parts = append(parts, st.Muted.Render(tx.TripDeviation+" ")+st.Accent.Render(spark)+
			st.Muted.Render(" "+sparkScale(tx, p.Samples[n-len([]rune(spark)):])+" "+fmt.Sprintf(tx.Over, tx.Polls(n))))
	}
	pl := p.Polls()
	// The one staleness rule of every view (State.Stale): old data is
	// said to be old whether the last poll failed or a hub answered with
	// a stale copy.
	since, stale := f.Stale(pl)
	switch {
	case pl.AgeUnknown:
		parts = append(parts, st.Stale.Render(tx.StaleUnknown))
	case stale:
		parts = append(parts, st.Stale.Render(fmt.Sprintf(tx.StaleSince, since.In(model.Berlin).Format("15:04:05"))))
	}
	switch {
	case pl.LastErr != nil:
		parts = append(parts, st.Error.Render(app.ErrLine(tx, pl.LastErr)))
	case pl.InFlight():
		parts = append(parts, st.Muted.Render(tx.Refreshing))
	case stale || pl.AgeUnknown:
		// said above
	case !pl.LastOK.IsZero():
		s := fmt.Sprintf(tx.Updated, tx.Ago(max(now.Sub(pl.LastOK), 0)))
		if !pl.Next.IsZero() {
			s += ", " + fmt.Sprintf(tx.NextIn, tx.InDur(pl.Next.Sub(now)))
		}
		parts = append(parts, st.Muted.Render(s))
	}
	return strings.Join(parts, st.Muted.Render(" · "))
}

// sparkScale is the range the sparkline's bars span, in whole minutes
// (mapview.SparkRange): "0…+3 min", "-1…+2 min", "+9…+10 min".
func sparkScale(tx *ui.Texts, values []float64) string {
	lo, hi := mapview.SparkRange(values)
	signed := func(v float64) string {
		m := int(math.Round(v))
		if m > 0 {
			return "+" + ui.Itoa(m)
		}
		return ui.Itoa(m)
	}
	return fmt.Sprintf(tx.SparkScale, signed(lo), signed(hi))
}

// notice says when the vehicle is out of service or its trip has ended,
// wrapped to lines of at most w cells, in frame f.
func (p *Pane) notice(f app.Frame, pos model.TripPosition, w int) []string {
	st, tx := f.Styles, f.Texts
	switch {
	case p.Out:
		return wrapStyled(fmt.Sprintf(tx.OutOfService, f.SvcAt(p.outSince).In(model.Berlin).Format("15:04")), tx.OutOfServiceTail,
			st.Stale, st.Muted, w)
	case pos.Phase == model.PhaseEnded:
		ps := p.Pass.Passages
		return wrapStyled(fmt.Sprintf(tx.TripEnded, ps[len(ps)-1].StopName), tx.TripEndedTail, st.Stale, st.Muted, w)
	}
	return nil
}

// wrapStyled wraps head followed by tail (which may go on the head's last
// word, as ": …" does) at spaces to lines of at most w cells, the head's
// words in hs, the tail's in ts.
func wrapStyled(head, tail string, hs, ts lipgloss.Style, w int) []string {
	type word struct{ h, t string }
	var words []word
	for _, f := range strings.Fields(head) {
		words = append(words, word{h: f})
	}
	for i, f := range strings.Fields(tail) {
		if i == 0 && len(words) > 0 && tail != "" && tail[0] != ' ' {
			words[len(words)-1].t = f // glued to the head: "00:12:"
			continue
		}
		words = append(words, word{t: f})
	}
	render := func(ws []word) string {
		parts := make([]string, len(ws))
		for i, x := range ws {
			parts[i] = ""
			if x.h != "" {
				parts[i] += hs.Render(x.h)
			}
			if x.t != "" {
				parts[i] += ts.Render(x.t)
			}
		}
		return strings.Join(parts, " ")
	}
	var out []string
	var line []word
	n := 0
	for _, x := range words {
		xw := ansi.StringWidth(x.h + x.t)
		if len(line) > 0 && n+1+xw > w {
			out = append(out, ui.Fit(render(line), w))
			line, n = nil, 0
		}
		if len(line) > 0 {
			n++
		}
		line, n = append(line, x), n+xw
	}
	if len(line) > 0 {
		out = append(out, ui.Fit(render(line), w))
	}
	return out
}

// emptyNote says why there is no trip to show yet.
func (p *Pane) emptyNote(st *ui.Styles, tx *ui.Texts) (string, lipgloss.Style) {
	switch {
	case errors.Is(p.Polls().LastErr, feed.ErrNotFound):
		return fmt.Sprintf(tx.VehUnknown, p.Vehicle), st.Error
	case p.Polls().LastErr != nil:
		return fmt.Sprintf(tx.VehUnavailable, app.ErrLine(tx, p.Polls().LastErr)), st.Error
	case p.Out:
		return tx.NotInNow, st.Muted
	}
	return fmt.Sprintf(tx.LoadingVehicle, p.Vehicle), st.Muted
}

// viewKey is everything the pane's rendering depends on: its revision,
// rectangle, the second of the clock (report ages) and the focus.
type viewKey struct {
	rev, w, h int
	sec       int64
	focused   bool
}
