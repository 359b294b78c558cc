package grid

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/statefile"
)

// PinsFile is the name of the pins' file in Options.StateDir.
const PinsFile = "pins.json"

// maxStrip is the most pins the start screen's strip shows.
const maxStrip = 5

// Pin is a pinned stop or stop point, as saved in pins.json.
type Pin struct {
	Stop      int    `json:"stop"`
	StopPoint string `json:"stop_point,omitempty"`
	Name      string `json:"name,omitempty"`
}

// same reports whether p and q pin the same stop or stop point.
func (p Pin) same(q Pin) bool { return p.Stop == q.Stop && p.StopPoint == q.StopPoint }

// Subject is the board request of a pin.
func (p Pin) Subject() feeds.Subject {
	return feeds.Subject{Stop: p.Stop, Point: model.StopPointCode(p.StopPoint)}
}

// Target opens the pin's board.
func (p Pin) Target() app.Target {
	if p.StopPoint != "" {
		return app.Target{Kind: app.TargetPoint, Stop: p.Stop, Point: model.StopPointCode(p.StopPoint), Title: p.Name}
	}
	return app.Target{Kind: app.TargetStop, Stop: p.Stop, Title: p.Name}
}

// PinsDoc is the JSON document of pins.json.
type PinsDoc struct {
	Pins []Pin `json:"pins"`
}

// PinsMsg carries the pins loaded from disk at start: the first maxPins,
// how many distinct ones the file has, and what went wrong with it.
type PinsMsg struct {
	Pins    []Pin
	Total   int
	Problem *statefile.Problem
}

// PinsSavedMsg reports the outcome of writing pins.json: the first sent
// changes are in the file unless err.
type PinsSavedMsg struct {
	Sent    int
	Problem *statefile.Problem
	Err     error
}

// LoadPinsCmd reads the pins from path; a missing file is no pins.
func LoadPinsCmd(path string) tea.Cmd {
	return func() tea.Msg { return LoadPins(path) }
}

// savePinsCmd applies this instance's changes ops to the file at path
// (see statefile.go).
func savePinsCmd(path string, ops []PinOp) tea.Cmd {
	return func() tea.Msg { return savePins(path, ops) }
}

// pinSet is the pinned stops, their file, and the strip that shows them
// with their next departure above the plain board on the start screen
// (when abfahrt starts with no stop given).
type pinSet struct {
	svc    *app.Services
	limit  int          // the events a pin's feed asks for: the board side's limit (the frame's at start)
	hold   feeds.Holder // the strip as a holder of its feeds
	path   string       // "" = not persisted
	Items  []Pin
	start  bool // the start screen: the strip shows on the plain board
	shown  bool // the plain board is the main view
	Feeds  []*feeds.Entry
	stripH int // lines the strip takes in the current layout

	ops      []PinOp // changes not yet in the file, in order
	writing  bool    // a write is in flight
	readOnly bool    // the file could not be read nor kept aside: never written
}

// newPinSet returns the pins of stateDir (loaded by loadCmd); start says
// whether the strip belongs on the plain board, limit how many events a
// pin's feed asks for (the root's limit, which stays while it runs).
func newPinSet(svc *app.Services, stateDir string, start bool, limit int) pinSet {
	p := pinSet{svc: svc, limit: limit, start: start, shown: true, hold: feeds.NewHolder()}
	if stateDir != "" {
		p.path = filepath.Join(stateDir, PinsFile)
	}
	return p
}

// LoadCmd reads the pins' file, if there is one.
func (p *pinSet) LoadCmd() tea.Cmd {
	if p.path == "" {
		return nil
	}
	return LoadPinsCmd(p.path)
}

// SaveCmd writes the changes to the pins' file, if there is one; one
// write at a time, so that the changes reach the file in order.
func (p *pinSet) SaveCmd() tea.Cmd {
	if p.path == "" || p.readOnly || p.writing || len(p.ops) == 0 {
		return nil
	}
	p.writing = true
	return savePinsCmd(p.path, slices.Clone(p.ops))
}

// SaveNow writes the changes not yet in the file (in flight, or failed)
// and waits for the write: at the program's end, so that a pin made just
// before q is not lost with the write the end cut short. Writing changes
// that a write in flight also makes is harmless: they merge alike.
func (p *pinSet) SaveNow() {
	if p.path == "" || p.readOnly || len(p.ops) == 0 {
		return
	}
	if msg := savePins(p.path, slices.Clone(p.ops)); msg.Err == nil {
		p.ops = nil
	}
}

// Saved takes the end of a write: its changes are done, and those made
// meanwhile are written next. A failed write keeps its changes for the
// next one.
func (p *pinSet) Saved(msg PinsSavedMsg) tea.Cmd {
	p.writing = false
	if errors.Is(msg.Err, statefile.ErrKept) {
		p.readOnly, p.ops = true, nil // found unreadable since the start: leave it
	}
	if msg.Err != nil {
		return nil
	}
	p.ops = p.ops[min(msg.Sent, len(p.ops)):]
	return p.SaveCmd()
}

