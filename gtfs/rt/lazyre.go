package rt

import (
	"regexp"
	"sync"
)

// lazy is the regular expression src, compiled on its first use. Most
// abfahrt processes (every board) never read an alert's words for
// GTFS-Realtime; compiled in the package's initialisation the expressions
// of this package were 160 kB of every process's live heap
// (GODEBUG=inittrace=1).
func lazy(src string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })
}
