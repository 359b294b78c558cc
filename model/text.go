package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text from the service is untrusted: a stop name, a direction or an alert
// may carry terminal escape sequences (set the window title, write the
// clipboard with OSC 52, leave the alternate screen, turn on mouse
// reporting, query the terminal so that its answer lands in the input),
// bidirectional overrides that make a line read differently from what it
// is, line breaks that break a table, or simply be very long. CleanText
// turns such a string into one line of plain, visible text; the feed
// applies it to every string it decodes (see feed/clean.go), so nothing
// downstream (board, tables, --json, logs, state files) sees raw text.

// textCaps is the most runes each field of the model may hold, by Go field
// name; a longer value is cut with "…". The caps are far above the longest
// real values (stop point names run to about 40 runes, line names to 5) and
// small enough that no single value can swamp a line or a log record.
// Fields not listed get defaultTextCap. String elements of slices and maps
// take the cap of the field that holds them.
var textCaps = map[string]int{
	// lines
	"RouteName": 16,
	// stops and stop points
	"StopName":         64,
	"StopPointName":    64,
	"StopCode":         16,
	"StopPointCode":    64,
	"PlatformName":     16,
	"StopAnnouncement": 120,
	// directions
	"DirectionName":          64,
	"DirectionText":          64,
	"DepartureDirectionText": 64,
	"ArrivalDirectionText":   64,
	// vehicles
	"VehicleName": 32,
	"Make":        32,
	"Model":       32,
	"Range":       16,
	// alerts
	"Title": 120,  // Alert.Title
	"Items": 1000, // each item of Alert.Items
	// VersionInfo
	"Version":       32,
	"NextVersion":   32,
	"CurrentStatus": 64,
	"ChangeLog":     1000,
	"BaseURL":       256,
	"UsedCodes":     64,  // keys and values of the code tables
	"AvailableData": 256, // keys and string values at any depth
	// error texts of the service (feed's HTTPError body, not-found status)
	"ErrorBody": 512,
	"Status":    64,
}

// defaultTextCap is the cap of a field not listed in textCaps.
const defaultTextCap = 256

// TextCap returns the rune cap of a model field by its Go name (for
// instance "StopName"), defaultTextCap for fields without their own.
func TextCap(field string) int {
	if n, ok := textCaps[field]; ok {
		return n
	}
	return defaultTextCap
}

// CleanText returns s as one line of visible text of at most max runes
// (max <= 0: no cap):
//
//   - escape sequences are removed whole: CSI (ESC [ … final), OSC
//     (ESC ] … BEL or ST), DCS, SOS, PM and APC (ESC P, X, ^, _ … ST),
//     other ESC sequences (ESC, intermediates, final, such as ESC # 8),
//     and the 8-bit C1 forms of the introducers (U+009B CSI, U+009D OSC,
//     U+0090 DCS, U+0098 SOS, U+009E PM, U+009F APC); a string sequence
//     without its terminator swallows the rest of s, as a terminal would;
//   - every other C0 and C1 control and DEL is removed;
//   - every format character (Unicode category Cf) is removed: the
//     bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E,
//     U+200F, U+061C), and the zero-width ones (U+200B–U+200D, U+2060,
//     U+FEFF, soft hyphen, tag characters), which show nothing but upset
//     the width of a column;
//   - invalid UTF-8 becomes U+FFFD;
//   - every run of white space (space, tab, line breaks, NBSP, U+2028 …)
//     becomes one space, and leading and trailing space is dropped;
//   - a result longer than max runes is cut on a rune boundary to max-1
//     runes followed by "…".
//
// Removed characters do not separate words ("Haupt\x1b[1mbahnhof" is
// "Hauptbahnhof"). CleanText is idempotent, and returns s itself when
// there is nothing to change.
func CleanText(s string, max int) string {
	if isCleanText(s, max) {
		return s
	}
	var b strings.Builder
	if max > 0 {
		b.Grow(min(len(s), 4*max+8))
	} else {
		b.Grow(len(s))
	}
	n := 0           // runes written
	space := false   // white space seen since the last rune written
	limit := max + 1 // enough runes to know the result is cut
	if max <= 0 {
		limit = -1
	}
	for i := 0; i < len(s) && n != limit; {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			i++ // invalid byte: one U+FFFD per byte
		} else {
			i += size
			switch {
			case r == 0x1b:
				i = skipEscape(s, i)
				continue
			case r == 0x9b: // 8-bit CSI
				i = skipCSI(s, i)
				continue
			case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f: // OSC, DCS, SOS, PM, APC
				i = skipString(s, i)
				continue
			case isTextSpace(r):
				space = true
				continue
			case isHiddenRune(r):
				continue
			}
		}
		if space && n > 0 {
			b.WriteByte(' ')
			n++
			if n == limit {
				break
			}
		}
		space = false
		b.WriteRune(r) // r is U+FFFD for an invalid byte
		n++
	}
	out := b.String()
	if max > 0 && n > max {
		out = strings.TrimRight(cutRunes(out, max-1), " ") + "…"
	}
	return out
}

// isCleanText reports whether CleanText(s, max) is s: the fast path for the
// text of nearly every answer.
func isCleanText(s string, max int) bool {
	n := 0
	prevSpace := true // no leading space
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || (c == ' ' && prevSpace) {
				return false
			}
			prevSpace = c == ' '
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size <= 1) || isTextSpace(r) || isHiddenRune(r) {
			return false
		}
		prevSpace = false
		i += size
		n++
	}
	if prevSpace && n > 0 {
		return false // trailing space
	}
	return max <= 0 || n <= max
}

// isTextSpace reports whether r is white space, folded to one space. NEL
// (U+0085) is both C1 and white space; it reads as a line break.
func isTextSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r' || unicode.IsSpace(r)
}

// isHiddenRune reports whether r is dropped: a C0 or C1 control, DEL, or a
// format character (Cf), which includes the bidi controls and the
// zero-width characters.
func isHiddenRune(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) || unicode.Is(unicode.Cf, r)
}

// skipEscape skips the rest of an escape sequence whose ESC ends before i
// and returns the index after it.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch c := s[i]; {
	case c == '[':
		return skipCSI(s, i+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return skipString(s, i+1)
	case c >= 0x20 && c <= 0x2f: // nF: intermediates, then a final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
			i++
		}
		return i
	case c >= 0x30 && c <= 0x7e: // two-byte sequence (ESC 7, ESC c, ESC =, …)
		return i + 1
	}
	return i // a lone ESC: the next character is read as text
}

// skipCSI skips the parameter and intermediate bytes and the final byte
// of a control sequence starting at i. A byte that cannot belong to it
// (a control, non-ASCII) ends the sequence and is read again.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c >= 0x20 && c <= 0x3f:
			i++
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		default:
			return i
		}
	}
	return i
}

// skipString skips the body of a control string (OSC, DCS, SOS, PM, APC)
// starting at i up to and including its terminator: BEL, ST (ESC \ or
// U+009C). Any other ESC ends the string and starts a new sequence. An
// unterminated string runs to the end of s.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c: // U+009C ST
			return i + 2
		}
		i++
	}
	return i
}

// cutRunes returns the first n runes of s.
func cutRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
