package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/mapview"
)

// The Linux console (TERM=linux) has 16 colours, of which only the first
// 8 work as backgrounds (the console writes a bright background as the
// dark one), and a font of 256 or 512 glyphs: a Latin-1 font such as
// Debian's default (console-setup's Lat15) or kbd's default8x16 has ASCII,
// Latin-1, box drawing, the blocks █ ▄ ▀ ▌ ▐ ░ ▒ ▓ ■, the arrows ← ↑ → ↓
// and a few symbols of code page 437 (• ○ ♦ ► √), but no braille, no
// eighth blocks (▁…▇), no rounded corners and none of ✓ ✗ ⚠ ⏱ ★ ….
// The console theme keeps to that palette, and with the console font
// (the theme, or Options.ConsoleFont) the TUI draws only glyphs of that
// set: the map in half blocks, the sparkline in three heights, plain
// borders, and every other glyph through consoleFallback, at the last
// step of View, so no screen can show a glyph the console lacks.

// ThemeConsole is the theme of the Linux console (see ConsoleTheme).
const ThemeConsole = "console"

// LinuxConsole reports whether term is the Linux virtual console's
// terminal type: "linux" and its variants ("linux-16color", "linux-m").
func LinuxConsole(term string) bool { return strings.HasPrefix(term, "linux") }

// ConsoleTheme is for the Linux console: the 16 ANSI colours on the
// console's black background, the signals in their bright variants
// (bright green on time, bright yellow slightly late, bright red late,
// bright cyan early), backgrounds only from the 8 that the console has,
// and the console font (ConsoleFont).
func ConsoleTheme() Theme {
	return Theme{
		Name:          ThemeConsole,
		Console:       true,
		ConsoleFont:   true,
		Text:          lipgloss.Color("15"),
		Accent:        lipgloss.Color("11"),
		Muted:         lipgloss.Color("7"),
		OnTime:        lipgloss.Color("10"),
		Slight:        lipgloss.Color("11"),
		Late:          lipgloss.Color("9"),
		Early:         lipgloss.Color("14"),
		Cancelled:     lipgloss.Color("9"),
		Stale:         lipgloss.Color("11"),
		Error:         lipgloss.Color("9"),
		Border:        lipgloss.Color("6"),
		BorderFocused: lipgloss.Color("11"),
		Selection:     lipgloss.Color("4"),
		Bar:           lipgloss.Color("4"),
		LineDefault:   lipgloss.Color("5"),
		BadgeDark:     lipgloss.Color("0"),
		BadgeLight:    lipgloss.Color("15"),
		Banner:        lipgloss.Color("3"),
		BannerText:    lipgloss.Color("15"),
		Dim:           lipgloss.Color("8"),
	}
}

