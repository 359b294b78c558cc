package rt

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled on its first use. Most abfahrt
// processes (every board) never read an alert's words for GTFS-Realtime;
// compiled in the package's initialisation the expressions of this package
// were 160 kB of every process's live heap (GODEBUG=inittrace=1).
type lazyRE struct {
	once sync.Once
	src  string
	re   *regexp.Regexp
}

// lazy is the expression src, compiled when first used.
func lazy(src string) *lazyRE { return &lazyRE{src: src} }

// get is the compiled expression.
func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}
