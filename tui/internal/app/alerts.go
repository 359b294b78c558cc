package app

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// The service's unplanned alert shows on every view: one line on the
// board and in the grid, merged and fleet headers, and a ⚠ on the rows
// of the lines it names. The interactive root polls it like any feed
// (alertKey); the kiosk has its own poll and sets the same shared state.

// alertLineRe finds the lines an alert names: "Linie 4", "Line N1".
var alertLineRe = regexp.MustCompile(`(?i)\b(?:linie|line)\s+([0-9A-Za-z]+)`)

// SetAlert makes a the alert every view shows; changed is false when it
// says what the last one said.
func (sh *Shared) SetAlert(a model.Alert) (changed bool) {
	if SameAlert(sh.Alert, a) {
		return false
	}
	sh.Alert = a
	sh.alertLines = map[string]bool{}
	for _, s := range append([]string{a.Title}, a.Items...) {
		for _, m := range alertLineRe.FindAllStringSubmatch(s, -1) {
			sh.alertLines[m[1]] = true
		}
	}
	return true
}

// AlertText is the alert as one text: "title: item · item". When every
// item names its line already ("Linie 1: ..."), the title ("Umleitung
// Linie 1") is left out: never "Linie 1: Linie 1: ...".
func AlertText(a model.Alert) string {
	items := make([]string, 0, len(a.Items))
	named := true
	for _, it := range a.Items {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
			named = named && alertLineRe.MatchString(it)
		}
	}
	title := strings.TrimSpace(a.Title)
	switch {
	case len(items) == 0:
		return ui.OneLine(title)
	case named || title == "":
		return ui.OneLine(strings.Join(items, " · "))
	}
	return ui.OneLine(title + ": " + strings.Join(items, " · "))
}

// AlertFor is the part of the frame's alert about line: its items that
// name the line ("Linie 2: ..."), else the whole alert when it names the
// line elsewhere (its title, or an item naming several lines); "" when
// the alert does not name the line.
func (f *Frame) AlertFor(line string) string {
	if line == "" || !f.AlertOn(line) {
		return ""
	}
	var items []string
	for _, it := range f.Alert.Items {
		if ms := alertLineRe.FindAllStringSubmatch(it, -1); len(ms) == 1 && ms[0][1] == line {
			items = append(items, strings.TrimSpace(it))
		}
	}
	if len(items) == 0 {
		return AlertText(f.Alert)
	}
	return ui.OneLine(strings.Join(items, " · "))
}

// AlertOn reports whether the alert names line.
func (sh *Shared) AlertOn(line string) bool { return sh.alertLines[line] }

// AlertOn reports whether the frame's alert names line.
func (f *Frame) AlertOn(line string) bool { return f.alertLines[line] }

// AlertDirection is a row's direction in w cells in frame f's styles,
// after a ⚠ when the frame's alert names the row's line.
func AlertDirection(f *Frame, line, dir string, w int) string {
	if f.AlertOn(line) && w > 4 {
		return f.Styles.Ticker.Render("⚠ ") + f.Styles.Text.Render(ui.Pad(dir, w-2))
	}
	return f.Styles.Text.Render(ui.Pad(dir, w))
}

// AlertPart is the frame's alert for a view's one-line summary, "" when
// none.
func (f *Frame) AlertPart() string {
	t := AlertText(f.Alert)
	if t == "" {
		return ""
	}
	return f.Styles.Ticker.Render("⚠ " + t)
}

// AlertBannerLines is the frame's alert in at most n lines of width w,
// wrapped in whole words; when it needs more, the last line ends in " …".
// One line (n <= 1) is alertBanner. Nil when there is no alert.
func (f *Frame) AlertBannerLines(w, n int) []string {
	t := AlertText(f.Alert)
	if t == "" {
		return nil
	}
	if n <= 1 || w < 10 {
		return []string{f.alertBanner(w)}
	}
	lines := ui.WrapWords(t, w-2)
	if len(lines) > n {
		lines = lines[:n]
		last := lines[n-1]
		for ansi.StringWidth(last)+2 > w-2 && strings.Contains(last, " ") {
			last = last[:strings.LastIndex(last, " ")]
		}
		lines[n-1] = last + " …"
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		lead := "  "
		if i == 0 {
			lead = "⚠ "
		}
		out[i] = ui.Fit(f.Styles.Ticker.Render(lead+l), w)
	}
	return out
}

// alertBanner is the frame's alert as one line of width w, "" when there
// is none.
func (f *Frame) alertBanner(w int) string {
	t := AlertText(f.Alert)
	if t == "" {
		return ""
	}
	return ui.Fit(f.Styles.Ticker.Render("⚠ "+t), w)
}

// skipWords are what an alert says of a stop not served: "die Haltestelle
// X entfällt", "die Haltestellen X und Y entfallen", "Die Haltestelle X
// wird ... nicht bedient", and English alike.
var skipWords = []string{"entfällt", "entfallen", "nicht bedient", "nicht angefahren", "not served", "is closed", "are closed", "skipped"}

// SkippedLines are the lines whose items of the frame's alert say that
// the stop named name is not served: the clause with a skip word names a
// stop ("Haltestelle", "stop") and name as whole words. An item of one line
// only ("Linie 4: ..."); a clause naming trips, not stops ("Einzelne
// Fahrten zwischen A und B entfallen") does not count.
func (f *Frame) SkippedLines(name string) []string {
	if name == "" {
		return nil
	}
	var out []string
	for _, it := range f.Alert.Items {
		ms := alertLineRe.FindAllStringSubmatch(it, -1)
		if len(ms) != 1 || slices.Contains(out, ms[0][1]) {
			continue
		}
		for _, clause := range strings.FieldsFunc(it, func(r rune) bool { return r == ',' || r == ':' || r == ';' }) {
			if skipClause(clause, name) {
				out = append(out, ms[0][1])
				break
			}
		}
	}
	return out
}

// skipClause reports whether clause says that the stop name is not served.
func skipClause(clause, name string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(low, "haltestelle") && !strings.Contains(low, "stop") {
		return false
	}
	if !slices.ContainsFunc(skipWords, func(w string) bool { return strings.Contains(low, w) }) {
		return false
	}
	for i := 0; ; {
		j := strings.Index(clause[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		if !letterAt(clause, at-1, true) && !letterAt(clause, end, false) {
			return true // a whole word: not "Hauptbahnhof" inside "Hauptbahnhofstraße"
		}
		i = end
	}
}

// letterAt reports whether the rune ending before (before) or starting at
// byte i of s is a letter or digit.
func letterAt(s string, i int, before bool) bool {
	var r rune
	switch {
	case before && i >= 0:
		r, _ = utf8.DecodeLastRuneInString(s[:i+1])
	case !before && i < len(s):
		r, _ = utf8.DecodeRuneInString(s[i:])
	default:
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
