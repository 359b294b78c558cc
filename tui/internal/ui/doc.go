// Package ui is what every view of abfahrt draws with and says: the themes
// and styles (styles.go, night.go, console.go for the Linux console's
// glyphs), the text catalogue of one language with what formats in it
// (i18n.go: Texts; the English and German texts themselves are package
// catalog, one file per feature), formatting helpers (format.go:
// delay rule, severities, fitting text into columns; walk.go: leave-now
// bands), the key bindings every pane builds on (keys.go: the global keys,
// row and view keys, the overlays), the list cursor (list.go), the frame
// memo (memo.go) and the error line (errline.go).
//
// ui imports no pane and no feed; below it in tui/internal are only the
// catalogue (catalog) and the colour science (colour).
package ui
