package board

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/catalog"
)

// filters are a board's client-side filters. They never change the
// request, so boards of one stop with different filters share one poll.
type filters struct {
	Lines     []string
	Platform  string
	Direction string // as typed; matched case-insensitively
}

// Active reports whether any filter is set.
func (f filters) Active() bool {
	return len(f.Lines) > 0 || f.Platform != "" || f.Direction != ""
}

// Keep reports whether event e passes the filters.
func (f filters) Keep(e *model.Event) bool {
	if len(f.Lines) > 0 && !slices.Contains(f.Lines, e.Line()) {
		return false
	}
	if f.Platform != "" && !strings.EqualFold(e.PlatformName, f.Platform) {
		return false
	}
	if f.Direction != "" && !strings.Contains(strings.ToLower(e.DirectionText), strings.ToLower(f.Direction)) {
		return false
	}
	return true
}

// summary is the filters as a compact text: "line 2,4 · pl. A · →söfl".
func (f filters) summary(dt *catalog.DispTexts) string {
	var parts []string
	if len(f.Lines) > 0 {
		parts = append(parts, fmt.Sprintf(dt.LineF, strings.Join(f.Lines, ",")))
	}
	if f.Platform != "" {
		parts = append(parts, fmt.Sprintf(dt.Pl, f.Platform))
	}
	if f.Direction != "" {
		parts = append(parts, "→"+f.Direction)
	}
	return strings.Join(parts, " · ")
}

// Spec returns the board as a BoardSpec: a stop point board names only its
// stop point (BoardSpec.Check wants one of the two).
func (b *Pane) Spec() app.BoardSpec {
	s := app.BoardSpec{Stop: b.Subject.Stop, StopPoint: b.Subject.Point, Arrivals: b.Subject.Arrivals,
		Lines: slices.Clone(b.Filters.Lines), Platform: b.Filters.Platform, Direction: b.Filters.Direction, Walk: app.WalkTime(b.Walk), PerLine: b.perLine}
	if s.StopPoint != "" {
		s.Stop = 0
	}
	return s
}

// NewBoard returns a board of spec s with its filters, walking time and
// per-line limit; not yet shown (show acquires its feed).
func NewBoard(svc *app.Services, s app.BoardSpec) *Pane {
	b := newBoardPane(svc, s.Subject())
	b.Filters = filters{Lines: slices.Clone(s.Lines), Platform: s.Platform, Direction: s.Direction}
	b.Walk = time.Duration(s.Walk)
	b.perLine = min(max(s.PerLine, 0), app.MaxPerLine)
	return &b
}
