package tui

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/statefile"
)

// pinsFile is the name of the pins' file in Options.StateDir.
const pinsFile = "pins.json"

// maxStrip is the most pins the start screen's strip shows.
const maxStrip = 5

// pin is a pinned stop or stop point, as saved in pins.json.
type pin struct {
	Stop      int    `json:"stop"`
	StopPoint string `json:"stop_point,omitempty"`
	Name      string `json:"name,omitempty"`
}

// same reports whether p and q pin the same stop or stop point.
func (p pin) same(q pin) bool { return p.Stop == q.Stop && p.StopPoint == q.StopPoint }

// subject is the board request of a pin.
func (p pin) subject() subject {
	return subject{stop: p.Stop, point: model.StopPointCode(p.StopPoint)}
}

// target opens the pin's board.
func (p pin) target() target {
	if p.StopPoint != "" {
		return target{kind: targetPoint, stop: p.Stop, point: model.StopPointCode(p.StopPoint), title: p.Name}
	}
	return target{kind: targetStop, stop: p.Stop, title: p.Name}
}

// pinsDoc is the JSON document of pins.json.
type pinsDoc struct {
	Pins []pin `json:"pins"`
}

// pinsMsg carries the pins loaded from disk at start: the first maxPins,
// how many distinct ones the file has, and what went wrong with it.
type pinsMsg struct {
	pins    []pin
	total   int
	problem *statefile.Problem
}

// pinsSavedMsg reports the outcome of writing pins.json: the first sent
// changes are in the file unless err.
type pinsSavedMsg struct {
	sent    int
	problem *statefile.Problem
	err     error
}

// loadPinsCmd reads the pins from path; a missing file is no pins.
func loadPinsCmd(path string) tea.Cmd {
	return func() tea.Msg { return loadPins(path) }
}

// savePinsCmd applies this instance's changes ops to the file at path
// (see statefile.go).
func savePinsCmd(path string, ops []pinOp) tea.Cmd {
	return func() tea.Msg { return savePins(path, ops) }
}

// pinSet is the pinned stops, their file, and the strip that shows them
// with their next departure above the plain board on the start screen
// (when abfahrt starts with no stop given).
type pinSet struct {
	sh     *shared
	hold   holder // the strip as a holder of its feeds
	path   string // "" = not persisted
	items  []pin
	start  bool // the start screen: the strip shows on the plain board
	shown  bool // the plain board is the main view
	feeds  []*feedEntry
	stripH int // lines the strip takes in the current layout

	ops      []pinOp // changes not yet in the file, in order
	writing  bool    // a write is in flight
	readOnly bool    // the file could not be read nor kept aside: never written
}

// newPinSet returns the pins of stateDir (loaded by loadCmd); start says
// whether the strip belongs on the plain board.
func newPinSet(sh *shared, stateDir string, start bool) pinSet {
	p := pinSet{sh: sh, start: start, shown: true, hold: newHolder()}
	if stateDir != "" {
		p.path = filepath.Join(stateDir, pinsFile)
	}
	return p
}

// loadCmd reads the pins' file, if there is one.
func (p *pinSet) loadCmd() tea.Cmd {
	if p.path == "" {
		return nil
	}
	return loadPinsCmd(p.path)
}

// saveCmd writes the changes to the pins' file, if there is one; one
// write at a time, so that the changes reach the file in order.
func (p *pinSet) saveCmd() tea.Cmd {
	if p.path == "" || p.readOnly || p.writing || len(p.ops) == 0 {
		return nil
	}
	p.writing = true
	return savePinsCmd(p.path, slices.Clone(p.ops))
}

// saved takes the end of a write: its changes are done, and those made
// meanwhile are written next. A failed write keeps its changes for the
// next one.
func (p *pinSet) saved(msg pinsSavedMsg) tea.Cmd {
	p.writing = false
	if errors.Is(msg.err, statefile.ErrKept) {
		p.readOnly, p.ops = true, nil // found unreadable since the start: leave it
	}
	if msg.err != nil {
		return nil
	}
	p.ops = p.ops[min(msg.sent, len(p.ops)):]
	return p.saveCmd()
}

// loaded takes the pins read at start, after any pinned meanwhile. A file
// that could not be read is reported once in the status bar; it was kept
// aside, or if that failed is never written.
func (p *pinSet) loaded(msg pinsMsg) tea.Cmd {
	if msg.problem != nil && msg.problem.KeptAs == "" {
		p.readOnly = true
	}
	addNotice(p.sh, stateNotice(p.sh.dt, msg.problem, pinsFile, len(msg.pins), msg.total))
	p.items, _ = uniquePins(append(p.items, msg.pins...), maxPins)
	return p.syncFeeds()
}

