package app

// Departures per line and the view grouped by direction.
//
// per_line = N keeps at most the next N departures of each line and
// direction (the line's name with its direction text), so a busy line
// does not push the others off a small screen; n cycles it on the
// focused board: off, 1, 2, 3, off. The grouped view (b) shows a stop's
// rows by platform, each under a heading naming the platform and where its
// departures go: at Ulm's stops a platform serves one direction, as the
// platforms of a station sign do.

// MaxPerLine is the largest per_line a board takes.
const MaxPerLine = 9
