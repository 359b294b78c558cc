//nolint:misspell // mosquitto is the broker's name
package mqtt_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"abfahrt/hub/mqtt"
	"abfahrt/internal/hubtest"
)

const (
	interval = 400 * time.Millisecond
	poll     = 100 * time.Millisecond
	tick     = 100 * time.Millisecond
)

var rush = []hubtest.Departure{
	{Line: "2", Direction: "Kuhberg", Platform: "B", In: 2 * time.Minute, DelaySeconds: 60},
	{Line: "1", Direction: "Böfingen", Platform: "A", In: 4 * time.Minute},
	{Line: "5", Direction: "Wissenschaftsstadt", Platform: "C", In: 7 * time.Minute, DelaySeconds: -20},
	{Line: "2", Direction: "Kuhberg", Platform: "B", In: 12 * time.Minute},
}

const (
	stateTopic = "abfahrt/test/1008/next"
	availTopic = "abfahrt/test/1008/availability"
	hubStatus  = "abfahrt/test/status"
	discovery  = "homeassistant/sensor/abfahrt_test_1008/next/config"
	lineTopic  = "abfahrt/test/1008/line/2_kuhberg"
	lineConfig = "homeassistant/sensor/abfahrt_test_1008/line_2_kuhberg/config"
)

// setup is an upstream, the hub in front of it and a bridge to server.
type setup struct {
	up     *hubtest.Upstream
	hub    *hubtest.Hub
	bridge *mqtt.Bridge
	log    *hubtest.LockedBuffer
}

func start(t *testing.T, server string, cfg mqtt.Config, staleFor time.Duration, lang string, env map[string]string) *setup {
	t.Helper()
	up := hubtest.NewUpstream(t, rush...)
	hub := hubtest.NewHub(t, up.URL(), hubtest.HubOptions{Interval: interval, StaleFor: staleFor, Poll: poll})
	cfg.Broker = server
	cfg.Hub = "test"
	if cfg.Stops == nil {
		cfg.Stops = []string{"1008"}
	}
	s, err := mqtt.Resolve(cfg, "", nil, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	log := &hubtest.LockedBuffer{}
	b, err := mqtt.Start(mqtt.Options{Settings: s, Watcher: hub.Watcher, Lang: lang, Version: "test",
		Logger: slog.New(slog.NewTextHandler(log, nil)), MinBackoff: 50 * time.Millisecond, MaxBackoff: 400 * time.Millisecond, Tick: tick})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Stop)
	return &setup{up: up, hub: hub, bridge: b, log: log}
}

func state(t *testing.T, m hubtest.Msg) mqtt.State {
	t.Helper()
	var s mqtt.State
	if err := json.Unmarshal([]byte(m.Payload), &s); err != nil {
		t.Fatalf("state is not JSON: %v: %s", err, m.Payload)
	}
	return s
}

