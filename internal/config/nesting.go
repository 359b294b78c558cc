package config

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxSize is the largest configuration file abfahrt reads (1 MiB); a real
// one is a few hundred bytes.
const MaxSize = 1 << 20

// MaxDepth is the deepest nesting the configuration schema has:
// layouts.NAME.boards[n].lines[m] is five containers deep (table, table,
// array, table, array), whether written as [[layouts.m.boards]] headers,
// dotted keys or inline tables and arrays.
const MaxDepth = 5

// readFile reads at most MaxSize bytes of path; a longer file (or an
// endless one such as /dev/zero) is refused without reading it all. The
// error of a missing file wraps os.ErrNotExist.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &configError{path: path, msg: "cannot read: " + unwrapPathErr(err), err: err}
	}
	defer func() { _ = f.Close() }()
	src, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, &configError{path: path, msg: "cannot read: " + unwrapPathErr(err), err: err}
	}
	if len(src) > MaxSize {
		size := "more than 1048576"
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > MaxSize {
			size = fmt.Sprint(st.Size())
		}
		return nil, &configError{path: path, msg: "file is " + size + " bytes; the limit is 1 MiB"}
	}
	return src, nil
}

// errTooDeep is nesting deeper than the schema allows, found at line.
type errTooDeep struct{ line, depth int }

func (e errTooDeep) Error() string {
	return fmt.Sprintf("nested %d levels deep; the config allows at most %d", e.depth, MaxDepth)
}

// checkNesting reports the first place in TOML text where tables and
// arrays nest deeper than limit, before the parser (whose recursion a
// 40 KB file of brackets ran out of memory) sees it. It counts depth, it
// does not parse: table headers ([a.b] is 2 deep, [[a.b]] 3), dotted keys
// (a.b.c = 1 puts the value 2 deep) and inline tables and arrays; strings
// of all four kinds and comments are skipped, so brackets inside them do
// not count. One pass, allocating only the open brackets (at most limit).
// Malformed text is not reported here; the parser does that.
func checkNesting(src []byte, limit int) error {
	d := depthCounter{src: src, limit: limit, line: 1, keyMode: true, lineHead: true, segs: 1}
	for d.i < len(d.src) {
		if err := d.step(); err != nil {
			return err
		}
	}
	return nil
}

// depthCounter is the state of checkNesting: where it is, the open inline
// brackets, the depth of the current [table] and of the key being read.
type depthCounter struct {
	src   []byte
	i     int
	line  int
	limit int
	open  []bracket
	base  int // depth of the current [table] header
	// keyMode: reading a key (at a line's start, after '{' or ',' in an
	// inline table); lineHead: only blanks since the line's start,
	// outside brackets.
	keyMode, lineHead bool
	segs              int // parts of the key being read
	extra             int // containers a dotted key adds to its value
}

// bracket is an open inline table ('{', keys inside) or array ('[').
type bracket struct {
	table bool
	depth int // containers around the values inside
}

// step reads one byte, or a whole string, comment or table header.
func (d *depthCounter) step() error {
	c := d.src[d.i]
	switch {
	case c == '\n':
		d.newline()
		return nil
	case c == ' ' || c == '\t' || c == '\r':
		d.i++
		return nil
	case c == '#':
		d.skipTo('\n')
		return nil
	case d.lineHead && len(d.open) == 0 && c == '[':
		return d.header()
	case c == '"' || c == '\'':
		d.lineHead = false
		d.i = d.skipString(d.i)
		return nil
	}
	d.lineHead = false
	err := d.token(c)
	d.i++
	return err
}

// newline ends a line; outside brackets the next one starts with a key.
func (d *depthCounter) newline() {
	d.line++
	d.i++
	if len(d.open) == 0 {
		d.keyMode, d.lineHead, d.segs, d.extra = true, true, 1, 0
	}
}

// token counts a key's dots and the brackets of values.
func (d *depthCounter) token(c byte) error {
	switch {
	case d.keyMode && c == '.':
		d.segs++
	case d.keyMode && c == '=':
		d.keyMode, d.extra = false, d.segs-1
		return d.check(d.depth() + d.extra)
	case c == '{' || c == '[':
		n := d.depth() + 1
		if !d.keyMode {
			n += d.extra
		}
		if err := d.check(n); err != nil {
			return err
		}
		d.open = append(d.open, bracket{table: c == '{', depth: n})
		d.keyMode, d.segs, d.extra = c == '{', 1, 0
	case c == '}' || c == ']':
		if len(d.open) > 0 {
			d.open = d.open[:len(d.open)-1]
		}
		d.keyMode, d.extra = false, 0
	case c == ',':
		if len(d.open) > 0 && d.open[len(d.open)-1].table {
			d.keyMode, d.segs = true, 1
		}
		d.extra = 0
	}
	return nil
}

// depth is the containers around a value here.
func (d *depthCounter) depth() int {
	if len(d.open) > 0 {
		return d.open[len(d.open)-1].depth
	}
	return d.base
}

// check refuses depth n beyond the limit.
func (d *depthCounter) check(n int) error {
	if n > d.limit {
		return errTooDeep{line: d.line, depth: n}
	}
	return nil
}

// header reads a table header, [a.b] or [[a.b]], to the end of its line.
func (d *depthCounter) header() error {
	d.i++
	n := 1
	if d.i < len(d.src) && d.src[d.i] == '[' {
		n, d.i = 2, d.i+1 // [[a.b]]: the array and its table
	}
	for d.i < len(d.src) && d.src[d.i] != ']' && d.src[d.i] != '\n' {
		switch d.src[d.i] {
		case '"', '\'':
			d.i = d.skipString(d.i)
			continue
		case '.':
			n++
		}
		d.i++
	}
	if err := d.check(n); err != nil {
		return err
	}
	d.base = n
	for d.i < len(d.src) && d.src[d.i] != '\n' && d.src[d.i] != '#' {
		d.i++
	}
	d.lineHead = false
	return nil
}

// skipTo moves to the next c (or the end), not past it.
func (d *depthCounter) skipTo(c byte) {
	for d.i < len(d.src) && d.src[d.i] != c {
		d.i++
	}
}

// skipString returns the index after the string starting at i (a quote);
// lines inside multi-line strings are counted.
func (d *depthCounter) skipString(i int) int {
	q, src := d.src[i], d.src
	if i+2 < len(src) && src[i+1] == q && src[i+2] == q {
		return d.skipMultiline(i+3, q)
	}
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if q == '"' {
				i++
			}
		case '\n':
			return i // unterminated: the parser reports it
		case q:
			return i + 1
		}
	}
	return len(src)
}

// skipMultiline returns the index after the multi-line string whose text
// starts at i, quoted by three q (and up to two more q inside the end).
func (d *depthCounter) skipMultiline(i int, q byte) int {
	src := d.src
	for ; i < len(src); i++ {
		switch {
		case src[i] == '\\' && q == '"':
			i++
			if i < len(src) && src[i] == '\n' {
				d.line++
			}
		case src[i] == '\n':
			d.line++
		case src[i] == q && i+2 < len(src) && src[i+1] == q && src[i+2] == q:
			i += 3
			for k := 0; k < 2 && i < len(src) && src[i] == q; k++ {
				i++
			}
			return i
		}
	}
	return len(src)
}

// tooDeep converts a nesting error into the file's error.
func tooDeep(path string, err error) error {
	var d errTooDeep
	if errors.As(err, &d) {
		return &configError{path: path, line: d.line, msg: d.Error()}
	}
	return err
}
