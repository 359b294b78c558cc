//nolint:misspell // mosquitto is the broker's name
package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/hub/mqtt"
	"abfahrt/internal/config"
	"abfahrt/internal/hubtest"
)

// TestServeMQTTRefusesCredentialsAndStrayFlags: the broker's password never
// on the command line, and the MQTT flags only with a broker.
func TestServeMQTTRefusesCredentialsAndStrayFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--mqtt", "mqtt://hub:secret@127.0.0.1:1883", "--mqtt-stop", "1008"}, "must not carry credentials"},
		{[]string{"--mqtt-stop", "1008"}, "go with --mqtt"},
		{[]string{"--mqtt", "http://127.0.0.1:1883", "--mqtt-stop", "1008"}, "mqtt://HOST"},
		{[]string{"--mqtt", "mqtt://127.0.0.1:1883"}, "at least one stop"},
		{[]string{"--mqtt", "mqtt://127.0.0.1:1883", "--mqtt-stop", "10"}, "4 digits"},
		{[]string{"--mqtt", "mqtt://127.0.0.1:1883", "--mqtt-stop", "1008", "--mqtt-ca", "/nonexistent.pem"}, "goes with an mqtts://"},
	} {
		var errb bytes.Buffer
		code := run(context.Background(), append([]string{"serve", "--listen", "127.0.0.1:0"}, tc.args...), strings.NewReader(""), &bytes.Buffer{}, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, errb.String(), exitUsage, tc.want)
		}
		if strings.Contains(errb.String(), "secret") {
			t.Errorf("%v: the password is in the message", tc.args)
		}
	}
}

// TestServePublishesToMQTT: abfahrt serve --mqtt with the [mqtt] table
// publishes discovery and the state of a stop to a real mosquitto.
func TestServePublishesToMQTT(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/#", "abfahrt/#")
	cfg := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(cfg, []byte("language = \"de\"\n[mqtt]\nhub = \"Küche\"\nstops = [\"1008\"]\ndepartures = 3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	startServe(t, "--config", cfg, "--mqtt", "mqtt://"+br.Addr())
	m := h.Wait(t, "homeassistant/sensor/abfahrt_kueche_1008/next/config", 0, 10*time.Second, nil)
	if !strings.Contains(m.Payload, `"name":"abfahrt Küche · Hauptbahnhof"`) || !strings.Contains(m.Payload, `"name":"Nächste Abfahrt"`) {
		t.Errorf("discovery %s", m.Payload)
	}
	s := h.Wait(t, "abfahrt/kueche/1008/next", 0, 10*time.Second, nil)
	if !strings.Contains(s.Payload, `"stop_name":"Hauptbahnhof"`) || !strings.Contains(s.Payload, `"departures":[{`) {
		t.Errorf("state %s", s.Payload)
	}
}

// TestServeKeepsServingWithoutItsBroker: a broker that is not there is
// logged once; the hub serves on.
func TestServeKeepsServingWithoutItsBroker(t *testing.T) {
	port := hubtest.FreePort(t)
	base, errb, _, _ := startServe(t, "--mqtt", "mqtt://127.0.0.1:"+strconv.Itoa(port), "--mqtt-stop", "1008")
	hub := strings.TrimSuffix(base, "/mobility/v1")
	time.Sleep(2500 * time.Millisecond) // attempts at 1 s and 2 s fail meanwhile
	if code, _ := httpGet(t, hub+"/healthz"); code != 200 {
		t.Fatalf("/healthz %d", code)
	}
	if code, _ := httpGet(t, base+"/stop/passage/Departures?StopNumber=1008"); code != 200 {
		t.Fatalf("departures %d", code)
	}
	if c := strings.Count(errb.String(), "broker not reachable"); c != 1 {
		t.Fatalf("the missing broker logged %d times:\n%s", c, errb.String())
	}
}

// TestHomeAssistantDocConfigExample: the [mqtt] example of
// docs/homeassistant.md is a valid configuration with every key it shows.
func TestHomeAssistantDocConfigExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/homeassistant.md")
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(doc), "```toml\n")
	if !ok {
		t.Fatal("no toml example in docs/homeassistant.md")
	}
	body, _, _ = strings.Cut(body, "```")
	c, err := config.Load(writeConfig(t, body), true)
	if err != nil {
		t.Fatalf("the example: %v", err)
	}
	s, err := mqtt.Resolve(c.MQTT, "", nil, func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatalf("the example's [mqtt]: %v", err)
	}
	if s.Server != "ssl://broker.home.example:8883" || len(s.Subjects) != 2 || len(s.LineSensors) != 1 || s.Departures != 5 || c.Language != "de" {
		t.Errorf("read as %+v", s)
	}
}
