//go:build !linux

package startup

// DropStartPages does nothing where there is no /proc/self/smaps to say
// which pages of the executable are resident; see the Linux version.
func DropStartPages() int64 { return 0 }
