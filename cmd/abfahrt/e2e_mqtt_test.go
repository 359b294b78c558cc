//go:build e2e

//nolint:misspell // mosquitto is the broker's name
package main

import (
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"abfahrt/internal/hubtest"
)

// TestE2EMQTTLastWillWhenTheHubIsKilled: the real binary's serve --mqtt
// publishes a stop to a real mosquitto; killed (SIGKILL, no goodbye), the
// broker sends its last will, and Home Assistant's sensors go
// unavailable.
func TestE2EMQTTLastWillWhenTheHubIsKilled(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/#", "homeassistant/#")
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte("[mqtt]\nhub = \"e2e\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := []string{"XDG_CONFIG_HOME=" + dir + "/c", "XDG_STATE_HOME=" + dir + "/s", "XDG_CACHE_HOME=" + dir + "/k", "ABFAHRT_API="}
	p := startProc(t, env, "--config", cfg, "serve", "--listen", "127.0.0.1:0", "--mqtt", "mqtt://"+br.Addr(), "--mqtt-stop", "1008")
	p.wait(t, regexp.MustCompile(`(mqtt: connected)`))
	h.Wait(t, "homeassistant/sensor/abfahrt_e2e_1008/next/config", 0, 10*time.Second, nil)
	h.Wait(t, "abfahrt/e2e/1008/next", 0, 20*time.Second, nil)
	h.Wait(t, "abfahrt/e2e/status", 0, 5*time.Second, func(v string) bool { return v == "online" })
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	h.Wait(t, "abfahrt/e2e/status", 1, 5*time.Second, func(v string) bool { return v == "offline" })
	late := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/e2e/status")
	if m := late.Wait(t, "abfahrt/e2e/status", 0, 3*time.Second, nil); !m.Retained || m.Payload != "offline" {
		t.Fatalf("after the kill the retained status is %+v", m)
	}
}
