// Package push is what abfahrt serve pushes besides the mirror: the
// watcher of its stops, the /events stream (Server-Sent Events) and the
// MQTT bridge. They read the mirror in-process, through its cache.
package push

import (
	"context"
	"net/http"

	"abfahrt/hub"
	"abfahrt/hub/events"
	"abfahrt/hub/mqtt"
	"abfahrt/hub/watch"
)

// Options are what the hub pushes.
type Options struct {
	// MaxStreams bounds the /events streams open at once (0: no /events).
	MaxStreams int
	// MQTT are the bridge's settings; nil: no bridge.
	MQTT *mqtt.Settings
	// Lang is the language of the bridge's names ("en", "de").
	Lang string
	// Version is abfahrt's version, said by the bridge.
	Version string
}

// Parts are the hub's mount (/events) and publisher (the watcher and the
// bridge, until the hub drains: then the streams end and the bridge says
// offline).
func Parts(o Options) (hub.Mount, hub.Publisher) {
	var (
		watcher *watch.Watcher
		stream  *events.Server
	)
	mount := func(mux *http.ServeMux, env hub.Env) {
		watcher = watch.New(watch.Options{Client: env.Client, Logger: env.Log})
		if o.MaxStreams > 0 {
			stream = events.New(events.Options{Watcher: watcher, MaxClients: o.MaxStreams, Logger: env.Log})
			mux.Handle(events.Path, stream)
		}
	}
	publish := func(ctx context.Context, env hub.Env) error {
		if watcher == nil {
			return nil
		}
		defer watcher.Close()
		if stream != nil {
			defer stream.Close()
		}
		if o.MQTT != nil {
			b, err := mqtt.Start(mqtt.Options{Settings: *o.MQTT, Watcher: watcher, Lang: o.Lang, Version: o.Version, Logger: env.Log})
			if err != nil {
				return err
			}
			defer b.Stop()
			env.Log.Info("mqtt: publishing", "broker", o.MQTT.Server, "stops", len(o.MQTT.Subjects), "topics", o.MQTT.Prefix+"/"+o.MQTT.Hub, "discovery", o.MQTT.DiscoveryPrefix)
		}
		<-ctx.Done()
		return nil
	}
	return mount, publish
}
