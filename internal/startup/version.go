package startup

import "runtime/debug"

// Version is the version a plain `go build` or `go install` knows:
// the module version (go install ...@v1.2.0), else the VCS revision and
// time the go command stamps (with "+dirty" for local changes), else
// "devel" with the Go version (a build with -buildvcs=false); "dev" only
// without build information.
func Version(read func() (*debug.BuildInfo, bool)) string {
	bi, ok := read()
	if !ok || bi == nil {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		if bi.GoVersion != "" {
			return "devel (" + bi.GoVersion + ")"
		}
		return "devel"
	}
	v := "devel-" + rev[:min(12, len(rev))]
	if at != "" {
		v += " (" + at + ")"
	}
	if dirty {
		v += "+dirty"
	}
	return v
}
