package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// maxConfigSize is the largest configuration file abfahrt reads (1 MiB);
// a real one is a few hundred bytes.
const maxConfigSize = 1 << 20

// maxConfigDepth is the deepest nesting the configuration schema has:
// layouts.NAME.boards[n].lines[m] is five containers deep (table, table,
// array, table, array), whether written as [[layouts.m.boards]] headers,
// dotted keys or inline tables and arrays.
const maxConfigDepth = 5

// readConfigFile reads at most maxConfigSize bytes of path; a longer file
// (or an endless one such as /dev/zero) is refused without reading it all.
// The error of a missing file wraps os.ErrNotExist.
func readConfigFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &configError{path: path, msg: "cannot read: " + unwrapPathErr(err), err: err}
	}
	defer func() { _ = f.Close() }()
	src, err := io.ReadAll(io.LimitReader(f, maxConfigSize+1))
	if err != nil {
		return nil, &configError{path: path, msg: "cannot read: " + unwrapPathErr(err), err: err}
	}
	if len(src) > maxConfigSize {
		size := "more than 1048576"
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > maxConfigSize {
			size = fmt.Sprint(st.Size())
		}
		return nil, &configError{path: path, msg: "file is " + size + " bytes; the limit is 1 MiB"}
	}
	return src, nil
}

// errTooDeep is nesting deeper than the schema allows, found at line.
type errTooDeep struct{ line, depth int }

func (e errTooDeep) Error() string {
	return fmt.Sprintf("nested %d levels deep; the config allows at most %d", e.depth, maxConfigDepth)
}

// checkNesting scans TOML text once, without parsing it, and reports the
// first place where tables and arrays nest deeper than max: table headers
// ([a.b] is 2 deep, [[a.b]] 3), dotted keys (a.b.c = 1 puts the value 2
// deep) and inline tables and arrays. Strings of all four kinds and
// comments are skipped, so brackets inside them do not count. The scan is
// linear and allocates only the stack of open brackets (at most max deep).
// Malformed text is not reported here; the parser does that.
func checkNesting(src []byte, limit int) error {
	type frame struct {
		table bool // '{' (keys inside) or '[' (values inside)
		depth int  // containers around the values inside
	}
	var (
		stack    []frame
		line     = 1
		base     = 0    // depth of the current [table] header
		keyMode  = true // reading a key (at a line's start, after '{' or ',' in an inline table)
		lineHead = true // only blanks since the start of the line, outside brackets
		segs     = 1    // parts of the key being read
		extra    = 0    // containers a dotted key adds to its value
	)
	cur := func() int {
		if len(stack) > 0 {
			return stack[len(stack)-1].depth
		}
		return base
	}
	n := len(src)
	// skipString skips the string starting at i (a quote) and returns the
	// index after it; lines inside multi-line strings are counted.
	skipString := func(i int) int {
		q := src[i]
		if i+2 < n && src[i+1] == q && src[i+2] == q { // multi-line
			i += 3
			for i < n {
				switch {
				case src[i] == '\\' && q == '"':
					i++
					if i < n && src[i] == '\n' {
						line++
					}
				case src[i] == '\n':
					line++
				case src[i] == q && i+2 < n && src[i+1] == q && src[i+2] == q:
					i += 3
					for k := 0; k < 2 && i < n && src[i] == q; k++ {
						i++
					}
					return i
				}
				i++
			}
			return n
		}
		i++
		for i < n {
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
			i++
		}
		return n
	}
	push := func(table bool, depth int) error {
		if depth > limit {
			return errTooDeep{line: line, depth: depth}
		}
		stack = append(stack, frame{table: table, depth: depth})
		return nil
	}
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
			if len(stack) == 0 {
				keyMode, lineHead, segs, extra = true, true, 1, 0
			}
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#':
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		case lineHead && len(stack) == 0 && c == '[':
			// A table header: count its key's parts.
			i++
			d := 1
			if i < n && src[i] == '[' {
				d, i = 2, i+1 // [[a.b]]: the array and its table
			}
			for i < n && src[i] != ']' && src[i] != '\n' {
				switch src[i] {
				case '"', '\'':
					i = skipString(i)
					continue
				case '.':
					d++
				}
				i++
			}
			if d > limit {
				return errTooDeep{line: line, depth: d}
			}
			base = d
			for i < n && src[i] != '\n' && src[i] != '#' {
				i++
			}
			lineHead = false
			continue
		}
		lineHead = false
		switch {
		case c == '"' || c == '\'':
			i = skipString(i)
			continue
		case keyMode && c == '.':
			segs++
		case keyMode && c == '=':
			keyMode, extra = false, segs-1
			if d := cur() + extra; d > limit {
				return errTooDeep{line: line, depth: d}
			}
		case c == '{' || c == '[':
			d := cur() + 1
			if !keyMode {
				d += extra
			}
			if err := push(c == '{', d); err != nil {
				return err
			}
			keyMode, segs, extra = c == '{', 1, 0
		case c == '}' || c == ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			keyMode, extra = false, 0
		case c == ',':
			if len(stack) > 0 && stack[len(stack)-1].table {
				keyMode, segs = true, 1
			}
			extra = 0
		}
		i++
	}
	return nil
}

// tooDeep converts a nesting error into the file's error.
func tooDeep(path string, err error) error {
	var d errTooDeep
	if errors.As(err, &d) {
		return &configError{path: path, line: d.line, msg: d.Error()}
	}
	return err
}
