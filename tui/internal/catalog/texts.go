package catalog

import "fmt"

// Languages of the catalogue.
const (
	LangEnglish = "en"
	LangGerman  = "de"
)

// Texts is the catalogue of one language: every feature's texts.
type Texts struct {
	Board
	Walk
	Remind
	Status
	Errors
	Help
	Search
	Vehicle
	Kiosk
	DispTexts
	Queue
	Ladder
	History
	Palette
	ScreenReader
}

// DispTexts are the texts of the dispatcher's views: the grid of boards,
// the merged list, the fleet and the pins. The panes of the board side
// hold a pointer to them alone (app.Shared.DispatchTexts).
type DispTexts struct {
	Grid
	MergedList
	FleetList
	Pins
}

// English is the English catalogue.
func English() Texts {
	return Texts{
		Board: englishBoard(), Walk: englishWalk(), Remind: englishRemind(),
		Status: englishStatus(), Errors: englishErrors(), Help: englishHelp(),
		Search: englishSearch(), Vehicle: englishVehicle(), Kiosk: englishKiosk(),
		DispTexts: EnglishDispTexts(), Queue: englishQueue(), Ladder: englishLadder(),
		History: englishHistory(), Palette: englishPalette(), ScreenReader: englishScreenReader(),
	}
}

// German is the German catalogue.
func German() Texts {
	return Texts{
		Board: germanBoard(), Walk: germanWalk(), Remind: germanRemind(),
		Status: germanStatus(), Errors: germanErrors(), Help: germanHelp(),
		Search: germanSearch(), Vehicle: germanVehicle(), Kiosk: germanKiosk(),
		DispTexts: GermanDispTexts(), Queue: germanQueue(), Ladder: germanLadder(),
		History: germanHistory(), Palette: germanPalette(), ScreenReader: germanScreenReader(),
	}
}

// EnglishDispTexts are the dispatcher's views' English texts.
func EnglishDispTexts() DispTexts {
	return DispTexts{Grid: englishGrid(), MergedList: englishMerged(), FleetList: englishFleet(), Pins: englishPins()}
}

// GermanDispTexts are the dispatcher's views' German texts.
func GermanDispTexts() DispTexts {
	return DispTexts{Grid: germanGrid(), MergedList: germanMerged(), FleetList: germanFleet(), Pins: germanPins()}
}

// Count is one for n == 1, else many with n: "1 board", "2 boards".
func (dt *DispTexts) Count(one, many string, n int) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}
