package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"abfahrt/model"
)

// This file holds the wire-level helpers that absorb the service's quirks:
// lists that are missing, null or a single object; integers that are null
// or strings in metadata; and the two status conventions.

// list is a record list that also accepts null (empty) and a single
// object (a one-element list). It keeps at most recordCap[T] records and
// stops at a budget of JSON objects (nested ones included), so memory per
// answer is bounded by what a board or map can use, not by the size of
// the body: records beyond the bound are not materialised (the whole body
// was already checked to be valid JSON by the decoder that calls this).
type list[T any] []T

// UnmarshalJSON implements json.Unmarshaler.
func (l *list[T]) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return errors.New("empty value")
	}
	switch b[0] {
	case 'n':
		*l = nil
		return nil
	case '{':
		if objects(b) > maxListObjects {
			*l = list[T]{}
			return nil
		}
		var one T
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*l = list[T]{one}
		return nil
	case '[':
	default:
		// Let the decoder name the mismatch ("a JSON string, expected …").
		var many []T
		return json.Unmarshal(b, &many)
	}
	limit := recordCap[T]()
	// Within bounds (every real answer) one Unmarshal reads the list.
	n, within := 0, true
	budget := maxListObjects
	if err := elements(b, func(elem []byte) bool {
		n++
		budget -= max(objects(elem), 1)
		within = n <= limit && budget >= 0
		return within
	}); err != nil {
		return err
	}
	if within {
		many := make([]T, 0, n)
		if err := json.Unmarshal(b, &many); err != nil {
			return err
		}
		*l = many
		return nil
	}
	// Beyond them, records are read one by one up to the bounds; the rest
	// is not looked at again.
	out := list[T]{}
	budget = maxListObjects
	var bad error
	err := elements(b, func(elem []byte) bool {
		cost := max(objects(elem), 1)
		if len(out) >= limit || cost > budget {
			return false
		}
		budget -= cost
		var one T
		if bad = json.Unmarshal(elem, &one); bad != nil {
			return false
		}
		out = append(out, one)
		return true
	})
	switch {
	case err != nil:
		return err
	case bad != nil:
		return bad
	}
	*l = out
	return nil
}

// Bounds of a list: at most maxListObjects JSON objects in all (nested
// ones included, so a route's patterns count towards the routes), and at
// most recordCap records.
const (
	maxListObjects = 200_000
	// MaxBoardRecords is the most departures or arrivals read from one
	// answer, before the plausibility guard and the request's Limit.
	MaxBoardRecords = 500
)

// recordCap is the most records of type T one list keeps: well above the
// real network (Ulm has about 350 stops, 831 stop points, 150 vehicles,
// 40 routes; a trip passes fewer than 200 stops), far below what 32 MiB
// of empty records would make.
func recordCap[T any]() int {
	var zero T
	switch any(zero).(type) {
	case model.Departure, model.Arrival:
		return MaxBoardRecords
	case model.Passage, model.PatternStop:
		return 2_000
	case model.TrackPoint:
		return 50_000
	case routeWire:
		return 2_000
	case model.Vehicle, model.Trip:
		return 5_000
	case stopWire, stopPointWire:
		return 20_000
	case model.RouteDirection:
		return 64
	case routePatternWire, stopStopPointWire, model.RouteRef:
		return 512
	case model.PatternStopRef:
		return 2_000
	}
	return 20_000
}

// elements calls f with each element of the JSON array b, in order, until
// f returns false. b must be valid JSON (the decoder checked it).
func elements(b []byte, f func(elem []byte) bool) error {
	if len(b) < 2 || b[0] != '[' {
		return errors.New("not a JSON array")
	}
	i := 1
	for {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i >= len(b) {
			return errors.New("unterminated JSON array")
		}
		if b[i] == ']' {
			return nil
		}
		end := valueEnd(b, i)
		if end < 0 {
			return errors.New("malformed JSON array")
		}
		if !f(b[i:end]) {
			return nil
		}
		i = end
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i < len(b) && b[i] == ',' {
			i++
		}
	}
}

// valueEnd returns the index just after the JSON value starting at b[i],
// or -1 if it does not end.
func valueEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			i = stringEnd(b, i)
			if i < 0 {
				return -1
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth < 0 {
				return i // a scalar ended by the array's bracket
			}
			if depth == 0 {
				return i + 1
			}
		case ',':
			if depth == 0 {
				return i
			}
		default:
			if depth == 0 && isSpace(c) {
				return i
			}
		}
	}
	if depth == 0 {
		return i
	}
	return -1
}

// stringEnd returns the index of the quote that closes the string opened
// at b[i], or -1.
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// objects counts the JSON objects in the valid JSON value b (outside
// strings).
func objects(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			if i = stringEnd(b, i); i < 0 {
				return n
			}
		case '{':
			n++
		}
	}
	return n
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// slice returns the records as a non-nil slice, so an empty answer encodes
// as [] rather than null.
func (l list[T]) slice() []T {
	if l == nil {
		return []T{}
	}
	return []T(l)
}

