package config

import (
	"strings"

	"abfahrt/tui"
)

// Options turn the [kiosk] table into the TUI's
// kiosk options (hours were checked when the file was loaded).
func (k KioskConfig) Options(enabled bool) tui.KioskOptions {
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
		if from, to, err := ParseHours(k.Hours); err == nil {
			o.HoursFrom, o.HoursTo = from, to
		}
	}
	return o
}

// Profiles are the layouts with hours, by name, as the TUI's profiles by
// time of day (hours were checked when the file was loaded).
func (c Config) Profiles() []tui.Profile {
	var out []tui.Profile
	for _, name := range SortedKeys(c.Layouts) {
		l := c.Layouts[name]
		if l.Hours == "" {
			continue
		}
		from, to, err := ParseHours(l.Hours)
		if err != nil {
			continue
		}
		out = append(out, tui.Profile{Name: name, From: from, To: to, Boards: l.Boards})
	}
	return out
}
