// Package config is abfahrt's configuration file: its types, loading,
// checking and the documentation of every key (Keys).
package config

import (
	"abfahrt/hub/mqtt"
	"fmt"
	"time"

	"abfahrt/exceptions"
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
	// GTFS is the [gtfs] table of abfahrt serve's GTFS-Realtime feeds
	// and abfahrt gtfs check (docs/gtfs.md).
	GTFS GTFSConfig `toml:"gtfs"`
}

// GTFSConfig is the [gtfs] table: the limits a static GTFS is loaded
// within, as --gtfs-limits gives them ("zip=1GiB,file=4GiB,ratio=200,
// line=64KiB,stop-times=8000000", each part optional).
type GTFSConfig struct {
	Limits string `toml:"limits"`
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

// ExceptionOptions are the queue's settings of c as the TUI's options.
func (c Config) ExceptionOptions() tui.ExceptionOptions {
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

// Rule is the table as the TUI's rule, the defaults for keys not set.
func (d DelayConfig) Rule() tui.DelayRule {
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
	// reach: on unless the file says false.
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

// LinksConfig is the [links] table: the URL templates of the board's
// hyperlinks (OSC 8). stop fills in {stop} (the stop's number) and {name}
// (its name), vehicle {vehicle} (the vehicle's number), percent-encoded.
// Neither is set by default: the embedded simulation has no web pages,
// and the service's own endpoints answer JSON, not pages for people, so
// nothing is linked until a template names a page.
type LinksConfig struct {
	Stop    string `toml:"stop"`
	Vehicle string `toml:"vehicle"`
}

// TUI is the templates as the TUI's links.
func (l LinksConfig) TUI() tui.Links { return tui.Links{Stop: l.Stop, Vehicle: l.Vehicle} }