func TestDiscoveryAndStateAsHomeAssistantSeesThem(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/#", "abfahrt/#")
	start(t, "mqtt://"+br.Addr(), mqtt.Config{LineSensors: []mqtt.LineSensor{{Line: "2", Direction: "Kuhberg"}}}, time.Minute, "en", nil)

	m := h.Wait(t, discovery, 0, 5*time.Second, nil)
	var cfg struct {
		Name, UniqueID, StateTopic, ValueTemplate, DeviceClass, JSONAttributesTopic, AvailabilityMode string
		Availability                                                                                  []struct{ Topic string }
		Device                                                                                        struct {
			Name        string
			Identifiers []string
		}
	}
	raw := strings.NewReplacer(`"unique_id"`, `"UniqueID"`, `"state_topic"`, `"StateTopic"`, `"value_template"`, `"ValueTemplate"`,
		`"device_class"`, `"DeviceClass"`, `"json_attributes_topic"`, `"JSONAttributesTopic"`, `"availability_mode"`, `"AvailabilityMode"`).Replace(m.Payload)
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.Name != "Next departure" || cfg.UniqueID != "abfahrt_test_1008_next" || cfg.StateTopic != stateTopic ||
		cfg.DeviceClass != "timestamp" || cfg.JSONAttributesTopic != stateTopic || cfg.ValueTemplate != "{{ value_json.departure }}" {
		t.Errorf("discovery %s", m.Payload)
	}
	if !strings.Contains(m.Payload, `"default_entity_id":"sensor.abfahrt_test_1008_next"`) {
		t.Errorf("no default entity id: %s", m.Payload)
	}
	if cfg.Device.Name != "abfahrt test · Hauptbahnhof" || len(cfg.Device.Identifiers) != 1 {
		t.Errorf("device %+v", cfg.Device)
	}
	if cfg.AvailabilityMode != "all" || len(cfg.Availability) != 2 || cfg.Availability[0].Topic != hubStatus || cfg.Availability[1].Topic != availTopic {
		t.Errorf("availability %s %+v", cfg.AvailabilityMode, cfg.Availability)
	}
	if l := h.Wait(t, lineConfig, 0, 5*time.Second, nil); !strings.Contains(l.Payload, `"name":"Line 2 → Kuhberg"`) {
		t.Errorf("line sensor %s", l.Payload)
	}

	st := state(t, h.Wait(t, stateTopic, 0, 5*time.Second, nil))
	if st.Line != "2" || st.Direction != "Kuhberg" || st.Platform != "B" || st.DelayMin == nil || *st.DelayMin != 1 ||
		st.Status != "predicted" || st.Stale || st.StopName != "Hauptbahnhof" || len(st.Departures) != 4 || st.Departure == nil {
		t.Fatalf("state %+v", st)
	}
	if st.Predicted == nil || *st.Departure != *st.Predicted || st.Planned == nil {
		t.Errorf("times %v %v %v", st.Departure, st.Planned, st.Predicted)
	}
	if _, err := time.Parse(time.RFC3339, *st.Departure); err != nil {
		t.Errorf("departure is not a timestamp: %v", err)
	}
	if d := st.Departures[2]; d.Line != "5" || d.DelayMin == nil || *d.DelayMin != 0 {
		t.Errorf("third departure %+v", d)
	}
	ls := state(t, h.Wait(t, lineTopic, 0, 5*time.Second, nil))
	if len(ls.Departures) != 2 || ls.Line != "2" {
		t.Errorf("line sensor state %+v", ls)
	}
	if a := h.Wait(t, availTopic, 0, 5*time.Second, nil); a.Payload != "online" {
		t.Errorf("stop availability %+v", a)
	}
	if a := h.Wait(t, hubStatus, 0, 5*time.Second, nil); a.Payload != "online" {
		t.Errorf("hub status %+v", a)
	}
	// A late subscriber (Home Assistant restarting) gets it all retained.
	late := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/#", "abfahrt/#")
	for _, topic := range []string{stateTopic, discovery, lineTopic, lineConfig, availTopic, hubStatus} {
		if m := late.Wait(t, topic, 0, 2*time.Second, nil); !m.Retained {
			t.Errorf("%s not retained", topic)
		}
	}
}

func TestStateOnlyWhenSomethingChanges(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/#")
	s := start(t, "mqtt://"+br.Addr(), mqtt.Config{}, time.Minute, "en", nil)
	first := h.Wait(t, stateTopic, 0, 5*time.Second, nil)
	// A state within a second of the hub's answer (the goal; the hub's
	// interval is 15 s, here 0.4 s).
	if lat := first.At.Sub(time.Unix(0, s.up.Answered.Load())); lat > time.Second {
		t.Errorf("state %s after the upstream's answer", lat)
	}
	before := s.up.Requests.Load()
	// The first prediction moves by 15 s within its minute: a board
	// shows the same, so no state.
	wobble := append([]hubtest.Departure(nil), rush...)
	wobble[0].DelaySeconds = 75
	s.up.Set(wobble...)
	time.Sleep(6 * interval)
	if n := s.up.Requests.Load() - before; n < 4 {
		t.Fatalf("the upstream answered %d times in 6 intervals", n)
	}
	if n := len(h.On(stateTopic)); n != 1 {
		t.Fatalf("%d states while only countdowns and seconds moved", n)
	}
	// The delay of the first departure grows by two minutes.
	changed := append([]hubtest.Departure(nil), rush...)
	changed[0].DelaySeconds = 180
	s.up.Set(changed...)
	m := h.Wait(t, stateTopic, 1, interval+poll+tick+time.Second, nil)
	if st := state(t, m); *st.DelayMin != 3 {
		t.Fatalf("delay %d, want 3", *st.DelayMin)
	}
	lat := m.At.Sub(time.Unix(0, s.up.Answered.Load()))
	t.Logf("upstream answer to MQTT state: %s", lat)
	if lat > time.Second || lat < 0 {
		// Answered is the newest answer; the one that carried the
		// change was at most this old.
		t.Errorf("state %s after the upstream's answer", lat)
	}
	// The platform changes.
	changed[0].Platform = "D"
	s.up.Set(changed...)
	if st := state(t, h.Wait(t, stateTopic, 2, 3*time.Second, nil)); st.Platform != "D" {
		t.Fatalf("platform %q", st.Platform)
	}
	time.Sleep(3 * interval)
	if n := len(h.On(stateTopic)); n != 3 {
		t.Fatalf("%d states for two changes", n)
	}
}

