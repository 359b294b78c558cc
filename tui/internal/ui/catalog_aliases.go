package ui

import "abfahrt/tui/internal/catalog"

// The names the text catalogue had in ui before it moved to package
// catalog, kept so that the panes edited on other branches compile
// unchanged; they go when the branches merge, and their users name
// catalog's instead.

// DispTexts are the dispatcher's views' texts (catalog.DispTexts).
type DispTexts = catalog.DispTexts

// Languages of the catalogue (catalog.LangEnglish, catalog.LangGerman).
const (
	LangEnglish = catalog.LangEnglish
	LangGerman  = catalog.LangGerman
)

// ThemeAbout is one line about each theme (catalog.ThemeAbout).
var ThemeAbout = catalog.ThemeAbout
