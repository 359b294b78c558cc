package vehicle

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/mapview"
)

// mapKey is everything the map's rendering depends on.
type mapKey struct {
	rev        int
	cols, rows int
	next       string     // the stop named first
	upcoming   bool       // only the stops ahead are named
	st         *ui.Styles // the styles drawn with (a theme switch draws again)
}

// routeMap draws the trip's Track in braille (half blocks in the console
// font, which has no braille), fitted to cols × rows cells with north up,
// the stops marked and the vehicle as an arrow along its bearing. Stop
// names go beside their marks where they fit on blank cells: the next
// stop's (next) first, then the termini's, then the others in order; only
// the stops in named when it is not nil (those the pane lists: the
// upcoming range names no stop the vehicle has served). A map
// of four rows or more gives its last row to a legend of the symbols. It
// returns nil when there is no track to draw.
func routeMap(st *ui.Styles, tx *ui.Texts, line string, track []model.TrackPoint, stops []model.PatternStop, trip *model.Trip, next string, named map[string]bool, cols, rows int) []string {
	if len(track) == 0 || cols <= 0 || rows <= 0 {
		return nil
	}
	legend := rows >= 4
	if legend {
		rows--
	}
	pts := make([]mapview.LonLat, 0, len(track))
	for _, t := range track {
		if q := t.Point(); q.Known() {
			pts = append(pts, mapview.LonLat{Lon: q.Longitude, Lat: q.Latitude})
		} else {
			pts = append(pts, mapview.LonLat{Lon: 180, Lat: 90}) // breaks the line
		}
	}
	p := mapview.Fit(pts, cols, rows)
	c := mapview.NewCanvas(cols, rows)
	terminus, stopMark := '◆', '•'
	if st.Theme.ConsoleFont {
		c.DrawWith(mapview.HalfBlocks)
		terminus = '♦'
	}
	c.Polyline(p, pts)
	for i, s := range stops {
		if !s.StopPointCoordinates.Known() {
			continue
		}
		r := stopMark
		if i == 0 || i == len(stops)-1 {
			r = terminus
		}
		c.MarkAt(p, lonLat(s.StopPointCoordinates.Point), r, mapview.KindStop)
	}
	arrow := '→'
	if trip != nil {
		if pos, ok := trip.Position(); ok {
			arrow = mapview.Arrow(pos.Bearing)
			c.MarkAt(p, lonLat(pos.Point), arrow, mapview.KindVehicle)
		}
	}
	for _, i := range labelOrder(stops, next) {
		s := stops[i]
		name := strings.TrimSpace(s.StopName)
		if name == "" || ansi.StringWidth(name) != len([]rune(name)) || !s.StopPointCoordinates.Known() || named != nil && !named[s.StopName] {
			continue
		}
		if col, row, ok := p.Cell(lonLat(s.StopPointCoordinates.Point)); ok {
			c.LabelBeside(col, row, name, mapview.KindLabel)
		}
	}
	trackSt, stopSt, vehSt, labelSt := st.LineMark(line), st.Text, st.SelectedMark, st.Muted
	out := c.Render(func(k mapview.Kind, s string) string {
		switch k {
		case mapview.KindTrack:
			return trackSt.Render(s)
		case mapview.KindStop:
			return stopSt.Render(s)
		case mapview.KindVehicle:
			return vehSt.Render(s)
		case mapview.KindLabel:
			return labelSt.Render(s)
		case mapview.KindEmpty:
		}
		return s
	})
	if legend {
		sep := "  "
		l := stopSt.Render(string(terminus)) + labelSt.Render(" "+tx.MapTerminus) + sep +
			stopSt.Render(string(stopMark)) + labelSt.Render(" "+tx.MapStop) + sep +
			vehSt.Render(string(arrow)) + labelSt.Render(" "+tx.MapVehicle)
		out = append(out, ui.Fit(l, cols))
	}
	return out
}

// labelOrder is the order in which the map names the stops: the next
// stop, the termini, then the others in the order of the trip.
func labelOrder(stops []model.PatternStop, next string) []int {
	n := len(stops)
	out := make([]int, 0, n)
	first := -1
	for i, s := range stops {
		if next != "" && s.StopName == next {
			first = i
			out = append(out, i)
			break
		}
	}
	for _, i := range []int{0, n - 1} {
		if i >= 0 && i != first && (i != n-1 || n > 1) {
			out = append(out, i)
		}
	}
	for i := 1; i < n-1; i++ {
		if i != first {
			out = append(out, i)
		}
	}
	return out
}

// lonLat converts a model point for the map.
func lonLat(q model.Point) mapview.LonLat {
	return mapview.LonLat{Lon: q.Longitude, Lat: q.Latitude}
}

// mapLines returns the map for the pane's current trip at cols × rows,
// from the cache when neither the data nor the size changed; or a note
// saying why there is no map.
func (p *Pane) mapLines(f app.Frame, line string, cols, rows int) []string {
	next := ""
	if pos, ps := p.position(), p.Pass.Passages; pos.Next >= 0 && pos.Next < len(ps) && !p.Out {
		next = ps[pos.Next].StopName
	}
	k := mapKey{rev: p.MapRev, cols: cols, rows: rows, next: next, upcoming: p.Range == model.RangeUpcoming, st: f.Styles}
	c := p.cache
	if c.mapOK && c.mapKey == k {
		return c.mapLines
	}
	var named map[string]bool
	if p.Range == model.RangeUpcoming {
		named = map[string]bool{}
		for _, ps := range p.Pass.Passages {
			named[ps.StopName] = true
		}
	}
	lines := routeMap(f.Styles, f.Texts, line, p.track, p.stops, p.trip, next, named, cols, rows)
	if lines == nil {
		tx := f.Texts
		note := tx.LoadingRoute
		switch {
		case p.patErr != nil:
			note = fmt.Sprintf(tx.NoRouteMap, ui.OneLine(p.patErr.Error()))
		case !p.Have:
			note = ""
		case p.PatReady:
			note = tx.NoTrack
		}
		lines = []string{f.Styles.Muted.Render(ui.Fit(strings.TrimSpace(note), cols))}
	}
	c.mapKey, c.mapLines, c.mapOK = k, lines, true
	return lines
}
