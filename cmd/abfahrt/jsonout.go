package main

import "errors"

// errNotInService ends `abfahrt vehicle` for a vehicle the service knows
// but that runs no trip now (exit code exitNotInService, no error line:
// stdout says so).
var errNotInService = errors.New("vehicle not in service")
