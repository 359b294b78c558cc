package rt

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"abfahrt/model"
)

// The service's alert is free text: a title and items (AlertData, items
// separated by "+++"), with no field naming a line or a stop. What it
// says of lines and stops is read from its words, as the board reads it:
// an item naming one line ("Linie 4: ...") with a clause naming a stop
// ("Haltestelle", "stop") and saying it is not served.

// alertLineRE finds the lines an item names: "Linie 4", "Line N1".
var alertLineRE = regexp.MustCompile(`(?i)\b(?:linie|line)\s+([0-9A-Za-z]+)`)

// skipWords say a stop is not served: "die Haltestelle X entfällt", "die
// Haltestellen X und Y entfallen", "Die Haltestelle X wird ... nicht
// bedient", and English alike.
var skipWords = []string{"entfällt", "entfallen", "nicht bedient", "nicht angefahren", "not served", "is closed", "are closed", "skipped"}

// closedClauses are the clauses of the alert's items about line alone
// that say stops are not served (a clause naming trips, "Einzelne
// Fahrten zwischen A und B entfallen", is none).
func closedClauses(a model.Alert, line string) []string {
	if line == "" {
		return nil
	}
	var out []string
	for _, it := range a.Items {
		ms := alertLineRE.FindAllStringSubmatch(it, -1)
		if len(ms) != 1 || ms[0][1] != line {
			continue
		}
		for _, c := range strings.FieldsFunc(it, func(r rune) bool { return r == ',' || r == ':' || r == ';' }) {
			low := strings.ToLower(c)
			if (strings.Contains(low, "haltestelle") || strings.Contains(low, "stop")) &&
				slices.ContainsFunc(skipWords, func(w string) bool { return strings.Contains(low, w) }) {
				out = append(out, c)
			}
		}
	}
	return out
}

// namesStop reports whether clause names the stop name as whole words
// (not "Hauptbahnhof" inside "Hauptbahnhofstraße").
func namesStop(clause, name string) bool {
	if name == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(clause[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		if !wordRune(clause, at, true) && !wordRune(clause, end, false) {
			return true
		}
		i = end
	}
}

// wordRune reports whether the rune before byte i (before) or at byte i
// of s is a letter or digit.
func wordRune(s string, i int, before bool) bool {
	var r rune
	switch {
	case before && i > 0:
		r, _ = utf8.DecodeLastRuneInString(s[:i])
	case !before && i < len(s):
		r, _ = utf8.DecodeRuneInString(s[i:])
	default:
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