func TestGermanNames(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/#", "abfahrt/#")
	start(t, "mqtt://"+br.Addr(), mqtt.Config{LineSensors: []mqtt.LineSensor{{Line: "2", Direction: "Kuhberg"}}}, time.Minute, "de", nil)
	if m := h.Wait(t, discovery, 0, 5*time.Second, nil); !strings.Contains(m.Payload, `"name":"Nächste Abfahrt"`) {
		t.Errorf("discovery %s", m.Payload)
	}
	if m := h.Wait(t, lineConfig, 0, 5*time.Second, nil); !strings.Contains(m.Payload, `"name":"Linie 2 → Kuhberg"`) {
		t.Errorf("line discovery %s", m.Payload)
	}
	if st := state(t, h.Wait(t, stateTopic, 0, 5*time.Second, nil)); st.Status != "erwartet" {
		t.Errorf("status %q", st.Status)
	}
}

func TestLastWillOnUncleanDeathAndReconnect(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	p := hubtest.NewProxy(t, br.Addr())
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/#", "homeassistant/#")
	s := start(t, "mqtt://"+p.Addr(), mqtt.Config{}, time.Minute, "en", nil)
	h.Wait(t, stateTopic, 0, 5*time.Second, nil)
	h.Wait(t, hubStatus, 0, 5*time.Second, func(v string) bool { return v == "online" })
	n := len(h.On(hubStatus))
	p.Hold(true)
	p.Cut() // the hub's connection dies without a DISCONNECT
	h.Wait(t, hubStatus, n, 5*time.Second, func(v string) bool { return v == "offline" })
	if m := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, hubStatus).Wait(t, hubStatus, 0, 2*time.Second, nil); !m.Retained || m.Payload != "offline" {
		t.Errorf("last will not retained: %+v", m)
	}
	p.Hold(false)
	// The bridge comes back by itself and says so, with discovery and
	// the state again.
	h.Wait(t, hubStatus, n+1, 5*time.Second, func(v string) bool { return v == "online" })
	h.Wait(t, discovery, 1, 5*time.Second, nil)
	h.Wait(t, stateTopic, 1, 5*time.Second, nil)
	if c := strings.Count(s.log.String(), "connection to the broker lost"); c != 1 {
		t.Errorf("loss logged %d times:\n%s", c, s.log.String())
	}
	// A clean stop says offline too.
	n = len(h.On(hubStatus))
	s.bridge.Stop()
	h.Wait(t, hubStatus, n, 5*time.Second, func(v string) bool { return v == "offline" })
}

