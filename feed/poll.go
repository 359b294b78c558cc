package feed

import (
	"errors"
	"math"
	"math/rand/v2"
	"time"
)

// The polling policy, as pure functions: a poller waits NextDelay after
// each answer (base after a success, growing after failures), spreads the
// wait with Jitter so many clients do not poll in step, and honours a
// Retry-After the service asked for.

// NextDelay returns the wait before the next poll after failures
// consecutive failures: base when there were none, then base×2^failures,
// capped at max. It never overflows, whatever failures is. A max below
// base is taken as base; max <= 0 means no cap.
func NextDelay(base, max time.Duration, failures int) time.Duration {
	if base <= 0 {
		return 0
	}
	if max <= 0 {
		max = math.MaxInt64
	}
	if max < base {
		max = base
	}
	if failures <= 0 {
		return base
	}
	if failures >= 63 || base > max>>uint(failures) {
		return max
	}
	return base << uint(failures)
}

// Jitter returns d moved by a uniformly random amount of at most ±10 %,
// drawn from rnd (the package's global source when rnd is nil).
// d <= 0 is returned unchanged.
func Jitter(d time.Duration, rnd *rand.Rand) time.Duration {
	spread := int64(d / 10)
	if spread <= 0 {
		return d
	}
	var n int64
	if rnd != nil {
		n = rnd.Int64N(2*spread + 1)
	} else {
		n = rand.Int64N(2*spread + 1) //nolint:gosec // jitter needs no cryptographic randomness
	}
	off := time.Duration(n - spread)
	if off > 0 && d > math.MaxInt64-off {
		return math.MaxInt64
	}
	return d + off
}

// RetryAfter returns the wait an *HTTPError in err's chain asked for with
// Retry-After (delay seconds or an HTTP date), and whether there was one.
// The wait is at most MaxRetryAfter, however the error was made.
func RetryAfter(err error) (time.Duration, bool) {
	var he *HTTPError
	if errors.As(err, &he) && he.RetryAfter > 0 {
		return min(he.RetryAfter, MaxRetryAfter), true
	}
	return 0, false
}
