package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"abfahrt/exceptions"
	"abfahrt/hub/mqtt"
	"abfahrt/tui"
)

// Config is abfahrt's configuration file ($XDG_CONFIG_HOME/abfahrt/config.toml).
// Every key is optional; flags and environment variables override it.
type Config struct {
	// API is the base URL of the service; empty is the embedded simulation.
	API string `toml:"api"`
	// PollInterval is how often live data is polled (at least 5 s).
	PollInterval Duration `toml:"poll_interval"`
	// Language is "en" or "de"; empty follows LC_ALL/LANG.
	Language string `toml:"language"`
	// Theme is dark, light, high-contrast or mono.
	Theme string `toml:"theme"`
	// Limit is the number of departures per board.
	Limit int `toml:"limit"`
	// PerLine keeps at most this many departures of each line and
	// direction on every board without its own per_line (0: all).
	PerLine int `toml:"per_line"`
	// RemindBefore is how long before its leave time a reminder warns
	// (unset: tui.DefaultRemindBefore; "0s" at the leave time).
	RemindBefore *Duration `toml:"remind_before"`
	// LineColors overrides line colours: line name to "#RRGGBB".
	LineColors map[string]string `toml:"line_colors"`
	// Layout names the layout that opens at start.
	Layout string `toml:"layout"`
	// Layouts are named sets of boards with their filters.
	Layouts map[string]Layout `toml:"layouts"`
	// Kiosk configures the unattended station display.
	Kiosk KioskConfig `toml:"kiosk"`
	// Delay is when a delay counts as late and its colour steps.
	Delay DelayConfig `toml:"delay"`
	// Night ties the night theme (dimmer colours) to hours.
	Night NightConfig `toml:"night"`
	// Motion is "reduced" for nothing that flashes or wanders (as
	// --reduce-motion), "full" (the default) otherwise.
	Motion string `toml:"motion"`
	// Notify is how a reminder rings: auto, osc9, osc777, osc99, bell
	// or off (--notify).
	Notify string `toml:"notify"`
	// Exceptions configures the exception queue (key E, abfahrt exceptions).
	Exceptions ExceptionsConfig `toml:"exceptions"`
	// Connections are the transfers the exception queue guards.
	Connections []ConnectionConfig `toml:"connections"`
	// Accessible opens the screen-reader mode instead of the board
	// (--accessible, env ABFAHRT_ACCESSIBLE=1).
	Accessible bool `toml:"accessible"`
	// Hyperlinks is auto, always or never (--hyperlinks); Links are the
	// URL templates of what is linked (links.go).
	Hyperlinks string      `toml:"hyperlinks"`
	Links      LinksConfig `toml:"links"`
	// Mouse turns mouse reporting on (--mouse): a click on a row opens
	// its vehicle, the wheel scrolls.
	Mouse bool `toml:"mouse"`
	// MQTT is the [mqtt] table of abfahrt serve --mqtt (hub/mqtt).
	MQTT mqtt.Config `toml:"mqtt"`
}

// ExceptionsConfig is the [exceptions] table: the delay beyond which the
// exception queue lists a vehicle as late.
type ExceptionsConfig struct {
	Late Duration `toml:"late"`
}

// ConnectionConfig is one [[connections]] entry: at stop, passengers of
// line from change to line to, which takes min_transfer.
type ConnectionConfig struct {
	Stop        int      `toml:"stop"`
	From        string   `toml:"from"`
	To          string   `toml:"to"`
	MinTransfer Duration `toml:"min_transfer"`
}

// Limits of the exception queue's settings.
const (
	maxConnections = 20
	maxTransfer    = 30 * time.Minute
	minLateAfter   = time.Minute
	maxLateAfter   = time.Hour
)

// exceptionOptions are the queue's settings of c as the TUI's options.
func (c Config) exceptionOptions() tui.ExceptionOptions {
	o := tui.ExceptionOptions{Late: c.Exceptions.Late.Duration}
	for _, k := range c.Connections {
		o.Connections = append(o.Connections, exceptions.Transfer{Stop: k.Stop, From: k.From, To: k.To, MinTransfer: k.MinTransfer.Duration})
	}
	return o
}

// NightConfig is the [night] table: the hours of the night theme.
type NightConfig struct {
	Hours string `toml:"hours"`
}

