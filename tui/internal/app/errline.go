package app

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"

	"abfahrt/feed"
	"abfahrt/tui/internal/ui"
)

// The request layer's errors in the catalogue's words: the errors of the
// HTTP client (feed) are read here, where the catalogue is at hand, so
// that the text kit itself knows no HTTP client.

// ErrLine is a failed request's error as the bars show it, in the
// catalogue's language: brief (no URL, the bar names the service) and on
// one line. The service's message and the system's cause stay as they came.
func ErrLine(tx *ui.Texts, err error) string {
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
		s = fmt.Sprintf(tx.ErrUnreachable, netCause(tx, ne))
	case errors.As(err, &de):
		s = fmt.Sprintf(tx.ErrUnreadable, decodeReason(tx, de))
	case errors.Is(err, feed.ErrNotFound):
		s = tx.ErrNotFound
		if nf := (*feed.NotFoundError)(nil); errors.As(err, &nf) && strings.EqualFold(nf.Status, "no recording found") {
			s = tx.ErrNotRecorded // abfahrt replay (sim.NotRecorded)
		}
	case errors.Is(err, context.DeadlineExceeded):
		s = tx.ErrNoAnswer
	case errors.Is(err, context.Canceled):
		s = tx.ErrCanceled
	case isSystemError(err):
		s = tx.ErrSystem
	default:
		s = feed.Brief(err)
	}
	return ui.OneLine(s)
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

// decodeReason is why an answer is unreadable, in the catalogue's words;
// the decoder's own (English) reason where the catalogue has none.
func decodeReason(tx *ui.Texts, de *feed.DecodeError) string {
	why := &tx.DecodeWhy
	s := why.Other
	switch de.Kind {
	case feed.DecodeEmpty:
		s = why.Empty
	case feed.DecodeNotJSON:
		s = why.NotJSON
	case feed.DecodeTruncated:
		s = why.Truncated
	case feed.DecodeSyntax:
		s = why.Syntax
	case feed.DecodeShape:
		s = why.Shape
	case feed.DecodeTooLarge:
		s = why.TooLarge
	case feed.DecodeOther:
	}
	switch {
	case s != "":
		return s
	case why.Other != "":
		return why.Other
	}
	return de.Reason
}

// netCause is why the service cannot be reached, in the catalogue's words.
func netCause(tx *ui.Texts, ne *feed.NetError) string {
	var (
		dns         *net.DNSError
		unknownAuth x509.UnknownAuthorityError
		hostErr     x509.HostnameError
	)
	err := ne.Err
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return tx.NetRefused
	case errors.Is(err, syscall.ECONNRESET):
		return tx.NetReset
	case errors.Is(err, syscall.EHOSTUNREACH):
		return tx.NetHostUnreach
	case errors.Is(err, syscall.ENETUNREACH):
		return tx.NetUnreach
	case errors.As(err, &dns) && dns.IsNotFound:
		return fmt.Sprintf(tx.NetUnknownHost, dns.Name)
	case errors.As(err, &unknownAuth):
		return tx.NetTLSUnknown
	case errors.As(err, &hostErr):
		return fmt.Sprintf(tx.NetTLSHost, hostErr.Host)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return tx.NetClosed
	case tx.NetOther != "":
		return tx.NetOther
	}
	return ne.Cause()
}
