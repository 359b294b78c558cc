package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// The coarse ages, the delay rule's default, the themes and the line
// colours (these tests lived in the root package).

// TestCoarseAges: ages and times to go in the bar never claim less than
// is true: "< 30 s" only below 30 s, minutes rounded (ages) or rounded
// up (times to go).
func TestCoarseAges(t *testing.T) {
	tx := EnglishTexts()
	for d, want := range map[time.Duration]string{
		0: "< 30 s ago", 29 * time.Second: "< 30 s ago", 30 * time.Second: "1 min ago",
		89 * time.Second: "1 min ago", 90 * time.Second: "2 min ago", 2 * time.Hour: "2 h ago",
	} {
		if got := tx.CoarseAgo(d); got != want {
			t.Errorf("coarseAgo(%v) = %q, want %q", d, got, want)
		}
	}
	for d, want := range map[time.Duration]string{
		-time.Second: "< 30 s", 30 * time.Second: "< 30 s", 31 * time.Second: "1 min",
		61 * time.Second: "2 min", 2 * time.Minute: "2 min",
	} {
		if got := tx.CoarseIn(d); got != want {
			t.Errorf("coarseIn(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestDelayRuleDefault(t *testing.T) {
	r := DefaultDelayRule
	for _, c := range []struct {
		sec  int
		want Severity
	}{{0, SevOnTime}, {-60, SevEarly}, {60, SevSlight}, {150, SevLate}, {180, SevLate}, {119, SevSlight}} {
		if _, got := r.Grade(c.sec); got != c.want {
			t.Errorf("%d s: severity %d, want %d", c.sec, got, c.want)
		}
	}
	dark, _ := ThemeByName("dark")
	st := NewStyles(dark, UlmLineColors())
	if st.Severity(SevSlight).GetForeground() == st.Late.GetForeground() {
		t.Error("the first minute late is red")
	}
}

func TestThemes(t *testing.T) {
	for _, name := range ThemeNames() {
		th, ok := ThemeByName(name)
		if !ok || th.Name != name {
			t.Errorf("ThemeByName(%q) = %q, %v", name, th.Name, ok)
		}
		if name != ThemeMono && (th.Text == "" || th.Late == "" || th.Banner == "" || th.Dim == "") {
			t.Errorf("theme %s lacks colours", name)
		}
	}
	if _, ok := ThemeByName("neon"); ok {
		t.Error("an unknown theme was accepted")
	}
}

func TestLineColorsOverride(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	st := NewStyles(DarkTheme(), UlmLineColors().With(map[string]string{"2": "#102030", "X9": "#FFEE00"}))
	if got := st.LineBadge("2").Render("2"); !strings.Contains(got, "48;2;16;32;48") {
		t.Errorf("line 2 should take the configured colour: %q", got)
	}
	if got := st.LineBadge("X9").Render("X9"); !strings.Contains(got, "48;2;255;238;0") || !strings.Contains(got, "38;2;17;17;17") {
		t.Errorf("a new light line colour should get dark text: %q", got)
	}
	if got := st.LineBadge("1").Render("1"); !strings.Contains(got, "48;2;229;3") {
		t.Errorf("lines not configured keep the table's colour: %q", got)
	}
}
