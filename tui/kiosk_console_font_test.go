package tui

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// consoleFonts is where Debian's console-setup-linux (and kbd) install
// the Linux console's fonts.
const consoleFonts = "/usr/share/consolefonts"

// psfRunes reads a PC Screen Font (PSF1 or PSF2, gzipped or not) and
// returns the runes its unicode table maps to a glyph: what the Linux
// console can draw with it. Sequences (a base and combining marks) are
// left out: the kiosk draws single runes.
func psfRunes(data []byte) (map[rune]bool, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		z, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		if data, err = io.ReadAll(z); err != nil {
			return nil, err
		}
	}
	out := map[rune]bool{}
	switch {
	case len(data) >= 4 && data[0] == 0x36 && data[1] == 0x04: // PSF1
		mode, size := data[2], int(data[3])
		n := 256
		if mode&0x01 != 0 {
			n = 512
		}
		if mode&0x02 == 0 && mode&0x04 == 0 {
			return nil, errors.New("PSF1 font without a unicode table")
		}
		tab := data[4+n*size:]
		for g := 0; g < n && len(tab) >= 2; g++ {
			seq := false
			for len(tab) >= 2 {
				u := binary.LittleEndian.Uint16(tab)
				tab = tab[2:]
				if u == 0xFFFF {
					break
				}
				if u == 0xFFFE {
					seq = true
				} else if !seq {
					out[rune(u)] = true
				}
			}
		}
	case len(data) >= 32 && binary.LittleEndian.Uint32(data) == 0x864ab572: // PSF2
		hdr := binary.LittleEndian.Uint32(data[8:])
		flags := binary.LittleEndian.Uint32(data[12:])
		n := int(binary.LittleEndian.Uint32(data[16:]))
		size := int(binary.LittleEndian.Uint32(data[20:]))
		if flags&1 == 0 {
			return nil, errors.New("PSF2 font without a unicode table")
		}
		tab := data[int(hdr)+n*size:]
		for g := 0; g < n && len(tab) > 0; g++ {
			seq := false
			for len(tab) > 0 {
				switch tab[0] {
				case 0xFF:
					tab = tab[1:]
				case 0xFE:
					seq, tab = true, tab[1:]
					continue
				default:
					r, w := utf8.DecodeRune(tab)
					tab = tab[w:]
					if !seq {
						out[r] = true
					}
					continue
				}
				break
			}
		}
	default:
		return nil, errors.New("not a PSF font")
	}
	if len(out) == 0 {
		return nil, errors.New("empty unicode table")
	}
	return out, nil
}

// kioskConsoleScreens paints the console theme's kiosk as the console
// shows it (ConsoleText of the View): at 300×80 and 80×24, one board and
// four, by day, stale (the banner) and with an alert (the ticker, a
// line's mark).
func kioskConsoleScreens(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, sz := range [][2]int{{300, 80}, {80, 24}} {
		for _, specs := range [][]app.BoardSpec{nil, fourBoards} {
			for _, face := range []string{"day", "stale", "alert"} {
				e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
				k := kiosk.NewModel(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Theme: ui.ThemeConsole,
					Kiosk: app.KioskOptions{Enabled: true, LargeCountdown: true}, Boards: specs})
				e.k = &k
				e.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				e.send(e.src.Base)
				e.kpoll()
				switch face {
				case "stale":
					e.src.SetErr(errString("503"))
					e.advance(3 * time.Minute)
					e.kpoll()
				case "alert":
					e.src.TheAlert = model.Alert{Title: "Line 2", Items: []string{"Trams to Kuhberg start at Ehinger Tor until 14:00."}}
					e.kalert()
				}
				out[fmt.Sprintf("%dx%d, %d boards, %s", sz[0], sz[1], max(1, len(specs)), face)] = ansi.Strip(ui.ConsoleText(e.View()))
			}
		}
	}
	return out
}

// The kiosk on the Linux console (issue 34): with the console theme every
// glyph it paints (large rows, line badges, the stale banner, the alert
// ticker, the clock) is in the unicode table of a real console font,
// Debian's Lat15 fonts of 16 pixels (console-setup's default for German
// and English: Fixed, VGA, Terminus). It skips when no console font is
// installed (apt-get install console-setup-linux; CI installs it).
func TestKioskConsoleThemeInRealConsoleFont(t *testing.T) {
	fonts := lat15Fonts(t)
	screens := kioskConsoleScreens(t)
	names := make([]string, 0, len(screens))
	for n := range screens {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, p := range fonts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		has, err := psfRunes(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, n := range names {
			missing := map[rune]bool{}
			for _, r := range screens[n] {
				if r != '\n' && !has[r] {
					missing[r] = true
				}
			}
			if len(missing) > 0 {
				var rs []string
				for r := range missing {
					rs = append(rs, fmt.Sprintf("%q U+%04X", r, r))
				}
				sort.Strings(rs)
				t.Errorf("%s: %s paints glyphs the font lacks: %s", filepath.Base(p), n, strings.Join(rs, ", "))
			}
		}
	}
}

// lat15Fonts are the paths of Debian's Lat15 console fonts of 16 pixels
// (console-setup's default for German and English: Fixed, VGA, Terminus);
// the test skips without them, and fails under CI, which installs them.
func lat15Fonts(t *testing.T) []string {
	t.Helper()
	var fonts []string
	for _, f := range []string{"Lat15-Fixed16", "Lat15-VGA16", "Lat15-Terminus16", "Lat15-TerminusBold16"} {
		if p := filepath.Join(consoleFonts, f+".psf.gz"); fileExists(p) {
			fonts = append(fonts, p)
		}
	}
	if len(fonts) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatalf("no Lat15 console font in %s: CI installs console-setup-linux", consoleFonts)
		}
		t.Skipf("no Lat15 console font in %s: apt-get install console-setup-linux", consoleFonts)
	}
	return fonts
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Every glyph the console theme lets through (ui.ConsoleSafe beyond
// Latin-1) and every stand-in it puts for one the font lacks
// (ui.ConsoleFallback) is in the unicode table of each of Debian's Lat15
// console fonts: what the board, the vehicle pane and its map draw on
// the Linux console is what the console can show, not its replacement
// glyph.
func TestConsoleGlyphsInRealConsoleFont(t *testing.T) {
	fonts := lat15Fonts(t)
	var glyphs []rune
	for r := rune(0x2000); r < 0x2700; r++ {
		if ui.ConsoleSafe(r) {
			glyphs = append(glyphs, r)
		}
	}
	for _, s := range ui.ConsoleFallback {
		glyphs = append(glyphs, []rune(s)...)
	}
	for _, p := range fonts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		has, err := psfRunes(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		missing := map[string]bool{}
		for _, r := range glyphs {
			if r >= 0x20 && !has[r] {
				missing[fmt.Sprintf("%q U+%04X", r, r)] = true
			}
		}
		if len(missing) > 0 {
			rs := make([]string, 0, len(missing))
			for m := range missing {
				rs = append(rs, m)
			}
			sort.Strings(rs)
			t.Errorf("%s lacks what the console theme draws: %s", filepath.Base(p), strings.Join(rs, ", "))
		}
	}
}
