package main

import (
	"context"
	"log/slog"

	"github.com/spf13/cobra"

	"abfahrt/feed/mirror"
	"abfahrt/hub/mqtt"
	"abfahrt/hub/watch"
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

// startMQTT starts the MQTT bridge when --mqtt or the configuration's
// [mqtt] broker names one; nil without.
func startMQTT(_ context.Context, g *globals, o mqttFlags, w *watch.Watcher, _ *mirror.Mirror, log *slog.Logger) (interface{ Stop() }, error) {
	var cfg mqtt.Config
	lang := "en"
	if g.s != nil {
		cfg, lang = g.s.file.MQTT, g.s.lang.value
	}
	if o.broker == "" && cfg.Broker == "" {
		if len(o.stops) > 0 || o.ca != "" {
			return nil, usagef("--mqtt-stop and --mqtt-ca go with --mqtt URL (or a broker in [mqtt] of the configuration)")
		}
		return nil, nil
	}
	if o.ca != "" {
		cfg.CAFile = o.ca
	}
	s, err := mqtt.Resolve(cfg, o.broker, o.stops, nil)
	if err != nil {
		return nil, usagef("%v", err)
	}
	b, err := mqtt.Start(mqtt.Options{Settings: s, Watcher: w, Lang: lang, Version: version, Logger: log})
	if err != nil {
		return nil, usagef("%v", err)
	}
	log.Info("mqtt: publishing", "broker", s.Server, "stops", len(s.Subjects), "topics", s.Prefix+"/"+s.Hub, "discovery", s.DiscoveryPrefix)
	return b, nil
}
