// Package grid is the board side of the interactive TUI: the grid of
// boards (grid.go, drawn in grid_view.go; the plain board is the grid's
// open board, zoomed), the merged list over the watched boards (merged.go),
// pins and their strip (pins.go, pin_keys.go), the watched boards saved in
// boards.json (watched.go, statefile.go), and Dispatch (dispatch.go), which
// puts them together with the fleet view and says which keys do what. What
// the grid shows next changes is in changes.go.
package grid
