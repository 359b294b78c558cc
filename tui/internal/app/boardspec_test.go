package app

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// A board spec from a flag, a layout or boards.json is refused with an
// error that says what is wrong with it.
func TestBoardSpecCheckRefusesInvalidSpecs(t *testing.T) {
	bad := []struct {
		name string
		spec BoardSpec
		err  string
	}{
		{"neither stop nor stop point", BoardSpec{}, "needs exactly one of stop or stoppoint"},
		{"both stop and stop point", BoardSpec{Stop: 1008, StopPoint: "100801"}, "needs exactly one of stop or stoppoint"},
		{"stop of 2 digits", BoardSpec{Stop: 42}, "stop must be 4 digits, got 42"},
		{"stop of 5 digits", BoardSpec{Stop: 10080}, "stop must be 4 digits, got 10080"},
		{"stop point of 2 digits", BoardSpec{StopPoint: "12"}, `StopPointCode must be 6 digits or a DHID like de:08421:1008:1:1, got "12"`},
		{"per line above 9", BoardSpec{Stop: 1008, PerLine: 10}, "per_line must be between 0 and 9, got 10"},
		{"per line negative", BoardSpec{Stop: 1008, PerLine: -1}, "per_line must be between 0 and 9, got -1"},
		{"walk negative", BoardSpec{Stop: 1008, Walk: WalkTime(-time.Minute)}, "walk must be between 0 and 1h, got -1m"},
		{"walk over an hour", BoardSpec{Stop: 1008, Walk: WalkTime(61 * time.Minute)}, "walk must be between 0 and 1h, got 1h1m"},
	}
	for _, c := range bad {
		err := c.spec.Check()
		if err == nil {
			t.Errorf("%s: %+v accepted", c.name, c.spec)
			continue
		}
		if err.Error() != c.err {
			t.Errorf("%s: error %q, want %q", c.name, err, c.err)
		}
	}
	for _, s := range []BoardSpec{
		{Stop: 1008},
		{StopPoint: "100801"},
		{StopPoint: "de:08421:1008:1:1"},
		{Stop: 1350, Arrivals: true, Lines: []string{"2"}, Platform: "A", Direction: "Kuhberg", Walk: WalkTime(time.Hour), PerLine: MaxPerLine},
	} {
		if err := s.Check(); err != nil {
			t.Errorf("%+v refused: %v", s, err)
		}
	}
}

