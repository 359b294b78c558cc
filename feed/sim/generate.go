package sim

// The network table and the capture key fixture are derived from the real
// captures in ../shared (beside the repository); run `go generate ./feed/sim`
// after the captures or internal/gen/lines.go change, and commit the result.
//go:generate go run ./internal/gen -in ../../../shared/data/swu/stoppoint_BaseData_basic_2026-09-11.json -passage ../../../shared/data/swu/vehicle_trip_Passage_151_upcoming_2026-09-11.json -out network_table.go -keys testdata/capture_keys.json
