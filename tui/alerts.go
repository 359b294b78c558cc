package tui

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// The service's unplanned alert shows on every view: one line on the
// board and in the grid, merged and fleet headers, and a ⚠ on the rows
// of the lines it names. The interactive root polls it like any feed
// (alertKey); the kiosk has its own poll and sets the same shared state.

// alertLineRe finds the lines an alert names: "Linie 4", "Line N1".
var alertLineRe = regexp.MustCompile(`(?i)\b(?:linie|line)\s+([0-9A-Za-z]+)`)

// setAlert makes a the alert every view shows; changed is false when it
// says what the last one said.
func (sh *shared) setAlert(a model.Alert) (changed bool) {
	if sameAlert(sh.alert, a) {
		return false
	}
	sh.alert = a
	sh.alertLines = map[string]bool{}
	for _, s := range append([]string{a.Title}, a.Items...) {
		for _, m := range alertLineRe.FindAllStringSubmatch(s, -1) {
			sh.alertLines[m[1]] = true
		}
	}
	return true
}

// alertText is the alert as one text: "title: item · item". When every
// item names its line already ("Linie 1: ..."), the title ("Umleitung
// Linie 1") is left out: never "Linie 1: Linie 1: ...".
func alertText(a model.Alert) string {
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
		return oneLine(title)
	case named || title == "":
		return oneLine(strings.Join(items, " · "))
	}
	return oneLine(title + ": " + strings.Join(items, " · "))
}

// alertOn reports whether the alert names line.
func (sh *shared) alertOn(line string) bool { return sh.alertLines[line] }

// alertDirection is a row's direction in w cells, after a ⚠ when the
// alert names the row's line.
func alertDirection(sh *shared, line, dir string, w int) string {
	if sh.alertOn(line) && w > 4 {
		return sh.st.Ticker.Render("⚠ ") + sh.st.Text.Render(pad(dir, w-2))
	}
	return sh.st.Text.Render(pad(dir, w))
}

// alertPart is the alert for a view's one-line summary, "" when none.
func (sh *shared) alertPart() string {
	t := alertText(sh.alert)
	if t == "" {
		return ""
	}
	return sh.st.Ticker.Render("⚠ " + t)
}

// alertBannerLines is the alert in at most n lines of width w, wrapped
// in whole words; when it needs more, the last line ends in " …". One
// line (n <= 1) is alertBanner. Nil when there is no alert.
func (sh *shared) alertBannerLines(w, n int) []string {
	t := alertText(sh.alert)
	if t == "" {
		return nil
	}
	if n <= 1 || w < 10 {
		return []string{sh.alertBanner(w)}
	}
	lines := wrapWords(t, w-2)
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
		out[i] = fit(sh.st.Ticker.Render(lead+l), w)
	}
	return out
}

// alertBanner is the alert as one line of width w, "" when there is none.
func (sh *shared) alertBanner(w int) string {
	t := alertText(sh.alert)
	if t == "" {
		return ""
	}
	return fit(sh.st.Ticker.Render("⚠ "+t), w)
}

// alertNews shows the alert feed's answer; every view is redrawn when it
// says something new.
func (m *Model) alertNews() {
	if !m.alertF.have || !m.sh.setAlert(m.alertF.data.alert) {
		return
	}
	for _, b := range m.disp.grid.all() {
		b.touch()
	}
	m.disp.fleet.rev++
}
