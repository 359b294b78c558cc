package mqtt

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"abfahrt/hub/watch"
)

// Defaults of Config.
const (
	DefaultPrefix          = "abfahrt"
	DefaultDiscoveryPrefix = "homeassistant"
	DefaultDepartures      = 5
	DefaultOfflineAfter    = 2 * time.Minute
	// DefaultMaxMessage is the largest message sent, in bytes: Home
	// Assistant keeps attributes up to 16 KiB in its database.
	DefaultMaxMessage = 16 << 10
	// MaxDepartures bounds departures: what the hub reads per stop.
	MaxDepartures = watch.DefaultLimit
	maxStops      = 100
)

// Environment variables of the broker's credentials; they win over the
// configuration file. The command line never carries them.
const (
	EnvUsername = "ABFAHRT_MQTT_USERNAME"
	EnvPassword = "ABFAHRT_MQTT_PASSWORD" //nolint:gosec // G101: the variable's name, no credential
)

// Config is the [mqtt] table of abfahrt's configuration file.
type Config struct {
	// Broker is mqtt://host[:1883] or mqtts://host[:8883] (--mqtt).
	Broker string `toml:"broker"`
	// Username and Password log in to the broker (else the environment's
	// ABFAHRT_MQTT_USERNAME and ABFAHRT_MQTT_PASSWORD).
	Username string `toml:"username"`
	Password string `toml:"password"`
	// CAFile is a PEM file of the CA that signed the broker's certificate
	// (mqtts://; default: the system's CAs) (--mqtt-ca).
	CAFile string `toml:"ca_file"`
	// ClientID is the MQTT client id (default abfahrt-HUB).
	ClientID string `toml:"client_id"`
	// Hub names this hub in device names and topics (default: the host
	// name).
	Hub string `toml:"hub"`
	// Prefix is the first level of the state topics (default abfahrt).
	Prefix string `toml:"prefix"`
	// DiscoveryPrefix is Home Assistant's discovery prefix (default
	// homeassistant).
	DiscoveryPrefix string `toml:"discovery_prefix"`
	// Stops are the stops (1008) and stop points (100801) published
	// (--mqtt-stop).
	Stops []string `toml:"stops"`
	// Departures is how many next departures the sensor's attributes list
	// (1 to 20, default 5).
	Departures int `toml:"departures"`
	// SkipLines and SkipDirections leave departures out (the line's name
	// as shown, 2 or N1; the direction text, case ignored).
	SkipLines      []string `toml:"skip_lines"`
	SkipDirections []string `toml:"skip_directions"`
	// LineSensors are sensors of one line (and direction) of a stop each.
	LineSensors []LineSensor `toml:"line_sensors"`
	// OfflineAfter: a stop's sensors say unavailable once the hub has
	// served its departures stale (the upstream failing) this long, or
	// has none (default 2m).
	OfflineAfter Duration `toml:"offline_after"`
	// MaxMessage is the largest message sent in bytes (default 16384):
	// the broker's limit (mosquitto's message_size_limit) must not be
	// lower. A state is cut to fewer listed departures to fit.
	MaxMessage int `toml:"max_message"`
}

// LineSensor is one [[mqtt.line_sensors]] entry: a sensor of the next
// departure of Line (towards Direction, when given) at Stop (every
// published stop when empty).
type LineSensor struct {
	Stop      string `toml:"stop"`
	Line      string `toml:"line"`
	Direction string `toml:"direction"`
}

// Duration is a time.Duration written as "2m" in the file.
type Duration struct{ time.Duration }

// UnmarshalText reads a Go duration such as "90s" or "2m".
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 90s or 2m", string(b))
	}
	d.Duration = v
	return nil
}

// Settings are a checked Config with the defaults filled in.
type Settings struct {
	Config
	// Server is the broker's address as the client dials it
	// (tcp://host:1883 or ssl://host:8883); TLS says mqtts.
	Server string
	TLS    bool
	// Host is the broker's host name, for its certificate.
	Host     string
	Subjects []watch.Subject
}

