// Package app is what every pane of the TUI works with: the pane contract
// and the Frame each pass hands it (pane.go), the Services it holds
// (services.go: feed registry, base data, links, reminders, history), and
// the options they are made from. Options and KioskOptions (options.go,
// shared.go), the root's private Shared state (shared.go: styles, texts,
// notices, night mode, alert, the feed side in embedded feeds.State, the
// Services it hands the panes), board specs
// (boardspec.go: BoardSpec, the one board-spec type of flags, layouts and
// boards.json, with its filters), walking times (walk.go), base data
// (basedata.go: stop names, platforms, lines, and Target, what a search
// result, pin or row opens), the base data load (commands.go), the
// service's alert (alerts.go), reminders (reminder.go), the night theme
// (night.go) and the kiosk's profiles by time of day (profile.go).
//
// A pane asks the root to open a target with OpenCmd (an OpenMsg); it
// reads its Frame and Services, never Shared nor another pane.
package app
