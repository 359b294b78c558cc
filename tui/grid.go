package tui

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

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

// BoardSpec is one watched board with its filters: given by the CLI's
// flags, a layout of the configuration file (TOML keys) and saved with the
// watched boards.
type BoardSpec struct {
	Stop      int                 `toml:"stop" json:"stop"`
	StopPoint model.StopPointCode `toml:"stoppoint" json:"stoppoint,omitempty"`
	Arrivals  bool                `toml:"arrivals" json:"arrivals,omitempty"`
	Lines     []string            `toml:"lines" json:"lines,omitempty"`         // RouteNames to keep; empty = all
	Platform  string              `toml:"platform" json:"platform,omitempty"`   // keep one platform; "" = all
	Direction string              `toml:"direction" json:"direction,omitempty"` // keep directions containing this text (case-insensitive); "" = all
	Walk      WalkTime            `toml:"walk" json:"walk,omitempty"`           // walking time to the stop ("4m"); 0 = no leave column (walk.go)
	PerLine   int                 `toml:"per_line" json:"per_line,omitempty"`   // at most this many departures per line and direction; 0 = all (perline.go)
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

// filters are a grid board's client-side filters. They never change the
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

// gridBoard is one watched board: a boardPane (its rows, cursor and the
// full view when zoomed) holding only the events its filters keep, fed by
// the feedEntry of its subject.
type gridBoard struct {
	boardPane
	filt  filters
	raw   model.Board // the last good answer, unfiltered
	cache memo        // the compact rendering
	rowc  []rowMemo   // its rows by position, by what they show
	// removing is set by a first `x`: the cell asks, a second `x`
	// removes the board, any other key keeps it (gridPane.askRemove).
	removing bool
}

// spec returns the board as a BoardSpec.
func (b *gridBoard) spec() BoardSpec {
	return BoardSpec{Stop: b.subj.stop, StopPoint: b.subj.point, Arrivals: b.subj.arrivals,
		Lines: slices.Clone(b.filt.lines), Platform: b.filt.platform, Direction: b.filt.direction, Walk: WalkTime(b.walk), PerLine: b.perLine}
}

// refilter shows the events of the last answer that the filters keep.
func (b *gridBoard) refilter() {
	if !b.have {
		b.touch()
		return
	}
	d := b.raw
	d.Events = make([]model.Event, 0, len(b.raw.Events))
	for i := range b.raw.Events {
		if b.filt.keep(&b.raw.Events[i]) {
			d.Events = append(d.Events, b.raw.Events[i])
		}
	}
	b.setData(d)
	b.touch()
}

// gridPane is the dispatcher grid: up to MaxBoards compact boards, one of
// them focused, which Enter zooms to the full board view.
type gridPane struct {
	sh     *shared
	boards []*gridBoard
	feeds  []*feedEntry
	focus  int
	zoomed bool
	width  int
	height int
	cols   int   // columns of the last layout, for up/down focus moves
	cache  *memo // the whole grid's rendering
	body   *memo // the cells below the summary line (gridPane.render)
}

// len returns the number of watched boards.
func (g *gridPane) len() int { return len(g.boards) }

// focused returns the focused board, nil when there is none.
func (g *gridPane) focused() *gridBoard {
	if g.focus < 0 || g.focus >= len(g.boards) {
		return nil
	}
	return g.boards[g.focus]
}

// feed returns the feed of subject s, nil if none.
func (g *gridPane) feed(s subject) *feedEntry {
	for _, f := range g.feeds {
		if f.subj == s {
			return f
		}
	}
	return nil
}

// add watches a board of spec s, with a new feed if one is needed, and
// focuses it. seed, if it has data for the subject, fills the board at
// once. It returns the command that starts the feed's first poll, if any.
func (g *gridPane) add(s BoardSpec, seed *boardPane) tea.Cmd {
	sj := s.subject()
	b := &gridBoard{boardPane: newBoardPane(g.sh, sj),
		filt: filters{lines: slices.Clone(s.Lines), platform: s.Platform, direction: s.Direction}}
	b.focused = false
	b.walk = time.Duration(s.Walk)
	b.perLine = min(max(s.PerLine, 0), MaxPerLine)
	if seed != nil && seed.subj == sj {
		b.title, b.seen = seed.title, slices.Clone(seed.seen)
	}
	g.boards = append(g.boards, b)
	g.focus = len(g.boards) - 1
	var cmd tea.Cmd
	f := g.feed(sj)
	if f == nil {
		f, cmd = g.sh.reg.acquire(sj)
		g.feeds = append(g.feeds, f)
		if cmd != nil && seed != nil && seed.subj == sj && seed.have {
			f.data.board, f.have = seed.data, true
			f.poll.lastOK = seed.polls().lastOK
		}
	}
	g.fill(b, f)
	return cmd
}

// fill gives board b the feed's state and data.
func (g *gridPane) fill(b *gridBoard, f *feedEntry) {
	b.feed = f // the board reports on the feed's poll; the grid owns the hold
	if f.have {
		b.raw, b.have = f.data.board, true
	}
	b.refilter()
}

// remove stops watching the focused board; a feed no board shows stops.
func (g *gridPane) remove() {
	b := g.focused()
	if b == nil {
		return
	}
	g.boards = slices.Delete(g.boards, g.focus, g.focus+1)
	g.focus = min(g.focus, len(g.boards)-1)
	g.focus = max(g.focus, 0)
	g.dropUnused()
	if len(g.boards) == 0 {
		g.zoomed = false
	}
}

// askRemove is the first `x` on the focused board: it marks the board and
// returns the question for the status line; ok is true when the board was
// marked already, so this `x` removes it.
func (g *gridPane) askRemove() (ask string, ok bool) {
	b := g.focused()
	if b == nil {
		return "", false
	}
	if b.removing {
		return "", true
	}
	b.removing = true
	b.touch()
	return fmt.Sprintf(g.sh.dt.RemoveAsk, g.focus+1, b.name()), false
}

// cancelRemove forgets a first `x`: any key but a second one keeps the
// board.
func (g *gridPane) cancelRemove() {
	for _, b := range g.boards {
		if b.removing {
			b.removing = false
			b.touch()
		}
	}
}

// dropUnused stops the feeds no board shows any more.
func (g *gridPane) dropUnused() {
	g.feeds = slices.DeleteFunc(g.feeds, func(f *feedEntry) bool {
		for _, b := range g.boards {
			if b.subj == f.subj {
				return false
			}
		}
		g.sh.reg.release(f)
		return true
	})
}

// stop ends every feed's schedule and request (quit, or the grid closes).
func (g *gridPane) stop() {
	for _, f := range g.feeds {
		g.sh.reg.release(f)
	}
	g.feeds = nil
}

// fed hands a new answer (or failure) of feed f to every board of its
// subject.
func (g *gridPane) fed(f *feedEntry) {
	for _, b := range g.boards {
		if b.subj == f.subj {
			g.fill(b, f)
		}
	}
}

// filters reports whether a board shows feed f through filters.
func (g *gridPane) filters(f *feedEntry) bool {
	for _, b := range g.boards {
		if b.subj == f.subj && b.filt.active() {
			return true
		}
	}
	return false
}

// touchFeed marks the boards of feed f changed (a poll started).
func (g *gridPane) touchFeed(f *feedEntry) {
	for _, b := range g.boards {
		if b.feed == f {
			b.touch()
		}
	}
}

// refresh polls the focused board's feed now, bypassing the cache.
func (g *gridPane) refresh() tea.Cmd {
	b := g.focused()
	if b == nil {
		return nil
	}
	f := g.feed(b.subj)
	if f == nil {
		return nil
	}
	return f.refresh()
}

// setSubject points board b at s (arrivals toggled in the zoomed view),
// starting a feed for s if none polls it yet.
func (g *gridPane) setSubject(b *gridBoard, s subject) tea.Cmd {
	b.subj = s
	b.have, b.raw, b.data, b.cursor = false, model.Board{}, model.Board{}, 0
	var cmd tea.Cmd
	f := g.feed(s)
	if f == nil {
		f, cmd = g.sh.reg.acquire(s)
		g.feeds = append(g.feeds, f)
	}
	g.fill(b, f)
	g.dropUnused()
	return cmd
}

// moveFocus moves the focus by d boards, clamped.
func (g *gridPane) moveFocus(d int) {
	if len(g.boards) == 0 {
		return
	}
	g.focus = min(max(g.focus+d, 0), len(g.boards)-1)
}

// cycleLine sets the focused board's line filter to the next line on the
// board, and after the last back to all lines. A filter of several lines
// (from a layout) goes back to all lines.
func (b *gridBoard) cycleLine() {
	var lines []string
	for i := range b.raw.Events {
		e := &b.raw.Events[i]
		f := b.filt
		f.lines = nil
		if f.keep(e) && !slices.Contains(lines, e.Line()) {
			lines = append(lines, e.Line())
		}
	}
	slices.SortFunc(lines, compareLines)
	b.filt.lines = nextOf(lines, b.filt.lines)
	b.refilter()
}

// cyclePlatform sets the platform filter to the next platform of the stop.
func (b *gridBoard) cyclePlatform() {
	if b.subj.point != "" {
		return // a stop point board is one platform already
	}
	var names []string
	for _, p := range b.platforms() {
		if p.name != "" && !slices.Contains(names, p.name) {
			names = append(names, p.name)
		}
	}
	slices.Sort(names)
	var cur []string
	if b.filt.platform != "" {
		cur = []string{b.filt.platform}
	}
	if n := nextOf(names, cur); len(n) > 0 {
		b.filt.platform = n[0]
	} else {
		b.filt.platform = ""
	}
	b.refilter()
}

// cycleDirection sets the direction filter to the next direction among
// the events the other filters keep.
func (b *gridBoard) cycleDirection() {
	var dirs []string
	for i := range b.raw.Events {
		e := &b.raw.Events[i]
		f := b.filt
		f.direction = ""
		if e.DirectionText != "" && f.keep(e) && !slices.Contains(dirs, e.DirectionText) {
			dirs = append(dirs, e.DirectionText)
		}
	}
	slices.Sort(dirs)
	var cur []string
	if b.filt.direction != "" {
		cur = []string{b.filt.direction}
	}
	if n := nextOf(dirs, cur); len(n) > 0 {
		b.filt.direction = n[0]
	} else {
		b.filt.direction = ""
	}
	b.refilter()
}

// clearFilters shows every event again.
func (b *gridBoard) clearFilters() {
	b.filt = filters{}
	b.refilter()
}

// nextOf returns the one-element list after cur in all: the first when
// cur is empty, nil (meaning all) after the last or when cur has several
// elements or is not in all.
func nextOf(all, cur []string) []string {
	if len(all) == 0 || len(cur) > 1 {
		return nil
	}
	if len(cur) == 0 {
		return []string{all[0]}
	}
	i := slices.Index(all, cur[0])
	if i < 0 || i+1 >= len(all) {
		return nil
	}
	return []string{all[i+1]}
}

// compareLines orders line names as people expect: numbers by value
// first, then the others ("N1") alphabetically.
func compareLines(a, b string) int {
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	switch {
	case ea == nil && eb == nil:
		return cmp.Compare(na, nb)
	case ea == nil:
		return -1
	case eb == nil:
		return 1
	}
	return cmp.Compare(a, b)
}
