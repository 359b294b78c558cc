package termio

import (
	"reflect"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The most keys a second an SSH session's board takes, and as many at
// once; the same again of the other input besides the mouse (focus
// reports, sequences the input reader does not know): each costs an Update and a View, and a
// person types a few keys a second (a stop's name pasted into the search
// is under InputBurst characters). A client that floods its session
// (10 000 focus reports, a paste of a book) is cut to this before the
// model, so the board stays answering and the hub's CPU is not spent on
// the flood.
const (
	InputRate  = 30
	InputBurst = 60
)

// InputGate lets through at most InputRate keys a second (a token bucket
// of InputBurst) while On (an SSH session's board), and as many other
// input messages (focus reports, unknown sequences) from a bucket of
// their own, so that a flood of reports or of the fragments of a mouse
// flood never takes the place of the keys typed after it; the rest are
// dropped. The quit keys (q, ctrl+c) and messages that are not input
// pass always: the fragments of a flood read as keys must not take the
// place of the q typed after it.
type InputGate struct {
	On    bool
	Clock func() time.Time // nil: time.Now
	keys  bucket
	other bucket
}

// Pass reports whether msg goes on to the model whole.
func (g *InputGate) Pass(msg tea.Msg) bool {
	if k, ok := msg.(tea.KeyMsg); ok {
		out, ok := g.Admit(k).(tea.KeyMsg)
		return ok && len(out.Runes) == len(k.Runes)
	}
	return g == nil || !g.On || g.pass(msg)
}

// Admit returns what of msg goes on to the model: msg, nil when it is
// dropped, or, for several keys read at once ("jjjjj", which the model
// handles as that many keys), as many of them as the keys' budget holds.
// Each key counts, so a held key scrolls at InputRate; a bracketed paste
// is one message of text and counts as one.
func (g *InputGate) Admit(msg tea.Msg) tea.Msg {
	if g == nil || !g.On {
		return msg
	}
	if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyRunes && !k.Paste && len(k.Runes) > 1 {
		if slices.Contains(k.Runes, 'q') {
			return msg // quitting always works; the keys after q are dropped
		}
		n := g.keys.takeUpTo(now(g.Clock), InputRate, InputBurst, len(k.Runes))
		if n == 0 {
			return nil
		}
		k.Runes = slices.Clone(k.Runes[:n])
		return k
	}
	if !g.pass(msg) {
		return nil
	}
	return msg
}

// pass reports whether msg, one key or other input, goes on.
func (g *InputGate) pass(msg tea.Msg) bool {
	if k, ok := msg.(tea.KeyMsg); ok {
		if k.Type == tea.KeyCtrlC || k.String() == "q" {
			return true // quitting always works, in a flood too
		}
		return g.keys.take(now(g.Clock), InputRate, InputBurst)
	}
	if isInput(msg) {
		return g.other.take(now(g.Clock), InputRate, InputBurst)
	}
	return true
}

// isInput reports whether msg came from the terminal's input, other than
// a key or the mouse: a focus report, or a sequence or byte the input reader does not know
// (Bubble Tea v1 hands those on as messages of types of its own whose
// value is the bytes; SyncReply reads one of them).
func isInput(msg tea.Msg) bool {
	switch msg.(type) {
	case tea.FocusMsg, tea.BlurMsg:
		return true
	}
	v := reflect.ValueOf(msg)
	if !v.IsValid() {
		return false
	}
	t := v.Type()
	return t.PkgPath() == "github.com/charmbracelet/bubbletea" &&
		(t.Kind() == reflect.Uint8 || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8)
}

// bucket is a token bucket, full at its first take.
type bucket struct {
	tokens float64
	last   time.Time
}

// take takes a token at now if there is one, refilled at rate a second
// up to burst.
func (b *bucket) take(now time.Time, rate, burst float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else {
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// takeUpTo takes up to n tokens at now and returns how many it took.
func (b *bucket) takeUpTo(now time.Time, rate, burst float64, n int) int {
	took := 0
	for took < n && b.take(now, rate, burst) {
		took++
	}
	return took
}

// now is clock's time, or the wall clock's without one.
func now(clock func() time.Time) time.Time {
	if clock != nil {
		return clock()
	}
	return time.Now()
}
