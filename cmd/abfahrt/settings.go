package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/internal/config"
	"abfahrt/internal/logfile"
	"abfahrt/internal/textout"
	"abfahrt/internal/userenv"
	"abfahrt/tui"
)

// setting is one effective value and where it came from.
type setting struct {
	value string
	from  string // "flag --api", "env ABFAHRT_API", "config", "default"
}

// settings is the effective configuration: flags over environment over the
// configuration file over defaults.
type settings struct {
	configPath string
	file       config.Config

	api      setting
	interval time.Duration
	intFrom  string
	lang     setting
	theme    setting
	// consoleFont: the terminal is the Linux console (TERM=linux), whose
	// font lacks braille and most symbols; any theme then draws with its
	// glyphs only (tui.Options.ConsoleFont).
	consoleFont bool
	// accessible is the screen-reader mode: --accessible, env
	// ABFAHRT_ACCESSIBLE=1, config accessible = true.
	accessible setting
}

// envLookup reads an environment variable (os.LookupEnv in production).
type envLookup func(string) (string, bool)

// configPathFor resolves which configuration file to read: --config, then
// ABFAHRT_CONFIG, then the default path. It reports whether the file was
// named explicitly (and so must exist).
func configPathFor(flagPath string, env envLookup) (string, bool) {
	if flagPath != "" {
		return flagPath, true
	}
	if p, ok := env("ABFAHRT_CONFIG"); ok && p != "" {
		return p, true
	}
	return config.DefaultPath(), false
}

// resolveSettings loads the configuration file and applies the precedence.
func resolveSettings(cmd *cobra.Command, g *globals, env envLookup) (*settings, error) {
	path, required := configPathFor(g.configPath, env)
	file, err := config.Load(path, required)
	if err != nil {
		return nil, usageError{err}
	}
	s := &settings{configPath: path, file: file}
	changed := func(name string) bool {
		f := cmd.Flags().Lookup(name)
		return f != nil && f.Changed
	}

	s.api = pick(changed("api"), g.api, "flag --api", env, "ABFAHRT_API", file.API, "")
	s.lang = pick(changed("lang"), g.lang, "flag --lang", env, "ABFAHRT_LANG", file.Language, userenv.Lang(env))
	s.theme = pick(changed("theme"), g.theme, "flag --theme", env, "ABFAHRT_THEME", file.Theme, "dark")
	term, _ := env("TERM")
	s.consoleFont = tui.LinuxConsole(term)
	switch {
	case s.theme.from != "flag --theme" && userenv.NoColor(env):
		s.theme = setting{"mono", "env NO_COLOR/TERM=dumb"}
	case s.theme.from == "default" && s.consoleFont:
		s.theme = setting{tui.ThemeConsole, "env TERM=" + term}
	}
	if s.lang.value != "en" && s.lang.value != "de" {
		return nil, usagef("--lang must be en or de, got %q", s.lang.value)
	}
	if _, ok := tui.ThemeByName(s.theme.value); !ok || s.theme.value == "" {
		return nil, usagef("--theme must be one of %s, got %q", strings.Join(tui.ThemeNames(), ", "), s.theme.value)
	}

	s.accessible = pickBool(changed("accessible"), g.accessible, "flag --accessible", env, "ABFAHRT_ACCESSIBLE", file.Accessible)
	s.interval, s.intFrom = 15*time.Second, "default"
	switch {
	case changed("interval"):
		s.interval, s.intFrom = g.interval, "flag --interval"
	case file.PollInterval.Duration != 0:
		s.interval, s.intFrom = file.PollInterval.Duration, "config"
	}
	if s.interval < 5*time.Second {
		return nil, usagef("--interval must be at least 5s, got %s", s.interval)
	}
	return s, nil
}

// pick applies flag > env > file > default to one string setting.
func pick(flagSet bool, flagVal, flagName string, env envLookup, envName, fileVal, def string) setting {
	if flagSet {
		return setting{flagVal, flagName}
	}
	if v, ok := env(envName); ok && v != "" {
		return setting{v, "env " + envName}
	}
	if fileVal != "" {
		return setting{fileVal, "config"}
	}
	return setting{def, "default"}
}

// pickBool applies flag > env > file > default (false) to a switch; the
// variable is on for 1, true, yes or on.
func pickBool(flagSet, flagVal bool, flagName string, env envLookup, envName string, fileVal bool) setting {
	if flagSet {
		return setting{strconv.FormatBool(flagVal), flagName}
	}
	if v, ok := env(envName); ok && v != "" {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "1", "true", "yes", "on":
			return setting{"true", "env " + envName}
		}
		return setting{"false", "env " + envName}
	}
	if fileVal {
		return setting{"true", "config"}
	}
	return setting{"false", "default"}
}

// print writes the effective configuration and every path in use.
func (s *settings) print(w io.Writer, env envLookup) error {
	api := s.api.value
	if api == "" {
		api = "(embedded " + simName + ")"
	}
	exists := "not present"
	if _, err := os.Stat(s.configPath); err == nil {
		exists = "read"
	}
	t := textout.NewTable(w, "SETTING", "VALUE", "FROM")
	t.Row("api", api, s.api.from)
	t.Row("poll_interval", s.interval.String(), s.intFrom)
	t.Row("language", s.lang.value, s.lang.from)
	t.Row("theme", s.theme.value, s.theme.from)
	t.Row("accessible", s.accessible.value, s.accessible.from)
	if s.consoleFont {
		t.Row("glyphs", "console font (no braille)", "env TERM=linux")
	}
	for _, r := range s.file.Rows(func(k string) string { v, _ := env(k); return v }) {
		t.Row(r[0], r[1], r[2])
	}
	t.Row("", "", "")
	t.Row("config file", s.configPath, exists)
	t.Row("cache dir", userenv.CacheDir(), "base data, 24 h")
	t.Row("state dir", userenv.StateDir(env), "pins, watched boards, reminders, exceptions")
	t.Row("log file", filepath.Join(userenv.StateDir(env), logfile.FileName), "with --log or ABFAHRT_LOG=1")
	// The themes, one line each, the one in use marked.
	t.Row("", "", "")
	for _, name := range tui.ThemeNames() {
		mark := ""
		if name == s.theme.value {
			mark = "in use"
		}
		t.Row("theme "+name, tui.ThemeAbout[name], mark)
	}
	return t.Flush()
}

func newConfigCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and every path in use",
		Args:  cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return g.s.print(g.stdout, os.LookupEnv)
		},
	}
}

// remindBefore is how long before its leave time a reminder warns, as
// tui.Options.RemindBefore: the flag's value when changed, else the
// file's, else the default; 0 is tui.RemindAtLeave.
func remindBefore(c config.Config, flag string, changed bool) (time.Duration, error) {
	d := tui.DefaultRemindBefore
	switch {
	case changed:
		v, err := time.ParseDuration(flag)
		if err != nil || v < 0 || v > tui.MaxRemindBefore {
			return 0, usagef("--remind-before must be a duration between 0s and %s such as 2m, got %q", config.ShortDuration(tui.MaxRemindBefore), flag)
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
