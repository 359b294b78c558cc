package main

import (
	"context"
	"log/slog"

	"github.com/spf13/pflag"

	"abfahrt/feed/mirror"
	"abfahrt/hub/watch"
)

// mqttFlags are serve's MQTT flags.
type mqttFlags struct{}

// addMQTTFlags declares the MQTT flags on f.
func addMQTTFlags(*pflag.FlagSet, *mqttFlags) {}

// startMQTT starts the MQTT bridge when one is configured.
func startMQTT(context.Context, *globals, mqttFlags, *watch.Watcher, *mirror.Mirror, *slog.Logger) (interface{ Stop() }, error) {
	return nil, nil
}
