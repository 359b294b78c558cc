// Package jsonout is the commands' --json output: the decoded records
// with the service's names, but a value the service marks as unknown is
// null, not its placeholder: a time of
// model.NoTime, a vehicle number or category of 0 (no vehicle assigned),
// a countdown of more than two days (computed from a placeholder time)
// and the deviation of a record without an actual time.
package jsonout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"abfahrt/model"
)

// jsonNode is one JSON value with its object keys kept in order.
type jsonNode struct {
	scalar any // json.Number, string, bool or nil, when not an object or array
	keys   []string
	vals   []*jsonNode // an object's values (keys set) or an array's items
	object bool
	array  bool
}

// readNode reads one value from dec.
func readNode(dec *json.Decoder) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &jsonNode{object: true}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := k.(string)
			v, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.keys, n.vals = append(n.keys, key), append(n.vals, v)
		}
		_, err := dec.Token()
		return n, err
	case json.Delim('['):
		n := &jsonNode{array: true}
		for dec.More() {
			v, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		_, err := dec.Token()
		return n, err
	}
	return &jsonNode{scalar: tok}, nil
}

// get returns an object's value for key, nil if absent.
func (n *jsonNode) get(key string) *jsonNode {
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// unknown turns the service's placeholders into null, in place.
func (n *jsonNode) unknown() {
	for _, v := range n.vals {
		v.unknown()
	}
	if !n.object {
		return
	}
	for i, k := range n.keys {
		v := n.vals[i]
		switch s := v.scalar.(type) {
		case string:
			if s == model.NoTime {
				v.scalar = nil
			}
		case json.Number:
			x, err := s.Int64()
			switch {
			case err != nil:
			case (k == "VehicleNumber" || k == "VehicleCategory") && x == 0:
				v.scalar = nil
			case strings.HasSuffix(k, "Countdown") && (x > 2*24*3600 || x < -2*24*3600):
				v.scalar = nil
			}
		}
	}
	for _, prefix := range []string{"Departure", "Arrival"} {
		if a := n.get(prefix + "TimeActual"); a != nil && a.scalar == nil && !a.object && !a.array {
			if d := n.get(prefix + "Deviation"); d != nil {
				d.scalar = nil
			}
		}
	}
}

// write prints the node indented like json.Encoder with two spaces.
func (n *jsonNode) write(w *bytes.Buffer, indent string) error {
	switch {
	case n.object || n.array:
		open, close := "{", "}"
		if n.array {
			open, close = "[", "]"
		}
		if len(n.vals) == 0 {
			w.WriteString(open + close)
			return nil
		}
		w.WriteString(open + "\n")
		inner := indent + "  "
		for i, v := range n.vals {
			w.WriteString(inner)
			if n.object {
				k, err := json.Marshal(n.keys[i])
				if err != nil {
					return err
				}
				w.Write(k)
				w.WriteString(": ")
			}
			if err := v.write(w, inner); err != nil {
				return err
			}
			if i < len(n.vals)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + close)
		return nil
	}
	b, err := json.Marshal(n.scalar)
	if err != nil {
		return err
	}
	w.Write(b)
	return nil
}

// Print writes v as indented JSON with unknown values as null.
func Print(w io.Writer, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	root, err := readNode(dec)
	if err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	root.unknown()
	var buf bytes.Buffer
	if err := root.write(&buf, ""); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}
