package kiosk

import (
	"strings"
	"sync"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Names that fit. A hall display has room for a dozen
// letters of a destination in large glyphs, and Ulm's names run to 28
// ("S-Bahnhalt Finninger Straße"). FitName shortens a name the way a
// sign writer would, in this order of preference:
//
//  1. The name as it is, when it fits.
//  2. The standard German abbreviations of generic words, which every
//     reader of a German timetable knows: Hauptbahnhof → Hbf, Bahnhof →
//     Bf, Straße → Str. (also at the end of a compound: Keplerstraße →
//     Keplerstr.), Platz → Pl. (Eichenplatz → Eichenpl.), Universität →
//     Uni, Wissenschaftsstadt → Wiss.-Stadt, Sankt → St.
//  3. Word-wise abbreviation: a word is cut after a consonant that stands
//     before a vowel, as German abbreviations are (Eselsberg → Eselsb.,
//     Hasenkopf → Hasenk.), and the cut is marked with "."; a stem of
//     two letters only of a short word (Sc. for Science, never Es. for
//     Eselsberg); dearest, the initial of one word that is not the last
//     (E. Hasenkopf, A.-Schweitzer-Str.). Of the forms that fit, the one
//     that drops the fewest letters from the fewest words wins; stems
//     under four letters cost more; on a tie the first
//     words are shortened before the last (the last usually names the
//     place within the district: Eselsb. Hasenkopf). Words that are
//     short or say which part of a place is meant (Süd, Nord, Ost, West,
//     Mitte, Ulm, Neu-Ulm, roman numerals, codes in capitals such as
//     ZOB) are never cut: line 1 goes to Böfingen and line 4 to
//     Böfingen Süd. A note in parentheses from the service ("(als Bus)")
//     goes before any word is cut short.
//  4. When even that does not fit, a cut at a word boundary: the first
//     words, the last of them ending in "." (Eselsb.), never ending in a
//     word of one or two letters (not "Im." for Im Lehrer Feld).
//  5. At last the name cut to the cells left and "." (Stein. for
//     Steinheim in 6 cells; with one cell, the first letter alone).
//
// A cut never falls inside a letter: an umlaut written with a combining
// mark stays one letter, so a block font never draws half of one.
//
// The service's own short forms: the stop base data carries a StopCode
// (HBF, ESHA, ZOB), the operator's code of a stop, not a name a passenger
// reads, and no short name; the service's direction texts are sometimes
// already short ("Sc. Park II (als Bus)"), and FitName keeps such
// abbreviations as they are. So there is no short form for a caller to
// pass: the rules above are all.
//
// English and German boards shorten alike: a destination is a proper
// name, the same letters as on the vehicle's front and the stop's sign,
// and a visitor matches those letters; a translated or differently
// abbreviated "Hauptbahnhof" would match neither. The abbreviations used
// (Hbf, Str., Pl.) are the ones on German signs that a visitor meets
// anyway. The lang argument is there so that callers pass the board's
// language as for every other text; it changes nothing today.

// FitName returns a readable form of a destination or stop name that is
// at most cells display cells wide (ansi.StringWidth, as lipgloss
// measures), by the rules above. It returns name unchanged when it fits,
// never an empty string for a non-empty name when cells >= 1 (with one
// cell, the first letter), and "" when cells < 1.
func FitName(name string, cells int, _ string) string {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" || cells < 1 {
		return ""
	}
	if ansi.StringWidth(name) <= cells {
		return name
	}
	key := fitKey{name, cells}
	fitMemo.Lock()
	if s, ok := fitMemo.m[key]; ok {
		fitMemo.Unlock()
		return s
	}
	fitMemo.Unlock()
	s := fitName(name, cells)
	fitMemo.Lock()
	if len(fitMemo.m) >= fitMemoMax {
		fitMemo.m = map[fitKey]string{}
	}
	fitMemo.m[key] = s
	fitMemo.Unlock()
	return s
}

// fitKey is a name at a width, the key of the memo.
type fitKey struct {
	name  string
	cells int
}

// fitMemoMax bounds the memo: a kiosk fits a few dozen names at one or
// two widths; a service that sends ever new names cannot grow it.
const fitMemoMax = 4096

// fitMemo keeps FitName's results: a board's rows ask for the same
// names at every change of a countdown.
var fitMemo = struct {
	sync.Mutex
	m map[fitKey]string
}{m: map[fitKey]string{}}

// form is one way of writing a unit of a name, with what it costs the
// reader.
type form struct {
	text    string
	cost    int
	initial bool // the word's initial letter alone (E.)
}

