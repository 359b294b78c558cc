package tui

import (
	"strings"
	"sync"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/screen"
)

// The window title (issue 26 item 5): the board's name and its next
// departure, set with OSC 2 at most once a minute, the terminal's own
// title saved at start (XTWINOPS 22) and restored on exit (23). On by
// default, off in kiosk mode unless asked (Options.Title).
const (
	seqTitlePush = "\x1b[22;0t"
	seqTitlePop  = "\x1b[23;0t"
	// TitleEvery is the most often the title changes.
	TitleEvery = time.Minute
)

// titled is a model that names its window.
type titled interface{ WindowTitle() string }

// titler sets the window title of one program.
type titler struct {
	mu    sync.Mutex
	on    bool
	last  string
	at    time.Time
	clock func() time.Time
}

// update sets title when it changed, at most once every TitleEvery (the
// first at once).
func (t *titler) update(r *screen.Renderer, title string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.on || title == "" || title == t.last {
		return
	}
	now := time.Now()
	if t.clock != nil {
		now = t.clock()
	}
	if !t.at.IsZero() && now.Sub(t.at) < TitleEvery {
		return
	}
	t.last, t.at = title, now
	r.Control("\x1b]2;" + title + "\x1b\\") // ST, not BEL: no bell rings with it
}

// titleText is a window title from parts: one line of plain text (no
// control characters, so nothing can end the sequence early), at most
// 80 runes.
func titleText(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(model.CleanText(p, 80)); p != "" {
			keep = append(keep, p)
		}
	}
	return model.CleanText(strings.Join(keep, " · "), 80)
}

// WindowTitle is the board's name and its next departure: "Hauptbahnhof ·
// 4 Böfingen 2 min · abfahrt".
func (m Model) WindowTitle() string {
	b := m.disp.Grid.Focused()
	if b == nil || !b.Have {
		return "" // nothing to name yet: the title waits for the data
	}
	next := ""
	for _, r := range b.Rows() {
		e := &b.Data.Events[r]
		if due, ok := e.DueIn(m.sh.Now); ok && due >= 0 && !e.Gone() && !e.Status.Done() {
			next = e.Line() + " " + e.DirectionText + " " + m.sh.T.Countdown(*e, m.sh.Now)
			break
		}
	}
	return titleText(b.Name(), next, "abfahrt")
}
