package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Cached caches one rendering by a key of any comparable type: a view's
// revision, size, second and whatever else it shows.
type Cached[K comparable] struct {
	key K
	val string
	ok  bool
}

// Get returns the cached rendering for key, or renders and keeps it.
func (c *Cached[K]) Get(key K, render func() string) string {
	if !c.ok || c.key != key {
		c.key, c.val, c.ok = key, render(), true
	}
	return c.val
}

// Sized is a View's frame for a w×h rectangle: nothing without one, the
// too-small notice below the minimum size, else render's.
func Sized(tx *Texts, w, h int, render func() string) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < MinWidth || h < MinHeight {
		return TooSmall(tx, w, h)
	}
	return render()
}

// FrameMemos are the root's caches of the lines below the panes.
type FrameMemos struct {
	Footer Cached[string]
	Status Cached[string]
}

// FirstLine returns s up to its first newline.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// TooSmall is the notice shown below the minimum size, cut to fit.
func TooSmall(tx *Texts, w, h int) string {
	need := fmt.Sprintf(tx.NeedSize, MinWidth, MinHeight)
	// The longest message that fits in whole words, wrapped.
	for _, msg := range [][]string{{tx.TooSmall, need}, {tx.TooSmallShort, need}, {tx.TooSmall}, {tx.TooSmallShort}} {
		var lines []string
		for _, m := range msg {
			lines = append(lines, WrapWords(m, w)...)
		}
		fits := len(lines) <= h
		for _, l := range lines {
			fits = fits && ansi.StringWidth(l) <= w
		}
		if fits {
			return ClampLines(strings.Join(lines, "\n"), w, h)
		}
	}
	return ClampLines(tx.TooSmallShort, w, h)
}
