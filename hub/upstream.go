package hub

import (
	"strings"

	"abfahrt/internal/usage"
)

// ResolveUpstream settles o.Upstream: --upstream, or the global --api
// (the same thing; both given and different is a usage error), or else an
// api of the environment or the configuration file; empty for the
// embedded simulation. An explicitly empty --api is refused, as for the
// board: an unset variable in a unit file must not quietly serve the
// simulation to a fleet. upFlag says that --upstream was given, api and
// apiFrom are the api setting and where it came from ("flag --api",
// "env ABFAHRT_API", "config"); its errors are usage errors.
func ResolveUpstream(o *Options, upFlag bool, api, apiFrom string) error {
	apiFlag := apiFrom == "flag --api"
	if apiFlag && strings.TrimSpace(api) == "" {
		return usage.Errorf("--api is empty; name the upstream, such as --api https://api.swu.de/mobility/v1 (without --api and --upstream serve mirrors the embedded simulation)")
	}
	switch {
	case upFlag && apiFlag:
		if strings.TrimRight(strings.TrimSpace(o.Upstream), "/") != strings.TrimRight(strings.TrimSpace(api), "/") {
			return usage.Errorf("--upstream %q and --api %q name different upstreams; give one of them", o.Upstream, api)
		}
		o.UpstreamVia = "flags --upstream and --api"
	case upFlag:
		o.UpstreamVia = "flag --upstream"
	case api != "":
		// --api, ABFAHRT_API or the configuration file: what the boards
		// of this machine read is what the hub mirrors.
		o.Upstream, o.UpstreamVia = api, apiFrom
	default:
		o.UpstreamVia = "default"
	}
	if SelfUpstream(o.Upstream, o.Listen) {
		// Say, ABFAHRT_API of the boards on the hub's own machine: every
		// query would wait on itself until --timeout.
		return usage.Errorf("the upstream %s (%s) is this hub's own --listen %s; name the service it mirrors with --upstream", o.Upstream, o.UpstreamVia, o.Listen)
	}
	return nil
}
