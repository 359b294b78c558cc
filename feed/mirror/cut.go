package mirror

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
)

// listShape is where a departures or arrivals answer keeps its records:
// the byte offsets of the record list and of the wrapper's Limit echo, so
// that a client's Limit is served from the stop's one answer by cutting
// bytes, never by re-encoding (the wrapper, its fields, their order and
// the CurrentTimestamp stay as the upstream sent them).
type listShape struct {
	ends []int // the offset just after each record of the list
	// limitAt and limitEnd frame the value of the wrapper's Limit (0, 0:
	// none); limit is that value.
	limitAt, limitEnd, limit int

	mu   sync.Mutex
	cuts map[int]*limitCut // a few cuts made, with their gzip form
}

// limitCut is one client Limit's answer made from an entry.
type limitCut struct {
	body    []byte
	etag    string
	gzOnce  sync.Once
	gz      []byte
	limited bool // cut from a longer answer (else the entry's body)
}

// maxCuts bounds the cuts an entry keeps made (of at most 100); others
// are made per request.
const maxCuts = 8

// listName is the record list of a Limit endpoint's wrapper.
func listName(ep string) string {
	if strings.HasSuffix(ep, "/Arrivals") {
		return "ArrivalData"
	}
	return "DepartureData"
}

// errNoList: the answer has no list to cut where the spec puts it.
var errNoList = errors.New("no record list in the wrapper")

// shapeOf finds the record list (and Limit echo) of a passage answer:
// {"StopPassage":{...,"Limit":100,...,"DepartureData":[{...},...]}}.
func shapeOf(body []byte, list string) (*listShape, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := delim(dec, '{'); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != nil { // the wrapper's name
		return nil, err
	}
	if err := delim(dec, '{'); err != nil {
		return nil, err
	}
	s := &listShape{}
	found := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		switch key {
		case list:
			if err := delim(dec, '['); err != nil {
				return nil, errNoList
			}
			for dec.More() {
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					return nil, err
				}
				s.ends = append(s.ends, int(dec.InputOffset()))
			}
			if err := delim(dec, ']'); err != nil {
				return nil, err
			}
			found = true
		case "Limit":
			at := valueStart(body, int(dec.InputOffset()))
			t, err := dec.Token()
			if err != nil {
				return nil, err
			}
			if n, ok := t.(json.Number); ok {
				if v, err := strconv.Atoi(n.String()); err == nil && v > 0 {
					s.limitAt, s.limitEnd, s.limit = at, int(dec.InputOffset()), v
				}
			} else if d, ok := t.(json.Delim); ok && (d == '{' || d == '[') {
				return nil, errNoList // a Limit that is no number: leave the answer whole
			}
		default:
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, err
			}
		}
	}
	if !found {
		return nil, errNoList
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return s, nil
}

func delim(dec *json.Decoder, want json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return errNoList
	}
	return nil
}

// valueStart skips the blanks and the colon after a key at i.
func valueStart(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == ':') {
		i++
	}
	return i
}

// cutFor returns the answer for a client's Limit n: at most n records,
// and the wrapper's Limit echo saying the Limit applied (n, or the
// upstream's own when that is lower), as the service answers Limit=n. The
// ETag is the entry's with the Limit added, so that it changes when the
// entry's does and differs between Limits.
func (e *entry) cutFor(n int) *limitCut {
	s := e.shape
	if s == nil || n <= 0 {
		return &limitCut{body: e.body, etag: e.etag}
	}
	echo := n
	if s.limit > 0 {
		echo = min(n, s.limit)
	}
	if n >= len(s.ends) && (s.limitAt == 0 || echo == s.limit) {
		return &limitCut{body: e.body, etag: e.etag}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.cuts[n]; c != nil {
		return c
	}
	// Two edits at most, in the order they lie: the Limit echo, and the
	// records from the n-th's end to the last's end.
	type edit struct {
		from, to int
		with     string
	}
	var edits [2]edit
	k := 0
	if s.limitAt > 0 && echo != s.limit {
		edits[k] = edit{s.limitAt, s.limitEnd, strconv.Itoa(echo)}
		k++
	}
	if n < len(s.ends) {
		edits[k] = edit{s.ends[n-1], s.ends[len(s.ends)-1], ""}
		k++
	}
	if k == 2 && edits[1].from < edits[0].from {
		edits[0], edits[1] = edits[1], edits[0]
	}
	b := make([]byte, 0, len(e.body))
	at := 0
	for _, ed := range edits[:k] {
		b = append(b, e.body[at:ed.from]...)
		b = append(b, ed.with...)
		at = ed.to
	}
	b = append(b, e.body[at:]...)
	c := &limitCut{body: b, etag: cutETag(e.etag, b, echo), limited: true}
	if len(s.cuts) < maxCuts {
		if s.cuts == nil {
			s.cuts = make(map[int]*limitCut, maxCuts)
		}
		s.cuts[n] = c
	}
	return c
}

// cutETag is the ETag of a cut: the entry's with ".L<n>" inside its
// quotes (weak stays weak), or the mirror's own of the cut's bytes.
func cutETag(etag string, body []byte, n int) string {
	if len(etag) < 2 || etag[len(etag)-1] != '"' {
		return ownETag(body)
	}
	return etag[:len(etag)-1] + ".L" + strconv.Itoa(n) + `"`
}

// gzipped is the cut gzip-encoded, made once.
func (c *limitCut) gzipped(e *entry) []byte {
	if !c.limited {
		return e.gzipped()
	}
	c.gzOnce.Do(func() { c.gz = gzipBytes(c.body) })
	if c.gz == nil {
		return c.body
	}
	return c.gz
}
