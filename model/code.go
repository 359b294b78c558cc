package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// StopPointCode identifies a stop point. The specification makes it a
// 6-digit integer (StopNumber × 100 + StopPointNumber, e.g. 100821); the
// live service sends strings, mostly DHIDs ("de:08421:1008:1:1") and some
// 6-digit strings. A StopPointCode keeps the text it was given, so it is
// sent back exactly as received; two codes are equal when their texts are.
type StopPointCode string

// CodeFor returns the spec's integer code of a stop point: stop × 100 + point.
func CodeFor(stop, point int) StopPointCode {
	return StopPointCode(strconv.Itoa(stop*100 + point))
}

// ParseStopPointCode validates s as a 6-digit code or a DHID such as
// de:08421:1008:1:1.
func ParseStopPointCode(s string) (StopPointCode, error) {
	s = strings.TrimSpace(s)
	c := StopPointCode(s)
	if c.IsNumeric() || c.IsDHID() {
		return c, nil
	}
	return "", fmt.Errorf("StopPointCode must be 6 digits or a DHID like de:08421:1008:1:1, got %q", s)
}

// String returns the code as received.
func (c StopPointCode) String() string { return string(c) }

// IsZero reports whether no code is set.
func (c StopPointCode) IsZero() bool { return c == "" }

// IsNumeric reports whether c is the spec's 6-digit form.
func (c StopPointCode) IsNumeric() bool {
	if len(c) != 6 || c[0] == '0' {
		return false
	}
	for i := 0; i < len(c); i++ {
		if c[i] < '0' || c[i] > '9' {
			return false
		}
	}
	return true
}

// IsDHID reports whether c looks like a German DHID (de:AAAAA:NNNN[:...]),
// its parts printable ASCII without spaces.
func (c StopPointCode) IsDHID() bool {
	parts := strings.Split(string(c), ":")
	if len(parts) < 3 || len(parts) > 5 || !strings.EqualFold(parts[0], "de") {
		return false
	}
	for _, p := range parts[1:] {
		if p == "" || !graphicASCII(p) {
			return false
		}
	}
	return allDigits(parts[1]) && allDigits(parts[2])
}

// StopNumber returns the stop a code belongs to, when the code says: the
// first four digits of a numeric code, the third part of a DHID.
func (c StopPointCode) StopNumber() (int, bool) {
	switch {
	case c.IsNumeric():
		n, _ := strconv.Atoi(string(c[:4]))
		return n, true
	case c.IsDHID():
		n, err := strconv.Atoi(strings.Split(string(c), ":")[2])
		return n, err == nil && n > 0
	}
	return 0, false
}

// Compare orders codes numerically where both are numeric and by text otherwise.
func (c StopPointCode) Compare(o StopPointCode) int {
	if allDigits(string(c)) && allDigits(string(o)) && len(c) != len(o) {
		return len(c) - len(o)
	}
	return strings.Compare(string(c), string(o))
}

// UnmarshalJSON accepts a JSON number, a string, or null (no code).
func (c *StopPointCode) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*c = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("StopPointCode: %w", err)
		}
		*c = StopPointCode(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("StopPointCode must be a number or a string, got %s", clip(b))
		}
		*c = StopPointCode(n.String())
	}
	return nil
}

// MarshalJSON writes a numeric code as the spec's integer and any other
// code as a string.
func (c StopPointCode) MarshalJSON() ([]byte, error) {
	if c.IsNumeric() {
		return []byte(c), nil
	}
	return json.Marshal(string(c))
}

// graphicASCII reports whether s is printable ASCII without spaces: a DHID
// part, never a control or an escape sequence.
func graphicASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
