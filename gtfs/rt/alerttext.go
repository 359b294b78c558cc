package rt

import (
	"regexp"
	"slices"
	"strconv"
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
var alertLineRE = lazy(`(?i)\b(?:linie|line)\s+([0-9A-Za-z]+)`)

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
		ms := alertLineRE().FindAllStringSubmatch(it, -1)
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

// English texts. The service's alert is German; abfahrt has an English
// text of the phrasings it knows (those of the simulation, which models
// SWU's): a title or item in one of them gets its English translation,
// any other only its German.
var (
	enTitles = []struct {
		re func() *regexp.Regexp
		en string
	}{
		{lazy(`^Umleitung Linie (\S+)$`), "Detour, line $1"},
		{lazy(`^Haltestellenausfall Linie (\S+)$`), "Stop closed, line $1"},
		{lazy(`^Verspätungen Linie (\S+)$`), "Delays, line $1"},
		{lazy(`^Fahrzeugstörung Linie (\S+)$`), "Vehicle breakdown, line $1"},
	}
	enItems = []struct {
		re func() *regexp.Regexp
		en string
	}{
		{lazy(`^Linie (\S+): Umleitung zwischen (.+?) und (.+?) wegen (.+?), die Haltestelle (.+) entfällt$`),
			"Line $1: detour between $2 and $3 because of $4, the stop $5 is not served"},
		{lazy(`^Linie (\S+): Umleitung zwischen (.+?) und (.+?) wegen (.+?), die Haltestellen (.+) entfallen$`),
			"Line $1: detour between $2 and $3 because of $4, the stops $5 are not served"},
		{lazy(`^Linie (\S+): Umleitung zwischen (.+?) und (.+?) wegen (.+)$`),
			"Line $1: detour between $2 and $3 because of $4"},
		{lazy(`^Linie (\S+): Die Haltestelle (.+) wird wegen (.+) nicht bedient$`),
			"Line $1: the stop $2 is not served because of $3"},
		{lazy(`^Linie (\S+): Verspätungen von bis zu (\d+) Minuten wegen (.+)$`),
			"Line $1: delays of up to $2 minutes because of $3"},
		{lazy(`^Linie (\S+): Einzelne Fahrten zwischen (.+?) und (.+?) entfallen wegen (.+)$`),
			"Line $1: some trips between $2 and $3 are cancelled because of $4"},
	}
	// enReasons are the causes the phrasings name, as the item says them.
	enReasons = map[string]string{
		"eines Verkehrsunfalls":     "a traffic accident",
		"eines Polizeieinsatzes":    "a police operation",
		"hohen Verkehrsaufkommens":  "heavy traffic",
		"einer Fahrzeugstörung":     "a vehicle breakdown",
		"einer Baustelle":           "construction work",
		"Bauarbeiten":               "construction work",
		"einer Veranstaltung":       "an event",
		"einer Betriebsstörung":     "a disruption",
		"einer technischen Störung": "a technical fault",
		"eines Notarzteinsatzes":    "a medical emergency",
		"Glätte":                    "icy roads",
	}
	enJoin = lazy(` und `)
)

// english is the English text of an alert's title or item, ok false
// when abfahrt does not know its phrasing (or its cause).
func english(s string, title bool) (string, bool) {
	s = strings.TrimSpace(s)
	if title {
		for _, t := range enTitles {
			if t.re().MatchString(s) {
				return t.re().ReplaceAllString(s, t.en), true
			}
		}
		return "", false
	}
	for _, it := range enItems {
		m := it.re().FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		n := it.re().NumSubexp()
		groups := make([]string, n+1)
		for i := 1; i <= n; i++ {
			groups[i] = s[m[2*i]:m[2*i+1]]
		}
		// The cause is the group after "wegen": the 4th of a detour, the
		// 3rd of a closed stop or delays, the 4th of dropped trips.
		out := it.en
		for i := n; i >= 1; i-- {
			g := groups[i]
			if strings.Contains(out, "because of $"+strconv.Itoa(i)) {
				r, ok := enReasons[g]
				if !ok {
					return "", false
				}
				g = r
			}
			if strings.Contains(out, "stops $"+strconv.Itoa(i)) {
				g = enJoin().ReplaceAllString(g, " and ")
			}
			out = strings.ReplaceAll(out, "$"+strconv.Itoa(i), g)
		}
		return out, true
	}
	return "", false
}
