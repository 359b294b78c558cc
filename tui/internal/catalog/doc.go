// Package catalog is abfahrt's one text catalogue: every word the
// terminal interface shows, in English and German, one file per feature
// (board.go, grid.go, vehicle.go, kiosk.go, accessible.go, status.go,
// errors.go, …). Each file declares the feature's texts as a struct, then
// its English and its German values next to each other, so a text and
// its translation are read and changed together. The screen-reader
// mode's sentences are here too (accessible.go); a departure's own
// spoken sentence is package speech's, which the kiosk's announcements
// share and which sits outside the interface.
//
// Texts embeds every feature, and ui.Texts embeds Texts, so a view reads
// any text by its name (tx.Departures, tx.HistNone). Rules the tests
// hold: a field name is used once in the whole catalogue (an embedded
// name would shadow another); every English text has a German one with
// the same format verbs; a German sentence is never the English one
// left untranslated.
//
// The package imports no other package of the interface: ui, feeds and
// the panes import it.
package catalog
