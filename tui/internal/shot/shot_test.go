package shot

import (
	"encoding/xml"
	"strings"
	"testing"
)

// svgDoc is what a picture holds, read back as XML.
type svgDoc struct {
	Rects []struct {
		X    string `xml:"x,attr"`
		W    string `xml:"width,attr"`
		Fill string `xml:"fill,attr"`
	} `xml:"g>rect"`
	Texts []struct {
		X      string `xml:"x,attr"`
		Fill   string `xml:"fill,attr"`
		Len    string `xml:"textLength,attr"`
		Weight string `xml:"font-weight,attr"`
		Body   string `xml:",chardata"`
	} `xml:"g>text"`
}

func read(t *testing.T, frame string, w, h int) svgDoc {
	t.Helper()
	b := SVG(frame, w, h, Palette{FG: "#eeeeee", BG: "#111111"}, "a <test>")
	var d svgDoc
	if err := xml.Unmarshal(b, &d); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b)
	}
	return d
}

// A frame's styled runs become text in their colours at their columns,
// backgrounds become rects, and the cells keep the terminal's columns.
func TestSVGRunsColoursColumns(t *testing.T) {
	frame := "\x1b[1;38;2;242;199;68mLine\x1b[0m 2  \x1b[48;5;196m\x1b[31m<late>\x1b[0m\nnext"
	d := read(t, frame, 20, 2)
	if len(d.Texts) != 4 {
		t.Fatalf("want 4 runs (Line, 2, <late>, next), got %+v", d.Texts)
	}
	if got := d.Texts[0]; got.Body != "Line" || got.Fill != "#f2c744" || got.Weight != "bold" || got.Len != "33.6" {
		t.Errorf("bold accent run: %+v", got)
	}
	if got := d.Texts[1]; got.Body != "2" || got.X != "50" || got.Fill != "#eeeeee" {
		t.Errorf("default run: %+v", got)
	}
	if got := d.Texts[2]; got.Body != "<late>" || got.Fill != "#cd0000" || got.X != "75.2" {
		t.Errorf("ANSI red run at column 8: %+v", got)
	}
	if len(d.Rects) != 1 || d.Rects[0].Fill != "#ff0000" || d.Rects[0].W != "50.4" {
		t.Errorf("the 256-colour background of 6 cells: %+v", d.Rects)
	}
}

// A line wider than the terminal is cut; a wide grapheme crossing the
// edge is dropped; a wide grapheme takes two cells; of more lines than
// rows the last are shown; reverse video swaps the colours.
func TestSVGTerminalRules(t *testing.T) {
	d := read(t, "gone\nabcdefgh\n界界\x1b[7mR\x1b[0m", 5, 2)
	var bodies []string
	for _, x := range d.Texts {
		bodies = append(bodies, x.Body)
	}
	if got := strings.Join(bodies, "|"); got != "abcde|界界|R" {
		t.Errorf("runs %q, want abcde|界界|R", got)
	}
	if d.Texts[1].Len != "33.6" {
		t.Errorf("two wide graphemes take 4 cells: %+v", d.Texts[1])
	}
	if last := d.Texts[2]; last.Fill != "#111111" || len(d.Rects) != 1 || d.Rects[0].Fill != "#eeeeee" {
		t.Errorf("reverse video: text %+v rects %+v", last, d.Rects)
	}
	d = read(t, "1234界", 5, 1)
	if len(d.Texts) != 1 || d.Texts[0].Body != "1234" {
		t.Errorf("a wide grapheme crossing the edge is drawn: %+v", d.Texts)
	}
}

// Block elements are drawn as rects of the text's colour (a large digit
// joins without the font's gaps), not as text.
func TestSVGBlocksAreRects(t *testing.T) {
	d := read(t, "\x1b[32m██▀\x1b[0m▄x", 5, 1)
	if len(d.Texts) != 1 || d.Texts[0].Body != "x" {
		t.Errorf("blocks drawn as text: %+v", d.Texts)
	}
	if len(d.Rects) != 3 || d.Rects[0].W != "16.8" || d.Rects[0].Fill != "#00cd00" || d.Rects[2].Fill != "#eeeeee" {
		t.Errorf("block rects: %+v", d.Rects)
	}
}
