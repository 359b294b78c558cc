// Package ui is what every view of abfahrt draws with and says: the themes
// and styles (styles.go, night.go, console.go for the Linux console's
// glyphs), the one text catalogue in English and German (i18n.go, with the
// dispatcher's section in grid_text.go), formatting helpers (format.go:
// delay rule, severities, fitting text into columns; walk.go: leave-now
// bands), the key bindings every pane builds on (keys.go: the global keys,
// row and view keys, the overlays), the list cursor (list.go), the frame
// memo (memo.go) and the error line (errline.go).
//
// ui imports no pane and no feed: it is the bottom layer of tui/internal.
package ui