func TestOfflineWhileTheUpstreamIsDown(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/#")
	s := start(t, "mqtt://"+br.Addr(), mqtt.Config{OfflineAfter: mqtt.Duration{Duration: 1500 * time.Millisecond}}, 30*time.Second, "en", nil)
	h.Wait(t, stateTopic, 0, 5*time.Second, nil)
	h.Wait(t, availTopic, 0, 5*time.Second, func(v string) bool { return v == "online" })
	s.up.Fail(true)
	t0 := time.Now()
	// First stale (the hub serves its last answer), then offline.
	if st := state(t, h.Wait(t, stateTopic, 1, 3*time.Second, nil)); !st.Stale || st.Line != "2" {
		t.Fatalf("outage state %+v", st)
	}
	m := h.Wait(t, availTopic, 1, 5*time.Second, func(v string) bool { return v == "offline" })
	if d := m.At.Sub(t0); d < time.Second {
		t.Errorf("offline after %s, before offline_after", d)
	}
	s.up.Fail(false)
	h.Wait(t, availTopic, 2, 10*time.Second, func(v string) bool { return v == "online" })
	ms := h.On(stateTopic)
	if st := state(t, h.Wait(t, stateTopic, len(ms)-1, 5*time.Second, func(p string) bool { return strings.Contains(p, `"stale":false`) })); st.Stale {
		t.Error("still stale")
	}
}

func TestAnnouncesAgainWhenHomeAssistantComesOnline(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/sensor/#", "abfahrt/#")
	s := start(t, "mqtt://"+br.Addr(), mqtt.Config{}, time.Minute, "en", nil)
	h.Wait(t, discovery, 0, 5*time.Second, nil)
	h.Wait(t, stateTopic, 0, 5*time.Second, nil)
	time.Sleep(3 * tick)
	if n := len(h.On(discovery)); n != 1 {
		t.Fatalf("%d discoveries before Home Assistant's birth", n)
	}
	tok := h.C.Publish("homeassistant/status", 1, false, "online")
	tok.Wait()
	h.Wait(t, discovery, 1, 3*time.Second, nil)
	h.Wait(t, stateTopic, 1, 3*time.Second, nil)
	// offline from Home Assistant is no reason.
	h.C.Publish("homeassistant/status", 1, false, "offline").Wait()
	time.Sleep(5 * tick)
	if n := len(h.On(discovery)); n != 2 {
		t.Fatalf("%d discoveries", n)
	}
	_ = s
}

func TestBrokerDownAtStartThenRestarted(t *testing.T) {
	br := hubtest.NewBroker(t, "", false)
	s := start(t, "mqtt://"+br.Addr(), mqtt.Config{}, time.Minute, "en", nil)
	time.Sleep(time.Second) // several attempts fail meanwhile
	if c := strings.Count(s.log.String(), "broker not reachable"); c != 1 {
		t.Fatalf("the broker's absence logged %d times:\n%s", c, s.log.String())
	}
	br.Start()
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/#", "abfahrt/#")
	h.Wait(t, discovery, 0, 5*time.Second, nil)
	h.Wait(t, stateTopic, 0, 5*time.Second, nil)
	// The broker restarts and forgets every retained message: the bridge
	// publishes them anew.
	br.Stop()
	br.Start()
	h2 := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/#", "abfahrt/#")
	h2.Wait(t, discovery, 0, 8*time.Second, nil)
	h2.Wait(t, stateTopic, 0, 8*time.Second, nil)
	h2.Wait(t, hubStatus, 0, 8*time.Second, func(v string) bool { return v == "online" })
}

func TestTLSWithATestCA(t *testing.T) {
	dir := t.TempDir()
	ca, cert, key := hubtest.MakeCA(t, dir, "")
	otherCA, _, _ := hubtest.MakeCA(t, dir, "other-")
	br := hubtest.NewBroker(t, fmt.Sprintf("cafile %s\ncertfile %s\nkeyfile %s\n", ca, cert, key), true)
	h := hubtest.Subscribe(t, "ssl://"+br.Addr(), func(o *paho.ClientOptions) { o.SetTLSConfig(hubtest.TLSFor(t, ca)) }, "abfahrt/#")
	s := start(t, "mqtts://"+br.Addr(), mqtt.Config{CAFile: ca}, time.Minute, "en", nil)
	h.Wait(t, stateTopic, 0, 5*time.Second, nil)
	_ = s
	// A CA that did not sign the broker's certificate: no connection,
	// said once.
	bad := start(t, "mqtts://"+br.Addr(), mqtt.Config{CAFile: otherCA, ClientID: "abfahrt-bad"}, time.Minute, "en", nil)
	time.Sleep(time.Second)
	if c := strings.Count(bad.log.String(), "broker not reachable"); c != 1 || !strings.Contains(bad.log.String(), "certificate") {
		t.Fatalf("a wrong CA logged %d times:\n%s", c, bad.log.String())
	}
}

