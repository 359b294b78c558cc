package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"abfahrt/internal/config"
	"abfahrt/tui"
)

// hyperlinkMode is --hyperlinks (flag, given when changed), else the
// configuration's hyperlinks, else auto.
func hyperlinkMode(flag string, changed bool, c config.Config) (string, error) {
	mode := flag
	if !changed && c.Hyperlinks != "" {
		mode = c.Hyperlinks
	}
	if mode == "" {
		mode = "auto"
	}
	if !slices.Contains(tui.HyperlinkModes, mode) {
		return "", usagef("--hyperlinks must be one of %s, got %q", strings.Join(tui.HyperlinkModes, ", "), mode)
	}
	return mode, nil
}

// boardLinks are the links of the board in the terminal the environment
// names; with --hyperlinks always given but no template it warns on
// stderr (before the board takes the screen) that nothing is linked.
func boardLinks(mode string, changed bool, c config.Config, getenv func(string) string, stderr io.Writer) tui.Links {
	l := c.Links.TUI().On(mode, getenv)
	if changed && mode == "always" && c.Links.Stop == "" && c.Links.Vehicle == "" {
		_, _ = fmt.Fprintln(stderr, "abfahrt: warning: --hyperlinks always, but the configuration has no [links] stop or vehicle template: nothing is linked")
	}
	return l
}
