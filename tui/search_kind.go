package tui

import (
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// kindLabel is the short tag of a search result's kind in the language of
// tx: "stop", "platform", "line", … It lives with the search pane, the
// one place that knows the search's kinds, so that the text kit (ui) and
// the catalogue need not import the search.
func kindLabel(tx *ui.Texts, k search.Kind) string {
	switch k {
	case search.KindStop:
		return tx.KindStop
	case search.KindStopPoint:
		return tx.KindPlatform
	case search.KindLine:
		return tx.KindLine
	case search.KindVehicle:
		return tx.KindVehicle
	case search.KindAction:
		return tx.KindAction
	case search.KindTheme:
		return tx.KindTheme
	case search.KindLayout:
		return tx.KindLayout
	}
	return ""
}
