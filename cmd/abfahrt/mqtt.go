package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/hub/events"
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

// pusher is what serve runs besides the mirror for its pushers.
type pusher struct {
	watcher *watch.Watcher
	events  *events.Server
	bridge  interface{ Stop() }
}

// startPush starts the watcher of the hub's stops, the /events server and,
// with --mqtt or an [mqtt] broker, the MQTT bridge. They read the mirror
// in-process, through its cache.
func startPush(ctx context.Context, g *globals, o pushOptions, m *mirror.Mirror, log *slog.Logger) (*pusher, error) {
	c, err := feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath, feed.WithoutCache(),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(m.Handler())}))
	if err != nil {
		return nil, err
	}
	p := &pusher{watcher: watch.New(watch.Options{Client: c, Logger: log})}
	if o.maxStreams > 0 {
		p.events = events.New(events.Options{Watcher: p.watcher, MaxClients: o.maxStreams, Logger: log})
	}
	b, err := startMQTT(ctx, g, o.mqtt, p.watcher, m, log)
	if err != nil {
		p.stop()
		return nil, err
	}
	if b != nil {
		p.bridge = b
	}
	return p, nil
}

// handler is h with /events mounted.
func (p *pusher) handler(h http.Handler) http.Handler {
	if p.events == nil {
		return h
	}
	return events.Mount(h, p.events)
}

// shutdown ends the streams (serve stops accepting); set it with
// http.Server.RegisterOnShutdown.
func (p *pusher) shutdown() {
	if p.events != nil {
		p.events.Close()
	}
}

// stop ends the bridge (its last will says offline) and the watcher.
func (p *pusher) stop() {
	p.shutdown()
	if p.bridge != nil {
		p.bridge.Stop()
	}
	p.watcher.Close()
}
