//go:build race

package history

// raceOn: the race detector slows the simulation's answers tenfold; the
// truth test then records a shorter morning.
const raceOn = true
