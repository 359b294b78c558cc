package screen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// Hyperlinks (OSC 8, issue 26 item 6): a frame's links are carried by its
// cells, a link changing alone repaints the cells, and the renderer opens
// a link only around the run of cells it writes: it is closed before the
// cursor moves, before an erase and at the frame's end. The strict
// terminal (vt_test.go) refuses a cursor move or an erase with a link open,
// a link ended by BEL, parameters, and any control byte in a link.

func link(uri, text string) string { return "\x1b]8;;" + uri + "\x1b\\" + text + "\x1b]8;;\x1b\\" }

var osc8 = regexp.MustCompile("\x1b\\]8;;([^\x1b]*)\x1b\\\\")

// opened is the URIs of the links the output opens, in order.
func opened(out []byte) []string {
	var uris []string
	for _, m := range osc8.FindAllSubmatch(out, -1) {
		if len(m[1]) > 0 {
			uris = append(uris, string(m[1]))
		}
	}
	return uris
}

// render draws frames one after another on a fresh screen and terminal of
// w×h, checking each, and returns the last frame's output.
func render(t *testing.T, w, h int, frames ...string) ([]byte, *vt) {
	t.Helper()
	s, v := scrambled(w, h)
	var out []byte
	for i, f := range frames {
		var r string
		out, r = renderCheck(s, v, f, w, h)
		if r != "" {
			t.Fatalf("frame %d %+q:\n%s", i, f, r)
		}
	}
	return out, v
}

func TestLinkParsedIntoCells(t *testing.T) {
	s := NewScreen()
	line := " " + link("https://x.example/stop/1008", "\x1b[1mHbf\x1b[m") + " 日" +
		"\x1b]8;id=7;https://x.example/v/42\a" + "42 日" // BEL ends it too, a link runs to the line's end
	cells := s.parseLine(nil, line, 12)
	want := []string{"", "https://x.example/stop/1008", "https://x.example/stop/1008", "https://x.example/stop/1008", "", "", "",
		"https://x.example/v/42", "https://x.example/v/42", "https://x.example/v/42", "https://x.example/v/42", "https://x.example/v/42"}
	for i, c := range cells {
		if got := s.links[c.link]; got != want[i] {
			t.Errorf("cell %d %q: link %q, want %q", i, s.text(c.g), got, want[i])
		}
	}
	if cells[1].st.attr != attrBold || cells[4].st != (style{}) {
		t.Errorf("the link changed the styles: %+v %+v", cells[1].st, cells[4].st)
	}
	// The same URI is one index: cells compare cheaply.
	again := s.parseLine(nil, link("https://x.example/stop/1008", "H"), 2)
	if again[0].link != cells[1].link || len(s.links) != 3 {
		t.Errorf("the same URI was interned again: %d, %d; %q", again[0].link, cells[1].link, s.links)
	}
	// The next line starts without a link.
	if next := s.parseLine(nil, "ab", 2); next[0].link != 0 {
		t.Error("a link ran on into the next line")
	}
}

func TestLinkedFrameOnTheTerminal(t *testing.T) {
	frame := " \x1b[1m" + link("https://x.example/stop/1008", "Hauptbahnhof") + "\x1b[m · Abfahrten\n" +
		"  2  Kuhberg   3 min  " + link("https://x.example/vehicle/42", "42") + "\n" +
		"  4  Böfingen  5 min  " + link("https://x.example/vehicle/7", "7")
	out, v := render(t, 40, 4, frame)
	want := []string{"https://x.example/stop/1008", "https://x.example/vehicle/42", "https://x.example/vehicle/7"}
	// The renderer draws a frame's pieces in the order that costs least:
	// each link is opened once, in any order.
	if got := slices.Sorted(slices.Values(opened(out))); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("links opened %q, want %q\noutput %+q", got, want, out)
	}
	if c := v.at(0, 1); c.link != want[0] || c.g != "H" || c.st.attr != atBold {
		t.Errorf("the stop's first cell: %s", c)
	}
	if c := v.at(0, 13); c.link != "" {
		t.Errorf("the link leaked past the stop's name: %s", c)
	}
	if bytes.Contains(out, []byte("\a")) {
		t.Errorf("a BEL in the output: %+q", out)
	}
}

