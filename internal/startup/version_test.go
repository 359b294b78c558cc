package startup

import (
	"runtime/debug"
	"testing"
)

// Issue 12 item 17: abfahrt version names a plain go build by its module
// build information, not "dev".
func TestBuildVersion(t *testing.T) {
	info := func(bi *debug.BuildInfo) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) { return bi, bi != nil }
	}
	for _, c := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-22T21:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			"devel-0123456789ab (2026-11-22T21:00:00Z)+dirty"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "devel (go1.26.8)"},
		{nil, "dev"},
	} {
		if got := Version(info(c.bi)); got != c.want {
			t.Errorf("Version = %q, want %q", got, c.want)
		}
	}
}
