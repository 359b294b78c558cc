package main

import (
	"os"
	"testing"
)

// TestMain keeps the tests away from the user's own configuration, cache
// and state: every XDG directory points into a fresh temporary directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "abfahrt-cmd-test-")
	if err != nil {
		panic(err)
	}
	for _, k := range []string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"} {
		_ = os.Setenv(k, dir+"/"+k)
	}
	for _, k := range []string{"ABFAHRT_API", "ABFAHRT_CONFIG", "ABFAHRT_THEME", "ABFAHRT_LANG", "ABFAHRT_LOG", "ABFAHRT_ACCESSIBLE"} {
		_ = os.Unsetenv(k)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}
