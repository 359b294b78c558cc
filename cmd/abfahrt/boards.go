package main

import (
	"strings"

	"abfahrt/internal/config"
	"abfahrt/model"
	"abfahrt/tui"
)

// boardSpecs turns --stop (repeatable), --stoppoint and a layout (--layout,
// else the configuration's layout, only when no stop was given) into the
// boards to open. No boards means the start screen.
func boardSpecs(stops []string, stopPoint, layout string, file config.Config) ([]tui.BoardSpec, error) {
	var out []tui.BoardSpec
	for _, s := range stops {
		n, err := parseStopNumber(s)
		if err != nil {
			return nil, err
		}
		out = append(out, tui.BoardSpec{Stop: n})
	}
	if stopPoint != "" {
		c, err := model.ParseStopPointCode(stopPoint)
		if err != nil {
			return nil, usageError{err}
		}
		out = append(out, tui.BoardSpec{StopPoint: c})
	}
	if len(out) > tui.MaxBoards {
		return nil, usagef("at most %d boards, got %d", tui.MaxBoards, len(out))
	}
	if layout == "" && len(out) == 0 {
		layout = file.Layout
	}
	if layout != "" {
		l, ok := file.Layouts[layout]
		if !ok {
			return nil, usagef("--layout: no layout named %q in the configuration file", layout)
		}
		out = append(out, l.Boards...)
	}
	return out, nil
}

// kioskOptions turns the configuration's [kiosk] table into the TUI's
// kiosk options (hours were checked when the file was loaded).
func kioskOptions(k config.KioskConfig, enabled bool) tui.KioskOptions {
	o := tui.KioskOptions{
		Enabled:        enabled,
		Rotate:         k.Rotate.Duration,
		LargeCountdown: k.LargeCountdown == nil || *k.LargeCountdown,
		StaleAfter:     k.StaleAfter.Duration,
		HideMissed:     k.HideMissed == nil || *k.HideMissed,
	}
	if k.QuitKey != nil {
		o.QuitKey, o.QuitLocked = *k.QuitKey, *k.QuitKey == ""
	}
	o.Speak, o.SpeakEvery = strings.Fields(k.SpeakCmd), k.SpeakEvery.Duration
	if k.SpeakKey != nil {
		o.SpeakKey = *k.SpeakKey
	}
	if o.Rotate == 0 {
		o.Rotate = tui.DefaultKioskRotate
	}
	if k.Hours != "" {
		if from, to, err := config.ParseHours(k.Hours); err == nil {
			o.HoursFrom, o.HoursTo = from, to
		}
	}
	return o
}

// profiles are the layouts with hours, by name, as the TUI's profiles by
// time of day (hours were checked when the file was loaded).
func profiles(file config.Config) []tui.Profile {
	var out []tui.Profile
	for _, name := range config.SortedKeys(file.Layouts) {
		l := file.Layouts[name]
		if l.Hours == "" {
			continue
		}
		from, to, err := config.ParseHours(l.Hours)
		if err != nil {
			continue
		}
		out = append(out, tui.Profile{Name: name, From: from, To: to, Boards: l.Boards})
	}
	return out
}
