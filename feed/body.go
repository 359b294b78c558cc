package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"abfahrt/model"
)

// Body limits: a successful answer may be large (all base data), an error
// answer is only read for an excerpt.
const (
	maxBody      = 32 << 20
	maxErrorBody = 64 << 10
	maxExcerpt   = 512
)

// errTooLarge is returned when a body exceeds its limit.
var errTooLarge = errors.New("response is larger than 32 MiB")

// readBody reads at most limit bytes; a longer body is errTooLarge. size
// is the announced length (Content-Length, -1 if unknown): a body that
// says how long it is gets one buffer of that size, not a doubling series.
func readBody(r io.Reader, limit, size int64) ([]byte, error) {
	var buf bytes.Buffer
	if size > 0 && size <= limit {
		buf.Grow(int(size) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	b := buf.Bytes()
	if int64(len(b)) > limit {
		return nil, errTooLarge
	}
	return b, nil
}

// excerpt makes a one-line excerpt of an error body: the message of the
// service's JSON error ({"Error":{"Message":...}}) when it is one,
// otherwise the text with HTML tags stripped. Either is cleaned like all
// of the service's text (model.CleanText: no escape sequences or controls,
// white space collapsed) and capped at about maxExcerpt bytes.
func excerpt(body []byte) string {
	var e struct {
		Error *struct {
			Message string `json:"Message"`
		} `json:"Error"`
	}
	var text string
	if json.Unmarshal(body, &e) == nil && e.Error != nil && e.Error.Message != "" {
		text = e.Error.Message
	} else {
		text = stripTags(string(body))
	}
	return clipBytes(model.CleanText(text, model.TextCap("ErrorBody")), maxExcerpt)
}

// stripTags removes HTML tags, comments and the contents of <script>,
// <style> and <head> elements, and turns a few common entities back into
// text. It is meant for excerpts of error pages, not as an HTML parser.
func stripTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		lower := strings.ToLower(s[:min(len(s), 8)])
		skipTo := ">"
		switch {
		case strings.HasPrefix(lower, "<!--"):
			skipTo = "-->"
		case strings.HasPrefix(lower, "<script"):
			skipTo = "</script>"
		case strings.HasPrefix(lower, "<style"):
			skipTo = "</style>"
		case strings.HasPrefix(lower, "<head"):
			skipTo = "</head>"
		}
		j := strings.Index(strings.ToLower(s), skipTo)
		if j < 0 {
			break
		}
		s = s[j+len(skipTo):]
		b.WriteByte(' ')
	}
	return entities.Replace(b.String())
}

var entities = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&nbsp;", " ")

// clipBytes cuts s to at most n bytes at a rune boundary, marking the cut.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// MaxRetryAfter caps the wait a Retry-After may ask for: a service (or a
// proxy) that says "come back in three years" must not stop a board that
// nobody can restart. Longer waits are taken as MaxRetryAfter.
const MaxRetryAfter = 5 * time.Minute

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP
// date, relative to now, capped at MaxRetryAfter. Missing, negative or
// unreadable values give 0.
func parseRetryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if secs, err := strconv.ParseInt(h, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		if secs >= int64(MaxRetryAfter/time.Second) {
			return MaxRetryAfter
		}
		return time.Duration(secs) * time.Second
	}
	if isDigits(h) {
		return MaxRetryAfter // delay seconds too large for an int64
	}
	if t, err := http.ParseTime(h); err == nil {
		if d := t.Sub(now); d > 0 {
			return min(d.Round(time.Second), MaxRetryAfter)
		}
	}
	return 0
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// statusError builds the *HTTPError of a non-2xx answer.
func statusError(resp *http.Response, url string, now time.Time) *HTTPError {
	// A failed or partial read still leaves what arrived for the excerpt.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody)) //nolint:errcheck // best effort
	return &HTTPError{
		Status:     resp.StatusCode,
		URL:        url,
		Body:       excerpt(body),
		RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), now),
	}
}

// sizeError describes a body over the limit.
func sizeError(url string) error {
	return &DecodeError{URL: url, Reason: fmt.Sprintf("response is larger than %d MiB", maxBody>>20), Err: errTooLarge, Kind: DecodeTooLarge}
}
