package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoadConfig feeds arbitrary files to the configuration loader: it
// must never panic, and every error is one line naming the file.
func FuzzLoadConfig(f *testing.F) {
	for _, seed := range []string{
		"",
		"api = \"https://api.swu.de/mobility/v1\"\npoll_interval = \"20s\"\n",
		"theme = \"mono\"\nlanguage = \"de\"\n[line_colors]\n1 = \"#E52129\"\n",
		"layout = \"m\"\n[layouts.m]\n[[layouts.m.boards]]\nstop = 1008\nlines = [\"1\"]\n",
		"[kiosk]\nenabled = true\nrotate = \"20s\"\nhours = \"05:00-01:00\"\nquit_key = \"ctrl+q\"\n",
		"[[layouts.x.boards]]\nstoppoint = \"de:08421:1008:1:1\"\n",
		"poll_interval = 15\n",
		"[kiosk\nenabled = true",
		"api = \"\\u0000\"\n",
		"limit = 99999999999999999999\n",
		"x = " + strings.Repeat("{a = ", 200) + "1" + strings.Repeat("}", 200) + "\n",
		"[" + strings.Repeat("a.", 100) + "b]\ny = [[[[[[[\"{{{{\"]]]]]]]\n",
		"s = \"\"\"{{{{\n[[[[\"\"\"\nt = '''[[[[\n'''\n[layouts.m]\nboards = [{lines = [[]]}]\n",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body string) {
		p := filepath.Join(dir, "config.toml")
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(p, true)
		if err == nil {
			return
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, p) {
			t.Errorf("error does not name the file: %q", msg)
		}
		if strings.ContainsAny(msg, "\n\r") {
			t.Errorf("error is not one line: %q", msg)
		}
	})
}
