// Package tui is abfahrt's terminal interface, built on Bubble Tea. This
// root package is the frame: the root Model (model.go) with its layout
// (view.go), focus and overlay routing and global keys (update.go), the
// search overlay (searchpane.go), the help overlay and footer (help.go),
// the status bar (status.go), the clock that wakes the program when
// something on screen next changes (nextchange.go), and the program around
// it (program.go, run.go, tty.go, session.go for SSH). api.go names the
// public API (Options, BoardSpec, the defaults) that cmd/abfahrt uses. The
// panes live in packages of their own under tui/internal, in layers; a
// package imports only those below it:
//
//	catalog  parts of the text catalogue (history, kiosk, ladder, queue,
//	         the palette's themes and layouts)
//	         that ui.Texts embeds
//	colour   colour science: WCAG contrast, colour vision deficiency
//	         simulation (CIELAB differences), the Okabe–Ito palette
//	ui       styles, themes, the one text catalogue (English, German),
//	         formatting, key bindings, list cursor, frame memo
//	feeds    the data source, the feed registry and its holders, pollers,
//	         the service's clock, the request rate
//	app      the state every pane reads (Shared), Options, board specs,
//	         walking times, base data, alerts, reminders, night mode,
//	         and Action: what a pane asks of the root
//	board    one board: subject, filters, per line, walk, rows, cells, keys
//	vehicle  the vehicle pane: passages, diagram, map
//	fleet    the fleet view and its NEXT column's feeds
//	ladder   a line's ladder: its vehicles along both directions with
//	         headways, bunching, gaps, ghosts (judged by package
//	         abfahrt/ladder), its feeds shared through the registry
//	queue    the exception queue: what needs a dispatcher (package
//	         exceptions makes the items, ladder.Network judges every
//	         line's bunching, gaps and ghosts for it), the network data
//	         verdict, acknowledged and hidden items in exceptions.json
//	grid     the board side: grid, zoom, merged list, pins, watched boards
//	         (Dispatch puts them together and answers their keys)
//	kiosk    the unattended station display, a model of its own
//	accessible  the screen-reader mode: sentences in the normal screen,
//	         commands as typed lines (no Bubble Tea, no alternate screen)
//	screen   abfahrt's renderer (tui/internal/screen)
//	termio   the terminal modes beside the frames: mouse reporting and its
//	         gate, the window title, the synchronized output query
//	testkit  the tests' fake source and fixtures
//
// # Where a board's data comes from
//
// Every polled subject (a stop's or stop point's departures or arrivals, a
// vehicle's trip and passages, the fleet, the alert) has one entry in the
// feed registry (feeds.Registry): its poller, last good answer, last error
// and data age. A view is a holder (feeds.Holder, a token made once per
// view): it acquires the subjects it shows and releases them when it
// stops; a subject shown by several views is polled once. Each holder of
// a board feed declares its demand, the events it wants (MaxLimit through
// filters, else the limit), when it acquires and when its filters change;
// the feed asks for the largest, and a rise polls once more: one rule for
// the grid, the pin strip and the kiosk. There is one tick message
// (feeds.TickMsg) and one answer message (feeds.AnswerMsg), each carrying
// the registry key; Registry.Tick makes the request, Registry.Receive
// records the answer and arms the next tick, on the service's clock
// (feeds/svcclock.go). The root's feedNews (update.go) hands the entry to
// the panes that hold it. A board (board.Pane) is a subject plus filters
// plus view options: Show and Hide acquire and release its feed, Fed takes
// an answer and refilter applies its filters (app.BoardSpec is the one
// board-spec type of flags, layouts and boards.json).
//
// # Where a key is bound, enabled and described
//
// A key is one record (ui.Key): the keys it answers,
// what it does, when it does something (a rule over its pane's own
// state), its help text from the catalogue in English and German, its
// group in the `?` overlay and its priority in the footer. Each pane owns
// a ui.Keymap of them next to it: board.Keys (board/board_keys.go, every
// board), the grid's own and the merged list's (grid/keys.go,
// grid/merged_keys.go; grid's keys lifts the board's, the fleet's and the
// ladder's into one map for the board side), fleet.Keys, ladder.Keys,
// queue.Keys, vehicle.Keys; the root has the global keys and the
// overlays' (keys.go), routed in Model.handleKey (update.go): the open
// overlay, then the globals, then the focused pane. Nothing is synced: a
// binding's rule is asked when a key comes and when the help is drawn, so
// the footer (help.go), the `?` overlay, the command palette (palette.go)
// and the keys reference (docs/keys.md, written by TestKeysReference)
// never list a dead key.
//
// # Where a click lands
//
// With --mouse (mouse.go) a click or a wheel step goes to the pane under
// the pointer. A list pane's render records where it drew each row
// (ui.Hits, next to the rows it draws: board_view.go, compact.go,
// grid_view.go, merged.go, fleet.go, ladder_view.go, queue_view.go), and
// RowAt/CellAt/CarAt answer from that record, so a click hits what the
// frame showed; the root only splits the screen into the board side and
// the vehicle pane (layout) and then presses the key the click stands
// for: enter on the row it selected, up or down for the wheel.
//
// # How panes talk to the root
//
// A pane's key and data handlers return a command and, where the root
// must act, an app.Action (a notice for the status bar, a target to open);
// Model.act carries it out. The board side lays itself out again in its
// own rectangle (grid.Dispatch.relayout). Each side says what it shows
// next as the clock moves (grid.Dispatch.Changes, EverySecond) and whose
// data the status bar reports (grid.Dispatch.StatusPolls).
//
// # How a frame reaches the terminal
//
// Bubble Tea runs without its renderer. The root model is wrapped in
// painted (program.go), whose View hands each frame to abfahrt's own
// renderer (tui/internal/screen): it keeps what the terminal shows, writes
// only the cells that changed (rows that moved are moved with scroll
// margins and delete/insert line), paints when the model changed rather
// than on a ticker, at most maxFPS frames a second. Program takes and
// gives back the alternate screen, tty (tty.go) the raw mode and the size
// of the process's terminal; an SSH session's size comes from the session
// (cmd/abfahrt/sshserve.go).
//
// # Rules
//
// The Elm architecture is kept strictly: I/O happens only inside commands,
// which capture values and never the model; View is pure and reads the
// time from the last clock message, which comes when something on screen
// next changes, not every second (nextchange.go); what Update needs of the
// layout is computed in layout. Each polled subject has one schedule and at
// most one request in flight, with jitter and backoff from package feed,
// so stale ticks and answers are dropped by construction.
//
// cmd/abfahrt calls Run with Options; tests drive Model.Update and
// Model.View directly with the fake source of tui/internal/testkit.
package tui
