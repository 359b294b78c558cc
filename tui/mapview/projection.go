// Package mapview draws a route map in the terminal with braille
// characters: an equirectangular projection around the centre of what is
// drawn, aspect-correct for terminal cells, onto a canvas of 2×4 dots per
// cell, with symbols (stops, the vehicle and its heading) laid over it.
// Everything here is pure: no I/O, no styles of its own.
package mapview

import "math"

// LonLat is a WGS84 position in decimal degrees.
type LonLat struct {
	Lon, Lat float64
}

// Dots per terminal cell of a braille character.
const (
	dotsX = 2
	dotsY = 4
)

// cellAspect is the height of a terminal cell over its width; with 2×4
// braille dots per cell this makes a dot about square.
const cellAspect = 2.0

// Projection maps positions to dot coordinates of a canvas: equirectangular
// around the centre of the fitted points (x scaled by cos of the centre
// latitude), north up, the same scale on both axes so shapes keep their
// proportions.
type Projection struct {
	lon0, lat0 float64
	cosLat     float64
	scale      float64 // dots per projected degree
	offX, offY float64 // dot offsets that centre the drawing
	w, h       int     // canvas size in dots
}

// Fit returns the projection that fits every point into a canvas of cols ×
// rows cells with a margin of one dot, centred. Points that are not valid
// positions are ignored. With no valid point, or a canvas of no size, the
// projection maps everything outside the canvas.
func Fit(points []LonLat, cols, rows int) Projection {
	p := Projection{w: max(cols, 0) * dotsX, h: max(rows, 0) * dotsY, cosLat: 1}
	minLon, maxLon := math.Inf(1), math.Inf(-1)
	minLat, maxLat := math.Inf(1), math.Inf(-1)
	for _, q := range points {
		if !valid(q) {
			continue
		}
		minLon, maxLon = math.Min(minLon, q.Lon), math.Max(maxLon, q.Lon)
		minLat, maxLat = math.Min(minLat, q.Lat), math.Max(maxLat, q.Lat)
	}
	if p.w == 0 || p.h == 0 || math.IsInf(minLon, 1) {
		p.scale = 0
		return p
	}
	p.lon0, p.lat0 = (minLon+maxLon)/2, (minLat+maxLat)/2
	p.cosLat = math.Cos(p.lat0 * math.Pi / 180)
	spanX := (maxLon - minLon) * p.cosLat
	spanY := maxLat - minLat
	// A dot is 1/dotsX of a cell wide and cellAspect/dotsY of a cell tall,
	// in cell-width units: scale y so that a dot covers the same ground.
	dotH := cellAspect / dotsY * dotsX // dot height over dot width
	availX := float64(p.w - 2)
	availY := float64(p.h-2) * dotH
	if availX < 1 {
		availX = 1
	}
	if availY < 1 {
		availY = 1
	}
	const tiny = 1e-9
	sx, sy := math.Inf(1), math.Inf(1)
	if spanX > tiny {
		sx = availX / spanX
	}
	if spanY > tiny {
		sy = availY / spanY
	}
	p.scale = math.Min(sx, sy)
	if math.IsInf(p.scale, 1) {
		p.scale = 1e5 // a single point: any scale, it lands in the middle
	}
	p.offX = float64(p.w) / 2
	p.offY = float64(p.h) / 2
	return p
}

// Dot returns the dot coordinates of q, and whether they fall on the canvas.
func (p Projection) Dot(q LonLat) (x, y int, ok bool) {
	fx, fy, ok := p.dotF(q)
	if !ok {
		return 0, 0, false
	}
	x, y = int(math.Floor(fx)), int(math.Floor(fy))
	return x, y, x >= 0 && y >= 0 && x < p.w && y < p.h
}

// dotF is Dot before rounding and clipping.
func (p Projection) dotF(q LonLat) (float64, float64, bool) {
	if p.scale == 0 || !valid(q) {
		return 0, 0, false
	}
	dotH := cellAspect / dotsY * dotsX
	fx := p.offX + (q.Lon-p.lon0)*p.cosLat*p.scale
	fy := p.offY - (q.Lat-p.lat0)*p.scale/dotH
	return fx, fy, true
}

// Cell returns the cell (column, row) that q falls in, and whether it is on
// the canvas.
func (p Projection) Cell(q LonLat) (col, row int, ok bool) {
	x, y, ok := p.Dot(q)
	return x / dotsX, y / dotsY, ok
}

func valid(q LonLat) bool {
	return !math.IsNaN(q.Lon) && !math.IsNaN(q.Lat) && math.Abs(q.Lon) < 180 && math.Abs(q.Lat) < 90
}
