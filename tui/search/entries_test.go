package search

import (
	"fmt"
	"strconv"
)

// ulmStop is a hand-picked real Ulm stop for the test data.
type ulmStop struct {
	name   string
	number int
	code   string
	steige string // platform letters; one stop point each
	low    bool
}

// ulmStops returns a small list of real Ulm stops, plus the depot and a
// replacement stop that must rank last.
func ulmStops() []ulmStop {
	return []ulmStop{
		{"Hauptbahnhof", 1008, "HBF", "ABCDEF", false},
		{"Hauptbahnhof Ersatzhalt B", 1009, "HBFE", "B", true},
		{"ZOB", 1000, "ZOB", "ABCDEFGH", false},
		{"Theater", 1010, "THEA", "AB", false},
		{"Ehinger Tor", 1350, "EHT", "ABCD", false},
		{"Ehinger Tor Ersatzhalt", 1351, "EHTE", "A", true},
		{"Universität Süd", 1240, "UNIS", "AB", false},
		{"Universität West", 1245, "UNIW", "AB", false},
		{"Königstraße", 1311, "KOEN", "AB", false},
		{"Gewerbeschulen Königstraße", 1383, "GEWK", "AB", false},
		{"Kuhberg Schulzentrum", 1390, "KUHS", "AB", false},
		{"Örlinger Straße", 1048, "OERL", "AB", false},
		{"Gänsturm", 1006, "GAEN", "AB", false},
		{"Söflingen", 1300, "SOEF", "ABC", false},
		{"Römerplatz", 1360, "ROEM", "AB", false},
		{"Donaustadion", 1052, "DOST", "AB", false},
		{"Rathaus Ulm", 1001, "RATH", "AB", false},
		{"Willy-Brandt-Platz", 1015, "WBP", "AB", false},
		{"Science Park II", 1270, "SCP2", "AB", false},
		{"Botanischer Garten", 1250, "BOTG", "AB", false},
		{"Eselsberg Hasenkopf", 1230, "ESHK", "AB", false},
		{"Böfingen Haltepunkt", 1120, "BOEF", "AB", false},
		{"Wiblingen Tannenplatz", 1460, "WIBT", "AB", false},
		{"Kienlesberg", 1200, "KIEN", "AB", false},
		{"SWU Betriebshof", 1900, "BHOF", "", true},
	}
}

// ulmLine is an Ulm line number with its route.
type ulmLine struct{ number, route string }

// ulmLines returns the Ulm day lines with their route names.
func ulmLines() []ulmLine {
	return []ulmLine{
		{"1", "Söflingen – Böfingen"},
		{"2", "Kuhberg – Science Park II"},
		{"4", "Kuhberg – Eselsberg"},
		{"5", "Wiblingen – Universität Süd"},
		{"6", "Hauptbahnhof – Gögglingen"},
		{"7", "Hauptbahnhof – Jungingen"},
		{"8", "Söflingen – Ludwigsfeld"},
		{"9", "Hauptbahnhof – Lehr"},
		{"10", "Böfingen – Wiblingen"},
		{"11", "Eselsberg – Donautal"},
		{"12", "Ehinger Tor – Mähringen"},
		{"13", "Hauptbahnhof – Ermingen"},
		{"14", "Hauptbahnhof – Einsingen"},
		{"15", "Neu-Ulm – Pfuhl"},
		{"16", "Theater – Grimmelfingen"},
		{"17", "Ehinger Tor – Unterweiler"},
	}
}

// testEntries returns realistic base data: stops, their stop points, lines
// (day and night) and vehicles (trams 41..59, buses 101..199).
func testEntries() []Entry {
	var es []Entry
	for _, s := range ulmStops() {
		num := strconv.Itoa(s.number)
		es = append(es, Entry{
			Kind:   KindStop,
			Title:  s.name,
			Detail: num + " · " + s.code,
			Keys:   []string{num, s.code},
			Low:    s.low,
			Ref:    s.number,
		})
		for i, steig := range s.steige {
			code := fmt.Sprintf("%d%02d", s.number, i+1)
			es = append(es, Entry{
				Kind:   KindStopPoint,
				Title:  s.name + " Steig " + string(steig),
				Detail: code,
				Keys:   []string{code},
				Low:    s.low,
				Ref:    code,
			})
		}
	}
	for _, l := range ulmLines() {
		es = append(es, lineEntry(l.number, l.route))
	}
	for n := 1; n <= 8; n++ {
		es = append(es, lineEntry("N"+strconv.Itoa(n), "Hauptbahnhof – Nachtnetz "+strconv.Itoa(n)))
	}
	for n := 41; n <= 59; n++ {
		es = append(es, vehicleEntry("Tram", "tram", n))
	}
	for n := 101; n <= 199; n++ {
		es = append(es, vehicleEntry("Bus", "bus", n))
	}
	return es
}

func lineEntry(number, route string) Entry {
	return Entry{
		Kind:   KindLine,
		Title:  "Linie " + number + " " + route,
		Detail: "line",
		Keys:   []string{number},
		Ref:    number,
	}
}

func vehicleEntry(title, mode string, n int) Entry {
	num := strconv.Itoa(n)
	return Entry{
		Kind:   KindVehicle,
		Title:  title + " " + num,
		Detail: mode,
		Keys:   []string{num},
		Ref:    n,
	}
}

// ulmScaleEntries pads testEntries with synthetic stops (each with two or
// three stop points) to the size of all Ulm base data: about 350 stops, 830
// stop points, 25 lines and 120 vehicles, about 1.4k entries.
func ulmScaleEntries() []Entry {
	es := testEntries()
	stops := len(ulmStops())
	for i, name := range SyntheticNames(350-stops, 1) {
		number := 2000 + i
		es = append(es, Entry{
			Kind:   KindStop,
			Title:  name,
			Detail: strconv.Itoa(number),
			Keys:   []string{strconv.Itoa(number)},
		})
		for p := range 2 + i%2 {
			code := fmt.Sprintf("%d%02d", number, p+1)
			es = append(es, Entry{
				Kind:   KindStopPoint,
				Title:  fmt.Sprintf("%s Steig %c", name, 'A'+p),
				Detail: code,
				Keys:   []string{code},
			})
		}
	}
	return es
}

// namedEntries makes one KindStop entry per title.
func namedEntries(titles ...string) []Entry {
	es := make([]Entry, len(titles))
	for i, t := range titles {
		es[i] = Entry{Kind: KindStop, Title: t}
	}
	return es
}
