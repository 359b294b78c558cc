// Package board is one board: a subject (a stop or stop point, departures
// or arrivals) with filters and view options (Pane, board.go). Its data
// comes from its feed (Pane.Show acquires it from the registry and
// declares its demand; Pane.Fed takes an answer; refilter applies the
// filters of board_filters.go, per line in perline.go). Its rows are drawn
// in board_view.go (the full board) and compact.go (a grid cell); walking
// times and leave-now columns in walk.go; the next run of a filtered line
// in nextrun.go; reminders' marks in reminder.go. Its keys are in
// board_keys.go: one map for the three modes (the grid's cells, a zoomed
// board, the plain board), enabled by the mode.
//
// board imports ui, feeds and app; it knows no grid and no other pane.
package board
