// Package fleet is the fleet view: every vehicle in service, by line or by
// delay (fleet.go), with the NEXT column of the visible rows, whose
// passage feeds it holds and brings in as a fleet answer arrives
// (fleetnext.go, a listener of the registry). Its keys are in
// fleet_keys.go.
package fleet
