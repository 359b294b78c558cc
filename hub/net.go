package hub

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"abfahrt/feed/sim"
)

// SelfUpstream reports whether upstream names the address the hub listens
// on (the same host, or loopback while the hub listens on loopback or all
// addresses, and the same port).
func SelfUpstream(upstream, listen string) bool {
	u, err := url.Parse(upstream)
	if err != nil || u.Scheme != "http" || upstream == "" {
		return false
	}
	lhost, lport, err := net.SplitHostPort(listen)
	if err != nil || lport == "0" {
		return false
	}
	uport := u.Port()
	if uport == "" {
		uport = "80"
	}
	if uport != lport {
		return false
	}
	uhost := u.Hostname()
	if strings.EqualFold(uhost, lhost) {
		return true
	}
	loopback := func(h string) bool {
		ip := net.ParseIP(h)
		return strings.EqualFold(h, "localhost") || (ip != nil && ip.IsLoopback())
	}
	lip := net.ParseIP(lhost)
	return loopback(uhost) && (lhost == "" || loopback(lhost) || (lip != nil && lip.IsUnspecified()))
}

// ServerOptions are the limits of the hub's HTTP server: the
// simulation server's timeouts (10 s for the request headers, 30 s for a
// request, a minute idle) with the write timeout above the upstream
// timeout, so that a slow upstream's answer still reaches the client.
func ServerOptions(o Options) sim.ServerOptions {
	return sim.ServerOptions{
		MaxConns:          o.MaxConns,
		MaxConnsPerSource: o.PerSource,
		WriteTimeout:      max(sim.DefaultWriteTimeout, o.Timeout+30*time.Second),
	}
}

// selfURL is how the hub reaches itself: its address, loopback when it
// listens on all addresses.
func selfURL(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String()
	}
	ip := ta.IP
	if ip == nil || ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return "http://" + net.JoinHostPort(ip.String(), fmt.Sprint(ta.Port))
}

// answers reports whether u answers an HTTP request within d (any status:
// the watchdog watches the hub, not the upstream).
func answers(ctx context.Context, u string, d time.Duration) bool {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return true
}
