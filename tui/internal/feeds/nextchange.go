package feeds

import (
	"time"
)

// The clock of the interactive views (board, grid, merged list) does not
// wake the program every second: nothing on them changes that often. The
// header clocks show hours and minutes, countdowns and walking times turn
// a minute before an event, the status bar's ages move in 30 s steps, the
// stale marker appears at one deadline. nextChange computes, in one place,
// the next local time at which any of these turns, and the clock message
// is scheduled for that moment (planClock), so an idle board is woken a
// few times a minute instead of sixty. Every other message brings the
// clocks up to date first (catchUp): new data is drawn against the time
// it arrived, not against the last tick.

// Steps of what the views show.
const (
	// changeSlack is how long after a boundary the clock message comes:
	// countdowns and the stale rule compare strictly, so the moment itself
	// still shows the old text.
	ChangeSlack = time.Millisecond
	// minClockGap bounds how soon one clock message follows another.
	MinClockGap = ChangeSlack
)

// localAt returns the local time at which the service's clock shows s: the
// inverse of svcAt.
func (sh *FeedState) LocalAt(s time.Time) time.Time {
	c := sh.Svc
	if c == nil || !c.Known {
		return s
	}
	if c.Rate == 1 {
		return c.RefL.Add(s.Sub(c.RefS))
	}
	return c.RefL.Add(time.Duration(float64(s.Sub(c.RefS)) / c.Rate))
}
