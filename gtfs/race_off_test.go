//go:build !race

package gtfs

// raceOn: see race_on_test.go.
const raceOn = false
