package config

import (
	"fmt"
	"strconv"

	"abfahrt/exceptions"
	"abfahrt/tui"
)

// rows are the rows of abfahrt config: key, value, where it came from.
type rows [][3]string

func (r *rows) add(key, value, from string) { *r = append(*r, [3]string{key, value, from}) }

// Rows are the file's effective values as abfahrt config lists them:
// key, value (the default where unset) and where it came from (config or
// default); getenv is the terminal's environment, for what auto means.
func (c Config) Rows(getenv func(string) string) [][3]string {
	var t rows
	if c.Layout != "" {
		t.add("layout", c.Layout, "config")
	}
	for _, name := range SortedKeys(c.Layouts) {
		l := c.Layouts[name]
		v := plural(len(l.Boards), "board", "boards")
		if l.Hours != "" {
			v += " · hours " + l.Hours // when the board and the kiosk show it
		}
		t.add("layouts."+name, v, "config")
	}
	for _, line := range SortedKeys(c.LineColors) {
		t.add("line_colors."+line, c.LineColors[line], "config")
	}
	c.fileRows(&t, getenv)
	c.kioskRows(&t)
	c.queueRows(&t)
	return t
}

// plural is n with the word for one or many.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// from is the FROM of a file's key: config when set, else default.
func from(set bool) string {
	if set {
		return "config"
	}
	return "default"
}

// fileRows are the rows of the file's board keys.
func (c Config) fileRows(t *rows, getenv func(string) string) {
	limit := strconv.Itoa(c.Limit)
	if c.Limit == 0 {
		limit = "fill (as many as the board has rows for, at least " + strconv.Itoa(tui.DefaultLimit) + ")"
	}
	t.add("limit", limit, from(c.Limit != 0))
	remind := tui.DefaultRemindBefore
	if r := c.RemindBefore; r != nil {
		remind = r.Duration
	}
	t.add("remind_before", remind.String(), from(c.RemindBefore != nil))
	motion := c.Motion
	if motion == "" {
		motion = "full"
	}
	t.add("motion", motion, from(c.Motion != ""))
	for _, r := range linksRows(c, getenv) {
		t.add(r[0], r[1], r[2])
	}
	t.add("mouse", strconv.FormatBool(c.Mouse), from(c.Mouse))
}

// kioskRows are the rows of [kiosk].
func (c Config) kioskRows(t *rows) {
	k := c.Kiosk
	t.add("kiosk.enabled", strconv.FormatBool(k.Enabled), from(k.Enabled))
	rotate := k.Rotate.Duration
	if rotate == 0 {
		rotate = tui.DefaultKioskRotate
	}
	t.add("kiosk.rotate", rotate.String(), from(k.Rotate.Duration != 0))
	hours := k.Hours
	if hours == "" {
		hours = "always"
	}
	t.add("kiosk.hours", hours, from(k.Hours != ""))
	stale := k.StaleAfter.Duration
	if stale == 0 {
		stale = tui.DefaultKioskStaleAfter
	}
	t.add("kiosk.stale_after", stale.String(), from(k.StaleAfter.Duration != 0))
	t.add("kiosk.large_countdown", strconv.FormatBool(k.LargeCountdown == nil || *k.LargeCountdown), from(k.LargeCountdown != nil))
	quit := tui.DefaultQuitKey
	if k.QuitKey != nil {
		quit = *k.QuitKey
	}
	if quit == "" {
		quit = "(locked: only a signal ends it)"
	}
	t.add("kiosk.quit_key", quit, from(k.QuitKey != nil))
	speak := k.SpeakCmd
	if speak == "" {
		speak = "(silent)"
	}
	t.add("kiosk.speak_cmd", speak, from(k.SpeakCmd != ""))
	if k.SpeakCmd != "" {
		every := "(only on its key)"
		if k.SpeakEvery.Duration != 0 {
			every = k.SpeakEvery.String()
		}
		t.add("kiosk.speak_every", every, from(k.SpeakEvery.Duration != 0))
		key := tui.DefaultSpeakKey
		if k.SpeakKey != nil {
			key = *k.SpeakKey
		}
		t.add("kiosk.speak_key", key, from(k.SpeakKey != nil))
	}
}

// queueRows are the rows of [night], [exceptions] and [[connections]].
func (c Config) queueRows(t *rows) {
	night := c.Night.Hours
	if night == "" {
		night = "(none)"
	}
	t.add("night.hours", night, from(c.Night.Hours != ""))
	late := c.Exceptions.Late.Duration
	if late == 0 {
		late = exceptions.DefaultLate
	}
	t.add("exceptions.late", late.String(), from(c.Exceptions.Late.Duration != 0))
	for i, c := range c.Connections {
		t.add(fmt.Sprintf("connections[%d]", i+1), fmt.Sprintf("stop %d: line %s → line %s, %s to change", c.Stop, c.From, c.To, c.MinTransfer.Duration), "config")
	}
}

// linksRows are the rows of abfahrt config about hyperlinks: the mode,
// what auto means in this terminal, and the templates.
func linksRows(c Config, getenv func(string) string) [][3]string {
	mode, from := c.Hyperlinks, "config"
	if mode == "" {
		mode, from = "auto", "default"
	}
	none := c.Links.Stop == "" && c.Links.Vehicle == ""
	v := mode
	switch {
	case none:
		v += " (no [links] template: nothing is linked)"
	case tui.HyperlinksFor(mode, getenv):
		v += " (on in this terminal)"
	default:
		v += " (off in this terminal)"
	}
	rows := [][3]string{{"hyperlinks", v, from}}
	for _, r := range []struct{ key, tmpl string }{{"links.stop", c.Links.Stop}, {"links.vehicle", c.Links.Vehicle}} {
		if r.tmpl == "" {
			rows = append(rows, [3]string{r.key, "(none)", "default"})
		} else {
			rows = append(rows, [3]string{r.key, r.tmpl, "config"})
		}
	}
	return rows
}