// DelayConfig is the [delay] table: minutes late from which a delay takes
// the slight colour and from which it counts as late (tui.DelayRule).
type DelayConfig struct {
	Slight int `toml:"slight"`
	Late   int `toml:"late"`
}

// rule is the table as the TUI's rule, the defaults for keys not set.
func (d DelayConfig) rule() tui.DelayRule {
	r := tui.DefaultDelayRule
	if d.Late != 0 {
		r.Late = d.Late
		r.Slight = min(r.Slight, r.Late)
	}
	if d.Slight != 0 {
		r.Slight = d.Slight
	}
	return r
}

// Layout is a named set of boards, each with its filters.
type Layout struct {
	// Hours, "HH:MM-HH:MM", make the layout the one of those hours: the
	// kiosk switches to it then (when no --stop or --layout is given).
	Hours  string          `toml:"hours"`
	Boards []tui.BoardSpec `toml:"boards"`
}

// KioskConfig configures kiosk mode.
type KioskConfig struct {
	Enabled bool     `toml:"enabled"`
	Rotate  Duration `toml:"rotate"`
	Hours   string   `toml:"hours"`
	// QuitKey is the chord that ends the kiosk: ctrl+q when not set, ""
	// locks it completely (only a signal ends it).
	QuitKey *string `toml:"quit_key"`
	// LargeCountdown is on unless the file says false: a station display
	// shows the next departure's countdown large by default.
	LargeCountdown *bool    `toml:"large_countdown"`
	StaleAfter     Duration `toml:"stale_after"`
	// HideMissed leaves out departures a board's walking time cannot
	// reach: on unless the file says false (issue 33 item 6).
	HideMissed *bool `toml:"hide_missed"`
	// SpeakCmd speaks the shown board's next departures ("espeak-ng -v
	// de"; words split at spaces, no shell; the sentence on its standard
	// input), every SpeakEvery and on SpeakKey (default "s").
	SpeakCmd   string   `toml:"speak_cmd"`
	SpeakEvery Duration `toml:"speak_every"`
	SpeakKey   *string  `toml:"speak_key"`
}

// Duration is a time.Duration written as "15s" in the file.
type Duration struct{ time.Duration }

// UnmarshalText reads a Go duration such as "15s" or "2m".
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 15s or 2m", string(b))
	}
	d.Duration = v
	return nil
}

// configError is an error in the configuration file: file:line: what.
type configError struct {
	path string
	line int
	msg  string
	err  error    // the cause, if any
	at   toml.Key // the key the mistake is at, when the name in msg is its table
}

func (e *configError) Unwrap() error { return e.err }

func (e *configError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.path, e.line, e.msg)
	}
	return fmt.Sprintf("%s: %s", e.path, e.msg)
}

// defaultConfigPath is $XDG_CONFIG_HOME/abfahrt/config.toml (or the
// platform's user config directory).
func defaultConfigPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "abfahrt", "config.toml")
}

