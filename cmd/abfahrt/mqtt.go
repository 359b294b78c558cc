package main

import (
	"context"
	"net/http"

	"github.com/spf13/cobra"

	"abfahrt/hub"
	"abfahrt/hub/events"
	"abfahrt/hub/mqtt"
	"abfahrt/hub/watch"
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

// pusher is what the hub pushes besides the mirror: the watcher of its
// stops, the /events server and, with --mqtt or an [mqtt] broker, the MQTT
// bridge. They read the mirror in-process, through its cache.
type pusher struct {
	o       pushOptions
	lang    string
	mqtt    *mqtt.Settings // nil: no bridge
	watcher *watch.Watcher
	events  *events.Server
}

// preparePush checks the push flags and the [mqtt] table before the hub
// starts, so that a usage error ends serve at once.
func preparePush(g *globals, o pushOptions) (*pusher, error) {
	p := &pusher{o: o}
	s, lang, err := resolveMQTT(g, o.mqtt)
	if err != nil {
		return nil, err
	}
	p.mqtt, p.lang = s, lang
	return p, nil
}

// parts are the hub's mount (/events) and publisher (the watcher and the
// bridge, until the hub drains: then the streams end and the bridge says
// offline).
func (p *pusher) parts() (hub.Mount, hub.Publisher) {
	mount := func(mux *http.ServeMux, env hub.Env) {
		p.watcher = watch.New(watch.Options{Client: env.Client, Logger: env.Log})
		if p.o.maxStreams > 0 {
			p.events = events.New(events.Options{Watcher: p.watcher, MaxClients: p.o.maxStreams, Logger: env.Log})
			mux.Handle(events.Path, p.events)
		}
	}
	publish := func(ctx context.Context, env hub.Env) error {
		if p.watcher == nil {
			return nil
		}
		defer p.watcher.Close()
		if p.events != nil {
			defer p.events.Close()
		}
		if p.mqtt != nil {
			b, err := mqtt.Start(mqtt.Options{Settings: *p.mqtt, Watcher: p.watcher, Lang: p.lang, Version: version, Logger: env.Log})
			if err != nil {
				return err
			}
			defer b.Stop()
			env.Log.Info("mqtt: publishing", "broker", p.mqtt.Server, "stops", len(p.mqtt.Subjects), "topics", p.mqtt.Prefix+"/"+p.mqtt.Hub, "discovery", p.mqtt.DiscoveryPrefix)
		}
		<-ctx.Done()
		return nil
	}
	return mount, publish
}
