package main

import (
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
