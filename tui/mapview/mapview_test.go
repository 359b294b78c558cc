package mapview

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

// Ulm: Hauptbahnhof and Science Park II, about 4 km apart, mostly north-west.
var (
	hbf  = LonLat{Lon: 9.98421, Lat: 48.39953}
	scip = LonLat{Lon: 9.94224, Lat: 48.42556}
)

func TestFitKeepsEveryPointOnTheCanvas(t *testing.T) {
	pts := []LonLat{hbf, scip, {Lon: 9.95, Lat: 48.41}}
	for _, size := range [][2]int{{1, 1}, {10, 5}, {40, 20}, {100, 40}, {3, 30}} {
		p := Fit(pts, size[0], size[1])
		for _, q := range pts {
			if _, _, ok := p.Dot(q); !ok {
				t.Errorf("%dx%d: %v falls off the canvas", size[0], size[1], q)
			}
		}
	}
}

func TestNorthIsUpAndEastIsRight(t *testing.T) {
	p := Fit([]LonLat{hbf, scip}, 40, 20)
	hx, hy, _ := p.Dot(hbf)
	sx, sy, _ := p.Dot(scip)
	if sx >= hx {
		t.Errorf("Science Park (west) at x=%d is not left of Hauptbahnhof x=%d", sx, hx)
	}
	if sy >= hy {
		t.Errorf("Science Park (north) at y=%d is not above Hauptbahnhof y=%d", sy, hy)
	}
}

func TestProjectionIsAspectCorrect(t *testing.T) {
	// A square of 1 km × 1 km must come out as many dots wide as tall.
	lat := 48.4
	dLat := 1000 / 111320.0
	dLon := dLat / math.Cos(lat*math.Pi/180)
	sq := []LonLat{{10, lat}, {10 + dLon, lat}, {10 + dLon, lat + dLat}, {10, lat + dLat}}
	p := Fit(sq, 60, 20)
	x0, y0, _ := p.Dot(sq[0])
	x1, _, _ := p.Dot(sq[1])
	_, y2, _ := p.Dot(sq[2])
	w, h := x1-x0, y0-y2
	if w <= 0 || h <= 0 || math.Abs(float64(w-h)) > 2 {
		t.Errorf("1 km square drawn %d dots wide and %d tall", w, h)
	}
}

func TestUnknownPositionsAreIgnored(t *testing.T) {
	unknown := LonLat{Lon: 180.000000555556, Lat: 90.0000005555556}
	p := Fit([]LonLat{hbf, scip, unknown}, 40, 20)
	if _, _, ok := p.Dot(unknown); ok {
		t.Error("the 180/90 sentinel was drawn")
	}
	if _, _, ok := Fit([]LonLat{unknown}, 40, 20).Dot(hbf); ok {
		t.Error("a projection fitted to nothing placed a point")
	}
}

func TestPolylineDrawsConnectedBraille(t *testing.T) {
	c := NewCanvas(20, 5)
	p := Fit([]LonLat{hbf, scip}, 20, 5)
	c.Polyline(p, []LonLat{hbf, scip})
	rows := c.Render(nil)
	drawn := 0
	for _, r := range rows {
		if utf8.RuneCountInString(r) != 20 {
			t.Fatalf("row %q is not 20 cells", r)
		}
		for _, ch := range r {
			if ch >= 0x2801 && ch <= 0x28ff {
				drawn++
			}
		}
	}
	if drawn < 10 {
		t.Errorf("a diagonal across the map lit only %d cells:\n%s", drawn, strings.Join(rows, "\n"))
	}
}

func TestMarksWinOverTrackAndVehicleWinsOverStop(t *testing.T) {
	c := NewCanvas(5, 2)
	c.Set(0, 0)
	c.Mark(0, 0, '•', KindStop)
	c.Mark(0, 0, '↑', KindVehicle)
	c.Mark(0, 0, '•', KindStop)
	c.Mark(9, 9, 'x', KindStop) // off the canvas: ignored
	got := c.Render(func(k Kind, s string) string {
		if k == KindVehicle {
			return "[" + s + "]"
		}
		return s
	})
	if !strings.HasPrefix(got[0], "[↑]") {
		t.Errorf("row 0 = %q, want the vehicle arrow styled first", got[0])
	}
}

func TestArrow(t *testing.T) {
	cases := map[int]rune{0: '↑', 44: '↗', 90: '→', 180: '↓', 270: '←', 359: '↑', -90: '←', 720: '↑', 315: '↖'}
	for b, want := range cases {
		if got := Arrow(b); got != want {
			t.Errorf("Arrow(%d) = %c, want %c", b, got, want)
		}
	}
}

func TestSparkline(t *testing.T) {
	if got := Sparkline([]float64{0, 60, 120, 180}, 10); got != "▁▃▆█" {
		t.Errorf("rising delay = %q", got)
	}
	if got := Sparkline([]float64{1, 2, 3, 4, 5}, 3); len([]rune(got)) != 3 {
		t.Errorf("width not respected: %q", got)
	}
	if got := Sparkline(nil, 5); got != "" {
		t.Errorf("no values = %q", got)
	}
	if got := Sparkline([]float64{math.NaN(), 0}, 5); got != "▁▁" {
		t.Errorf("NaN = %q", got)
	}
}

func TestNoPanicAtAnySize(_ *testing.T) {
	pts := []LonLat{hbf, scip}
	for w := -1; w < 12; w++ {
		for h := -1; h < 6; h++ {
			c := NewCanvas(w, h)
			p := Fit(pts, w, h)
			c.Polyline(p, pts)
			c.MarkAt(p, hbf, '•', KindStop)
			_ = c.Render(nil)
		}
	}
}

func BenchmarkRenderMap100x40(b *testing.B) {
	pts := make([]LonLat, 0, 800)
	for i := range 800 {
		f := float64(i) / 800
		pts = append(pts, LonLat{Lon: hbf.Lon + (scip.Lon-hbf.Lon)*f + 0.002*math.Sin(f*20), Lat: hbf.Lat + (scip.Lat-hbf.Lat)*f})
	}
	b.ReportAllocs()
	for b.Loop() {
		c := NewCanvas(100, 40)
		p := Fit(pts, 100, 40)
		c.Polyline(p, pts)
		c.MarkAt(p, hbf, Arrow(315), KindVehicle)
		_ = c.Render(nil)
	}
}
