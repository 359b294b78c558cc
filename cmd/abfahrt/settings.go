package main

import (
	"io"
	"os"
	"path/filepath"
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
type setting = config.Setting

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
type envLookup = config.Env

// resolveSettings loads the configuration file and applies the precedence.
func resolveSettings(cmd *cobra.Command, g *globals, env envLookup) (*settings, error) {
	path, required := config.PathFor(g.configPath, env)
	file, err := config.Load(path, required)
	if err != nil {
		return nil, usageError{err}
	}
	s := &settings{configPath: path, file: file}
	changed := func(name string) bool {
		f := cmd.Flags().Lookup(name)
		return f != nil && f.Changed
	}

	s.api = config.Pick(changed("api"), g.api, "flag --api", env, "ABFAHRT_API", file.API, "")
	s.lang = config.Pick(changed("lang"), g.lang, "flag --lang", env, "ABFAHRT_LANG", file.Language, userenv.Lang(env))
	s.theme = config.Pick(changed("theme"), g.theme, "flag --theme", env, "ABFAHRT_THEME", file.Theme, "dark")
	term, _ := env("TERM")
	s.consoleFont = tui.LinuxConsole(term)
	switch {
	case s.theme.From != "flag --theme" && userenv.NoColor(env):
		s.theme = setting{Value: "mono", From: "env NO_COLOR/TERM=dumb"}
	case s.theme.From == "default" && s.consoleFont:
		s.theme = setting{Value: tui.ThemeConsole, From: "env TERM=" + term}
	}
	if s.lang.Value != "en" && s.lang.Value != "de" {
		return nil, usagef("--lang must be en or de, got %q", s.lang.Value)
	}
	if _, ok := tui.ThemeByName(s.theme.Value); !ok || s.theme.Value == "" {
		return nil, usagef("--theme must be one of %s, got %q", strings.Join(tui.ThemeNames(), ", "), s.theme.Value)
	}

	s.accessible = config.PickBool(changed("accessible"), g.accessible, "flag --accessible", env, "ABFAHRT_ACCESSIBLE", file.Accessible)
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

// print writes the effective configuration and every path in use.
func (s *settings) print(w io.Writer, env envLookup) error {
	api := s.api.Value
	if api == "" {
		api = "(embedded " + simName + ")"
	}
	exists := "not present"
	if _, err := os.Stat(s.configPath); err == nil {
		exists = "read"
	}
	t := textout.NewTable(w, "SETTING", "VALUE", "FROM")
	t.Row("api", api, s.api.From)
	t.Row("poll_interval", s.interval.String(), s.intFrom)
	t.Row("language", s.lang.Value, s.lang.From)
	t.Row("theme", s.theme.Value, s.theme.From)
	t.Row("accessible", s.accessible.Value, s.accessible.From)
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
		if name == s.theme.Value {
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
