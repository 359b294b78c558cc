package userenv_test

import (
	"path/filepath"
	"testing"

	"abfahrt/internal/userenv"
)

// env is an environment of the variables m.
func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// A German locale gives German texts, any other English; LC_ALL wins over
// LC_MESSAGES over LANG, and an empty variable is as if unset.
func TestLang(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "de_DE.UTF-8"}, "de"},
		{map[string]string{"LANG": "de_AT"}, "de"},
		{map[string]string{"LANG": "en_GB.UTF-8"}, "en"},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"},
		{map[string]string{"LC_MESSAGES": "de_CH.UTF-8", "LANG": "en_US.UTF-8"}, "de"},
		{map[string]string{"LC_ALL": "", "LANG": "de_DE.UTF-8"}, "de"},
		{map[string]string{}, "en"},
	} {
		if got := userenv.Lang(env(c.env)); got != c.want {
			t.Errorf("%v: %s, want %s", c.env, got, c.want)
		}
	}
}

// NO_COLOR of any value but empty, or TERM=dumb, asks for no colour.
func TestNoColor(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"NO_COLOR": "1", "TERM": "xterm-256color"}, true},
		{map[string]string{"NO_COLOR": "", "TERM": "xterm-256color"}, false},
		{map[string]string{"TERM": "dumb"}, true},
		{map[string]string{"TERM": "linux"}, false},
		{map[string]string{}, false},
	} {
		if got := userenv.NoColor(env(c.env)); got != c.want {
			t.Errorf("%v: %v, want %v", c.env, got, c.want)
		}
	}
}

// The state directory is $XDG_STATE_HOME/abfahrt, else
// ~/.local/state/abfahrt; the cache directory $XDG_CACHE_HOME/abfahrt.
func TestDirectories(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	if got, want := userenv.StateDir(env(map[string]string{"XDG_STATE_HOME": "/srv/state"})), "/srv/state/abfahrt"; got != want {
		t.Errorf("StateDir with XDG_STATE_HOME: %s, want %s", got, want)
	}
	if got, want := userenv.StateDir(env(map[string]string{"XDG_STATE_HOME": ""})), filepath.Join(home, ".local", "state", "abfahrt"); got != want {
		t.Errorf("StateDir without XDG_STATE_HOME: %s, want %s", got, want)
	}
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	if got, want := userenv.CacheDir(), filepath.Join(home, "cache", "abfahrt"); got != want {
		t.Errorf("CacheDir: %s, want %s", got, want)
	}
}