// unit is a part of a name (a word, or a part of a hyphenated word, or a
// note in parentheses) with the separator before it ("", " ", "-", "-/")
// and its forms, the full text first, each next one narrower.
type unit struct {
	sep   string
	forms []form
}

// Costs of shortening, in letters dropped plus these.
const (
	costStandard = 1 // a standard abbreviation (Hbf, Str.)
	costCut      = 2 // a word cut at a syllable
	costShort    = 4 // more, when the stem left is under minStem letters
	costNote     = 8 // a note in parentheses left out
	minStem      = 4
)

// fitName fits a name wider than cells (>= 1).
func fitName(name string, cells int) string {
	units := splitName(name)
	if s, ok := bestFit(units, cells, false); ok {
		return s
	}
	// A cut at a word boundary: the first words, marked with ".", never
	// ending in a word of one or two letters.
	for k := len(units) - 1; k >= 1; k-- {
		if len(splitLetters(strings.TrimSpace(units[k-1].forms[0].text))) < 3 {
			continue // not "S." of S-Bahnhalt, nor "Im." of Im Lehrer Feld
		}
		if s, ok := bestFit(units[:k], cells, true); ok {
			return s
		}
	}
	return cutWord(name, cells)
}

// cutWord is name cut to cells-1 letters and ".", or with one cell its
// first letter alone.
func cutWord(name string, cells int) string {
	word := name
	room := cells - 1 // the "."
	if cells == 1 {
		room = 1 // no room for a dot: the first letter alone
	}
	var b strings.Builder
	w := 0
	for _, l := range splitLetters(word) {
		lw := ansi.StringWidth(l)
		if w+lw > room {
			break
		}
		b.WriteString(l)
		w += lw
	}
	s := strings.TrimRight(b.String(), "-/.( ")
	if s == "" {
		// Not even the first letter fits (a wide character in one cell).
		return ansi.Truncate(name, cells, "")
	}
	if cells > 1 {
		s += "."
	}
	return s
}

// bestFit returns the cheapest way of writing units within cells; marked
// asks for a cut mark: a last unit that does not end in "." gets one.
func bestFit(units []unit, cells int, marked bool) (string, bool) {
	n := len(units)
	levels := make([]int, n)
	best := make([]int, n)
	bestCost, bestWidth, found := 0, 0, false
	widths := make([][]int, n)
	for i, u := range units {
		widths[i] = make([]int, len(u.forms))
		for j, f := range u.forms {
			widths[i][j] = ansi.StringWidth(u.sep) + ansi.StringWidth(f.text)
		}
	}
	// Every combination of forms (a name has a few units of a few forms:
	// at most some thousand combinations, and the result is memoised).
	budget := 20000
	// One initial at most, and never the last word's: the words left
	// must say where the vehicle goes (E. Hasenkopf, not E. H.).
	var walk func(i, width, cost, initials int)
	walk = func(i, width, cost, initials int) {
		if budget <= 0 || width > cells || (found && cost > bestCost) || initials > 1 {
			return
		}
		if i == n {
			budget--
			if marked && !strings.HasSuffix(units[n-1].forms[levels[n-1]].text, ".") {
				width++
				if width > cells {
					return
				}
			}
			if !found || cost < bestCost || (cost == bestCost && better(levels, best, width, bestWidth)) {
				copy(best, levels)
				bestCost, bestWidth, found = cost, width, true
			}
			return
		}
		for j, f := range units[i].forms {
			if f.initial && i == n-1 {
				continue
			}
			levels[i] = j
			walk(i+1, width+widths[i][j], cost+f.cost, initials+btoi(f.initial))
		}
	}
	walk(0, 0, 0, 0)
	if !found {
		return "", false
	}
	var b strings.Builder
	for i, u := range units {
		b.WriteString(u.sep)
		b.WriteString(u.forms[best[i]].text)
	}
	s := b.String()
	if marked && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s, true
}