// boards.json keeps a board with its filters: written and read back it
// is the same board, the stop point and walking time as text.
func TestBoardSpecJSONRoundTrip(t *testing.T) {
	for _, s := range []BoardSpec{
		{Stop: 1008},
		{StopPoint: "100802", Arrivals: true},
		{Stop: 1008, Lines: []string{"2", "N1"}, Platform: "B", Direction: "Science Park", Walk: WalkTime(4 * time.Minute), PerLine: 2},
		{Stop: 1350, Walk: WalkTime(90 * time.Second)},
	} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		var got BoardSpec
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got.Stop != s.Stop || got.StopPoint != s.StopPoint || got.Arrivals != s.Arrivals || !slices.Equal(got.Lines, s.Lines) ||
			got.Platform != s.Platform || got.Direction != s.Direction || got.Walk != s.Walk || got.PerLine != s.PerLine {
			t.Errorf("%+v came back as %+v (from %s)", s, got, b)
		}
	}
	b, _ := json.Marshal(BoardSpec{StopPoint: "100801", Walk: WalkTime(4 * time.Minute)})
	for _, want := range []string{`"stoppoint":"100801"`, `"walk":"4m"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("boards.json board %s lacks %s", b, want)
		}
	}
}

// An old or hand-edited boards.json: a stop point written as a number is
// read, a walking time that cannot be read is dropped (not the board).
func TestBoardSpecReadsOldAndEditedFiles(t *testing.T) {
	var s BoardSpec
	if err := json.Unmarshal([]byte(`{"stop":0,"stoppoint":100801}`), &s); err != nil || s.StopPoint != "100801" {
		t.Errorf("a numeric stop point: %+v, %v", s, err)
	}
	s = BoardSpec{}
	if err := json.Unmarshal([]byte(`{"stop":1008,"walk":"soon","lines":["2"]}`), &s); err != nil {
		t.Fatalf("a board with an unreadable walk was refused: %v", err)
	}
	if s.Stop != 1008 || s.Walk != 0 || !slices.Equal(s.Lines, []string{"2"}) {
		t.Errorf("unreadable walk: %+v, want the board without a walking time", s)
	}
}

// Cleaned makes a spec from a file safe: no board without a stop, empty
// line names dropped, per_line within bounds, and a stop point's stop
// known to the request.
func TestBoardSpecCleanedAndSubject(t *testing.T) {
	if _, err := (BoardSpec{}).Cleaned(); err == nil || err.Error() != "no stop or stop point" {
		t.Errorf("an empty board: %v, want \"no stop or stop point\"", err)
	}
	if _, err := (BoardSpec{StopPoint: "abc"}).Cleaned(); err == nil {
		t.Error("a stop point of letters was taken")
	}
	s, err := BoardSpec{Stop: 1008, Lines: []string{"2", "", " "}, PerLine: 42}.Cleaned()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Lines, []string{"2"}) || s.PerLine != MaxPerLine {
		t.Errorf("cleaned %+v: want lines [2] and per_line %d", s, MaxPerLine)
	}
	sj := BoardSpec{StopPoint: model.CodeFor(1008, 2), Arrivals: true}.Subject()
	if sj.Stop != 1008 || sj.Point != "100802" || !sj.Arrivals {
		t.Errorf("the subject of stop point 100802's arrivals is %+v", sj)
	}
}

// A walking time reads as it is written ("4m", "90s") and writes back the
// same; none beyond an hour, none negative, nothing that is no duration.
func TestWalkTimeParseMarshalRoundTrip(t *testing.T) {
	for text, d := range map[string]time.Duration{"0s": 0, "4m": 4 * time.Minute, "1m30s": 90 * time.Second, "1h": ui.MaxWalk, "12m": 12 * time.Minute} {
		var w WalkTime
		if err := w.UnmarshalText([]byte(text)); err != nil || time.Duration(w) != d {
			t.Errorf("%q read as %v, %v; want %v", text, time.Duration(w), err, d)
		}
		b, err := w.MarshalText()
		if err != nil || string(b) != text {
			t.Errorf("%v written as %q, %v; want %q", d, b, err, text)
		}
		if w.String() != text {
			t.Errorf("%v is %q in a layout, want %q", d, w.String(), text)
		}
	}
	if d, err := ParseWalk(" 90s "); err != nil || d != 90*time.Second {
		t.Errorf("\" 90s \": %v, %v", d, err)
	}
	for text, msg := range map[string]string{
		"soon": `walk must be a duration such as 4m, got "soon"`,
		"4":    `walk must be a duration such as 4m, got "4"`,
		"-1m":  "walk must be between 0 and 1h, got -1m",
		"61m":  "walk must be between 0 and 1h, got 61m",
	} {
		var w WalkTime
		err := w.UnmarshalText([]byte(text))
		if err == nil || err.Error() != msg {
			t.Errorf("%q: error %v, want %q", text, err, msg)
		}
		if w != 0 {
			t.Errorf("%q: a refused walking time was kept: %v", text, w)
		}
	}
}

// The --walk and --per-line defaults go to the boards that have none of
// their own; the boards given keep theirs and the caller's specs are not
// changed.
func TestOptionsWithWalkFillsBoardsWithout(t *testing.T) {
	specs := []BoardSpec{{Stop: 1008}, {Stop: 1350, Walk: WalkTime(time.Minute), PerLine: 1}}
	o := Options{Walk: 3 * time.Minute, PerLine: 2, Boards: specs}.WithWalk()
	if b := o.Boards[0]; b.Walk != WalkTime(3*time.Minute) || b.PerLine != 2 {
		t.Errorf("a board without its own walk and per_line got %v and %d, want 3m and 2", b.Walk, b.PerLine)
	}
	if b := o.Boards[1]; b.Walk != WalkTime(time.Minute) || b.PerLine != 1 {
		t.Errorf("a board with its own walk and per_line got %v and %d, want 1m and 1", b.Walk, b.PerLine)
	}
	if specs[0].Walk != 0 || specs[0].PerLine != 0 {
		t.Error("WithWalk changed the caller's board specs")
	}
	if o := (Options{Walk: 2 * time.Hour, PerLine: 20}).WithWalk(); o.Walk != ui.MaxWalk || o.PerLine != MaxPerLine {
		t.Errorf("out-of-range defaults kept: walk %v, per_line %d", o.Walk, o.PerLine)
	}
}