// ConsoleLineColor fits a line's "#RRGGBB" colour to the console by its
// hue, which is what tells lines apart: red, brown (the console's
// yellow), green, cyan, blue or magenta, and light grey for a colour with
// little saturation. The badge takes the dark variant as background (the
// console has only those) with white text (black on grey); the mark, on
// black, the bright variant.
func ConsoleLineColor(hex string) (badge, text, mark lipgloss.Color, ok bool) {
	if len(hex) != 7 || hex[0] != '#' {
		return "", "", "", false
	}
	var rgb [3]float64
	for i := range rgb {
		hi, lo := unhex(hex[1+2*i]), unhex(hex[2+2*i])
		if hi < 0 || lo < 0 {
			return "", "", "", false
		}
		rgb[i] = float64(hi<<4 | lo)
	}
	r, g, b := rgb[0], rgb[1], rgb[2]
	hi, lo := max(r, g, b), min(r, g, b)
	if hi == 0 || (hi-lo)/hi < 0.25 {
		return "7", "0", "7", true
	}
	var hue float64 // degrees
	switch d := hi - lo; hi {
	case r:
		hue = 60 * (g - b) / d
	case g:
		hue = 60*(b-r)/d + 120
	default:
		hue = 60*(r-g)/d + 240
	}
	if hue < 0 {
		hue += 360
	}
	var c int
	switch {
	case hue < 30 || hue >= 330:
		c = 1 // red
	case hue < 90:
		c = 3 // yellow: brown on the console
	case hue < 150:
		c = 2 // green
	case hue < 200:
		c = 6 // cyan
	case hue < 270:
		c = 4 // blue
	default:
		c = 5 // magenta
	}
	return lipgloss.Color(Itoa(c)), "15", lipgloss.Color(Itoa(c + 8)), true
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// consoleGraphics are the glyphs beyond ASCII and Latin-1 that every
// Lat15 font of Debian's console-setup has (Fixed, VGA, Terminus; a test
// reads their unicode tables): box drawing, the full and shaded blocks,
// arrows and a few symbols. Not the half blocks, ► ◄ ○ ◙ √ ∙ of code
// page 437: the kernel's own font has them, console-setup's do not.
const consoleGraphics = "─│┌┐└┘├┤┬┴┼═║╒╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡╢╣╤╥╦╧╨╩╪╫╬" +
	"█░▒■" +
	"←↑→↓▲▼" +
	"•♦≤≥≈∞"

// consoleSet is consoleGraphics as a set, indexed by rune - 0x2000 (all
// of them are between U+2000 and U+26FF): a lookup per glyph of every
// frame, so an array rather than a map.
var consoleSet = func() *[0x700]bool {
	var set [0x700]bool
	for _, r := range consoleGraphics {
		set[r-0x2000] = true
	}
	return &set
}()

// ConsoleSafe reports whether the Linux console's font has r: printable
// ASCII and Latin-1, and consoleGraphics. Control characters count as
// safe (escape sequences and line ends pass through).
func ConsoleSafe(r rune) bool {
	switch {
	case r < 0x7F:
		return true
	case r >= 0xA0 && r <= 0xFF:
		return true
	}
	return r >= 0x2000 && r < 0x2700 && consoleSet[r-0x2000]
}

// ConsoleFallback is what the console shows for a glyph its font lacks,
// of the same width: the glyphs the TUI uses, each with a stand-in that
// keeps its meaning.
var ConsoleFallback = map[rune]string{
	// borders: rounded and heavy lines
	'╭': "┌", '╮': "┐", '╰': "└", '╯': "┘",
	'━': "═", '┃': "║", '┏': "╔", '┓': "╗", '┗': "╚", '┛': "╝",
	'┣': "╠", '┫': "╣", '┳': "╦", '┻': "╩", '╋': "╬",
	// blocks: the eighth and half blocks by how much they fill
	'▁': "_", '▂': "_", '▃': "▒", '▄': "▒", '▅': "▒", '▀': "▒", '▆': "█", '▇': "█",
	'▌': "█", '▐': "█", '▓': "▒",
	// marks and symbols
	'▮': "■", '●': "•", '◉': "■", '◙': "■", '◘': "■", '○': "o", '◆': "♦",
	'▸': ">", '▶': ">", '►': ">", '◂': "<", '◀': "<", '◄': "<", '↔': "-", '↕': "|",
	'✓': "=", '✔': "=", '√': "=", '∙': "·", '✗': "x", '✘': "x", '⚠': "!", '◷': "°", '⏱': "!", '⏰': "!!", '★': "*", '☆': "*",
	'↗': "/", '↙': "/", '↘': "\\", '↖': "\\",
	// punctuation
	'…': ".", '–': "-", '—': "-", '−': "-", '‐': "-", '‑': "-",
	'„': "\"", '“': "\"", '”': "\"", '‚': "'", '‘': "'", '’': "'", '‹': "<", '›': ">",
	'ẞ': "ß", '€': "E",
}

// consoleRune is the console's stand-in for r, which the font lacks:
// consoleFallback, a braille cell as half blocks, else question marks as
// wide as r (nothing for a combining mark).
func consoleRune(r rune) string {
	if s, ok := ConsoleFallback[r]; ok {
		return s
	}
	if r >= 0x2800 && r <= 0x28FF {
		return string(mapview.CellRune(uint8(r-0x2800), mapview.HalfBlocks))
	}
	return strings.Repeat("?", ansi.StringWidth(string(r)))
}

// ConsoleText returns s with every glyph the console's font lacks
// replaced by its stand-in of the same width (consoleRune); escape
// sequences are ASCII and pass unchanged. s itself when nothing is to
// replace.
func ConsoleText(s string) string {
	i := 0
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !ConsoleSafe(r) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	start := 0 // of the run of safe text not written yet
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !ConsoleSafe(r) {
			b.WriteString(s[start:i])
			b.WriteString(consoleRune(r))
			start = i + n
		}
		i += n
	}
	b.WriteString(s[start:])
	return b.String()
}
