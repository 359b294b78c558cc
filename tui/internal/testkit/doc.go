// Package testkit is what the TUI's tests share: a fake mobility/v1
// source with canned answers and call counters (FakeSource), a fixed
// Hauptbahnhof board (HbfBoard), a slice of the network's base data
// (TestBase) and the fixed time of the unit tests (T0). Only tests import
// it.
package testkit