func TestCredentialsFromTheEnvironmentAndRefused(t *testing.T) {
	dir := t.TempDir()
	pw := filepath.Join(dir, "passwd")
	if out, err := execPasswd(pw, "hub", "s3cret"); err != nil {
		t.Skipf("mosquitto_passwd: %v %s", err, out)
	}
	if out, err := execPasswd(pw, "ha", "ha-pass"); err != nil {
		t.Fatalf("mosquitto_passwd: %v %s", err, out)
	}
	br := hubtest.NewBroker(t, "allow_anonymous false\npassword_file "+pw+"\n", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), func(o *paho.ClientOptions) { o.SetUsername("ha"); o.SetPassword("ha-pass") }, "abfahrt/#")
	bad := start(t, "mqtt://"+br.Addr(), mqtt.Config{Username: "hub", Password: "wrong", ClientID: "abfahrt-bad"}, time.Minute, "en", nil)
	time.Sleep(time.Second)
	if c := strings.Count(bad.log.String(), "broker not reachable"); c != 1 {
		t.Fatalf("refused credentials logged %d times:\n%s", c, bad.log.String())
	}
	if strings.Contains(bad.log.String(), "wrong") {
		t.Error("the password is in the log")
	}
	start(t, "mqtt://"+br.Addr(), mqtt.Config{Username: "hub", Password: "wrong"}, time.Minute, "en",
		map[string]string{mqtt.EnvPassword: "s3cret"})
	h.Wait(t, stateTopic, 0, 5*time.Second, nil)
}

func TestMessageOverTheBrokersLimitIsNeverSent(t *testing.T) {
	br := hubtest.NewBroker(t, "max_packet_size 2000\n", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/#", "homeassistant/#")
	s := start(t, "mqtt://"+br.Addr(), mqtt.Config{Departures: 20, MaxMessage: 1900}, time.Minute, "en", nil)
	var many []hubtest.Departure
	for i := range 20 {
		many = append(many, hubtest.Departure{Line: fmt.Sprint(i%9 + 1), Direction: strings.Repeat("Wissenschaftsstadt ", 2), Platform: "A", In: time.Duration(i+2) * time.Minute})
	}
	s.up.Set(many...)
	m := h.Wait(t, stateTopic, 0, 5*time.Second, func(p string) bool { return strings.Contains(p, "Wissenschaftsstadt") })
	st := state(t, m)
	if len(m.Payload) > 1900 || len(st.Departures) >= 20 || len(st.Departures) < 2 {
		t.Fatalf("state of %d bytes with %d departures", len(m.Payload), len(st.Departures))
	}
	time.Sleep(5 * tick)
	// Had the bridge sent more, the broker would have cut it off: no
	// loss, one connection.
	if strings.Contains(s.log.String(), "connection to the broker lost") || len(h.On(hubStatus)) != 1 {
		t.Fatalf("the connection was lost:\n%s\n%s", s.log.String(), br.Log.String())
	}
}

func execPasswd(file, user, pass string) (string, error) {
	args := []string{"-b", file, user, pass}
	if _, err := os.Stat(file); err != nil {
		args = append([]string{"-c"}, args...)
	}
	out, err := hubtest.RunCmd("mosquitto_passwd", args...)
	return out, err
}

func TestARetainedBirthIsNoNewBirth(t *testing.T) {
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "homeassistant/sensor/#")
	h.C.Publish("homeassistant/status", 1, true, "online").Wait()
	start(t, "mqtt://"+br.Addr(), mqtt.Config{}, time.Minute, "en", nil)
	h.Wait(t, discovery, 0, 5*time.Second, nil)
	time.Sleep(5 * tick)
	if n := len(h.On(discovery)); n != 1 {
		t.Fatalf("%d discoveries on one connection", n)
	}
}
