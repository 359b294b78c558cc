//go:build race

package feed_test

// raceEnabled: the race detector slows byte-by-byte scanning some fifty
// times, so tests that push tens of MiB through the decoder use less.
const raceEnabled = true
