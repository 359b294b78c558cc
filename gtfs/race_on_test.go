//go:build race

package gtfs

// raceOn: the race detector slows reading and writing CSV tenfold; the
// large feed test then writes a smaller feed.
const raceOn = true
