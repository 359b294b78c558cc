package termio

import (
	"strings"
	"sync"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/screen"
)

// The window title: the board's name and its next
// departure, set with OSC 2 at most once a minute, the terminal's own
// title saved at start (XTWINOPS 22) and restored on exit (23). On by
// default, off in kiosk mode unless asked (Options.Title).
const (
	SeqTitlePush = "\x1b[22;0t"
	SeqTitlePop  = "\x1b[23;0t"
	// TitleEvery is the most often the title changes.
	TitleEvery = time.Minute
)

// Titler sets the window title of one program.
type Titler struct {
	mu    sync.Mutex
	On    bool
	last  string
	at    time.Time
	Clock func() time.Time
}

// Update sets title when it changed, at most once every TitleEvery (the
// first at once).
func (t *Titler) Update(r *screen.Renderer, title string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.On || title == "" || title == t.last {
		return
	}
	now := time.Now()
	if t.Clock != nil {
		now = t.Clock()
	}
	if !t.at.IsZero() && now.Sub(t.at) < TitleEvery {
		return
	}
	t.last, t.at = title, now
	r.Control("\x1b]2;" + title + "\x1b\\") // ST, not BEL: no bell rings with it
}

// TitleText is a window title from parts: one line of plain text (no
// control characters, so nothing can end the sequence early), at most
// 80 runes.
func TitleText(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(model.CleanText(p, 80)); p != "" {
			keep = append(keep, p)
		}
	}
	return model.CleanText(strings.Join(keep, " · "), 80)
}