// full reports whether no more pins fit.
func (p *pinSet) full() bool { return len(p.items) >= maxPins }

// has reports whether q is pinned.
func (p *pinSet) has(q pin) bool { return slices.ContainsFunc(p.items, q.same) }

// toggle pins q, or unpins it if pinned; it reports whether q is pinned now.
func (p *pinSet) toggle(q pin) bool {
	if i := slices.IndexFunc(p.items, q.same); i >= 0 {
		p.items = slices.Delete(p.items, i, i+1)
		p.record(pinOp{q: q})
		return false
	}
	p.items = append(p.items, q)
	p.record(pinOp{q: q, add: true})
	return true
}

// record keeps a change for the next write, if the pins are saved.
func (p *pinSet) record(op pinOp) {
	if p.path != "" && !p.readOnly {
		p.ops = append(p.ops, op)
	}
}

// at returns pin n (1-based) of those on the strip.
func (p *pinSet) at(n int) (pin, bool) {
	if n < 1 || n > p.stripCount() {
		return pin{}, false
	}
	return p.items[n-1], true
}

// stripCount is how many pins the strip lists (0 when it does not show).
func (p *pinSet) stripCount() int {
	if !p.start || !p.shown {
		return 0
	}
	return min(len(p.items), maxStrip)
}

// stripHeight is the strip's lines above a board of height h: one per pin,
// leaving the board at least 8 lines.
func (p *pinSet) stripHeight(h int) int {
	return max(min(p.stripCount(), h-8), 0)
}

// showStrip says whether the plain board (the grid's open board) is the main view.
func (p *pinSet) showStrip(on bool) { p.shown = on }

// stripCmd starts or stops the strip's polls as it shows or hides.
func (p *pinSet) stripCmd(bool) tea.Cmd { return p.syncFeeds() }

// syncFeeds gives every pin on the strip a feed while it shows, and stops
// the others, returning the first polls of new feeds.
func (p *pinSet) syncFeeds() tea.Cmd {
	want := p.items[:p.stripCount()]
	var cmds []tea.Cmd
	p.feeds = slices.DeleteFunc(p.feeds, func(f *feedEntry) bool {
		if slices.ContainsFunc(want, func(q pin) bool { return q.subject() == f.subj }) {
			return false
		}
		p.sh.reg.release(f, p.hold)
		return true
	})
	for _, q := range want {
		if !slices.ContainsFunc(p.feeds, func(f *feedEntry) bool { return f.subj == q.subject() }) {
			f, cmd := p.sh.reg.acquire(q.subject(), p.hold, p.sh.limit)
			p.feeds = append(p.feeds, f)
			cmds = append(cmds, cmd)
		}
	}
	return tea.Batch(cmds...)
}

// stop ends the strip's polls.
func (p *pinSet) stop() {
	for _, f := range p.feeds {
		p.sh.reg.release(f, p.hold)
	}
	p.feeds = nil
}

// strip renders n lines: each pin with its number, name and next
// departure, or why there is none.
func (p *pinSet) strip(w, n int) string {
	sh := p.sh
	st, dt := sh.st, sh.dt
	nameW := 4
	for _, q := range p.items[:n] {
		nameW = max(nameW, len([]rune(q.Name)))
	}
	nameW = min(nameW, 24, w/3)
	lines := make([]string, 0, n)
	for i, q := range p.items[:n] {
		head := " " + st.Accent.Render("★"+itoa(i+1)) + " " + st.Bold.Render(pad(q.Name, nameW)) + "  "
		room := w - 3 - 2 - nameW - 2
		var f *feedEntry
		for _, g := range p.feeds {
			if g.subj == q.subject() {
				f = g
			}
		}
		next := st.Muted.Render(dt.GridLoading)
		if f != nil && f.poll.lastErr != nil && !f.have {
			next = st.Error.Render(fmt.Sprintf(dt.NoAnswer, sh.t.errLine(f.poll.lastErr)))
		}
		if f != nil && f.have {
			next = st.Muted.Render(dt.NothingSoon)
			if e := nextEvent(f.data.board, sh.now); e != nil {
				badge := max(len(e.Line())+2, 4)
				next = compactRow(sh, e, badge, max(min(room-badge-15, 40), 4))
			}
		}
		lines = append(lines, fit(head+next, w))
	}
	return strings.Join(lines, "\n")
}

// nextEvent is the first event of b that is still to come at now.
func nextEvent(b model.Board, now time.Time) *model.Event {
	for i := range b.Events {
		e := &b.Events[i]
		if !e.Due().IsZero() && !e.Due().Before(now) {
			return e
		}
	}
	return nil
}