// better breaks a tie of cost between the combinations a and b: the
// wider one (it uses the room), else the one that keeps the later units
// longer.
func better(a, b []int, wa, wb int) bool {
	if wa != wb {
		return wa > wb
	}
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// splitName splits a name into its units: words at spaces, parts of a
// word at "-" and "/", and a note in parentheses as one unit.
func splitName(name string) []unit {
	var units []unit
	sep := ""
	rest := name
	for rest != "" {
		if rest[0] == '(' {
			end := strings.IndexByte(rest, ')')
			if end < 0 {
				end = len(rest) - 1
			}
			note := rest[:end+1]
			u := unit{sep: sep, forms: []form{{text: note}}}
			if strings.TrimSpace(sep) == "" && len(units) > 0 {
				// It can go, with the space before it.
				u.sep, u.forms = "", []form{{text: sep + note}, {cost: costNote}}
			}
			units = append(units, u)
			rest, sep = rest[end+1:], ""
			continue
		}
		i := strings.IndexAny(rest, " -/(")
		if i == 0 {
			// A separator run: "-", "-/", " ", "/".
			j := 0
			for j < len(rest) && strings.ContainsRune(" -/", rune(rest[j])) {
				j++
			}
			sep += rest[:j]
			rest = rest[j:]
			continue
		}
		if i < 0 {
			i = len(rest)
		}
		units = append(units, unit{sep: sep, forms: wordForms(rest[:i])})
		rest = rest[i:]
		sep = ""
	}
	if len(units) == 0 {
		units = []unit{{forms: []form{{text: name}}}}
	}
	return units
}

// standard are the standard abbreviations of whole words.
var standard = map[string]string{
	"Hauptbahnhof":       "Hbf",
	"Bahnhof":            "Bf",
	"Straße":             "Str.",
	"Strasse":            "Str.",
	"Platz":              "Pl.",
	"Universität":        "Uni",
	"Wissenschaftsstadt": "Wiss.-Stadt",
	"Sankt":              "St.",
}

// standardEnds are the standard abbreviations of the last part of a
// compound: Keplerstraße → Keplerstr.
var standardEnds = [][2]string{{"straße", "str."}, {"strasse", "str."}, {"platz", "pl."}, {"bahnhof", "bf"}}

// kept are the words never cut: they are short, or say which part of a
// place is meant.
var kept = map[string]bool{
	"Süd": true, "Nord": true, "Ost": true, "West": true, "Mitte": true,
	"Ulm": true, "Neu": true, "Bad": true, "Alt": true, "Alte": true,
}

// wordForms returns the forms of a word: itself, its standard
// abbreviation, and its cuts at syllables, each narrower than the last.
func wordForms(w string) []form {
	forms := []form{{text: w}}
	if kept[w] || strings.HasSuffix(w, ".") || !hasLower(w) {
		return forms // kept, already abbreviated, a code or a numeral
	}
	letters := splitLetters(w)
	width := ansi.StringWidth(w)
	if s, ok := standard[w]; ok {
		forms = append(forms, form{text: s, cost: costStandard})
	} else {
		lw := strings.ToLower(w)
		for _, e := range standardEnds {
			if strings.HasSuffix(lw, e[0]) && len(lw) > len(e[0])+2 {
				forms = append(forms, form{text: w[:len(w)-len(e[0])] + e[1], cost: costStandard})
				break
			}
		}
	}
	// Cuts after a consonant before a vowel, longest first, of a stem of
	// two letters at least; then the initial (E. Hasenkopf, A.-Schweitzer-
	// Str.), dearest of all.
	for i := len(letters) - 2; i >= 1; i-- {
		if i > 1 && (!isConsonant(letters[i-1]) || !isVowel(letters[i])) {
			continue
		}
		if i == 2 && len(letters) > 7 {
			continue // Sc. for Science, not Es. for Eselsberg
		}
		text := strings.Join(letters[:i], "") + "."
		if tw := ansi.StringWidth(text); tw >= width || tw >= ansi.StringWidth(forms[len(forms)-1].text) {
			continue
		}
		cost := costCut + len(letters) - i
		if i < minStem {
			cost += costShort
		}
		if i == 1 {
			cost += costShort
		}
		forms = append(forms, form{text, cost, i == 1})
	}
	return forms
}

// splitLetters splits s into letters: a rune with the combining marks
// that follow it.
func splitLetters(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if start >= 0 && unicode.Is(unicode.Mn, r) {
			continue
		}
		if start >= 0 {
			out = append(out, s[start:i])
		}
		start = i
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// hasLower reports whether s has a lower-case letter (ZOB, II and SWU
// have none).
func hasLower(s string) bool {
	return strings.IndexFunc(s, unicode.IsLower) >= 0
}

// isVowel reports whether letter l is a vowel (an umlaut too).
func isVowel(l string) bool {
	r := []rune(strings.ToLower(l))[0]
	return strings.ContainsRune("aeiouyäöü", r)
}

// isConsonant reports whether letter l is a consonant.
func isConsonant(l string) bool {
	r := []rune(l)[0]
	return unicode.IsLetter(r) && !isVowel(l)
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
