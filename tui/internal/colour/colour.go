// Package colour is the colour science of the themes: WCAG contrast,
// the simulation of colour vision deficiencies and CIELAB differences,
// and the Okabe–Ito palette. It knows nothing of the TUI.
package colour

import (
	"math"
	"strconv"

	"github.com/charmbracelet/lipgloss"
)

// Luminance is the WCAG relative luminance of a colour: "#RRGGBB" or an
// ANSI colour number 0–255 (xterm's default palette); ok is false for
// anything else.
func Luminance(c lipgloss.Color) (l float64, ok bool) {
	r, g, b, ok := RGB(c)
	if !ok {
		return 0, false
	}
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b), true
}

// Contrast is the WCAG contrast ratio of two colours (1 to 21); 0 when
// either is not a colour Luminance knows.
func Contrast(a, b lipgloss.Color) float64 {
	la, ok1 := Luminance(a)
	lb, ok2 := Luminance(b)
	if !ok1 || !ok2 {
		return 0
	}
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// xterm16 is xterm's default palette of the 16 ANSI colours.
var xterm16 = [16][3]uint8{
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
	{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
}

// RGB is the red, green and blue of a "#RRGGBB" or ANSI 0–255 colour.
func RGB(c lipgloss.Color) (r, g, b uint8, ok bool) {
	s := string(c)
	if len(s) == 7 && s[0] == '#' {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err != nil {
			return 0, 0, 0, false
		}
		return uint8(v >> 16), uint8(v >> 8), uint8(v), true
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil || n < 0 || n > 255:
		return 0, 0, 0, false
	case n < 16:
		p := xterm16[n]
		return p[0], p[1], p[2], true
	case n < 232:
		n -= 16
		lvl := func(i int) uint8 {
			if i == 0 {
				return 0
			}
			return uint8(55 + 40*i)
		}
		return lvl(n / 36), lvl(n / 6 % 6), lvl(n % 6), true
	}
	v := uint8(8 + 10*(n-232))
	return v, v, v, true
}

// Colour vision deficiency. A colour-blind rider must
// still tell on time, slightly late and late apart by colour where the
// words are too small to read at a distance. The simulation is Machado,
// Oliveira and Fernandes (2009), "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", IEEE TVCG 15(6), at severity
// 1.0 (dichromacy), applied to linear RGB; the difference is CIE76 ΔE in
// CIELAB (D65).

// Deficiency is a kind of dichromacy.
type Deficiency int

// The deficiencies simulated.
const (
	Protanopia Deficiency = iota
	Deuteranopia
	Tritanopia
)

func (d Deficiency) String() string {
	return [...]string{"protanopia", "deuteranopia", "tritanopia"}[d]
}

// machado are the simulation matrices at severity 1.0.
var machado = [3][3][3]float64{
	{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

// MinDelayDeltaE is how far apart (CIE76 ΔE) the delay colours stay for
// every simulated deficiency: well beyond a just noticeable difference
// (about 2.3), so that they are told apart at a glance in small text.
const MinDelayDeltaE = 20

// Linear is a colour channel in linear light.
func Linear(v uint8) float64 {
	s := float64(v) / 255
	if s <= 0.04045 {
		return s / 12.92
	}
	return math.Pow((s+0.055)/1.055, 2.4)
}

// simulate is the linear RGB a person with d sees for the colour rgb.
func simulate(d Deficiency, r, g, b uint8) [3]float64 {
	in := [3]float64{Linear(r), Linear(g), Linear(b)}
	var out [3]float64
	for i := range 3 {
		for j := range 3 {
			out[i] += machado[d][i][j] * in[j]
		}
		out[i] = min(max(out[i], 0), 1)
	}
	return out
}

// Lab is CIELAB (D65) of a linear RGB colour.
func Lab(c [3]float64) [3]float64 {
	x := 0.4124*c[0] + 0.3576*c[1] + 0.1805*c[2]
	y := 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	z := 0.0193*c[0] + 0.1192*c[1] + 0.9505*c[2]
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x/0.95047), f(y), f(z/1.08883)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// DeltaE is the CIE76 difference between colours a and b as a person
// with d sees them (ok false when either is no colour rgb knows).
func DeltaE(d Deficiency, a, b lipgloss.Color) (float64, bool) {
	ar, ag, ab, ok1 := RGB(a)
	br, bg, bb, ok2 := RGB(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	la, lb := Lab(simulate(d, ar, ag, ab)), Lab(simulate(d, br, bg, bb))
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2])), true
}

// OkabeIto are Okabe and Ito's eight colours, black left out.
var OkabeIto = []string{"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}

// NearestOkabeIto is the Okabe–Ito colour nearest to hex (CIELAB,
// lightness weighed less than hue); hex itself when it is no colour.
func NearestOkabeIto(hex string) string {
	r, g, b, ok := RGB(lipgloss.Color(hex))
	if !ok {
		return hex
	}
	c := Lab([3]float64{Linear(r), Linear(g), Linear(b)})
	best, bestD := hex, math.Inf(1)
	for _, o := range OkabeIto {
		or, og, ob, _ := RGB(lipgloss.Color(o))
		l := Lab([3]float64{Linear(or), Linear(og), Linear(ob)})
		// hue matters more than lightness for telling lines apart
		d := (c[0]-l[0])*(c[0]-l[0])/4 + (c[1]-l[1])*(c[1]-l[1]) + (c[2]-l[2])*(c[2]-l[2])
		if d < bestD {
			best, bestD = o, d
		}
	}
	return best
}