// A link that comes, goes or changes on text that stays the same repaints
// that text: the cells differ by their link alone.
func TestLinkChangeAloneRepaints(t *testing.T) {
	plain := " Hauptbahnhof · 12:00\n row"
	linked := " " + link("https://x.example/stop/1008", "Hauptbahnhof") + " · 12:00\n row"
	other := " " + link("https://x.example/stop/1009", "Hauptbahnhof") + " · 12:00\n row"
	out, v := render(t, 30, 2, plain, linked)
	if got := opened(out); len(got) != 1 || !bytes.Contains(out, []byte("Hauptbahnhof")) || v.at(0, 12).link != "https://x.example/stop/1008" {
		t.Fatalf("a link coming on the same text: links %q in %+q", got, out)
	}
	out, _ = render(t, 30, 2, plain, linked, other)
	if got := opened(out); len(got) != 1 || got[0] != "https://x.example/stop/1009" {
		t.Fatalf("a link changing on the same text: links %q in %+q", got, out)
	}
	out, v = render(t, 30, 2, linked, plain)
	if len(opened(out)) != 0 || !bytes.Contains(out, []byte("Hauptbahnhof")) || v.at(0, 1).link != "" {
		t.Fatalf("a link going from the same text: %+q", out)
	}
	out, _ = render(t, 30, 2, linked, linked)
	if len(out) != 0 {
		t.Errorf("the same linked frame again wrote %+q", out)
	}
}

// The writer closes a link before every cursor move and erase: at a line
// end (a link up to the last column), between two runs of a row, before
// an erase of the row's rest, and at the frame's end. The strict terminal
// refuses anything else; here the output is also read for it.
func TestLinkClosedBeforeMovesAndLineEnds(t *testing.T) {
	w := 20
	full := link("https://x.example/a", strings.Repeat("a", w)) // up to the last column
	frames := []string{
		full + "\n" + link("https://x.example/b", "bb") + "    x" + strings.Repeat(" ", 14) + link("https://x.example/c", "c"),
		full + "\n" + link("https://x.example/b", "bB") + "    y" + strings.Repeat(" ", 14) + link("https://x.example/d", "c"),
		link("https://x.example/a", strings.Repeat("a", w-1)) + "\n" + link("https://x.example/b", "b"),
	}
	s, v := scrambled(w, 2)
	for i, f := range frames {
		out, r := renderCheck(s, v, f, w, 2)
		if r != "" {
			t.Fatalf("frame %d: %s", i, r)
		}
		// Outside a link's run only text and SGR: between an open and its
		// close nothing but printable text and SGR.
		open := false
		for k := 0; k < len(out); k++ {
			switch {
			case bytes.HasPrefix(out[k:], []byte("\x1b]8;;")):
				end := bytes.Index(out[k:], []byte("\x1b\\"))
				open = end > len("\x1b]8;;")
				k += end + 1
			case open && out[k] == 0x1b && !regexp.MustCompile(`^\x1b\[[0-9;]*m`).Match(out[k:]):
				t.Fatalf("frame %d: %+q at byte %d with a link open\noutput %+q", i, out[k:min(k+6, len(out))], k, out)
			case open && (out[k] == '\r' || out[k] == '\n'):
				t.Fatalf("frame %d: a line end at byte %d with a link open\noutput %+q", i, k, out)
			}
		}
		if open {
			t.Fatalf("frame %d ends with a link open: %+q", i, out)
		}
	}
}

// A frame without links costs what it did: no OSC 8 at all.
func TestNoLinksNoOSC8(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	s := NewScreen()
	b := newBoard(rng, 100, 30)
	out := s.Render(nil, b.frame(rng), 100, 30)
	for range 5 {
		b.countdownTick(rng)
		out = s.Render(out, b.frame(rng), 100, 30)
	}
	if bytes.Contains(out, []byte("\x1b]")) {
		t.Errorf("a frame without links wrote an OSC: %s", quoteCut(out, 300))
	}
}

