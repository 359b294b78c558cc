package feed

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"abfahrt/model"
)

// ErrNotFound is matched by errors.Is for every *NotFoundError.
var ErrNotFound = errors.New("not found")

// ParamError reports a request parameter rejected before any request was
// sent. Its message names the parameter and the bad value, for instance
// `StopNumber must be 4 digits, got "12"`.
type ParamError struct {
	Param  string // the parameter as the service names it, e.g. "StopNumber"
	Value  string // the rejected value as given
	Reason string // what the value must be, e.g. "must be 4 digits"
}

func (e *ParamError) Error() string {
	if e.Value == "" {
		return e.Param + " " + e.Reason
	}
	return e.Param + " " + e.Reason + ", got " + strconv.Quote(e.Value)
}

// NotFoundError reports that the service answered but does not know the
// requested stop, stop point, vehicle or record ("no stop found").
// errors.Is(err, ErrNotFound) holds for it.
type NotFoundError struct {
	Status  string // the service's status text, cleaned, e.g. "no stop found"
	Subject string // what was asked for, e.g. "StopNumber 9999"; may be empty
}

func (e *NotFoundError) Error() string {
	status := strings.ToLower(e.Status)
	if status == "" {
		status = "not found"
	}
	if e.Subject == "" {
		return status
	}
	return status + " (" + e.Subject + ")"
}

// Is makes errors.Is(err, ErrNotFound) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrNotFound }

// HTTPError reports an answer with a status other than 2xx.
type HTTPError struct {
	Status int    // HTTP status code
	URL    string // the requested URL
	// Body is an excerpt of the answer: at most about 512 bytes, whitespace
	// collapsed, HTML tags stripped, escape sequences and controls removed
	// (model.CleanText); for the service's JSON error body its message.
	Body string
	// RetryAfter is the wait the service asked for (Retry-After), 0 if none.
	RetryAfter time.Duration
}

func (e *HTTPError) Error() string {
	var b strings.Builder
	b.WriteString(stripQuery(e.URL))
	b.WriteString(": ")
	b.WriteString(strconv.Itoa(e.Status))
	if t := http.StatusText(e.Status); t != "" {
		b.WriteString(" " + t)
	}
	if e.Body != "" {
		b.WriteString(": " + e.Body)
	}
	if e.RetryAfter > 0 {
		b.WriteString(" (retry after " + e.RetryAfter.String() + ")")
	}
	return b.String()
}

// DecodeError reports an answer that cannot be read as the expected
// response: not JSON, truncated, or of another shape.
type DecodeError struct {
	URL    string // the requested URL; empty when decoding a body directly
	Reason string // one line, e.g. `response is not JSON (starts with "<html>")`
	Err    error  // the underlying decoder error, if any
	// Kind is what is wrong, for a message in another language than
	// Reason's English.
	Kind DecodeKind
}

// DecodeKind is the kind of a DecodeError.
type DecodeKind int

// Kinds of unreadable answers.
const (
	DecodeOther     DecodeKind = iota
	DecodeEmpty                // no body
	DecodeNotJSON              // HTML, text or a JSON list
	DecodeTruncated            // cut short
	DecodeSyntax               // not valid JSON
	DecodeShape                // valid JSON of another shape than the service's
	DecodeTooLarge             // beyond the size limit
)

func (e *DecodeError) Error() string {
	if e.URL == "" {
		return e.Reason
	}
	return stripQuery(e.URL) + ": " + e.Reason
}

// Unwrap returns the underlying decoder error.
func (e *DecodeError) Unwrap() error { return e.Err }

// NetError reports that the service could not be reached: the connection
// was refused, the host is unknown, TLS failed, or the connection broke.
// Its message keeps the essential cause only; Err keeps the full chain for
// errors.Is and errors.As.
type NetError struct {
	URL string // the service's base URL
	Err error
}

func (e *NetError) Error() string { return "cannot reach " + e.URL + ": " + netCause(e.Err) }

// Unwrap returns the underlying network error.
func (e *NetError) Unwrap() error { return e.Err }

// Cause is the essential reason in a few words ("connection refused",
// "no such host"), without Go's dial chain.
func (e *NetError) Cause() string { return netCause(e.Err) }

// TimeoutError reports that the service did not answer within the
// per-request timeout.
type TimeoutError struct {
	URL   string        // the requested URL
	After time.Duration // the timeout that elapsed
	Err   error         // the underlying error (wraps context.DeadlineExceeded)
}

func (e *TimeoutError) Error() string {
	return stripQuery(e.URL) + " did not answer within " + e.After.String()
}

// Unwrap returns the underlying error.
func (e *TimeoutError) Unwrap() error { return e.Err }

// Timeout reports true, so the error satisfies the net.Error convention.
func (e *TimeoutError) Timeout() bool { return true }

// netCause reduces Go's nested "Get …: dial tcp …: connect: …" chain to
// the part a person needs.
func netCause(err error) string {
	var dns *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	switch {
	case err == nil:
		return "unknown error"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset by the server"
	case errors.Is(err, syscall.EHOSTUNREACH):
		return "host unreachable"
	case errors.Is(err, syscall.ENETUNREACH):
		return "network unreachable"
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return "unknown host " + strconv.Quote(dns.Name)
		}
		return "cannot resolve " + strconv.Quote(dns.Name) + ": " + dns.Err
	case errors.As(err, &unknownAuth):
		return "TLS certificate signed by an unknown authority"
	case errors.As(err, &hostErr):
		return "TLS certificate is not valid for " + hostErr.Host
	case errors.As(err, &certErr):
		return "TLS certificate rejected: " + oneLine(certErr.Err.Error())
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "connection closed before the answer was complete"
	}
	// Take the innermost message: it is the cause, the rest is context.
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return oneLine(err.Error())
		}
		err = next
	}
}

// stripQuery drops the query from a URL for messages; the parameters that
// matter are named by the message itself.
func stripQuery(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}

// oneLine collapses all runs of white space (including newlines) to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Brief describes err in a few words for a status bar, without the URL
// (the bar names the service already): "503 Service Unavailable: …",
// "no answer within 10s", "cannot reach: connection refused", "response
// is truncated". Other errors read as their Error(). The result is one
// line of clean text (model.CleanText), whatever the error quotes.
func Brief(err error) string { return model.CleanText(brief(err), 0) }

func brief(err error) string {
	var (
		he *HTTPError
		te *TimeoutError
		ne *NetError
		de *DecodeError
	)
	switch {
	case err == nil:
		return ""
	case errors.As(err, &he):
		s := strconv.Itoa(he.Status)
		if t := http.StatusText(he.Status); t != "" {
			s += " " + t
		}
		if he.Body != "" {
			s += ": " + he.Body
		}
		return s
	case errors.As(err, &te):
		return "no answer within " + te.After.String()
	case errors.As(err, &ne):
		return "cannot reach the service: " + netCause(ne.Err)
	case errors.As(err, &de):
		return de.Reason
	}
	return err.Error()
}