// Resolve checks c, with the broker and stops of the command line when
// given (broker "", stops nil: the file's), the credentials of env when
// set, and fills in the defaults. A nil env reads the process's.
func Resolve(c Config, broker string, stops []string, env func(string) (string, bool)) (Settings, error) {
	if env == nil {
		env = os.LookupEnv
	}
	if broker != "" {
		if u, err := url.Parse(broker); err == nil && u.User != nil {
			return Settings{}, errors.New("--mqtt must not carry credentials (they would show in the process list); give username and password in [mqtt] of the configuration or as ABFAHRT_MQTT_USERNAME and ABFAHRT_MQTT_PASSWORD")
		}
		c.Broker = broker
	}
	if stops != nil {
		c.Stops = stops
	}
	s := Settings{Config: c}
	u, err := url.Parse(strings.TrimSpace(c.Broker))
	if err != nil || u.Host == "" || (u.Scheme != "mqtt" && u.Scheme != "mqtts") || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return s, fmt.Errorf("the MQTT broker must be mqtt://HOST[:1883] or mqtts://HOST[:8883], got %q", redact(c.Broker))
	}
	if u.User != nil {
		return s, errors.New("[mqtt] broker must not carry credentials; give them as username and password")
	}
	s.TLS = u.Scheme == "mqtts"
	s.Host = u.Hostname()
	port := u.Port()
	if port == "" {
		port = "1883"
		if s.TLS {
			port = "8883"
		}
	}
	scheme := "tcp"
	if s.TLS {
		scheme = "ssl"
	}
	s.Server = scheme + "://" + net.JoinHostPort(s.Host, port)
	if s.CAFile != "" && !s.TLS {
		return s, errors.New("an MQTT CA file goes with an mqtts:// broker")
	}
	if v, ok := env(EnvUsername); ok && v != "" {
		s.Username = v
	}
	if v, ok := env(EnvPassword); ok && v != "" {
		s.Password = v
	}
	if len(s.Stops) == 0 {
		return s, errors.New("MQTT needs at least one stop: --mqtt-stop 1008 or stops = [\"1008\"] in [mqtt]")
	}
	if len(s.Stops) > maxStops {
		return s, fmt.Errorf("at most %d MQTT stops, got %d", maxStops, len(s.Stops))
	}
	seen := map[watch.Subject]bool{}
	for _, st := range s.Stops {
		subj, err := watch.ParseSubject(st)
		if err != nil {
			return s, fmt.Errorf("MQTT stop: %w", err)
		}
		if !seen[subj] {
			seen[subj] = true
			s.Subjects = append(s.Subjects, subj)
		}
	}
	if s.Departures == 0 {
		s.Departures = DefaultDepartures
	}
	if s.Departures < 1 || s.Departures > MaxDepartures {
		return s, fmt.Errorf("[mqtt] departures must be 1 to %d, got %d", MaxDepartures, s.Departures)
	}
	if s.Prefix == "" {
		s.Prefix = DefaultPrefix
	}
	if s.DiscoveryPrefix == "" {
		s.DiscoveryPrefix = DefaultDiscoveryPrefix
	}
	for _, p := range []string{s.Prefix, s.DiscoveryPrefix} {
		if strings.ContainsAny(p, "+#\x00") || strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") {
			return s, fmt.Errorf("an MQTT topic prefix must not hold + or # nor start or end with /, got %q", p)
		}
	}
	if s.Hub == "" {
		h, err := os.Hostname()
		if err != nil || h == "" {
			h = "hub"
		}
		s.Hub = strings.SplitN(h, ".", 2)[0]
	}
	if slug(s.Hub) == "" {
		return s, fmt.Errorf("[mqtt] hub needs a letter or digit, got %q", s.Hub)
	}
	if s.ClientID == "" {
		s.ClientID = "abfahrt-" + slug(s.Hub)
	}
	if s.OfflineAfter.Duration == 0 {
		s.OfflineAfter.Duration = DefaultOfflineAfter
	}
	if s.OfflineAfter.Duration < 0 {
		return s, errors.New("[mqtt] offline_after must not be negative")
	}
	if s.MaxMessage == 0 {
		s.MaxMessage = DefaultMaxMessage
	}
	if s.MaxMessage < 1024 {
		return s, fmt.Errorf("[mqtt] max_message must be at least 1024 bytes, got %d", s.MaxMessage)
	}
	for _, l := range s.LineSensors {
		if strings.TrimSpace(l.Line) == "" {
			return s, errors.New("[[mqtt.line_sensors]] needs a line")
		}
		if l.Stop != "" {
			subj, err := watch.ParseSubject(l.Stop)
			if err != nil || !seen[subj] {
				return s, fmt.Errorf("[[mqtt.line_sensors]] stop %q is not one of the MQTT stops", l.Stop)
			}
		}
	}
	return s, nil
}

// redact drops a URL's password for a message.
func redact(s string) string {
	if u, err := url.Parse(s); err == nil && u.User != nil {
		return u.Redacted()
	}
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// slug is s for a topic level or unique_id: lower-case letters, digits
// and underscores.
func slug(s string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			under = false
		case r == 'ä':
			b.WriteString("ae")
		case r == 'ö':
			b.WriteString("oe")
		case r == 'ü':
			b.WriteString("ue")
		case r == 'ß':
			b.WriteString("ss")
		default:
			if !under && b.Len() > 0 {
				b.WriteByte('_')
				under = true
			}
		}
	}
	return strings.TrimRight(b.String(), "_")
}
