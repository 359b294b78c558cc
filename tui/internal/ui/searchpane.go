package ui

import (
	"abfahrt/tui/search"
)

// kindLabel is the short tag of a result kind.
func (t *Texts) KindLabel(k search.Kind) string {
	switch k {
	case search.KindStop:
		return t.KindStop
	case search.KindStopPoint:
		return t.KindPlatform
	case search.KindLine:
		return t.KindLine
	case search.KindVehicle:
		return t.KindVehicle
	}
	return ""
}
