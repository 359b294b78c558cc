package main

import (
	"github.com/spf13/cobra"

	"abfahrt/hub/events"
	"abfahrt/hub/push"
)

// pushOptions are serve's flags of what the hub pushes: the /events
// stream and the MQTT bridge (mqttwire.go).
type pushOptions struct {
	// maxStreams bounds the /events streams open at once (0: no /events).
	maxStreams int
	mqtt       mqttFlags
}

// addPushFlags declares the flags of o on cmd.
func addPushFlags(cmd *cobra.Command, o *pushOptions) {
	f := cmd.Flags()
	f.IntVar(&o.maxStreams, "max-streams", events.DefaultMaxClients, "/events streams (Server-Sent Events) open at once; each also counts against --max-conns (0: no /events)")
	addMQTTFlags(cmd, &o.mqtt)
}

// preparePush checks the push flags and the [mqtt] table before the hub
// starts, so that a usage error ends serve at once.
func preparePush(g *globals, o pushOptions) (push.Options, error) {
	s, lang, err := resolveMQTT(g, o.mqtt)
	if err != nil {
		return push.Options{}, err
	}
	return push.Options{MaxStreams: o.maxStreams, MQTT: s, Lang: lang, Version: version}, nil
}
