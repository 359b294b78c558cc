// Package mqtt publishes the hub's departures to an MQTT broker for Home
// Assistant: per stop a device with a sensor of the next departure
// (device_class timestamp, the next departures as attributes) announced by
// MQTT discovery, and optional sensors per line and direction.
//
// Topics, with prefix abfahrt and the hub's name HUB (slugged):
//
//	abfahrt/HUB/status                 online/offline, retained; the last will
//	abfahrt/HUB/STOP/availability      online/offline, retained: offline while
//	                                   the hub has had no fresh departures of
//	                                   the stop for offline_after
//	abfahrt/HUB/STOP/next              the state, JSON, retained
//	abfahrt/HUB/STOP/line/SLUG         a line sensor's state
//	homeassistant/sensor/abfahrt_HUB_STOP/next/config   discovery, retained
//
// A state is published when what it shows changes (a departure, its
// times or delay to the minute, platform or status, the stale flag), not
// on every read; data_age_s is the age when it was published. Discovery is published on
// every connection and again when Home Assistant says
// homeassistant/status online. The broker is dialled in the background:
// down at start, gone or refusing the credentials, it is logged once and
// tried again with a growing pause (1 s to 30 s); on each new connection
// the bridge publishes its availability, discovery and states anew. No
// message above MaxMessage bytes is sent.
package mqtt

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"abfahrt/hub/watch"
	"abfahrt/model"
)

// Options configure a Bridge.
type Options struct {
	Settings Settings
	// Watcher follows the stops through the hub's cache.
	Watcher *watch.Watcher
	// Lang is "de" for German names, else English.
	Lang string
	// Version is abfahrt's version, for the device.
	Version string
	// Logger gets the broker's state (nil: none).
	Logger *slog.Logger
	// MinBackoff and MaxBackoff bound the pause between connection
	// attempts (default 1 s and 30 s).
	MinBackoff, MaxBackoff time.Duration
	// Tick is how often availability is looked at again (default 1 s).
	Tick time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Bridge publishes to the broker. Stop ends it.
type Bridge struct {
	o    Options
	s    Settings
	tls  *tls.Config
	log  *slog.Logger
	base string // prefix/hub

	subs    []*watch.Sub
	changed chan struct{}
	conns   chan *conn
	haUp    chan struct{}
	quit    chan struct{}
	wg      sync.WaitGroup
	stopped sync.Once

	// Owned by run:
	cur   *conn
	last  map[string]string // topic to the payload (without its age) last sent
	names map[watch.Subject]string
}

// conn is one connection to the broker; done closes when it is lost.
type conn struct {
	c    paho.Client
	done chan struct{}
}

// Start checks the options and starts publishing in the background.
func Start(o Options) (*Bridge, error) {
	if o.Watcher == nil {
		return nil, errors.New("mqtt: no watcher")
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.MinBackoff <= 0 {
		o.MinBackoff = time.Second
	}
	if o.MaxBackoff < o.MinBackoff {
		o.MaxBackoff = max(30*time.Second, o.MinBackoff)
	}
	if o.Tick <= 0 {
		o.Tick = time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	s := o.Settings
	b := &Bridge{o: o, s: s, log: o.Logger, base: s.Prefix + "/" + slug(s.Hub),
		changed: make(chan struct{}, 1), conns: make(chan *conn), haUp: make(chan struct{}, 1), quit: make(chan struct{}),
		last: map[string]string{}, names: map[watch.Subject]string{}}
	if s.TLS {
		cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: s.Host}
		if s.CAFile != "" {
			pem, err := os.ReadFile(s.CAFile)
			if err != nil {
				return nil, fmt.Errorf("MQTT CA file: %w", err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("MQTT CA file %s holds no PEM certificate", s.CAFile)
			}
			cfg.RootCAs = pool
		}
		b.tls = cfg
	}
	for _, subj := range s.Subjects {
		sub, err := o.Watcher.Subscribe(subj)
		if err != nil {
			b.closeSubs()
			return nil, fmt.Errorf("mqtt: stop %s: %w", subj, err)
		}
		b.subs = append(b.subs, sub)
	}
	for _, sub := range b.subs {
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			for {
				select {
				case <-b.quit:
					return
				case <-sub.C:
					select {
					case b.changed <- struct{}{}:
					default:
					}
				}
			}
		}()
	}
	b.wg.Add(2)
	go b.dial()
	go b.run()
	return b, nil
}

func (b *Bridge) closeSubs() {
	for _, sub := range b.subs {
		sub.Close()
	}
}

// Stop says offline, disconnects and ends the bridge.
func (b *Bridge) Stop() {
	b.stopped.Do(func() {
		close(b.quit)
		b.wg.Wait()
		b.closeSubs()
	})
}

// options are the client's options: the last will, credentials, TLS; no
// reconnection of its own (dial does it, to log and republish).
func (b *Bridge) options(done chan struct{}) *paho.ClientOptions {
	o := paho.NewClientOptions().AddBroker(b.s.Server).SetClientID(b.s.ClientID).
		SetCleanSession(true).SetAutoReconnect(false).SetConnectRetry(false).SetOrderMatters(false).
		SetConnectTimeout(10*time.Second).SetWriteTimeout(10*time.Second).SetKeepAlive(30*time.Second).
		SetWill(b.base+"/status", "offline", 1, true)
	if b.s.Username != "" {
		o.SetUsername(b.s.Username)
		o.SetPassword(b.s.Password)
	}
	if b.tls != nil {
		o.SetTLSConfig(b.tls)
	}
	var once sync.Once
	o.SetConnectionLostHandler(func(_ paho.Client, err error) {
		once.Do(func() {
			b.log.Warn("mqtt: connection to the broker lost; reconnecting", "broker", b.s.Server, "err", err)
			close(done)
		})
	})
	return o
}

// dial keeps a connection to the broker: it connects, hands the
// connection to run, waits for its loss and connects again, pausing
// longer after each failure.
func (b *Bridge) dial() {
	defer b.wg.Done()
	pause := b.o.MinBackoff
	failing := ""
	attempts := 0
	for {
		done := make(chan struct{})
		c := paho.NewClient(b.options(done))
		tok := c.Connect()
		var err error
		select {
		case <-tok.Done():
			err = tok.Error()
		case <-b.quit:
			c.Disconnect(0)
			return
		}
		if err != nil {
			attempts++
			if failing == "" {
				// Logged once per outage; the hub serves on.
				b.log.Warn("mqtt: broker not reachable; trying again in the background", "broker", b.s.Server, "err", err)
				failing = err.Error()
			}
			if !b.sleep(pause) {
				return
			}
			pause = min(pause*2, b.o.MaxBackoff)
			continue
		}
		if failing != "" {
			b.log.Info("mqtt: connected after failures", "broker", b.s.Server, "attempts", attempts)
		} else {
			b.log.Info("mqtt: connected", "broker", b.s.Server, "client_id", b.s.ClientID)
		}
		failing, attempts, pause = "", 0, b.o.MinBackoff
		c.Subscribe(b.s.DiscoveryPrefix+"/status", 1, func(_ paho.Client, m paho.Message) {
			// A retained birth is an old one, delivered on subscribing:
			// this connection announces everything anyway.
			if !m.Retained() && strings.EqualFold(strings.TrimSpace(string(m.Payload())), "online") {
				select {
				case b.haUp <- struct{}{}:
				default:
				}
			}
		})
		cn := &conn{c: c, done: done}
		select {
		case b.conns <- cn:
		case <-b.quit:
			c.Disconnect(0)
			return
		}
		select {
		case <-done:
			c.Disconnect(0)
			if !b.sleep(b.o.MinBackoff) {
				return
			}
		case <-b.quit:
			return // run says offline and disconnects
		}
	}
}

// sleep waits d, false when the bridge stops first.
func (b *Bridge) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-b.quit:
		return false
	}
}

