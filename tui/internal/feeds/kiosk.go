package feeds

import (
	"time"
)

// Kiosk defaults.
const (
	// DefaultKioskRotate is the time each board shows when Rotate is zero.
	DefaultKioskRotate = 20 * time.Second
	// MinKioskRotate is the shortest time a board may show (the CLI
	// refuses less).
	MinKioskRotate = 3 * time.Second
	// DefaultKioskStaleAfter is the age after which departures are blanked
	// when StaleAfter is zero.
	DefaultKioskStaleAfter = 10 * time.Minute
	// delayedAfter is how many poll intervals old the last good data may be
	// before the "data delayed" banner shows.
	DelayedAfter = 2
)
