package ui

import (
	"strconv"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Theme is the palette of the TUI in semantic terms: what a colour means,
// not which colour it is. Nothing outside this file names a colour. A
// Mono theme has no colours at all: NewStyles then carries meaning with
// bold, reverse video, underline and the symbols the views always print.
type Theme struct {
	Name          string         // "dark", "light", "high-contrast", "mono" or "console"
	Mono          bool           // no colour at all; attributes only
	Console       bool           // the 16 ANSI colours only, backgrounds from the first 8 (console.go)
	ConsoleFont   bool           // only glyphs of the Linux console's font: plain borders, no braille (console.go)
	Text          lipgloss.Color // ordinary text
	Accent        lipgloss.Color // titles, the search prompt, matched runes
	Muted         lipgloss.Color // secondary text: headers, scheduled times, hints
	OnTime        lipgloss.Color // a departure on time
	Slight        lipgloss.Color // a small delay (1–2 minutes)
	Late          lipgloss.Color // a delay of 3 minutes or more
	Early         lipgloss.Color // ahead of schedule
	Cancelled     lipgloss.Color // cancelled trips (reserved; the service has no such status yet)
	Stale         lipgloss.Color // data that failed to refresh
	Error         lipgloss.Color // error text
	Border        lipgloss.Color // pane borders
	BorderFocused lipgloss.Color // the border of the focused pane
	Selection     lipgloss.Color // background of the row under the cursor
	Bar           lipgloss.Color // background of the status bar
	LineDefault   lipgloss.Color // badge of a line missing from the line colour table
	BadgeDark     lipgloss.Color // badge text on a light line colour
	BadgeLight    lipgloss.Color // badge text on a dark line colour
	Banner        lipgloss.Color // background of the kiosk's "data delayed" banner
	BannerText    lipgloss.Color // text on the banner
	Dim           lipgloss.Color // the kiosk clock outside operating hours
}

// Theme names, for Options.Theme.
const (
	ThemeDark         = "dark"
	ThemeLight        = "light"
	ThemeHighContrast = "high-contrast"
	ThemeMono         = "mono"
	// ThemeConsole ("console") is in console.go, ThemeANSI and ThemeCVD
	// in themes.go.
)

// ThemeNames lists the themes ThemeByName knows, the default first.
func ThemeNames() []string {
	return []string{ThemeDark, ThemeLight, ThemeHighContrast, ThemeMono, ThemeConsole, ThemeANSI, ThemeCVD}
}

// ThemeByName returns the theme called name; "" is the dark theme. ok is
// false for an unknown name (and the dark theme is returned).
func ThemeByName(name string) (t Theme, ok bool) {
	switch name {
	case "", ThemeDark:
		return DarkTheme(), true
	case ThemeLight:
		return LightTheme(), true
	case ThemeHighContrast:
		return HighContrastTheme(), true
	case ThemeMono:
		return MonoTheme(), true
	case ThemeConsole:
		return ConsoleTheme(), true
	case ThemeANSI:
		return ANSITheme(), true
	case ThemeCVD:
		return CVDTheme(), true
	}
	return DarkTheme(), false
}

// DarkTheme is the default theme, for a dark terminal background.
func DarkTheme() Theme {
	return Theme{
		Name:   ThemeDark,
		Text:   lipgloss.Color("#E6E6E6"),
		Accent: lipgloss.Color("#F2C744"),
		Muted:  lipgloss.Color("#8A8F98"),
		OnTime: lipgloss.Color("#8FE3A0"), // the three delay colours stay ≥ colour.MinDelayDeltaE apart for
		Slight: lipgloss.Color("#F0C040"), // every simulated colour vision deficiency (cvd.go): lighter
		Late:   lipgloss.Color("#E0484D"), // green, darker red

		Early:         lipgloss.Color("#5BB8E8"),
		Cancelled:     lipgloss.Color("#F05D5E"),
		Stale:         lipgloss.Color("#E8B33E"),
		Error:         lipgloss.Color("#F05D5E"),
		Border:        lipgloss.Color("#4A4F58"),
		BorderFocused: lipgloss.Color("#F2C744"),
		Selection:     lipgloss.Color("#2E3440"),
		Bar:           lipgloss.Color("#23262E"),
		LineDefault:   lipgloss.Color("#6B7280"),
		BadgeDark:     lipgloss.Color("#111111"),
		BadgeLight:    lipgloss.Color("#FFFFFF"),
		Banner:        lipgloss.Color("#E8B33E"),
		BannerText:    lipgloss.Color("#111111"),
		Dim:           lipgloss.Color("#666A72"), // 3.8:1 on black: the sleep clock, large
	}
}

// LightTheme is for a light terminal background: dark text, deeper
// signal colours that keep their contrast on white.
func LightTheme() Theme {
	return Theme{
		Name:          ThemeLight,
		Text:          lipgloss.Color("#1F2328"),
		Accent:        lipgloss.Color("#9A5B00"),
		Muted:         lipgloss.Color("#5F6670"),
		OnTime:        lipgloss.Color("#00796B"), // teal, not green: no green on white stays apart
		Slight:        lipgloss.Color("#9A6700"), // from this brown for deuteranopes (cvd.go)
		Late:          lipgloss.Color("#A0123A"),
		Early:         lipgloss.Color("#0969DA"),
		Cancelled:     lipgloss.Color("#CF222E"),
		Stale:         lipgloss.Color("#9A6700"),
		Error:         lipgloss.Color("#CF222E"),
		Border:        lipgloss.Color("#C4C9D0"),
		BorderFocused: lipgloss.Color("#9A5B00"),
		Selection:     lipgloss.Color("#E4E8EE"),
		Bar:           lipgloss.Color("#EEF1F4"),
		LineDefault:   lipgloss.Color("#6B7280"),
		BadgeDark:     lipgloss.Color("#111111"),
		BadgeLight:    lipgloss.Color("#FFFFFF"),
		Banner:        lipgloss.Color("#9A6700"),
		BannerText:    lipgloss.Color("#FFFFFF"),
		Dim:           lipgloss.Color("#80868F"), // 3.7:1 on white: the sleep clock, large
	}
}

// HighContrastTheme uses pure, saturated colours on black for displays
// seen from a distance or in sunlight.
func HighContrastTheme() Theme {
	return Theme{
		Name:          ThemeHighContrast,
		Text:          lipgloss.Color("#FFFFFF"),
		Accent:        lipgloss.Color("#FFFF00"),
		Muted:         lipgloss.Color("#D0D0D0"),
		OnTime:        lipgloss.Color("#80FF80"), // apart from orange for every deficiency (cvd.go)
		Slight:        lipgloss.Color("#FFA000"),
		Late:          lipgloss.Color("#FF3030"),
		Early:         lipgloss.Color("#00FFFF"),
		Cancelled:     lipgloss.Color("#FF3030"),
		Stale:         lipgloss.Color("#FFFF00"),
		Error:         lipgloss.Color("#FF3030"),
		Border:        lipgloss.Color("#FFFFFF"),
		BorderFocused: lipgloss.Color("#FFFF00"),
		Selection:     lipgloss.Color("#0000AA"),
		Bar:           lipgloss.Color("#000000"),
		LineDefault:   lipgloss.Color("#FFFFFF"),
		BadgeDark:     lipgloss.Color("#000000"),
		BadgeLight:    lipgloss.Color("#FFFFFF"),
		Banner:        lipgloss.Color("#FFFF00"),
		BannerText:    lipgloss.Color("#000000"),
		Dim:           lipgloss.Color("#606060"),
	}
}

// MonoTheme has no colour at all, for NO_COLOR and dumb terminals: every
// colour is empty and NewStyles uses attributes instead.
func MonoTheme() Theme { return Theme{Name: ThemeMono, Mono: true} }

// LineColors maps a line as people see it (RouteName: "2", "N1") to its
// public colour, "#RRGGBB". The configuration's [colors] may override entries.
type LineColors map[string]string

// UlmLineColors returns the public line colours of the SWU network.
func UlmLineColors() LineColors {
	return LineColors{
		"1": "#E52129", "2": "#3EAD56", "4": "#14816E", "5": "#17A9BF", "6": "#F39437",
		"7": "#B2116C", "8": "#77418F", "9": "#E09DBC", "10": "#A5A158", "11": "#085EA4",
		"12": "#B22E2B", "13": "#7CC191", "14": "#26ABE3", "15": "#B281B8", "16": "#DE4B95",
		"17": "#CC9900",
		"N1": "#E52129", "N2": "#77418F", "N3": "#82BC46", "N4": "#1BB5EB", "N5": "#085EA4",
		"N6": "#057A4A", "N7": "#DE4B95", "N8": "#F39437",
	}
}

// With returns a copy of the table with the entries of over replacing or
// adding to its own (config's line colours).
func (lc LineColors) With(over map[string]string) LineColors {
	out := make(LineColors, len(lc)+len(over))
	for k, v := range lc {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

// Styles are the lipgloss styles of every part of the TUI, built once from
// a Theme and a line colour table.
type Styles struct {
	Theme Theme

	Text, Muted, Bold, Accent  lipgloss.Style
	Title, Clock, ColHeader    lipgloss.Style
	Selected                   lipgloss.Style // the row under the cursor (whole line)
	SelectedMark               lipgloss.Style // the cursor mark at the row start
	OnTime, Slight, Late       lipgloss.Style
	Early, Planned, Status     lipgloss.Style
	StatusNow                  lipgloss.Style // "at stop", "arriving": worth a look
	Due, DueNow                lipgloss.Style
	Stale, Error               lipgloss.Style
	Bar, BarKey, BarErr        lipgloss.Style
	Match                      lipgloss.Style // a matched rune in a search result
	Kind                       lipgloss.Style // the kind tag of a search result
	Pane, PaneFocused          lipgloss.Style // bordered panes
	Overlay                    lipgloss.Style // bordered overlays (search, help)
	HelpKey, HelpDesc, HelpSep lipgloss.Style
	Banner                     lipgloss.Style // the kiosk's "data delayed" banner
	Digits                     lipgloss.Style // the kiosk's large clock and countdown
	Dim                        lipgloss.Style // the kiosk clock outside operating hours
	Ticker                     lipgloss.Style // the kiosk's alert line

	lineBadge   map[string]lipgloss.Style
	lineMark    map[string]lipgloss.Style
	defaultLine lipgloss.Style
	defaultMark lipgloss.Style
}

// NewStyles builds the styles of a theme and a line colour table.
func NewStyles(t Theme, lines LineColors) *Styles { return NewStylesWith(nil, t, lines) }

// NewStylesWith builds the styles on renderer r (nil: lipgloss's default),
// whose colour profile decides how colours are written. On a 256- or
// 16-colour profile every "#RRGGBB" colour is converted to the palette
// here, once, and not again by every Render (the conversion searches the
// palette in HSLuv and was 38 % of a frame); the profile is the
// renderer's, so each SSH session gets its own.
func NewStylesWith(r *lipgloss.Renderer, t Theme, lines LineColors) *Styles {
	s := lipgloss.NewStyle
	if r != nil {
		s = r.NewStyle
	}
	if t.Mono {
		return newMonoStyles(s, t, lines)
	}
	profile := lipgloss.ColorProfile()
	if r != nil {
		profile = r.ColorProfile()
	}
	t, conv := forProfile(profile, t)
	border := paneBorder(t)
	st := &Styles{
		Theme:        t,
		Text:         s().Foreground(t.Text),
		Muted:        s().Foreground(t.Muted),
		Bold:         s().Bold(true),
		Accent:       s().Foreground(t.Accent),
		Title:        s().Foreground(t.Accent).Bold(true),
		Clock:        s().Foreground(t.Text).Bold(true),
		ColHeader:    s().Foreground(t.Muted),
		Selected:     s().Background(t.Selection),
		SelectedMark: s().Foreground(t.Accent).Bold(true),
		OnTime:       s().Foreground(t.OnTime),
		Slight:       s().Foreground(t.Slight).Bold(true),
		Late:         s().Foreground(t.Late).Bold(true),
		Early:        s().Foreground(t.Early).Bold(true),
		Planned:      s().Foreground(t.Muted).Faint(true),
		Status:       s().Foreground(t.Muted),
		StatusNow:    s().Foreground(t.Accent),
		Due:          s().Foreground(t.Text).Bold(true),
		DueNow:       s().Foreground(t.Accent).Bold(true),
		Stale:        s().Foreground(t.Stale).Bold(true),
		Error:        s().Foreground(t.Error),
		Bar:          s().Foreground(t.Muted).Background(t.Bar),
		BarKey:       s().Foreground(t.Text).Background(t.Bar).Bold(true),
		BarErr:       s().Foreground(t.Error).Background(t.Bar).Bold(true),
		Match:        s().Foreground(t.Accent).Bold(true).Underline(true),
		Kind:         s().Foreground(t.Muted),
		Pane:         s().Border(border).BorderForeground(t.Border),
		PaneFocused:  s().Border(border).BorderForeground(t.BorderFocused),
		Overlay:      s().Border(border).BorderForeground(t.BorderFocused).Padding(0, 1),
		HelpKey:      s().Foreground(t.Text).Bold(true),
		HelpDesc:     s().Foreground(t.Muted),
		HelpSep:      s().Foreground(t.Border),
		Banner:       s().Foreground(t.BannerText).Background(t.Banner).Bold(true),
		Digits:       s().Foreground(t.Text).Bold(true),
		Dim:          s().Foreground(t.Dim),
		Ticker:       s().Foreground(t.Accent).Bold(true),
		lineBadge:    make(map[string]lipgloss.Style, len(lines)),
		lineMark:     make(map[string]lipgloss.Style, len(lines)),
		defaultLine:  s().Background(t.LineDefault).Foreground(t.BadgeLight).Bold(true),
		defaultMark:  s().Foreground(t.LineDefault),
	}
	if t.Name == ThemeCVD {
		lines = lines.OkabeIto()
	}
	for name, hex := range lines {
		if t.Console {
			if bg, fg, mark, ok := ConsoleLineColor(hex); ok {
				st.lineBadge[name] = s().Background(bg).Foreground(fg).Bold(true)
				st.lineMark[name] = s().Foreground(mark)
				continue
			}
		}
		fg := t.BadgeLight
		if isLight(hex) {
			fg = t.BadgeDark
		}
		c := conv(hex)
		st.lineBadge[name] = s().Background(c).Foreground(fg).Bold(true)
		st.lineMark[name] = s().Foreground(c)
	}
	return st
}

// paneBorder is the border of panes and overlays: rounded, or plain in
// the console font, which has no rounded corners.
func paneBorder(t Theme) lipgloss.Border {
	if t.ConsoleFont {
		return lipgloss.NormalBorder()
	}
	return lipgloss.RoundedBorder()
}

// forProfile converts the theme's colours to the palette of profile p
// (what lipgloss would do on every Render, done once) and returns the
// conversion for the line colours. TrueColor keeps them; Ascii has no
// colour to convert to.
func forProfile(p termenv.Profile, t Theme) (Theme, func(string) lipgloss.Color) {
	if p != termenv.ANSI256 && p != termenv.ANSI {
		return t, func(c string) lipgloss.Color { return lipgloss.Color(c) }
	}
	conv := func(c string) string {
		switch v := p.Color(c).(type) {
		case termenv.ANSI256Color:
			return strconv.Itoa(int(v))
		case termenv.ANSIColor:
			return strconv.Itoa(int(v))
		}
		return c
	}
	for _, c := range []*lipgloss.Color{&t.Text, &t.Accent, &t.Muted, &t.OnTime, &t.Slight, &t.Late, &t.Early,
		&t.Cancelled, &t.Stale, &t.Error, &t.Border, &t.BorderFocused, &t.Selection, &t.Bar, &t.LineDefault,
		&t.BadgeDark, &t.BadgeLight, &t.Banner, &t.BannerText, &t.Dim} {
		*c = lipgloss.Color(conv(string(*c)))
	}
	return t, func(c string) lipgloss.Color { return lipgloss.Color(conv(c)) }
}

// newMonoStyles builds the styles of a theme without colour: reverse
// video stands for a coloured background (line badges, the cursor row, the
// status bar, banners), bold for a signal colour. The text says the rest:
// "+3", "on time", "~" for planned rows, "◷" for stale data.
func newMonoStyles(s func() lipgloss.Style, t Theme, lines LineColors) *Styles {
	plain, bold, rev := s(), s().Bold(true), s().Reverse(true).Bold(true)
	border := s().Border(paneBorder(t))
	focused := lipgloss.ThickBorder()
	if t.ConsoleFont {
		focused = lipgloss.DoubleBorder() // the console font has no heavy lines
	}
	st := &Styles{
		Theme: t,
		Text:  plain, Muted: plain, Bold: bold, Accent: bold,
		Title: bold, Clock: bold, ColHeader: plain,
		Selected: s().Reverse(true), SelectedMark: bold,
		OnTime: plain, Slight: bold, Late: rev,
		Early: bold, Planned: s().Faint(true), Status: plain,
		StatusNow: bold, Due: bold, DueNow: rev,
		Stale: rev, Error: bold,
		Bar: s().Reverse(true), BarKey: rev, BarErr: rev,
		Match: s().Bold(true).Underline(true), Kind: plain,
		Pane: border, PaneFocused: border.BorderStyle(focused),
		Overlay: border.Padding(0, 1),
		HelpKey: bold, HelpDesc: plain, HelpSep: plain,
		Banner: rev, Digits: bold, Dim: s().Faint(true), Ticker: bold,
		lineBadge:   make(map[string]lipgloss.Style, len(lines)),
		lineMark:    make(map[string]lipgloss.Style, len(lines)),
		defaultLine: rev, defaultMark: plain,
	}
	for name := range lines {
		st.lineBadge[name] = rev
		st.lineMark[name] = plain
	}
	return st
}

// HighlightRow returns s as it looks in the row under the cursor: on the
// selection colour, or in reverse video without colour.
func (st *Styles) HighlightRow(s lipgloss.Style) lipgloss.Style {
	if st.Theme.Mono {
		return s.Reverse(true)
	}
	return s.Background(st.Theme.Selection)
}

// LineBadge returns the badge style of a line: its colour as background.
func (st *Styles) LineBadge(line string) lipgloss.Style {
	if b, ok := st.lineBadge[line]; ok {
		return b
	}
	return st.defaultLine
}

// LineMark returns the style of a line's tram/bus mark: its colour as foreground.
func (st *Styles) LineMark(line string) lipgloss.Style {
	if b, ok := st.lineMark[line]; ok {
		return b
	}
	return st.defaultMark
}

// isLight reports whether a "#RRGGBB" colour is light enough to need dark
// text on it (relative luminance by the sRGB weights, without gamma).
func isLight(hex string) bool {
	if len(hex) != 7 || hex[0] != '#' {
		return false
	}
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil {
		return false
	}
	r, g, b := float64(v>>16&0xff), float64(v>>8&0xff), float64(v&0xff)
	return 0.2126*r+0.7152*g+0.0722*b > 150
}