// loadConfig reads and checks the file at path. A missing file is an empty
// configuration unless required (it was named explicitly).
func loadConfig(path string, required bool) (Config, error) {
	var c Config
	if path == "" {
		return c, nil
	}
	data, err := readConfigFile(path)
	if errors.Is(err, os.ErrNotExist) && !required {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	if err := checkNesting(data, maxConfigDepth); err != nil {
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

var hexColor = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

// check validates values the TOML types do not.
func (c Config) check() error {
	bad := func(key, format string, a ...any) error {
		return &configError{msg: key + ": " + fmt.Sprintf(format, a...)}
	}
	// badAt is bad for a mistake at a key inside the table key names.
	badAt := func(at toml.Key, key, format string, a ...any) error {
		return &configError{msg: key + ": " + fmt.Sprintf(format, a...), at: at}
	}
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
	for _, line := range sortedKeys(c.LineColors) {
		if !hexColor.MatchString(c.LineColors[line]) {
			return badAt(toml.Key{"line_colors", line}, "line_colors", "colour of line %s must be #RRGGBB, got %q", line, c.LineColors[line])
		}
	}
	if c.Layout != "" {
		if _, ok := c.Layouts[c.Layout]; !ok {
			return bad("layout", "no layout named %q in [layouts]", c.Layout)
		}
	}
	for _, name := range sortedKeys(c.Layouts) {
		l := c.Layouts[name]
		if len(l.Boards) == 0 || len(l.Boards) > tui.MaxBoards {
			return badAt(toml.Key{"layouts", name, "boards"}, "layouts."+name, "must have 1 to %d boards, has %d", tui.MaxBoards, len(l.Boards))
		}
		if l.Hours != "" {
			if _, _, err := parseHours(l.Hours); err != nil {
				return bad("layouts."+name+".hours", "%v", err)
			}
		}
		for i, b := range l.Boards {
			if err := b.Check(); err != nil {
				return bad(fmt.Sprintf("layouts.%s.boards[%d]", name, i+1), "%v", err)
			}
		}
	}
	if c.Kiosk.Rotate.Duration != 0 && c.Kiosk.Rotate.Duration < tui.MinKioskRotate {
		return bad("kiosk.rotate", "must be at least %s, got %s", tui.MinKioskRotate, c.Kiosk.Rotate.Duration)
	}
	if c.PerLine < 0 || c.PerLine > tui.MaxPerLine {
		return bad("per_line", "must be between 0 and %d, got %d", tui.MaxPerLine, c.PerLine)
	}
	if r := c.RemindBefore; r != nil && (r.Duration < 0 || r.Duration > tui.MaxRemindBefore) {
		return bad("remind_before", "must be between 0s and %s, got %s", shortDuration(tui.MaxRemindBefore), r.Duration)
	}
	if c.Night.Hours != "" {
		if _, _, err := parseHours(c.Night.Hours); err != nil {
			return bad("night.hours", "%v", err)
		}
	}
	if err := c.Delay.rule().Check(); err != nil {
		// The rule's message starts with the key it is about: "late must …".
		key, _, _ := strings.Cut(err.Error(), " ")
		return badAt(toml.Key{"delay", key}, "delay", "%v", err)
	}
	if c.Kiosk.StaleAfter.Duration < 0 {
		return bad("kiosk.stale_after", "must not be negative")
	}
	if c.Kiosk.Hours != "" {
		if _, _, err := parseHours(c.Kiosk.Hours); err != nil {
			return bad("kiosk.hours", "%v", err)
		}
	}
	if e := c.Kiosk.SpeakEvery.Duration; e != 0 && e < minSpeakEvery {
		return bad("kiosk.speak_every", "must be at least %s, got %s", minSpeakEvery, e)
	}
	if c.Kiosk.SpeakEvery.Duration != 0 && strings.TrimSpace(c.Kiosk.SpeakCmd) == "" {
		return bad("kiosk.speak_every", "needs kiosk.speak_cmd, the command that speaks")
	}
	if err := c.checkLinks(bad); err != nil {
		return err
	}
	return c.checkExceptions(bad)
}

// checkExceptions validates [exceptions] and [[connections]].
func (c Config) checkExceptions(bad func(key, format string, a ...any) error) error {
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
			return bad(key, "min_transfer must be between 0s and %s, got %s", shortDuration(maxTransfer), k.MinTransfer.Duration)
		}
	}
	return nil
}

// minSpeakEvery is the shortest kiosk.speak_every: a hall is not talked
// at without a pause.
const minSpeakEvery = 30 * time.Second

// shortDuration writes a whole duration without its zero parts: "30m".
func shortDuration(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimSuffix(d.String(), "0s"), "h0m")
}

// remindBefore is how long before its leave time a reminder warns, as
// tui.Options.RemindBefore: the flag's value when changed, else the
// file's, else the default; 0 is tui.RemindAtLeave.
func remindBefore(c Config, flag string, changed bool) (time.Duration, error) {
	d := tui.DefaultRemindBefore
	switch {
	case changed:
		v, err := time.ParseDuration(flag)
		if err != nil || v < 0 || v > tui.MaxRemindBefore {
			return 0, usagef("--remind-before must be a duration between 0s and %s such as 2m, got %q", shortDuration(tui.MaxRemindBefore), flag)
		}
		d = v
	case c.RemindBefore != nil:
		d = c.RemindBefore.Duration
	}
	if d == 0 {
		return tui.RemindAtLeave, nil
	}
	return d, nil
}

// parseHours reads operating hours "HH:MM-HH:MM" (the end may be past
// midnight, e.g. 05:00-01:00) as minutes of the day.
func parseHours(s string) (from, to int, err error) {
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

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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
