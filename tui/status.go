package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// statusBar renders the status line of the focused board: the data
// source, the age of the data, the next poll and the last error. It keeps
// no state of its own; what it shows belongs to the board's poller.
func statusBar(sh *shared, b *boardPane, w int) string {
	st := sh.st
	now := sh.now
	p := &b.poll
	sep := st.Bar.Render(" · ")
	parts := []string{st.BarKey.Render(" ● " + sh.sourceName)}
	switch {
	case !p.lastOK.IsZero():
		parts = append(parts, st.Bar.Render("updated "+ago(now.Sub(p.lastOK))))
	case p.lastErr == nil:
		parts = append(parts, st.Bar.Render("waiting for the first answer"))
	}
	switch {
	case p.inFlight():
		parts = append(parts, st.Bar.Render("refreshing…"))
	case !p.next.IsZero() && p.lastErr != nil:
		parts = append(parts, st.Bar.Render("retry in "+inDur(p.next.Sub(now))))
	case !p.next.IsZero():
		parts = append(parts, st.Bar.Render("next in "+inDur(p.next.Sub(now))))
	}
	if p.lastErr != nil {
		msg := "✗ " + oneLine(p.lastErr.Error())
		if p.failures > 1 {
			msg += " (" + strconv.Itoa(p.failures) + " failures)"
		}
		if !p.staleSince.IsZero() {
			msg = "stale since " + p.staleSince.In(model.Berlin).Format("15:04:05") + ": " + msg
		}
		parts = append(parts, st.BarErr.Render(msg))
	} else if sh.notice != "" {
		parts = append(parts, st.BarKey.Render(sh.notice))
	} else if sh.baseErr != nil && sh.base == nil {
		parts = append(parts, st.BarErr.Render("search unavailable: "+oneLine(sh.baseErr.Error())))
	}
	line := strings.Join(parts, sep)
	if n := ansi.StringWidth(line); n < w {
		line += st.Bar.Render(strings.Repeat(" ", w-n))
	}
	return fit(line, w)
}

// oneLine collapses whitespace, so an error never breaks the bar.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
