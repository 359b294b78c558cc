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

// linksRows are the rows of abfahrt config about hyperlinks: the mode,
// what auto means in this terminal, and the templates.
func linksRows(c config.Config, getenv func(string) string) [][3]string {
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
