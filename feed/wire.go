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
// object (a one-element list).
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
		var one T
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*l = list[T]{one}
		return nil
	}
	var many []T
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*l = many
	return nil
}

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
// or (leniently) a list of strings.
type alertItems []string

// UnmarshalJSON implements json.Unmarshaler.
func (a *alertItems) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*a = nil
	if len(b) == 0 || b[0] == 'n' {
		return nil
	}
	var texts []string
	if b[0] == '[' {
		if err := json.Unmarshal(b, &texts); err != nil {
			return err
		}
	} else {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		texts = []string{s}
	}
	for _, t := range texts {
		for _, p := range strings.Split(t, "+++") {
			if p = strings.TrimSpace(p); p != "" {
				*a = append(*a, p)
			}
		}
	}
	return nil
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
		return &DecodeError{Reason: "response is empty"}
	case trimmed[0] == '[':
		return &DecodeError{Reason: "response is a JSON list, expected an object"}
	case trimmed[0] != '{':
		return &DecodeError{Reason: "response is not JSON (starts with " + strconv.Quote(prefix(trimmed, 24)) + ")"}
	}
	err := json.Unmarshal(trimmed, v)
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected end of JSON input"):
		return &DecodeError{Reason: "response is truncated", Err: err}
	case errors.As(err, &syn):
		return &DecodeError{Reason: fmt.Sprintf("response is not valid JSON (at byte %d: %s)", syn.Offset, oneLine(syn.Error())), Err: err}
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "a value"
		}
		return &DecodeError{Reason: fmt.Sprintf("response has an unexpected shape: %s is a JSON %s, expected %s", field, typ.Value, typeName(typ)), Err: err}
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
	return &DecodeError{Reason: "response has no " + strings.Join(names, " or ") + " object"}
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
