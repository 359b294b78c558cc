package ui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"

	"abfahrt/feed"
	"abfahrt/model"
)

// ErrLine is a failed request's error as the bars show it, in the
// catalogue's language: brief (no URL, the bar names the service) and on
// one line. The service's message and the system's cause stay as they came.
func (tx *Texts) ErrLine(err error) string {
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
	return OneLine(s)
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

// OneLine makes a message from outside (an error, a file's content) one
// line of visible text: white space collapsed, so it never breaks the bar,
// and escape sequences and controls removed (model.CleanText).
func OneLine(s string) string { return model.CleanText(s, maxMessage) }

// maxMessage caps a message in runes; the bars cut it to their width.
const maxMessage = 1000