// run publishes: everything on a new connection or Home Assistant's
// birth, and what changed when a stop changes or availability turns.
func (b *Bridge) run() {
	defer b.wg.Done()
	tick := time.NewTicker(b.o.Tick)
	defer tick.Stop()
	var lost chan struct{}
	for {
		select {
		case <-b.quit:
			if b.cur != nil {
				tok := b.cur.c.Publish(b.base+"/status", 1, true, "offline")
				tok.WaitTimeout(2 * time.Second)
				b.cur.c.Disconnect(250)
			}
			return
		case cn := <-b.conns:
			b.cur, lost = cn, cn.done
			clear(b.last)
			b.publish(b.base+"/status", "online", "online")
			b.announce()
			b.update()
		case <-lost:
			b.cur, lost = nil, nil
		case <-b.haUp:
			if b.cur != nil {
				b.log.Info("mqtt: Home Assistant came online; announcing the sensors again")
				clear(b.last)
				b.publish(b.base+"/status", "online", "online")
				b.announce()
				b.update()
			}
		case <-b.changed:
			b.update()
		case <-tick.C:
			b.update()
		}
	}
}

// publish sends payload retained to topic unless key (the payload without
// what changes by itself) was the last one sent there. A message over
// MaxMessage is not sent.
func (b *Bridge) publish(topic, key, payload string) {
	if b.cur == nil || b.last[topic] == key {
		return
	}
	if len(payload)+len(topic)+8 > b.s.MaxMessage {
		b.log.Warn("mqtt: message larger than max_message not sent", "topic", topic, "bytes", len(payload), "max_message", b.s.MaxMessage)
		b.last[topic] = key // said once
		return
	}
	tok := b.cur.c.Publish(topic, 1, true, payload)
	if !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		return
	}
	b.last[topic] = key
}

