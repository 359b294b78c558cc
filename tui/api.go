package tui

import (
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/remind"
	"abfahrt/tui/internal/ui"
)

// The TUI's public types and constants live in its internal packages;
// these names are the API that cmd/abfahrt and other callers use.
type (
	// Options configure the TUI (app.Options).
	Options = app.Options
	// KioskOptions configure the unattended station display.
	KioskOptions = app.KioskOptions
	// ExceptionOptions configure the exception queue (key E).
	ExceptionOptions = app.ExceptionOptions
	// Links are the URL templates of the stops' and vehicles' hyperlinks.
	Links = app.Links
	// BoardSpec is one board: a stop or stop point with its filters.
	BoardSpec = app.BoardSpec
	// Profile is a layout by time of day (kiosk).
	Profile = app.Profile
	// WalkTime is a walking time to a stop.
	WalkTime = app.WalkTime
	// Source is what the TUI needs from a mobility/v1 service.
	Source = feeds.Source
	// DelayRule says when a delay counts as late.
	DelayRule = ui.DelayRule
	// Band is a row's leave-now band.
	Band = ui.Band
	// Theme is a colour theme.
	Theme = ui.Theme
)

// Limits and defaults.
const (
	DefaultStop            = app.DefaultStop
	DefaultLimit           = app.DefaultLimit
	MaxBoards              = app.MaxBoards
	MaxLimit               = app.MaxLimit
	MaxPerLine             = app.MaxPerLine
	DefaultInterval        = feeds.DefaultInterval
	MinKioskRotate         = feeds.MinKioskRotate
	DefaultKioskRotate     = feeds.DefaultKioskRotate
	DefaultKioskStaleAfter = feeds.DefaultKioskStaleAfter
	DefaultQuitKey         = app.DefaultQuitKey
	DefaultSpeakKey        = app.DefaultSpeakKey
	DefaultRemindBefore    = remind.DefaultBefore
	MaxRemindBefore        = remind.MaxBefore
	RemindAtLeave          = remind.AtLeave
)

// Theme names.
const (
	ThemeDark    = ui.ThemeDark
	ThemeConsole = ui.ThemeConsole
)

// Leave-now bands.
const (
	BandNone   = ui.BandNone
	BandCatch  = ui.BandCatch
	BandHurry  = ui.BandHurry
	BandMissed = ui.BandMissed
)

// DefaultDelayRule is the delay rule when none is configured.
var DefaultDelayRule = ui.DefaultDelayRule

// ParseWalk reads a walking time ("4m", "240s", "4").
func ParseWalk(s string) (time.Duration, error) { return app.ParseWalk(s) }

// LeaveBand is when to leave for e at now with a walk of walk, and how
// urgent it is.
func LeaveBand(e *model.Event, now time.Time, walk time.Duration) (leaveAt time.Time, b Band, ok bool) {
	return ui.LeaveBand(e, now, walk)
}

// ThemeNames lists the themes.
func ThemeNames() []string { return ui.ThemeNames() }

// NotifyModes are the values of --notify; NotifyFor resolves auto.
var NotifyModes = remind.NotifyModes

// NotifyFor resolves a --notify mode for the terminal of the environment.
func NotifyFor(mode string, getenv func(string) string) string { return remind.NotifyFor(mode, getenv) }

// HyperlinkModes are the values of --hyperlinks; HyperlinksFor resolves
// auto for the terminal of the environment (links.go in app).
var HyperlinkModes = app.HyperlinkModes

// HyperlinksFor reports whether a --hyperlinks mode links in the terminal
// of the environment.
func HyperlinksFor(mode string, getenv func(string) string) bool {
	return app.HyperlinksFor(mode, getenv)
}

// CheckLinkTemplate says what is wrong with a URL template of stops
// (vehicle false) or vehicles.
func CheckLinkTemplate(tmpl string, vehicle bool) error {
	if vehicle {
		return app.CheckLinkTemplate(tmpl, app.VehiclePlaceholders)
	}
	return app.CheckLinkTemplate(tmpl, app.StopPlaceholders)
}

// ThemeAbout is one line about each theme.
var ThemeAbout = catalog.ThemeAbout

// ThemeByName returns the theme called name.
func ThemeByName(name string) (Theme, bool) { return ui.ThemeByName(name) }

// LinuxConsole reports whether TERM names the Linux console.
func LinuxConsole(term string) bool { return ui.LinuxConsole(term) }

// ConsoleSafe reports whether the Linux console's font draws r.
func ConsoleSafe(r rune) bool { return ui.ConsoleSafe(r) }

// History is the recorded history the board reads (key i, the vehicle
// pane's runs); Punctuality and VehicleRun are what it answers.
type History = app.History

// Punctuality is a line's recorded punctuality at a stop.
type Punctuality = app.Punctuality

// VehicleRun is one recorded run of a vehicle.
type VehicleRun = app.VehicleRun
