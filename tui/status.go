package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
)

// statusBar renders the status line of the focused board: the data
// source, the age of the data, the next poll and the last error. Ages and
// times to go are coarse (coarseAgo, coarseIn), so the bar changes when a
// poll starts or ends, not every second. It keeps
// no state of its own; what it shows belongs to the board's poller. When
// the line is too long the source goes first, then the age, and the
// error is cut last.
func statusBar(sh *shared, b *boardPane, c *memo, w int) string {
	now, tx := sh.local, sh.t // poll times are local
	p := b.polls()
	var age, next, msg string
	msgErr := true
	switch {
	case p.ageUnknown:
		age = tx.AgeUnknown
	case !p.lastOK.IsZero():
		age = fmt.Sprintf(tx.Updated, tx.coarseAgo(now.Sub(p.lastOK)))
	case p.lastErr == nil:
		age = tx.WaitingFirst
	}
	switch {
	case p.inFlight():
		next = tx.Refreshing
	case !p.next.IsZero() && p.lastErr != nil:
		next = fmt.Sprintf(tx.RetryIn, tx.coarseIn(p.next.Sub(now)))
	case !p.next.IsZero():
		next = fmt.Sprintf(tx.NextIn, tx.coarseIn(p.next.Sub(now)))
	}
	switch {
	case p.lastErr != nil:
		msg = "✗ " + tx.errLine(p.lastErr)
		if p.failures > 1 {
			msg += fmt.Sprintf(tx.Failures, p.failures)
		}
	case sh.notice != "":
		msg, msgErr = sh.notice, false
	case sh.baseErr != nil && sh.base == nil:
		msg = fmt.Sprintf(tx.SearchUnavailable, tx.errLine(sh.baseErr))
	}
	source := sh.sourceName
	if sh.simulated && !sh.namedSim {
		source += " · " + tx.Simulated
	}
	if sh.rate != "" {
		source += " · " + sh.rate
	}
	skew := ""
	if sh.skew != 0 {
		skew = fmt.Sprintf(tx.ClockSkew, sh.now.In(model.Berlin).Format("15:04"), sh.local.In(model.Berlin).Format("15:04"))
	}
	key := strings.Join([]string{itoa(w), source, age, next, skew, msg, strconv.FormatBool(msgErr)}, "\x00")
	return c.get(key, func() string { return renderStatus(sh.st, source, age, next, skew, msg, msgErr, w) })
}

// maxNoticeLines is the most lines a long message takes below the status
// line; the main view gives up as many lines at its bottom.
const maxNoticeLines = 3

// renderStatus styles the status bar's parts into one line of width w.
// skew says the service's clock and the machine's differ. A message too
// long for the line even without the source and the age gets lines of its
// own below it, wrapped at spaces (at most maxNoticeLines, the last one
// cut): a notice is read whole, never cut mid-word in a single line.
func renderStatus(st *Styles, sourceName, age, next, skew, msg string, msgErr bool, w int) string {
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
		return fit(line, w)
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
	wrapped := wrapWords(plainMsg, w-3)
	if len(wrapped) > maxNoticeLines {
		wrapped = wrapped[:maxNoticeLines]
		wrapped[maxNoticeLines-1] = fit(wrapped[maxNoticeLines-1]+" …", w-3)
	}
	for _, l := range wrapped {
		out = append(out, fill(st.Bar.Render("   ")+msgStyle.Render(l)))
	}
	return strings.Join(out, "\n")
}

// errLine is a failed request's error as the bars show it, in the
// catalogue's language: brief (no URL, the bar names the service) and on
// one line. The service's message and the system's cause stay as they came.
func (tx *texts) errLine(err error) string {
	var (
		he *feed.HTTPError
		te *feed.TimeoutError
		ne *feed.NetError
		de *feed.DecodeError
	)
	var s string
	switch {
	case errors.As(err, &he):
		switch he.Status {
		case http.StatusBadGateway:
			// A hub or proxy whose upstream fails: its body is its own
			// account of that, often in Go's words (Get "http://…": dial
			// tcp …), and never the board's language.
			s = fmt.Sprintf(tx.ErrGateway, he.Status)
		case http.StatusGatewayTimeout:
			s = fmt.Sprintf(tx.ErrGatewayTimeout, he.Status)
		default:
			s = fmt.Sprintf(tx.ErrHTTP, he.Status, http.StatusText(he.Status))
			if b := he.Body; b != "" && !strings.EqualFold(b, http.StatusText(he.Status)) && !strings.Contains(s, b) && !goWords(b) {
				s += ": " + he.Body
			}
		}
	case errors.As(err, &te):
		s = fmt.Sprintf(tx.ErrTimeout, te.After)
	case errors.As(err, &ne):
		s = fmt.Sprintf(tx.ErrUnreachable, ne.Cause())
	case errors.As(err, &de):
		s = fmt.Sprintf(tx.ErrUnreadable, de.Reason)
	case errors.Is(err, feed.ErrNotFound):
		s = tx.ErrNotFound
	case errors.Is(err, context.DeadlineExceeded):
		s = tx.ErrNoAnswer
	case errors.Is(err, context.Canceled):
		s = tx.ErrCanceled
	case isSystemError(err):
		s = tx.ErrSystem
	default:
		s = feed.Brief(err)
	}
	return oneLine(s)
}

// goWords reports a message in Go's or the operating system's words (an
// error text a server passed on as its message), which is not shown.
func goWords(s string) bool {
	for _, w := range []string{"dial tcp", "dial udp", `Get "`, "connection refused", "connection reset",
		"context deadline exceeded", "i/o timeout", "no such host", "broken pipe", "EOF", "tls: "} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// isSystemError reports an error in Go's or the operating system's words
// (a file, a socket, a URL request), which never reaches the screen as is.
func isSystemError(err error) bool {
	var (
		pe *fs.PathError
		se *os.SyscallError
		no syscall.Errno
		oe *net.OpError
		ue *url.Error
	)
	return errors.As(err, &pe) || errors.As(err, &se) || errors.As(err, &no) || errors.As(err, &oe) || errors.As(err, &ue)
}

// oneLine makes a message from outside (an error, a file's content) one
// line of visible text: white space collapsed, so it never breaks the bar,
// and escape sequences and controls removed (model.CleanText).
func oneLine(s string) string { return model.CleanText(s, maxMessage) }

// maxMessage caps a message in runes; the bars cut it to their width.
const maxMessage = 1000