// flexInt is a metadata integer that may also arrive as null, "" or a
// numeric string; anything unreadable is 0.
type flexInt int

// UnmarshalJSON implements json.Unmarshaler.
func (n *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != v || v > 1e15 || v < -1e15 {
		*n = 0
		return nil //nolint:nilerr // metadata is best effort by design
	}
	*n = flexInt(v)
	return nil
}

// alertItems is the alert text: one string with items separated by "+++",
// or (leniently) a list of strings. At most maxAlertItems items are kept.
type alertItems []string

// maxAlertItems bounds the items of one alert; a ticker shows a few.
const maxAlertItems = 64

// UnmarshalJSON implements json.Unmarshaler.
func (a *alertItems) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*a = nil
	if len(b) == 0 || b[0] == 'n' {
		return nil
	}
	add := func(t string) {
		for p := range strings.SplitSeq(t, "+++") {
			if len(*a) >= maxAlertItems {
				return
			}
			if p = strings.TrimSpace(p); p != "" {
				*a = append(*a, p)
			}
		}
	}
	if b[0] != '[' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		add(s)
		return nil
	}
	var bad error
	err := elements(b, func(elem []byte) bool {
		var s string
		if bad = json.Unmarshal(elem, &s); bad != nil {
			return false
		}
		add(s)
		return len(*a) < maxAlertItems
	})
	if err != nil {
		return err
	}
	return bad
}

// status is the metadata every wrapper carries: one of the two status
// conventions and the time of the answer.
type status struct {
	State            string     `json:"State"`
	CurrentStatus    string     `json:"CurrentStatus"`
	CurrentTimestamp model.Time `json:"CurrentTimestamp"`
}

// notFound reports whether the status says the subject is unknown ("no
// stop found", "no vehicle found", "no result found"), compared without
// regard to case, and returns the status text, cleaned (model.CleanText).
func (s status) notFound() (string, bool) {
	for _, v := range []string{s.State, s.CurrentStatus} {
		v = model.CleanText(v, model.TextCap("Status"))
		l := strings.ToLower(v)
		if (strings.HasPrefix(l, "no ") && strings.HasSuffix(l, " found")) || strings.Contains(l, "not found") {
			return v, true
		}
	}
	return "", false
}

// check turns a not-found status into a *NotFoundError. Other statuses
// ("OK", "ok", or anything unknown) let the records speak for themselves.
func (s status) check() error {
	if text, ok := s.notFound(); ok {
		return &NotFoundError{Status: text}
	}
	return nil
}

// unmarshal decodes a whole response body into v, turning the decoder's
// failures into a *DecodeError with a one-line reason. The reason may quote
// the body, so it is cleaned like the service's text (model.CleanText).
func unmarshal(data []byte, v any) error {
	err := decodeJSON(data, v)
	var de *DecodeError
	if errors.As(err, &de) {
		de.Reason = model.CleanText(de.Reason, 0)
	}
	return err
}

func decodeJSON(data []byte, v any) error {
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff") // white space and a byte order mark
	switch {
	case len(bytes.TrimSpace(trimmed)) == 0:
		return &DecodeError{Reason: "response is empty", Kind: DecodeEmpty}
	case trimmed[0] == '[':
		return &DecodeError{Reason: "response is a JSON list, expected an object", Kind: DecodeShape}
	case trimmed[0] != '{':
		return &DecodeError{Reason: "response is not JSON (starts with " + strconv.Quote(prefix(trimmed, 24)) + ")", Kind: DecodeNotJSON}
	}
	err := json.Unmarshal(trimmed, v)
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected end of JSON input"):
		return &DecodeError{Reason: "response is truncated", Err: err, Kind: DecodeTruncated}
	case errors.As(err, &syn):
		return &DecodeError{Reason: fmt.Sprintf("response is not valid JSON (at byte %d: %s)", syn.Offset, oneLine(syn.Error())), Err: err, Kind: DecodeSyntax}
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "a value"
		}
		return &DecodeError{Reason: fmt.Sprintf("response has an unexpected shape: %s is a JSON %s, expected %s", field, typ.Value, typeName(typ)), Err: err, Kind: DecodeShape}
	}
	return &DecodeError{Reason: "response has an unexpected value: " + clip(oneLine(err.Error()), 200), Err: err}
}

func typeName(e *json.UnmarshalTypeError) string {
	if e.Type == nil {
		return "another type"
	}
	return e.Type.String()
}

// missing reports a response whose wrapper object is absent.
func missing(names ...string) error {
	return &DecodeError{Reason: "response has no " + strings.Join(names, " or ") + " object", Kind: DecodeShape}
}

// prefix returns the first n runes of b on one line, with "…" if cut.
func prefix(b []byte, n int) string {
	s := oneLine(string(b[:min(len(b), 4*n)]))
	return clip(s, n)
}

// clip cuts s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	i := 0
	for pos := range s {
		if i == n {
			return strings.ToValidUTF8(s[:pos], "") + "…"
		}
		i++
	}
	return strings.ToValidUTF8(s, "")
}
