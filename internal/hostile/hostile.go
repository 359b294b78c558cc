// Package hostile makes a mobility/v1 service hostile, for tests: it puts
// terminal escape sequences, C1 controls, bidi overrides and line breaks
// into every text the service sends, and checks that none of it comes out.
// It is used by the tests of feed, cmd/abfahrt and tui only.
package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Payloads are known-bad sequences that a terminal would act on. Each is
// removed whole by model.CleanText, so a poisoned text cleans back to the
// original (Poison relies on that).
var Payloads = []string{
	"\x1b]52;c;SGVsbG8=\x07",              // OSC 52: write the clipboard
	"\x1b]0;pwned\x07",                    // OSC 0: window title, BEL
	"\x1b]2;pwned\x1b\\",                  // OSC 2: window title, ST
	"\x1b]8;;https://evil.example/\x1b\\", // OSC 8: hyperlink
	"\x1b#8",                              // DECALN: fill the screen with E
	"\x1b[?1049l",                         // leave the alternate screen
	"\x1b[?1000h",                         // mouse reporting on
	"\x1b[6n",                             // device status report (answer lands in the input)
	"\x1b[c",                              // device attributes
	"\x1bP$q\"p\x1b\\",                    // DECRQSS
	"\u009b31m",                           // 8-bit CSI
	"\u009d0;pwned\u009c",                 // 8-bit OSC with 8-bit ST
	"\u202e",                              // right-to-left override
	"\u2066\u200f",                        // bidi isolate, RLM
	"\x1b[2J\x1b[H",                       // clear screen, home
	"\r\n\t",                              // line break and tab
	"\x07\x00\x7f\u0085",                  // BEL, NUL, DEL, NEL
}

// Tail is an unterminated OSC: it swallows the rest of a text, so it is
// only ever put at the end.
const Tail = "\x1b]0;unterminated"

// Text returns s with payload i before and after it, and Tail at the end.
func Text(i int, s string) string {
	n := len(Payloads)
	return Payloads[i%n] + s + Payloads[(i+1)%n] + Tail
}

// timeLike matches the wire's datetimes, which Poison leaves alone so that
// records still decode.
var timeLike = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d`)

// mapKeys are the JSON keys under which the service sends maps whose keys
// are text too; Poison poisons those keys as well.
var mapKeys = map[string]bool{"UsedCodes": true, "AvailableData": true}

// Poison returns the JSON document body with every string value (but
// datetimes, numbers sent as strings and empty strings; StopPointCodes are
// poisoned even when numeric) wrapped by Text, and the keys of the maps
// under mapKeys too. A body that is not JSON is returned as it is.
func Poison(body []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return body
	}
	i := 0
	v = poison(v, "", false, &i)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return body
	}
	return out.Bytes()
}

func poison(v any, key string, keys bool, i *int) any {
	switch v := v.(type) {
	case string:
		if v == "" || timeLike.MatchString(v) || (allDigits(v) && key != "StopPointCode") {
			return v // datetimes and numbers sent as strings must still read
		}
		*i++
		return Text(*i, v)
	case []any:
		for j := range v {
			v[j] = poison(v[j], key, keys, i)
		}
		return v
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			nk := k
			if keys {
				*i++
				nk = Text(*i, k)
			}
			out[nk] = poison(e, k, keys || mapKeys[k], i)
		}
		return out
	}
	return v
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Wrap returns a handler that answers as h does with every JSON body
// poisoned. It asks h for uncompressed answers.
func Wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.Clone(r.Context())
		r.Header.Del("Accept-Encoding")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		body := rec.Body.Bytes()
		if len(body) > 0 {
			body = Poison(body)
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	})
}

// ErrorPage is an HTML error page full of payloads, as a hostile proxy
// might send it with a 503.
var ErrorPage = "<html><head><title>\x1b]0;pwned\x07503</title></head><body>\n<h1>Service \x1b[?1049lUnavailable\u202e</h1>\n" +
	"<p>" + strings.Join(Payloads, "try again") + "</p>" + Tail + "</body></html>"

// Failing returns a handler that answers every request with a 503 and
// ErrorPage.
func Failing() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(ErrorPage))
	})
}

// Unsafe describes what in s a terminal would act on or that breaks a
// line: ESC, a C0 or C1 control or DEL, a bidi control, invalid UTF-8.
// It returns "" when s is safe.
func Unsafe(s string) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for _, r := range s {
		switch {
		case r == 0x1b:
			return "ESC"
		case r < 0x20, r >= 0x7f && r <= 0x9f:
			return fmt.Sprintf("control U+%04X", r)
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			return fmt.Sprintf("bidi control U+%04X", r)
		}
	}
	return ""
}

// UnsafeOutput is Unsafe for terminal output that may hold line breaks
// (a table, JSON) and SGR colour sequences (ESC [ … m), which are allowed;
// everything else that Unsafe finds is not.
func UnsafeOutput(s string) string {
	s = sgr.ReplaceAllString(s, "")
	s = strings.NewReplacer("\n", "", "\r\n", "").Replace(s)
	return Unsafe(s)
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// Strings calls fn for every string in v at any depth: struct fields
// (exported), elements of slices and arrays, keys and values of maps,
// what pointers and interfaces hold. path names where the string is.
func Strings(v any, fn func(path, s string)) {
	walk(reflect.ValueOf(v), "", fn)
}

func walk(v reflect.Value, path string, fn func(path, s string)) {
	switch v.Kind() {
	default: // numbers, booleans, channels, functions: no text
	case reflect.String:
		fn(path, v.String())
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() || f.Anonymous {
				walk(v.Field(i), path+"."+f.Name, fn)
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), path, fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walk(v.Index(i), path+"["+strconv.Itoa(i)+"]", fn)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			walk(it.Key(), path+"{key}", fn)
			walk(it.Value(), path+"["+fmt.Sprint(it.Key())+"]", fn)
		}
	}
}
