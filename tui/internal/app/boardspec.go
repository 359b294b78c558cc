package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
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
	if s.Walk < 0 || time.Duration(s.Walk) > ui.MaxWalk {
		return fmt.Errorf("walk must be between 0 and %s, got %s", ui.WalkText(ui.MaxWalk), ui.WalkText(time.Duration(s.Walk)))
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

// Cleaned returns s read from a file that may be old or edited: its text
// cleaned like the service's, or why it is no board.
func (s BoardSpec) Cleaned() (BoardSpec, error) {
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

// Subject returns the request a spec's board needs.
func (s BoardSpec) Subject() feeds.Subject {
	sj := feeds.Subject{Stop: s.Stop, Point: s.StopPoint, Arrivals: s.Arrivals}
	if sj.Point != "" && sj.Stop == 0 {
		if n, ok := sj.Point.StopNumber(); ok {
			sj.Stop = n
		}
	}
	return sj
}

// Departures per line and the view grouped by direction.
//
// per_line = N keeps at most the next N departures of each line and
// direction (the line's name with its direction text), so a busy line
// does not push the others off a small screen; n cycles it on the
// focused board: off, 1, 2, 3, off. The grouped view (b) shows a stop's
// rows by platform, each under a heading naming the platform and where its
// departures go: at Ulm's stops a platform serves one direction, as the
// platforms of a station sign do.

// MaxPerLine is the largest per_line a board takes.
const MaxPerLine = 9

// LimitStep is the step of a screen's demand by its height: screens of
// different heights ask for 20, 40, 60, 80 or 100 departures, so that a
// hub's cache serves their queries alike.
const LimitStep = DefaultLimit

// LimitFor is the events a screen with rows lines for departures asks
// for: rows rounded up to a LimitStep, at least least, at most MaxLimit.
func LimitFor(rows, least int) int {
	rows = (max(rows, 0) + LimitStep - 1) / LimitStep * LimitStep
	return max(least, min(MaxLimit, rows))
}
