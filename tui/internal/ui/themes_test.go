package ui

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/colour"
)

// Issue 26 item 3: for a rider with protanopia, deuteranopia or
// tritanopia (Machado et al. 2009, severity 1) the on-time, slightly-late
// and late colours stay at least colour.MinDelayDeltaE apart (CIE76) in every
// theme that chooses its colours, by day and at night, in 24-bit and in
// 256 colours. The palette themes (console, ansi) draw with the
// terminal's own 16 colours, which the user chooses; mono has none.
func TestDelayColoursStayApartForColourBlindness(t *testing.T) {
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256} {
		r := lipgloss.NewRenderer(nil)
		r.SetColorProfile(p)
		for _, name := range ThemeNames() {
			day, _ := ThemeByName(name)
			if day.Mono || day.Console {
				continue
			}
			for _, th := range []Theme{day, day.Dimmed()} {
				got := NewStylesWith(r, th, UlmLineColors()).Theme
				cs := map[string]lipgloss.Color{"on time": got.OnTime, "slightly late": got.Slight, "late": got.Late}
				for _, pair := range [][2]string{{"on time", "slightly late"}, {"slightly late", "late"}, {"on time", "late"}} {
					for d := colour.Protanopia; d <= colour.Tritanopia; d++ {
						e, ok := colour.DeltaE(d, cs[pair[0]], cs[pair[1]])
						if !ok || e < colour.MinDelayDeltaE {
							t.Errorf("profile %v, %s, %v: %s %s and %s %s are ΔE %.1f apart, want >= %d",
								p, th.Name, d, pair[0], cs[pair[0]], pair[1], cs[pair[1]], e, colour.MinDelayDeltaE)
						}
					}
				}
			}
		}
	}
}

// The ansi theme paints only with the terminal's 16 palette colours (SGR
// 30–37, 90–97, backgrounds 40–47), in every colour profile: never a
// 256-colour or 24-bit colour of its own.
func TestANSIThemeUsesOnlyThePalette(t *testing.T) {
	sgr := regexp.MustCompile(`\x1b\[([0-9;]*)m`)
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI} {
		r := lipgloss.NewRenderer(nil)
		r.SetColorProfile(p)
		st := NewStylesWith(r, ANSITheme(), UlmLineColors())
		var out strings.Builder
		v := reflect.ValueOf(st).Elem()
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if s, ok := v.Field(i).Interface().(lipgloss.Style); ok {
				out.WriteString(s.Render("x"))
			}
		}
		for line := range UlmLineColors() {
			out.WriteString(st.LineBadge(line).Render("x") + st.LineMark(line).Render("x"))
		}
		n := 0
		for _, m := range sgr.FindAllStringSubmatch(out.String(), -1) {
			for _, f := range strings.Split(m[1], ";") {
				c, _ := strconv.Atoi(f)
				switch {
				case f == "" || c <= 9: // reset and attributes
				case c >= 30 && c <= 37, c >= 90 && c <= 97, c >= 40 && c <= 47:
					n++
				default:
					t.Errorf("profile %v: SGR %q has %d, not a palette colour", p, m[0], c)
				}
			}
		}
		if n < 10 {
			t.Errorf("profile %v: only %d palette colours painted:\n%q", p, n, out.String())
		}
	}
}

// The cvd theme's line badges are Okabe–Ito colours near the lines' own:
// line 1 (red) vermillion, line 2 (green) bluish green, line 5 (cyan) sky
// blue; every line gets one of the palette.
func TestCVDLineBadges(t *testing.T) {
	lc := UlmLineColors().OkabeIto()
	for line, want := range map[string]string{"1": "#D55E00", "2": "#009E73", "5": "#56B4E9"} {
		if lc[line] != want {
			t.Errorf("line %s: %s, want %s", line, lc[line], want)
		}
	}
	for line, c := range lc {
		if !strings.Contains(strings.Join(colour.OkabeIto, " "), c) {
			t.Errorf("line %s: %s is no Okabe–Ito colour", line, c)
		}
	}
}
