package vehicle

import (
	"fmt"
	"strings"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/mapview"
)

// mapKey is everything the map's rendering depends on.
type mapKey struct {
	rev        int
	cols, rows int
}

// routeMap draws the trip's Track in braille (half blocks in the console
// font, which has no braille), fitted to cols × rows cells with north up,
// the stops marked and the vehicle as an arrow along its bearing. It
// returns nil when there is no track to draw.
func routeMap(st *ui.Styles, line string, track []model.TrackPoint, stops []model.PatternStop, trip *model.Trip, cols, rows int) []string {
	if len(track) == 0 || cols <= 0 || rows <= 0 {
		return nil
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
	terminus := '◆'
	if st.Theme.ConsoleFont {
		c.DrawWith(mapview.HalfBlocks)
		terminus = '♦'
	}
	c.Polyline(p, pts)
	for i, s := range stops {
		if !s.StopPointCoordinates.Known() {
			continue
		}
		r := '•'
		if i == 0 || i == len(stops)-1 {
			r = terminus
		}
		c.MarkAt(p, lonLat(s.StopPointCoordinates.Point), r, mapview.KindStop)
	}
	if trip != nil {
		if pos, ok := trip.Position(); ok {
			c.MarkAt(p, lonLat(pos.Point), mapview.Arrow(pos.Bearing), mapview.KindVehicle)
		}
	}
	trackSt, stopSt, vehSt := st.LineMark(line), st.Text, st.SelectedMark
	return c.Render(func(k mapview.Kind, s string) string {
		switch k {
		case mapview.KindTrack:
			return trackSt.Render(s)
		case mapview.KindStop:
			return stopSt.Render(s)
		case mapview.KindVehicle:
			return vehSt.Render(s)
		case mapview.KindEmpty:
		}
		return s
	})
}

// lonLat converts a model point for the map.
func lonLat(q model.Point) mapview.LonLat {
	return mapview.LonLat{Lon: q.Longitude, Lat: q.Latitude}
}

// mapLines returns the map for the pane's current trip at cols × rows,
// from the cache when neither the data nor the size changed; or a note
// saying why there is no map.
func (p *Pane) mapLines(line string, cols, rows int) []string {
	k := mapKey{rev: p.MapRev, cols: cols, rows: rows}
	c := p.cache
	if c.mapOK && c.mapKey == k {
		return c.mapLines
	}
	lines := routeMap(p.sh.St, line, p.track, p.stops, p.trip, cols, rows)
	if lines == nil {
		tx := p.sh.T
		note := tx.LoadingRoute
		switch {
		case p.patErr != nil:
			note = fmt.Sprintf(tx.NoRouteMap, ui.OneLine(p.patErr.Error()))
		case !p.Have:
			note = ""
		case p.PatReady:
			note = tx.NoTrack
		}
		lines = []string{p.sh.St.Muted.Render(ui.Fit(strings.TrimSpace(note), cols))}
	}
	c.mapKey, c.mapLines, c.mapOK = k, lines, true
	return lines
}