// A URI that could break out of the sequence or that no terminal takes is
// not linked: the text shows, unlinked, and no byte of the URI that is not
// printable ASCII is written. An ESC or BEL in a URI ends the sequence
// there (as it does on a terminal): what came before it may be linked,
// nothing after it is.
func TestHostileLinksCannotBreakOut(t *testing.T) {
	for name, tc := range map[string]struct {
		uri    string
		prefix bool // the part before the ESC or BEL may be linked
	}{
		"ESC":         {"https://x.example/\x1b[2J\x1b[?1049l", true},
		"BEL":         {"https://x.example/\a\x1b[2J", true},
		"C1 CSI":      {"https://x.example/\u009b2J", false},
		"C1 raw byte": {"https://x.example/\x9b2J", false},
		"ST C1":       {"https://x.example/\u009c", false},
		"NUL":         {"https://x.example/\x00", false},
		"space":       {"https://x.example/a b", false},
		"newline":     {"https://x.example/a\r", false},
		"DEL":         {"https://x.example/\x7f", false},
		"non-ASCII":   {"https://x.example/ä", false},
		"too long":    {"https://x.example/" + strings.Repeat("a", 3000), false},
	} {
		t.Run(name, func(t *testing.T) {
			for _, end := range []string{"\x1b\\", "\a"} {
				frame := "a\x1b]8;;" + tc.uri + end + "TEXT\x1b]8;;\x1b\\b\n" + link("https://ok.example/1", "ok")
				s, v := scrambled(40, 2)
				out := s.Render(nil, frame, 40, 2)
				if err := v.write(out); err != nil {
					t.Fatalf("the terminal refused the output: %v\n%+q", err, out)
				}
				got := opened(out)
				if !slices.Contains(got, "https://ok.example/1") {
					t.Errorf("the good link after the hostile one: links %q\n%+q", got, out)
				}
				for _, u := range got {
					if u != "https://ok.example/1" && (!tc.prefix || u != "https://x.example/") {
						t.Errorf("hostile URI %q linked as %q\n%+q", tc.uri, u, out)
					}
				}
				if bytes.ContainsAny(out, "\a\x00\x7f\x9b\x9c") || bytes.Contains(out, []byte("\x1b[?1049l")) || strings.Count(string(out), "\x1b[2J") != 1 {
					t.Errorf("a byte of the hostile URI was written: %+q", out)
				}
				if row := v.String(); !tc.prefix && !strings.Contains(row, "TEXT") {
					t.Errorf("the linked text is gone:\n%s", row)
				}
				for c := range 40 {
					if l := v.at(0, c).link; l != "" && (!tc.prefix || l != "https://x.example/") {
						t.Errorf("cell %d linked to %q", c, l)
					}
				}
				if v.link != "" {
					t.Errorf("a link is left open: %q", v.link)
				}
			}
		})
	}
}

// Links are interned per screen; many distinct ones (a long-running fleet
// view) keep the table bounded and never break a frame.
func TestManyLinks(t *testing.T) {
	s, v := scrambled(30, 3)
	for i := range 6000 {
		frame := link(fmt.Sprintf("https://x.example/v/%d", i), fmt.Sprintf("vehicle %d", i)) + "\n\nend"
		if i%1000 == 999 {
			s.Invalidate()
		}
		if _, r := renderCheck(s, v, frame, 30, 3); r != "" {
			t.Fatalf("frame %d: %s", i, r)
		}
	}
	if len(s.links) > maxLinks+1000 {
		t.Errorf("%d links kept", len(s.links))
	}
}

// A cell's link costs no room: the index fits in the padding the cell
// had, so frames without links compare and copy as many bytes as before.
// With its colours packed into four bytes each and its grapheme a rune
// (or an index for the rare grapheme of several runes), a cell is 20
// bytes (it was 40 on 64-bit platforms): a hub keeps 4800 of them per
// 120x40 session, and the diff compares and copies them by the thousand.
func TestCellSizeWithLink(t *testing.T) {
	if n := unsafe.Sizeof(cell{}); n > 20 {
		t.Errorf("a cell is %d bytes, more than 20", n)
	}
}
