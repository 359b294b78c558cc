package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"abfahrt/model"
)

// Limits the CLI checks its flags and configuration file against.
const (
	// MaxBoards is the most boards the dispatcher grid watches (and a
	// layout may name).
	MaxBoards = 16
	// MaxLimit is the most departures a board asks for (Options.Limit).
	MaxLimit = 100
)

// BoardSpec is one board with its filters: the one board-spec type, given
// by the CLI's flags, a layout of the configuration file (TOML keys) and
// saved with the watched boards in boards.json (JSON keys, the same names;
// MarshalJSON, UnmarshalJSON).
type BoardSpec struct {
	Stop      int                 `toml:"stop"`
	StopPoint model.StopPointCode `toml:"stoppoint"`
	Arrivals  bool                `toml:"arrivals"`
	Lines     []string            `toml:"lines"`     // RouteNames to keep; empty = all
	Platform  string              `toml:"platform"`  // keep one platform; "" = all
	Direction string              `toml:"direction"` // keep directions containing this text (case-insensitive); "" = all
	Walk      WalkTime            `toml:"walk"`      // walking time to the stop ("4m"); 0 = no leave column (walk.go)
	PerLine   int                 `toml:"per_line"`  // at most this many departures per line and direction; 0 = all (perline.go)
}

// Check reports why s is not a board: it needs exactly one of a stop (4
// digits) and a stop point (6 digits or a DHID).
func (s BoardSpec) Check() error {
	if (s.Stop == 0) == (s.StopPoint == "") {
		return errors.New("needs exactly one of stop or stoppoint")
	}
	if s.Stop != 0 && (s.Stop < 1000 || s.Stop > 9999) {
		return fmt.Errorf("stop must be 4 digits, got %d", s.Stop)
	}
	if s.StopPoint != "" {
		if _, err := model.ParseStopPointCode(string(s.StopPoint)); err != nil {
			return err
		}
	}
	if s.PerLine < 0 || s.PerLine > MaxPerLine {
		return fmt.Errorf("per_line must be between 0 and %d, got %d", MaxPerLine, s.PerLine)
	}
	if s.Walk < 0 || time.Duration(s.Walk) > MaxWalk {
		return fmt.Errorf("walk must be between 0 and %s, got %s", walkText(MaxWalk), walkText(time.Duration(s.Walk)))
	}
	return nil
}

// specFile is a BoardSpec as boards.json holds it: the stop point and the
// walking time as strings, as every abfahrt so far wrote and reads them.
type specFile struct {
	Stop      int             `json:"stop"`
	StopPoint json.RawMessage `json:"stoppoint,omitempty"` // "100801"; a number is read too
	Arrivals  bool            `json:"arrivals,omitempty"`
	Lines     []string        `json:"lines,omitempty"`
	Platform  string          `json:"platform,omitempty"`
	Direction string          `json:"direction,omitempty"`
	Walk      json.RawMessage `json:"walk,omitempty"` // "4m"; an unreadable one is dropped
	PerLine   int             `json:"per_line,omitempty"`
}

// MarshalJSON writes s as boards.json holds a board.
func (s BoardSpec) MarshalJSON() ([]byte, error) {
	f := specFile{Stop: s.Stop, Arrivals: s.Arrivals, Lines: s.Lines, Platform: s.Platform,
		Direction: s.Direction, PerLine: s.PerLine}
	if s.StopPoint != "" {
		f.StopPoint, _ = json.Marshal(s.StopPoint.String())
	}
	if w := savedWalk(s.Walk); w != "" {
		f.Walk, _ = json.Marshal(w)
	}
	return json.Marshal(f)
}

// UnmarshalJSON reads a board of boards.json. A walking time it cannot
// read is dropped, not the board; cleaned checks the rest.
func (s *BoardSpec) UnmarshalJSON(b []byte) error {
	var f specFile
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*s = BoardSpec{Stop: f.Stop, Arrivals: f.Arrivals, Lines: f.Lines, Platform: f.Platform,
		Direction: f.Direction, PerLine: f.PerLine}
	if len(f.StopPoint) > 0 {
		if err := json.Unmarshal(f.StopPoint, &s.StopPoint); err != nil {
			return err
		}
	}
	var walk string
	if json.Unmarshal(f.Walk, &walk) == nil {
		if w, err := ParseWalk(walk); err == nil {
			s.Walk = WalkTime(w)
		}
	}
	return nil
}

