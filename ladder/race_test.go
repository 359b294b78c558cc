//go:build race

package ladder

// raceEnabled: the race detector slows the simulation tenfold, so the
// measurement against the truth samples half as often under it.
const raceEnabled = true
