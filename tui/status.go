package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// statusBar renders the status line of the focused board: the data
// source, the age of the data, the next poll and the last error. It keeps
// no state of its own; what it shows belongs to the board's poller. When
// the line is too long the source goes first, then the age, and the
// error is cut last.
func statusBar(sh *shared, b *boardPane, w int) string {
	st := sh.st
	now := sh.now
	p := &b.poll
	source := st.BarKey.Render(" ● " + sh.sourceName)
	var age, next, msg string
	switch {
	case !p.lastOK.IsZero():
		age = st.Bar.Render("updated " + ago(now.Sub(p.lastOK)))
	case p.lastErr == nil:
		age = st.Bar.Render("waiting for the first answer")
	}
	switch {
	case p.inFlight():
		next = st.Bar.Render("refreshing…")
	case !p.next.IsZero() && p.lastErr != nil:
		next = st.Bar.Render("retry in " + inDur(p.next.Sub(now)))
	case !p.next.IsZero():
		next = st.Bar.Render("next in " + inDur(p.next.Sub(now)))
	}
	switch {
	case p.lastErr != nil:
		text := "✗ " + oneLine(p.lastErr.Error())
		if p.failures > 1 {
			text += " (" + strconv.Itoa(p.failures) + " failures)"
		}
		msg = st.BarErr.Render(text)
	case sh.notice != "":
		msg = st.BarKey.Render(sh.notice)
	case sh.baseErr != nil && sh.base == nil:
		msg = st.BarErr.Render("search unavailable: " + oneLine(sh.baseErr.Error()))
	}
	sep := st.Bar.Render(" · ")
	join := func(parts ...string) string {
		var nonEmpty []string
		for _, s := range parts {
			if s != "" {
				nonEmpty = append(nonEmpty, s)
			}
		}
		return strings.Join(nonEmpty, sep)
	}
	line := join(source, age, next, msg)
	if ansi.StringWidth(line) > w && msg != "" {
		line = join(" "+age, next, msg)
		if ansi.StringWidth(line) > w {
			line = join(" "+next, msg)
		}
	}
	if n := ansi.StringWidth(line); n < w {
		line += st.Bar.Render(strings.Repeat(" ", w-n))
	}
	return fit(line, w)
}

// oneLine collapses whitespace, so an error never breaks the bar.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
