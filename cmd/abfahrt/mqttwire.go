package main

import (
	"os"

	"github.com/spf13/cobra"

	"abfahrt/hub/mqtt"
)

// mqttFlags are serve's MQTT flags; the rest is the configuration's
// [mqtt] table (hub/mqtt.Config). Credentials are never flags.
type mqttFlags struct {
	broker string
	stops  []string
	ca     string
}

// addMQTTFlags declares the MQTT flags on cmd.
func addMQTTFlags(cmd *cobra.Command, o *mqttFlags) {
	f := cmd.Flags()
	f.StringVar(&o.broker, "mqtt", "", "publish departures to this MQTT broker for Home Assistant: mqtt://HOST[:1883] or mqtts://HOST[:8883] (credentials: [mqtt] username/password or ABFAHRT_MQTT_USERNAME/ABFAHRT_MQTT_PASSWORD)")
	f.StringArrayVar(&o.stops, "mqtt-stop", nil, "with --mqtt: a stop (1008) or stop point (100801) to publish; repeat for more (default: [mqtt] stops)")
	f.StringVar(&o.ca, "mqtt-ca", "", "with an mqtts:// broker: PEM file of the CA that signed its certificate (default: the system's CAs)")
}

// resolveMQTT settles the bridge's settings from --mqtt and the
// configuration's [mqtt] table (nil without a broker), and the language of
// its names; a CA file that cannot be read is a usage error here, before
// the hub starts.
func resolveMQTT(g *globals, o mqttFlags) (*mqtt.Settings, string, error) {
	var cfg mqtt.Config
	lang := "en"
	if g.s != nil {
		cfg, lang = g.s.file.MQTT, g.s.lang.Value
	}
	if o.broker == "" && cfg.Broker == "" {
		if len(o.stops) > 0 || o.ca != "" {
			return nil, "", usagef("--mqtt-stop and --mqtt-ca go with --mqtt URL (or a broker in [mqtt] of the configuration)")
		}
		return nil, lang, nil
	}
	if o.ca != "" {
		cfg.CAFile = o.ca
	}
	s, err := mqtt.Resolve(cfg, o.broker, o.stops, nil)
	if err != nil {
		return nil, "", usagef("%v", err)
	}
	if s.CAFile != "" {
		if _, err := os.ReadFile(s.CAFile); err != nil {
			return nil, "", usagef("MQTT CA file: %v", err)
		}
	}
	return &s, lang, nil
}