// Loaded takes the pins read at start, after any pinned meanwhile. A file
// that could not be read is reported once in the status bar; it was kept
// aside, or if that failed is never written; the notice, in dt's words,
// says so for the status bar.
func (p *pinSet) Loaded(dt *catalog.DispTexts, msg PinsMsg) (cmd tea.Cmd, notice string) {
	if msg.Problem != nil && msg.Problem.KeptAs == "" {
		p.readOnly = true
	}
	notice = app.StateNotice(dt, msg.Problem, PinsFile, len(msg.Pins), msg.Total)
	p.Items, _ = UniquePins(append(p.Items, msg.Pins...), MaxPins)
	return p.SyncFeeds(), notice
}

// full reports whether no more pins fit.
func (p *pinSet) full() bool { return len(p.Items) >= MaxPins }

// Has reports whether q is pinned.
func (p *pinSet) Has(q Pin) bool { return slices.ContainsFunc(p.Items, q.same) }

// Toggle pins q, or unpins it if pinned; it reports whether q is pinned now.
func (p *pinSet) Toggle(q Pin) bool {
	if i := slices.IndexFunc(p.Items, q.same); i >= 0 {
		p.Items = slices.Delete(p.Items, i, i+1)
		p.record(PinOp{Q: q})
		return false
	}
	p.Items = append(p.Items, q)
	p.record(PinOp{Q: q, Add: true})
	return true
}

// record keeps a change for the next write, if the pins are saved.
func (p *pinSet) record(op PinOp) {
	if p.path != "" && !p.readOnly {
		p.ops = append(p.ops, op)
	}
}

// At returns pin n (1-based) of those on the strip.
func (p *pinSet) At(n int) (Pin, bool) {
	if n < 1 || n > p.stripCount() {
		return Pin{}, false
	}
	return p.Items[n-1], true
}

// stripCount is how many pins the strip lists (0 when it does not show).
func (p *pinSet) stripCount() int {
	if !p.start || !p.shown {
		return 0
	}
	return min(len(p.Items), maxStrip)
}

// stripHeight is the strip's lines above a board of height h: one per pin,
// leaving the board at least 8 lines.
func (p *pinSet) stripHeight(h int) int {
	return max(min(p.stripCount(), h-8), 0)
}

// showStrip says whether the plain board (the grid's open board) is the main view.
func (p *pinSet) showStrip(on bool) { p.shown = on }

// stripCmd starts or stops the strip's polls as it shows or hides.
func (p *pinSet) stripCmd(bool) tea.Cmd { return p.SyncFeeds() }

// SyncFeeds gives every pin on the strip a feed while it shows, and stops
// the others, returning the first polls of new feeds.
func (p *pinSet) SyncFeeds() tea.Cmd {
	want := p.Items[:p.stripCount()]
	var cmds []tea.Cmd
	p.Feeds = slices.DeleteFunc(p.Feeds, func(f *feeds.Entry) bool {
		if slices.ContainsFunc(want, func(q Pin) bool { return q.Subject() == f.Subject }) {
			return false
		}
		p.svc.Feeds.Release(f, p.hold)
		return true
	})
	for _, q := range want {
		if !slices.ContainsFunc(p.Feeds, func(f *feeds.Entry) bool { return f.Subject == q.Subject() }) {
			f, cmd := p.svc.Feeds.Acquire(q.Subject(), p.hold, p.limit)
			p.Feeds = append(p.Feeds, f)
			cmds = append(cmds, cmd)
		}
	}
	return tea.Batch(cmds...)
}

// Stop ends the strip's polls.
func (p *pinSet) Stop() {
	for _, f := range p.Feeds {
		p.svc.Feeds.Release(f, p.hold)
	}
	p.Feeds = nil
}

// strip renders n lines: each pin with its number, name and next
// departure, or why there is none, in frame f.
func (p *pinSet) strip(f app.Frame, w, n int) string {
	svc := p.svc
	st, dt := f.Styles, f.DispatchTexts
	nameW := 4
	for _, q := range p.Items[:n] {
		nameW = max(nameW, len([]rune(q.Name)))
	}
	nameW = min(nameW, 24, w/3)
	lines := make([]string, 0, n)
	for i, q := range p.Items[:n] {
		head := " " + st.Accent.Render("★"+ui.Itoa(i+1)) + " " + st.Bold.Render(ui.Pad(q.Name, nameW)) + "  "
		room := w - 3 - 2 - nameW - 2
		var fd *feeds.Entry
		for _, g := range p.Feeds {
			if g.Subject == q.Subject() {
				fd = g
			}
		}
		next := st.Muted.Render(dt.GridLoading)
		if fd != nil && fd.Poll.LastErr != nil && !fd.Have {
			next = st.Error.Render(fmt.Sprintf(dt.NoAnswer, app.ErrLine(f.Texts, fd.Poll.LastErr)))
		}
		if fd != nil && fd.Have {
			next = st.Muted.Render(dt.NothingSoon)
			if e := nextEvent(fd.Data.Board, f.Now); e != nil {
				badge := max(len(e.Line())+2, 4)
				next = board.CompactRow(f, svc, e, badge, max(min(room-badge-15, 40), 4))
			}
		}
		lines = append(lines, ui.Fit(head+next, w))
	}
	return strings.Join(lines, "\n")
}

// nextEvent is the first event of b that is still to come at now.
func nextEvent(b model.Board, now time.Time) *model.Event {
	for i := range b.Events {
		e := &b.Events[i]
		if !e.Due().IsZero() && !e.Due().Before(now) && !e.Gone() {
			return e
		}
	}
	return nil
}
