package config

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"abfahrt/gtfs"
	"abfahrt/tui"
)

var hexColor = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

// bad is a mistake at key, the first thing its message says.
func bad(key, format string, a ...any) error {
	return &configError{msg: key + ": " + fmt.Sprintf(format, a...)}
}

// badAt is bad for a mistake at a key inside the table key names.
func badAt(at toml.Key, key, format string, a ...any) error {
	return &configError{msg: key + ": " + fmt.Sprintf(format, a...), at: at}
}

// check validates values the TOML types do not, in the order of the
// checks below: the first mistake is the one reported.
func (c Config) check() error {
	for _, f := range []func() error{c.checkTop, c.checkLayouts, c.checkTimes, c.checkKiosk, c.checkLinks, c.checkExceptions, c.checkGTFS} {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// checkTop validates the top-level keys up to line_colors.
func (c Config) checkTop() error {
	if c.API != "" && !strings.HasPrefix(c.API, "http://") && !strings.HasPrefix(c.API, "https://") {
		return bad("api", "must be an http or https URL, got %q", c.API)
	}
	if c.PollInterval.Duration != 0 && c.PollInterval.Duration < 5*time.Second {
		return bad("poll_interval", "must be at least 5s, got %s", c.PollInterval.Duration)
	}
	if c.Language != "" && c.Language != "en" && c.Language != "de" {
		return bad("language", "must be en or de, got %q", c.Language)
	}
	if _, ok := tui.ThemeByName(c.Theme); !ok {
		return bad("theme", "must be one of %s, got %q", strings.Join(tui.ThemeNames(), ", "), c.Theme)
	}
	if c.Notify != "" && !slices.Contains(tui.NotifyModes, c.Notify) {
		return bad("notify", "must be one of %s, got %q", strings.Join(tui.NotifyModes, ", "), c.Notify)
	}
	if c.Motion != "" && c.Motion != "full" && c.Motion != "reduced" {
		return bad("motion", "must be full or reduced, got %q", c.Motion)
	}
	if c.Limit < 0 || c.Limit > tui.MaxLimit {
		return bad("limit", "must be between 1 and %d, got %d", tui.MaxLimit, c.Limit)
	}
	for _, line := range SortedKeys(c.LineColors) {
		if !hexColor.MatchString(c.LineColors[line]) {
			return badAt(toml.Key{"line_colors", line}, "line_colors", "colour of line %s must be #RRGGBB, got %q", line, c.LineColors[line])
		}
	}
	return nil
}

// checkLayouts validates layout and [layouts].
func (c Config) checkLayouts() error {
	if c.Layout != "" {
		if _, ok := c.Layouts[c.Layout]; !ok {
			return bad("layout", "no layout named %q in [layouts]", c.Layout)
		}
	}
	for _, name := range SortedKeys(c.Layouts) {
		l := c.Layouts[name]
		if len(l.Boards) == 0 || len(l.Boards) > tui.MaxBoards {
			return badAt(toml.Key{"layouts", name, "boards"}, "layouts."+name, "must have 1 to %d boards, has %d", tui.MaxBoards, len(l.Boards))
		}
		if l.Hours != "" {
			if _, _, err := ParseHours(l.Hours); err != nil {
				return bad("layouts."+name+".hours", "%v", err)
			}
		}
		for i, b := range l.Boards {
			if err := b.Check(); err != nil {
				return bad(fmt.Sprintf("layouts.%s.boards[%d]", name, i+1), "%v", err)
			}
		}
	}
	return nil
}

// checkTimes validates kiosk.rotate, per_line, remind_before, [night] and
// [delay].
func (c Config) checkTimes() error {
	if c.Kiosk.Rotate.Duration != 0 && c.Kiosk.Rotate.Duration < tui.MinKioskRotate {
		return bad("kiosk.rotate", "must be at least %s, got %s", tui.MinKioskRotate, c.Kiosk.Rotate.Duration)
	}
	if c.PerLine < 0 || c.PerLine > tui.MaxPerLine {
		return bad("per_line", "must be between 0 and %d, got %d", tui.MaxPerLine, c.PerLine)
	}
	if r := c.RemindBefore; r != nil && (r.Duration < 0 || r.Duration > tui.MaxRemindBefore) {
		return bad("remind_before", "must be between 0s and %s, got %s", ShortDuration(tui.MaxRemindBefore), r.Duration)
	}
	if c.Night.Hours != "" {
		if _, _, err := ParseHours(c.Night.Hours); err != nil {
			return bad("night.hours", "%v", err)
		}
	}
	if err := c.Delay.Rule().Check(); err != nil {
		// The rule's message starts with the key it is about: "late must …".
		key, _, _ := strings.Cut(err.Error(), " ")
		return badAt(toml.Key{"delay", key}, "delay", "%v", err)
	}
	return nil
}

// checkKiosk validates the rest of [kiosk].
func (c Config) checkKiosk() error {
	if c.Kiosk.StaleAfter.Duration < 0 {
		return bad("kiosk.stale_after", "must not be negative")
	}
	if c.Kiosk.Hours != "" {
		if _, _, err := ParseHours(c.Kiosk.Hours); err != nil {
			return bad("kiosk.hours", "%v", err)
		}
	}
	if e := c.Kiosk.SpeakEvery.Duration; e != 0 && e < minSpeakEvery {
		return bad("kiosk.speak_every", "must be at least %s, got %s", minSpeakEvery, e)
	}
	if c.Kiosk.SpeakEvery.Duration != 0 && strings.TrimSpace(c.Kiosk.SpeakCmd) == "" {
		return bad("kiosk.speak_every", "needs kiosk.speak_cmd, the command that speaks")
	}
	return nil
}

// checkLinks validates the templates and the hyperlinks mode.
func (c Config) checkLinks() error {
	if c.Hyperlinks != "" && !slices.Contains(tui.HyperlinkModes, c.Hyperlinks) {
		return bad("hyperlinks", "must be one of %s, got %q", strings.Join(tui.HyperlinkModes, ", "), c.Hyperlinks)
	}
	if err := tui.CheckLinkTemplate(c.Links.Stop, false); err != nil {
		return bad("links.stop", "%v", err)
	}
	if err := tui.CheckLinkTemplate(c.Links.Vehicle, true); err != nil {
		return bad("links.vehicle", "%v", err)
	}
	return nil
}

// checkGTFS validates [gtfs].
func (c Config) checkGTFS() error {
	if _, err := gtfs.ParseLimits(c.GTFS.Limits); err != nil {
		return bad("gtfs.limits", "%v", err)
	}
	return nil
}

// checkExceptions validates [exceptions] and [[connections]].
func (c Config) checkExceptions() error {
	if l := c.Exceptions.Late.Duration; l != 0 && (l < minLateAfter || l > maxLateAfter) {
		return bad("exceptions.late", "must be between %dm and %dm, got %s", int(minLateAfter.Minutes()), int(maxLateAfter.Minutes()), l)
	}
	if len(c.Connections) > maxConnections {
		return bad("connections", "at most %d connections, got %d", maxConnections, len(c.Connections))
	}
	for i, k := range c.Connections {
		key := fmt.Sprintf("connections[%d]", i+1)
		switch {
		case k.Stop < 1 || k.Stop > 9999:
			return bad(key, "stop must be a stop number (4 digits), got %d", k.Stop)
		case strings.TrimSpace(k.From) == "" || strings.TrimSpace(k.To) == "":
			return bad(key, "needs from and to, the lines of the transfer, e.g. from = \"2\", to = \"5\"")
		case k.MinTransfer.Duration < 0 || k.MinTransfer.Duration > maxTransfer:
			return bad(key, "min_transfer must be between 0s and %s, got %s", ShortDuration(maxTransfer), k.MinTransfer.Duration)
		}
	}
	return nil
}

// minSpeakEvery is the shortest kiosk.speak_every: a hall is not talked
// at without a pause.
const minSpeakEvery = 30 * time.Second

// ShortDuration writes a whole duration without its zero parts: "30m".
func ShortDuration(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimSuffix(d.String(), "0s"), "h0m")
}

// ParseHours reads operating hours "HH:MM-HH:MM" (the end may be past
// midnight, e.g. 05:00-01:00) as minutes of the day.
func ParseHours(s string) (from, to int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "-")
	if !ok {
		return 0, 0, fmt.Errorf("must be HH:MM-HH:MM such as 05:00-01:00, got %q", s)
	}
	if from, err = parseClock(a); err == nil {
		to, err = parseClock(b)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("must be HH:MM-HH:MM such as 05:00-01:00, got %q", s)
	}
	return from, to, nil
}

func parseClock(s string) (int, error) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	return t.Hour()*60 + t.Minute(), nil
}

// SortedKeys are the keys of m in order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