// cleaned returns s read from a file that may be old or edited: its text
// cleaned like the service's, or why it is no board.
func (s BoardSpec) cleaned() (BoardSpec, error) {
	s.Platform = model.CleanText(s.Platform, model.TextCap("PlatformName"))
	s.Direction = model.CleanText(s.Direction, model.TextCap("DirectionText"))
	var lines []string
	for _, l := range s.Lines {
		if l = model.CleanText(l, model.TextCap("RouteName")); l != "" {
			lines = append(lines, l)
		}
	}
	s.Lines = lines
	s.PerLine = min(max(s.PerLine, 0), MaxPerLine)
	if s.StopPoint != "" {
		c, err := model.ParseStopPointCode(string(s.StopPoint))
		if err != nil {
			return BoardSpec{}, err
		}
		s.StopPoint = c
	}
	if s.Stop < 0 || (s.Stop == 0 && s.StopPoint == "") {
		return BoardSpec{}, errors.New("no stop or stop point")
	}
	return s, nil
}

// subject returns the request a spec's board needs.
func (s BoardSpec) subject() subject {
	sj := subject{stop: s.Stop, point: s.StopPoint, arrivals: s.Arrivals}
	if sj.point != "" && sj.stop == 0 {
		if n, ok := sj.point.StopNumber(); ok {
			sj.stop = n
		}
	}
	return sj
}

// filters are a board's client-side filters. They never change the
// request, so boards of one stop with different filters share one poll.
type filters struct {
	lines     []string
	platform  string
	direction string // as typed; matched case-insensitively
}

// active reports whether any filter is set.
func (f filters) active() bool {
	return len(f.lines) > 0 || f.platform != "" || f.direction != ""
}

// keep reports whether event e passes the filters.
func (f filters) keep(e *model.Event) bool {
	if len(f.lines) > 0 && !slices.Contains(f.lines, e.Line()) {
		return false
	}
	if f.platform != "" && !strings.EqualFold(e.PlatformName, f.platform) {
		return false
	}
	if f.direction != "" && !strings.Contains(strings.ToLower(e.DirectionText), strings.ToLower(f.direction)) {
		return false
	}
	return true
}

// summary is the filters as a compact text: "line 2,4 · pl. A · →söfl".
func (f filters) summary(dt *dispTexts) string {
	var parts []string
	if len(f.lines) > 0 {
		parts = append(parts, fmt.Sprintf(dt.LineF, strings.Join(f.lines, ",")))
	}
	if f.platform != "" {
		parts = append(parts, fmt.Sprintf(dt.Pl, f.platform))
	}
	if f.direction != "" {
		parts = append(parts, "→"+f.direction)
	}
	return strings.Join(parts, " · ")
}

// spec returns the board as a BoardSpec: a stop point board names only its
// stop point (BoardSpec.Check wants one of the two).
func (b *boardPane) spec() BoardSpec {
	s := BoardSpec{Stop: b.subj.stop, StopPoint: b.subj.point, Arrivals: b.subj.arrivals,
		Lines: slices.Clone(b.filt.lines), Platform: b.filt.platform, Direction: b.filt.direction, Walk: WalkTime(b.walk), PerLine: b.perLine}
	if s.StopPoint != "" {
		s.Stop = 0
	}
	return s
}

// newBoard returns a board of spec s with its filters, walking time and
// per-line limit; not yet shown (show acquires its feed).
func newBoard(sh *shared, s BoardSpec) *boardPane {
	b := newBoardPane(sh, s.subject())
	b.filt = filters{lines: slices.Clone(s.Lines), platform: s.Platform, direction: s.Direction}
	b.walk = time.Duration(s.Walk)
	b.perLine = min(max(s.PerLine, 0), MaxPerLine)
	return &b
}
