package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// statusBar renders the status line of the focused board (p is its
// poller, grid.Dispatch.StatusPolls): the data
// source, the age of the data, the next poll and the last error. Ages and
// times to go are coarse (coarseAgo, coarseIn), so the bar changes when a
// poll starts or ends, not every second. It keeps
// no state of its own; what it shows belongs to the board's poller. When
// the line is too long the source goes first, then the age, and the
// error is cut last.
func statusBar(sh *app.Shared, own *rootState, p *feeds.Poller, c *ui.Cached[string], w int) string {
	now, tx := sh.Local, sh.Texts // poll times are local
	var age, next, msg string
	msgErr := true
	switch {
	case p.AgeUnknown:
		age = tx.AgeUnknown
	case !p.LastOK.IsZero():
		age = fmt.Sprintf(tx.Updated, tx.CoarseAgo(now.Sub(p.LastOK)))
	case p.LastErr == nil:
		age = tx.WaitingFirst
	}
	switch {
	case p.InFlight():
		next = tx.Refreshing
	case !p.Next.IsZero() && p.LastErr != nil:
		next = fmt.Sprintf(tx.RetryIn, tx.CoarseIn(p.Next.Sub(now)))
	case !p.Next.IsZero():
		next = fmt.Sprintf(tx.NextIn, tx.CoarseIn(p.Next.Sub(now)))
	}
	switch {
	case p.LastErr != nil:
		msg = "✗ " + app.ErrLine(tx, p.LastErr)
		if p.Failures > 1 {
			msg += fmt.Sprintf(tx.Failures, p.Failures)
		}
	case sh.Notice != "":
		msg, msgErr = sh.Notice, false
	case sh.BaseErr != nil && sh.Base == nil:
		msg = fmt.Sprintf(tx.SearchUnavailable, app.ErrLine(tx, sh.BaseErr))
	}
	source := own.source
	if sh.Simulated && !own.namedSim {
		source += " · " + tx.Simulated
	}
	if own.rate != "" {
		source += " · " + own.rate
	}
	if own.layout != "" {
		source += " · " + fmt.Sprintf(tx.LayoutNow, own.layout)
	}
	skew := ""
	if sh.Skew != 0 {
		skew = fmt.Sprintf(tx.ClockSkew, sh.Now.In(model.Berlin).Format("15:04"), sh.Local.In(model.Berlin).Format("15:04"))
	}
	if sh.Replay != "" {
		// A replay's clock is not this computer's: the day and time
		// replayed, in the place kept longest on a narrow line.
		skew = fmt.Sprintf(tx.Replay, sh.Replay) + " " + sh.Now.In(model.Berlin).Format("15:04")
	}
	key := strings.Join([]string{ui.Itoa(w), source, age, next, skew, msg, strconv.FormatBool(msgErr)}, "\x00")
	return c.Get(key, func() string { return renderStatus(sh.Styles, source, age, next, skew, msg, msgErr, w) })
}

// maxNoticeLines is the most lines a long message takes below the status
// line; the main view gives up as many lines at its bottom.
const maxNoticeLines = 3

// renderStatus styles the status bar's parts into one line of width w.
// skew says the service's clock and the machine's differ. A message too
// long for the line even without the source and the age gets lines of its
// own below it, wrapped at spaces (at most maxNoticeLines, the last one
// cut): a notice is read whole, never cut mid-word in a single line.
func renderStatus(st *ui.Styles, sourceName, age, next, skew, msg string, msgErr bool, w int) string {
	source := st.BarKey.Render(" ● " + sourceName)
	if age != "" {
		age = st.Bar.Render(age)
	}
	if skew != "" {
		skew = st.BarErr.Render("⏱ " + skew)
	}
	if next != "" {
		next = st.Bar.Render(next)
	}
	msgStyle := st.BarKey
	if msgErr {
		msgStyle = st.BarErr
	}
	plainMsg := msg
	if msg != "" {
		msg = msgStyle.Render(msg)
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
	fill := func(line string) string {
		if n := ansi.StringWidth(line); n < w {
			line += st.Bar.Render(strings.Repeat(" ", w-n))
		}
		return ui.Fit(line, w)
	}
	line := join(source, age, next, skew, msg)
	if ansi.StringWidth(line) > w {
		line = " " + join(age, next, skew, msg)
		if ansi.StringWidth(line) > w {
			line = " " + join(next, skew, msg)
		}
	}
	if msg == "" || ansi.StringWidth(line) <= w || w < 20 {
		return fill(line)
	}
	// The message on lines of its own.
	line = join(source, age, next, skew)
	if ansi.StringWidth(line) > w {
		line = " " + join(age, next, skew)
	}
	out := []string{fill(line)}
	wrapped := ui.WrapWords(plainMsg, w-3)
	if len(wrapped) > maxNoticeLines {
		wrapped = wrapped[:maxNoticeLines]
		wrapped[maxNoticeLines-1] = ui.Fit(wrapped[maxNoticeLines-1]+" …", w-3)
	}
	for _, l := range wrapped {
		out = append(out, fill(st.Bar.Render("   ")+msgStyle.Render(l)))
	}
	return strings.Join(out, "\n")
}
