// Package app is the state the panes of the TUI share and the options they
// are made from: Options and KioskOptions (options.go, shared.go), the
// Shared state (shared.go: styles, texts, base data, notices, reminders,
// night mode, alert; the feed side is embedded feeds.State), board specs
// (boardspec.go: BoardSpec, the one board-spec type of flags, layouts and
// boards.json, with its filters), walking times (walk.go), base data
// (basedata.go: stop names, platforms, lines, and Target, what a search
// result, pin or row opens), the base data load (commands.go), the
// service's alert (alerts.go), reminders (reminder.go), the night theme
// (night.go) and the kiosk's profiles by time of day (profile.go).
//
// A pane asks the root to open a target with OpenCmd (an OpenMsg); it
// reads Shared and never another pane.
package app