// announce publishes the discovery of every stop whose name is known.
func (b *Bridge) announce() {
	for _, sub := range b.subs {
		snap, ok := sub.Latest()
		if !ok {
			continue
		}
		b.announceStop(snap)
	}
}

// stopName is the stop's name for its device: the service's, else the
// number.
func stopName(snap watch.Snapshot) string {
	if n := strings.TrimSpace(snap.Board.StopName); n != "" && snap.Err == nil {
		if snap.Subject.Point != "" {
			return n + " " + snap.Subject.Point.String()
		}
		return n
	}
	return snap.Subject.String()
}

// announceStop publishes the discovery of one stop's sensors.
func (b *Bridge) announceStop(snap watch.Snapshot) {
	name := stopName(snap)
	if snap.Err != nil && b.names[snap.Subject] != "" {
		name = b.names[snap.Subject]
	}
	b.names[snap.Subject] = name
	id := "abfahrt_" + slug(b.s.Hub) + "_" + slug(snap.Subject.String())
	device := map[string]any{"identifiers": []string{id}, "name": "abfahrt " + b.s.Hub + " · " + name,
		"manufacturer": "abfahrt", "model": b.word("departure board hub")}
	if b.o.Version != "" {
		device["sw_version"] = b.o.Version
	}
	stopTopic := b.base + "/" + slug(snap.Subject.String())
	avail := []map[string]string{{"topic": b.base + "/status"}, {"topic": stopTopic + "/availability"}}
	sensor := func(object, name, state string) {
		cfg := map[string]any{"name": name, "unique_id": id + "_" + object, "default_entity_id": "sensor." + id + "_" + object,
			"state_topic": state, "value_template": "{{ value_json.departure }}", "json_attributes_topic": state,
			"device_class": "timestamp", "icon": "mdi:bus-clock", "availability": avail, "availability_mode": "all",
			"device": device, "origin": map[string]string{"name": "abfahrt", "sw": b.o.Version}}
		p, err := json.Marshal(cfg)
		if err != nil {
			return
		}
		b.publish(b.s.DiscoveryPrefix+"/sensor/"+id+"/"+object+"/config", string(p), string(p))
	}
	sensor("next", b.word("Next departure"), stopTopic+"/next")
	for _, l := range b.lineSensors(snap.Subject) {
		sensor("line_"+lineSlug(l), b.lineName(l), stopTopic+"/line/"+lineSlug(l))
	}
}

// lineSensors are the line sensors of subj.
func (b *Bridge) lineSensors(subj watch.Subject) []LineSensor {
	var out []LineSensor
	for _, l := range b.s.LineSensors {
		if l.Stop == "" {
			out = append(out, l)
			continue
		}
		if s, err := watch.ParseSubject(l.Stop); err == nil && s == subj {
			out = append(out, l)
		}
	}
	return out
}

func lineSlug(l LineSensor) string {
	if l.Direction == "" {
		return slug(l.Line)
	}
	return slug(l.Line + "_" + l.Direction)
}

func (b *Bridge) lineName(l LineSensor) string {
	n := b.word("Line") + " " + l.Line
	if l.Direction != "" {
		n += " → " + l.Direction
	}
	return n
}

// update publishes what changed of every stop: availability, discovery
// of a stop whose name became known, states.
func (b *Bridge) update() {
	if b.cur == nil {
		return
	}
	now := b.o.Now()
	for _, sub := range b.subs {
		snap, ok := sub.Latest()
		if !ok {
			continue
		}
		if name := stopName(snap); b.names[snap.Subject] == "" || (snap.Err == nil && name != b.names[snap.Subject]) {
			b.announceStop(snap)
		}
		stopTopic := b.base + "/" + slug(snap.Subject.String())
		online := snap.Err == nil && (!snap.Answer.Stale || snap.Age(now) <= b.s.OfflineAfter.Duration)
		av := "offline"
		if online {
			av = "online"
		}
		b.publish(stopTopic+"/availability", av, av)
		if snap.Err != nil {
			continue
		}
		events := b.keep(snap.Board.Events)
		b.publishState(stopTopic+"/next", snap, events, now)
		for _, l := range b.lineSensors(snap.Subject) {
			var mine []model.Event
			for _, e := range events {
				if strings.EqualFold(e.Line(), l.Line) && (l.Direction == "" || strings.EqualFold(strings.TrimSpace(e.DirectionText), strings.TrimSpace(l.Direction))) {
					mine = append(mine, e)
				}
			}
			b.publishState(stopTopic+"/line/"+lineSlug(l), snap, mine, now)
		}
	}
}

