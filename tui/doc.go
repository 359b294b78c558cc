// Package tui is abfahrt's terminal interface, built on Bubble Tea: a root
// model (Model, model.go) composing panes: the boards (the grid, one of
// its boards zoomed, or the plain board), the merged and fleet lists, the
// vehicle pane, the search and help overlays, the status bar and the key
// hint. The kiosk is its own model (kiosk_model.go), chosen by Run.
//
// # Where a board's data comes from
//
// Every polled subject (a stop's or stop point's departures or arrivals, a
// vehicle's trip and passages, the fleet, the alert) has one entry in the
// feed registry (registry.go): its poller, last good answer, last error and
// data age. A view (a holder, with a token of its own) acquires the
// subjects it shows and releases them when it stops; a subject shown by
// several views is polled once. Each holder of a board feed declares its
// demand, the events it wants (MaxLimit through filters, else
// shared.limit), when it acquires and when its filters or the limit
// change; the feed asks for the largest, and a rise polls once more at
// once (or when the request in flight answers): one rule for the grid, the
// pin strip and the kiosk. There is one
// tick message (feedTickMsg) and one result message (feedMsg), each
// carrying the registry key (feeds.go); the poll loop is poller.tick →
// fetch → poller.receive → next tick (feeds.go, poll.go), on the service's
// clock (svcclock.go). Model.feedNews (update.go) hands an answer to every
// view that holds the feed.
//
// A board (boardPane, board.go) is a subject plus filters plus view
// options: show/hide acquire and release its feed, fed takes an answer and
// refilter applies its client-side filters (boardspec.go: BoardSpec, the
// one board-spec type of flags, layouts and boards.json; filters). The
// grid (gridPane, grid.go, drawn in grid_view.go) holds every interactive
// board: the watched ones (boards.json, watched.go, statefile.go) and the
// open board, the one abfahrt starts with or the search, a pin or a line
// opened. The plain `abfahrt` board is that grid with its open board
// zoomed; `w` watches it. dispatch (dispatch.go) is the board side: the
// grid, the merged and fleet lists, the pins and their strip (pins.go,
// pin_keys.go), the request rate (ratemeter.go).
//
// # Where a key is bound, enabled and described
//
// Each pane owns its key map, next to the pane (the table is in keys.go):
// the bindings with their help texts from the catalogue (i18n.go and its
// sections), made in newXxxKeys; a sync method enabling exactly the keys
// that do something in the pane's state; and the pane's part of the footer
// hint. The boards' keys are in board_keys.go (boardKeys; Model.gridKey
// routes them, boardPane.update acts the same on every board), the lists'
// in merged_keys.go and fleet_keys.go, the vehicle pane's in
// vehicle_keys.go, the search's in search_keys.go, the help overlay's in
// help.go; the root has only the global keys (globalKeys in keys.go: quit,
// help, search, refresh, focus), routed in Model.handleKey (update.go).
// Model.syncKeys (model.go) syncs every map after each Update; the footer
// and the `?` overlay (help.go) are assembled from the focused pane's map
// and the globals, so help never lists a dead key.
//
// # How a frame reaches the terminal
//
// Bubble Tea runs without its renderer. The root model is wrapped in
// painted (program.go), whose View hands each frame to abfahrt's own
// renderer (tui/internal/screen): it keeps what the terminal shows, writes
// only the cells that changed (rows that moved are moved with scroll
// margins and delete/insert line), paints when the model changed rather
// than on a ticker, at most maxFPS frames a second. Program (program.go)
// takes and gives back the alternate screen, tty (tty.go) the raw mode
// and the size of the process's terminal; an SSH session's size comes
// from the session (cmd/abfahrt/sshserve.go).
//
// # Rules
//
// The Elm architecture is kept strictly: I/O happens only inside commands,
// which capture values and never the model; View is pure and reads the
// time from the last clockMsg, which comes when something on screen next
// changes, not every second (nextchange.go); what Update needs of the
// layout is computed in setSize. Each polled subject has one schedule (gen) and at most one
// request in flight (seq), with jitter and backoff from package feed, so
// stale ticks and answers are dropped by construction.
//
// cmd/abfahrt calls Run with Options; tests drive Model.Update and
// Model.View directly with a fake Source.
package tui
