package app

import (
	"time"

	"abfahrt/exceptions"
)

// ExceptionOptions configure the exception queue (tui/internal/queue):
// the late threshold ([exceptions] late), the connections to guard
// ([[connections]]) and the source of the line-level items.
type ExceptionOptions struct {
	// Late is the delay beyond which a vehicle is listed (0:
	// exceptions.DefaultLate).
	Late time.Duration
	// Connections are the transfers whose feeders the queue watches.
	Connections []exceptions.Transfer
	// Lines gives the bunched pairs, gaps and ghosts of a line (nil:
	// none; the line ladder fills it in).
	Lines exceptions.LineFlags
}

// Rules are the queue's rules of o.
func (o ExceptionOptions) Rules() exceptions.Rules {
	return exceptions.Rules{Late: o.Late, Connections: o.Connections, Lines: o.Lines}
}

// NetVerdict is the network data verdict as the grid's summary line shows
// it: its text in the user's language ("" while the exception queue does
// not watch) and whether it is an outage.
type NetVerdict struct {
	Text   string
	Outage bool
}
