package main

// checkSpeed refuses a --speed of the simulated or replayed clock that is
// not a number in (0, 3600]. NaN and ±Inf parse as floats and compare
// false with every bound, so the test is written as "inside the range"
// rather than "outside it": a NaN speed once started a clock that showed
// the year 1734.
func checkSpeed(speed float64) error {
	if !(speed > 0 && speed <= 3600) {
		return usagef("--speed must be a number above 0 and at most 3600, got %v", speed)
	}
	return nil
}
