// Package sim is abfahrt's embedded simulation of the mobility/v1 service on
// the real Ulm/Neu-Ulm network (stops and stop points of the SWU capture of
// 2026-09-11): base data, a deterministic timetable with delays, vehicle
// positions and passages, and an occasional unplanned alert, served by an
// http.Handler with the wrappers and the contract of
// ../shared/spec/wire-format.md. Everything a response says is a pure
// function of the seed and the simulated time. See README.md.
package sim
