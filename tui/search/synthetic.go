package search

import (
	"math/rand/v2"
	"strings"
)

// Word lists for SyntheticNames, "|"-separated: stems, endings and places of
// the kind found on German stop and street signs, with umlauts and ß.
const (
	synStems = "" +
		"Brühl|Mühl|Kirch|Linden|Eichen|Buchen|Tannen|Birken|Rosen|" +
		"Garten|Schul|Bahnhof|Post|Markt|Schloss|Burg|Wald|Feld|" +
		"Wiesen|Acker|Sonnen|Stern|Königs|Kaiser|Fürsten|Grafen|" +
		"Herzog|Bischofs|Schäfer|Müller|Fischer|Weber|Gärtner|Bäcker|" +
		"Schmied|Glocken|Blumen|Ahorn|Kastanien|Weiden|Hirsch|Adler|" +
		"Falken|Löwen|Bären|Mönchs|Nonnen|Brunnen|Quellen|Hügel|" +
		"Höhen|Tal|Steinbruch|Ziegel|Kalk|Sand|Lehm|Mauer|Graben|" +
		"Wall|Turm|Zoll|Messe|Hafen|Fähr|Weinberg|Hopfen|Flachs|Öl|" +
		"Säge|Schleif|Hammer|Kupfer|Eisen|Silber|Gold|Einstein|" +
		"Goethe|Schiller|Uhland|Hölderlin|Mörike"
	synEndings = "" +
		"straße|weg|gasse|platz|allee|ring|steige|halde|hof|brücke|" +
		"berg|bach|feld|wiese|garten|tor|markt|grund|äcker|höhe|" +
		"winkel|graben"
	synAdjectives = "" +
		"Obere|Untere|Alte|Neue|Hintere|Vordere|Große|Kleine|Äußere|" +
		"Innere|Lange|Kurze"
	synPlaces = "" +
		"Söflingen|Wiblingen|Böfingen|Eselsberg|Jungingen|Lehr|" +
		"Mähringen|Ermingen|Einsingen|Donautal|Grimmelfingen|" +
		"Gögglingen|Unterweiler|Neu-Ulm|Pfuhl|Ludwigsfeld|" +
		"Offenhausen|Senden|Blaustein|Blaubeuren|Ehingen|Laupheim|" +
		"Dornstadt|Beimerstetten|Erbach|Illerkirchberg|Langenau|" +
		"Günzburg|Weißenhorn|Vöhringen|Illertissen|Dietenheim|" +
		"Schelklingen|Herrlingen|Kißlegg"
	synAreas = "" +
		"Nord|Süd|Ost|West|Mitte|Schule|Kirche|Friedhof|Rathaus|" +
		"Bahnhof|Zentrum|Klinik|Schwimmbad|Sportplatz|Gewerbegebiet|" +
		"Wendeschleife|Ortsmitte|Dorfplatz|Brücke"
	synPrepositions = "" +
		"Am|Beim|Im|Zum|An der|Zur|Auf der|Hinter der"
)

// SyntheticNames returns n plausible German stop and street names such as
// "Obere Brühlstraße", "Am Mühlbach", "Kirchplatz Süd" or
// "Haltestelle Lindenweg", with umlauts and ß. The same n and seed always
// give the same names. It exists for benchmarks at scales beyond the real
// Ulm data; names may repeat.
func SyntheticNames(n int, seed int64) []string {
	if n <= 0 {
		return nil
	}
	var (
		stems        = strings.Split(synStems, "|")
		endings      = strings.Split(synEndings, "|")
		adjectives   = strings.Split(synAdjectives, "|")
		places       = strings.Split(synPlaces, "|")
		areas        = strings.Split(synAreas, "|")
		prepositions = strings.Split(synPrepositions, "|")
	)
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed_abfa_4872))
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	street := func() string { return pick(stems) + pick(endings) }
	names := make([]string, n)
	var b strings.Builder
	for i := range names {
		b.Reset()
		switch rng.IntN(9) {
		case 0:
			b.WriteString(street())
		case 1:
			b.WriteString(pick(adjectives) + " " + street())
		case 2:
			b.WriteString(pick(prepositions) + " " + street())
		case 3:
			b.WriteString(pick(stems) + "platz " + pick(areas))
		case 4:
			b.WriteString("Haltestelle " + street())
		case 5:
			b.WriteString(pick(places) + " " + street())
		case 6:
			b.WriteString(pick(places) + " " + pick(areas))
		case 7:
			b.WriteString(pick(places) + ", " + pick(adjectives) + " " + street())
		default:
			b.WriteString(street() + " " + pick(areas))
		}
		names[i] = b.String()
	}
	return names
}
