package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// configError is an error in the configuration file: file:line: what.
type configError struct {
	path string
	line int
	msg  string
	err  error    // the cause, if any
	at   toml.Key // the key the mistake is at, when the name in msg is its table
}

// Unwrap is the cause.
func (e *configError) Unwrap() error { return e.err }

// Error is file:line: what.
func (e *configError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.path, e.line, e.msg)
	}
	return fmt.Sprintf("%s: %s", e.path, e.msg)
}

// DefaultPath is $XDG_CONFIG_HOME/abfahrt/config.toml (or the
// platform's user config directory).
func DefaultPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "abfahrt", "config.toml")
}

// Load reads and checks the file at path. A missing file is an empty
// configuration unless required (it was named explicitly).
func Load(path string, required bool) (Config, error) {
	var c Config
	if path == "" {
		return c, nil
	}
	data, err := readFile(path)
	if errors.Is(err, os.ErrNotExist) && !required {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	if err := checkNesting(data, MaxDepth); err != nil {
		return c, tooDeep(path, err)
	}
	src := string(data)
	md, err := toml.Decode(src, &c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return c, &configError{path: path, line: pe.Position.Line, msg: firstLine(pe.Message)}
		}
		return c, &configError{path: path, line: guessLine(err.Error()), msg: cleanTOMLErr(err)}
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return c, &configError{path: path, line: lineOfKey(src, k), msg: fmt.Sprintf("unknown key %q", k.String())}
	}
	if err := c.check(); err != nil {
		var ce *configError
		if errors.As(err, &ce) {
			ce.path = path
			if ce.line == 0 && len(ce.at) > 0 {
				ce.line = lineOfKey(src, ce.at)
			}
			if ce.line == 0 {
				ce.line = lineOfName(src, ce.msg)
			}
			return c, ce
		}
		return c, err
	}
	return c, nil
}

// lineOfKey finds the line where a dotted key is set: the last part as
// "key =" after the table header of the rest, or the table header itself.
func lineOfKey(src string, k toml.Key) int {
	if len(k) == 0 {
		return 0
	}
	last := k[len(k)-1]
	lines := strings.Split(src, "\n")
	table := strings.Join(k[:len(k)-1], ".")
	inTable := table == ""
	keyRe := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(last) + `"?\s*=`)
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") {
			h := strings.Trim(t, "[] ")
			inTable = h == table || strings.HasPrefix(table, h+".")
			if h == strings.Join(k, ".") {
				return i + 1
			}
			continue
		}
		if inTable && keyRe.MatchString(l) {
			return i + 1
		}
	}
	for i, l := range lines {
		if keyRe.MatchString(l) {
			return i + 1
		}
	}
	return 0
}

// lineOfName finds the line of the key a check message starts with: the
// whole dotted key in its table ("kiosk.rotate" not a "rotate" elsewhere),
// and for "layouts.a.boards[2]" the line of that layout's second board
// (its "[[layouts.a.boards]]" header or its inline "{").
func lineOfName(src, msg string) int {
	key, _, _ := strings.Cut(msg, ":")
	idx := 0
	if i := strings.LastIndex(key, "["); i >= 0 && strings.HasSuffix(key, "]") {
		idx, _ = strconv.Atoi(key[i+1 : len(key)-1])
		key = key[:i]
	}
	k := toml.Key(strings.Split(key, "."))
	lines := strings.Split(src, "\n")
	if idx > 0 {
		header, seen := "[["+key+"]]", 0
		for i, l := range lines {
			if strings.ReplaceAll(strings.TrimSpace(l), " ", "") == header {
				if seen++; seen == idx {
					return i + 1
				}
			}
		}
	}
	n := lineOfKey(src, k)
	if n == 0 {
		return lineOfKey(src, toml.Key{k[len(k)-1]})
	}
	if idx > 0 {
		seen := 0
		for i := n - 1; i < len(lines); i++ {
			for _, r := range lines[i] {
				if r == '{' {
					if seen++; seen == idx {
						return i + 1
					}
				}
			}
		}
	}
	return n
}

var lineInErr = regexp.MustCompile(`line (\d+)`)

func guessLine(msg string) int {
	if m := lineInErr.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

func cleanTOMLErr(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "toml: ")
	return firstLine(msg)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func unwrapPathErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
