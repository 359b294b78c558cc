//go:build !race

package feed_test

const raceEnabled = false
