package ui

// Minimum terminal size for the board; below it a short notice shows.
const (
	MinWidth  = 30
	MinHeight = 8
)

// overlay is a modal layer above the panes that takes all keys.
type Overlay int

const (
	OverlayNone Overlay = iota
	OverlaySearch
	OverlayHelp
)
