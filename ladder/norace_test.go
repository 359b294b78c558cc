//go:build !race

package ladder

const raceEnabled = false
