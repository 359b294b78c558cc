// Package wire holds the bytes of mobility/v1 that both servers of this
// module write, the simulation (feed/sim) and the hub's mirror
// (feed/mirror), so the two cannot drift apart: the JSON string encoding
// and the error body of wire-format.md section 4.
package wire

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// SimulatedHeader marks an answer of the simulation ("1"): the simulation
// sets it on every answer, a hub passes it on (and sets it when its
// upstream is the embedded simulation), and abfahrt's client reads it so
// that a board behind any number of hubs says "simulated". The body, the
// wire format of the real service, is untouched.
const SimulatedHeader = "Abfahrt-Simulated"

// ReplayHeader marks an answer of a replay (abfahrt replay) with the day
// it was recorded, "2026-09-10", so that a board says "replay".
const ReplayHeader = "Abfahrt-Replay"

// AppendString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
// Unlike encoding/json it does not escape <, > and &, and escapes only
// what JSON requires (plus U+2028 and U+2029 for JavaScript).
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain { // the common case: nothing to escape
		b = append(b, s...)
		return append(b, '"')
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				switch c {
				case '\n':
					b = append(b, '\\', 'n')
				case '\r':
					b = append(b, '\\', 'r')
				case '\t':
					b = append(b, '\\', 't')
				default:
					b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
				}
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&0xf])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// ErrorBody is the JSON error body of wire-format.md section 4, keys in
// the order of the spec:
// {"Error":{"Status":400,"Parameter":"StopNumber","Message":"..."}}.
func ErrorBody(status int, param, msg string) []byte {
	b := make([]byte, 0, 64+len(param)+len(msg))
	b = append(b, `{"Error":{"Status":`...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, `,"Parameter":`...)
	b = AppendString(b, param)
	b = append(b, `,"Message":`...)
	b = AppendString(b, msg)
	return append(b, "}}"...)
}

// ETagMatch compares an If-None-Match list weakly with etag.
func ETagMatch(header, etag string) bool {
	want := strings.TrimPrefix(etag, "W/")
	for _, part := range strings.Split(header, ",") {
		p := strings.TrimSpace(part)
		if p == "*" || strings.TrimPrefix(p, "W/") == want {
			return true
		}
	}
	return false
}

// Accepts reports whether an Accept-Encoding value v allows one of the
// codings names (compared without case; "*" matches only when named), that
// is names it without q=0.
func Accepts(v string, names ...string) bool {
	for _, part := range strings.Split(v, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.TrimSpace(name)
		if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(name, n) }) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// CollapseSlashes collapses runs of slashes in a path, so that
// /mobility/v1//stop/passage/Departures is the single-slash path: the
// simulation answers it so, and the hub forwards it so.
func CollapseSlashes(p string) string {
	if !strings.Contains(p, "//") {
		return p
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && len(b) > 0 && b[len(b)-1] == '/' {
			continue
		}
		b = append(b, p[i])
	}
	return string(b)
}

// MaxAge is the largest Age believed or sent: RFC 9111 section 1.2.2 caps
// delta-seconds at 2^31.
const MaxAge = 1 << 31

// ParseAge reads an Age header (whole seconds, RFC 9111 section 5.1): 0
// when absent or malformed, at most MaxAge.
func ParseAge(v string) int64 {
	v = strings.TrimSpace(v)
	if v == "" || strings.Trim(v, "0123456789") != "" {
		return 0
	}
	if len(v) > 10 { // beyond 2^31 whatever it says
		return MaxAge
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0
	}
	return min(n, MaxAge)
}

// StaleWarning reports whether an answer's headers say it is stale:
// Warning 110 (Response is Stale), 111 (Revalidation Failed) or 112
// (Disconnected Operation), as abfahrt's hub or a cache (deploy/nginx)
// sends it. The hub passes it on; abfahrt's client marks the data stale.
func StaleWarning(h http.Header) bool {
	for _, w := range h.Values("Warning") {
		for part := range strings.SplitSeq(w, ",") {
			switch code, _, _ := strings.Cut(strings.TrimSpace(part), " "); code {
			case "110", "111", "112":
				return true
			}
		}
	}
	return false
}
