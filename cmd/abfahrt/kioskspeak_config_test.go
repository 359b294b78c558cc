package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// [kiosk] speak_cmd, speak_every and speak_key are read, shown by
// abfahrt config, and checked: speak_every is at least 30s and needs a
// command.
func TestKioskSpeakConfig(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) string {
		p := filepath.Join(dir, "c.toml")
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	code, out, errs := runCLI(t, "config", "--config", write("[kiosk]\nspeak_cmd = \"espeak-ng -v de\"\nspeak_every = \"5m\"\n"))
	for _, want := range []string{`kiosk\.speak_cmd\s+espeak-ng -v de\s+config`, `kiosk\.speak_every\s+5m0s\s+config`, `kiosk\.speak_key\s+s\s+default`} {
		if code != exitOK || !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("exit %d, no %s in\n%s%s", code, want, out, errs)
		}
	}
	code, _, errs = runCLI(t, "config", "--config", write("[kiosk]\nspeak_cmd = \"espeak-ng\"\nspeak_every = \"5s\"\n"))
	if code != exitUsage || !strings.Contains(errs, ":3: kiosk.speak_every: must be at least 30s, got 5s") {
		t.Errorf("speak_every 5s: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "config", "--config", write("[kiosk]\nspeak_every = \"5m\"\n"))
	if code != exitUsage || !strings.Contains(errs, "kiosk.speak_every: needs kiosk.speak_cmd") {
		t.Errorf("speak_every without a command: exit %d, %q", code, errs)
	}
}
