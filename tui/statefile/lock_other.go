//go:build !unix

package statefile

// lock is a no-op where flock does not exist: writes stay atomic, but
// concurrent instances may overwrite each other's changes.
func lock(string) (func(), error) { return func() {}, nil }
