// Package depfloor keeps the project's direct dependencies from ever
// going down. floor.txt records, for every direct requirement of go.mod,
// the lowest version the project accepts (the version it last moved to on
// purpose); the package's test fails when go.mod names an older one, a
// direct requirement without a floor, or a floor without a requirement.
//
// Why: an upgrade once read a partial module list, took the "newest
// version" it saw and lowered the SSH server's stack by three years
// (charmbracelet/wish v1.4.7 to v1.1.1) while saying every dependency
// was current. A version list can be partial; a recorded floor cannot
// be argued with. After a deliberate upgrade, raise the floor with
//
//	go test ./internal/depfloor -run TestFloor -update
//
// which only ever raises it.
package depfloor
