// Package userenv reads what abfahrt takes from the user's environment:
// the language of the locale, whether colour is unwanted, and the state
// and cache directories.
package userenv

import (
	"os"
	"path/filepath"
	"strings"
)

// Lang reads the language from LC_ALL, LC_MESSAGES or LANG: "de" for
// German locales, else "en".
func Lang(env func(string) (string, bool)) string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v, ok := env(k); ok && v != "" {
			if strings.HasPrefix(strings.ToLower(v), "de") {
				return "de"
			}
			return "en"
		}
	}
	return "en"
}

// NoColor reports whether the environment asks for no colour.
func NoColor(env func(string) (string, bool)) bool {
	if v, ok := env("NO_COLOR"); ok && v != "" {
		return true
	}
	v, _ := env("TERM")
	return v == "dumb"
}

// StateDir is abfahrt's state directory (pins, logs): $XDG_STATE_HOME/abfahrt.
func StateDir(env func(string) (string, bool)) string {
	if v, ok := env("XDG_STATE_HOME"); ok && v != "" {
		return filepath.Join(v, "abfahrt")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".local", "state", "abfahrt")
}

// CacheDir is abfahrt's cache directory for base data.
func CacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "abfahrt")
}