// keep leaves out the departures of skipped lines and directions and
// those already gone.
func (b *Bridge) keep(events []model.Event) []model.Event {
	out := make([]model.Event, 0, len(events))
next:
	for _, e := range events {
		if e.Status.Done() {
			continue
		}
		for _, l := range b.s.SkipLines {
			if strings.EqualFold(strings.TrimSpace(l), e.Line()) {
				continue next
			}
		}
		for _, d := range b.s.SkipDirections {
			if strings.EqualFold(strings.TrimSpace(d), strings.TrimSpace(e.DirectionText)) {
				continue next
			}
		}
		out = append(out, e)
	}
	return out
}

// Departure is one departure in a state.
type Departure struct {
	Line      string  `json:"line"`
	Direction string  `json:"direction"`
	Platform  string  `json:"platform"`
	Planned   *string `json:"planned"`
	Predicted *string `json:"predicted"`
	DelayMin  *int    `json:"delay_min"`
	Status    string  `json:"status"`
}

// State is a sensor's state and attributes: the next departure (its due
// time as departure, the sensor's value) and the next ones as a list.
type State struct {
	Departure *string `json:"departure"`
	Line      string  `json:"line"`
	Direction string  `json:"direction"`
	Platform  string  `json:"platform"`
	Planned   *string `json:"planned"`
	Predicted *string `json:"predicted"`
	DelayMin  *int    `json:"delay_min"`
	Status    string  `json:"status"`
	// DataAge is the data's age in seconds when the state was sent.
	DataAge    int         `json:"data_age_s"`
	Stale      bool        `json:"stale"`
	Stop       string      `json:"stop"`
	StopName   string      `json:"stop_name"`
	Departures []Departure `json:"departures"`
}

// publishState publishes events as the state at topic when it changed,
// cut to fewer listed departures when it would be over MaxMessage.
func (b *Bridge) publishState(topic string, snap watch.Snapshot, events []model.Event, now time.Time) {
	st := State{Stale: snap.Answer.Stale, Stop: snap.Subject.String(), StopName: snap.Board.StopName, Departures: []Departure{}}
	for i, e := range events {
		if i == b.s.Departures {
			break
		}
		st.Departures = append(st.Departures, b.departure(e))
	}
	if len(events) > 0 {
		d := st.Departures[0]
		due := stamp(model.Time{Time: events[0].Due()})
		st.Departure, st.Line, st.Direction, st.Platform = due, d.Line, d.Direction, d.Platform
		st.Planned, st.Predicted, st.DelayMin, st.Status = d.Planned, d.Predicted, d.DelayMin, d.Status
	}
	st.DataAge = int(snap.Age(now) / time.Second)
	for {
		payload, err := json.Marshal(st)
		if err != nil {
			return
		}
		if len(payload)+len(topic)+8 <= b.s.MaxMessage || len(st.Departures) <= 1 {
			// What the state shows, as a board shows it: times and
			// delays to the minute (watch.EventKey). A prediction
			// that moves by seconds, a countdown or the data's age
			// alone send nothing.
			var key strings.Builder
			key.WriteString(strconv.FormatBool(st.Stale) + "\x00" + st.StopName + "\x00")
			for _, e := range events[:len(st.Departures)] {
				key.WriteString(watch.EventKey(e))
			}
			b.publish(topic, key.String(), string(payload))
			return
		}
		st.Departures = st.Departures[:len(st.Departures)-1]
	}
}

// departure is one event for a state.
func (b *Bridge) departure(e model.Event) Departure {
	d := Departure{Line: e.Line(), Direction: e.DirectionText, Platform: e.PlatformName,
		Planned: stamp(e.Scheduled), Status: b.word(e.Status.String())}
	if e.Realtime() {
		d.Predicted = stamp(e.Actual)
		m := e.DelayMinutes()
		d.DelayMin = &m
	}
	return d
}

// stamp is t in RFC 3339 with its offset, nil when unknown.
func stamp(t model.Time) *string {
	if !t.Known() {
		return nil
	}
	s := t.Format(time.RFC3339)
	return &s
}

// german are the names and words in German.
var german = map[string]string{ //nolint:gosec // G101: words, no credentials
	"Next departure": "Nächste Abfahrt", "Line": "Linie", "departure board hub": "Abfahrtstafel-Hub",
	"predicted": "erwartet", "arriving": "fährt ein", "at stop": "am Steig", "departed": "abgefahren", "passed": "durchgefahren",
}

// word is s in the bridge's language.
func (b *Bridge) word(s string) string {
	if b.o.Lang == "de" {
		if w, ok := german[s]; ok {
			return w
		}
	}
	return s
}
