package textout

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"abfahrt/model"
)

// germanWords are the departures and arrivals tables' words in German
// (--lang de); the service's own texts (stops, directions) stay as sent.
var germanWords = map[string]string{ //nolint:gosec // G101: table words, no credentials
	"Departures": "Abfahrten", "Arrivals": "Ankünfte", "%s at %s, %s": "%s %s, %s", "stop point ": "Steig ",
	"No departures in the coming hours.": "Keine Abfahrten in den nächsten Stunden.",
	"No arrivals in the coming hours.":   "Keine Ankünfte in den nächsten Stunden.",
	"LINE":                               "LINIE", "DIRECTION": "RICHTUNG", "FROM": "VON", "PLATFORM": "STEIG", "SCHEDULED": "PLAN",
	"EXPECTED": "ERWARTET", "DELAY": "VERSPÄTUNG", "IN": "IN", "STATUS": "STATUS",
	"(planned)": "(Fahrplan)", "on time": "pünktlich", "now": "sofort", "gone": "weg", " min": " Min",
	"arriving": "fährt ein", "at stop": "am Steig", "departed": "abgefahren", "passed": "durchgefahren",
	"predicted": "erwartet",
	// stops
	"STOP": "HALT", "CODE": "KÜRZEL", "NAME": "NAME", "PLATFORMS": "STEIGE",
	// departures --walk and next
	"%s at %s, %s, walking %s": "%s %s, %s, Fußweg %s", "LEAVE": "LOSGEHEN", "BAND": "ZONE",
	"catchable": "erreichbar", "hurry": "knapp", "missed": "verpasst", "go now": "jetzt los",
	"leave in %d min": "los in %d Min", "%s for line %s to %s, %s, %s": "%s für Linie %s nach %s, %s, %s",
	"planned": "Fahrplan",
	// vehicle
	"Vehicle %d (%s) is not in service.": "Fahrzeug %d (%s) ist nicht im Einsatz.",
	"%s %d, line %s to %s: %s, %s":       "%s %d, Linie %s nach %s: %s, %s",
	"tram":                               "Straßenbahn", "bus": "Bus", "unknown": "unbekannt",
	"position unknown": "Position unbekannt", "at %.5f, %.5f heading %d°": "bei %.5f, %.5f, Richtung %d°",
	"%d min late": "%d Min verspätet", "%d min early": "%d Min zu früh",
	// exceptions
	"data ok": "Daten ok", "outage: %d %% of vehicles silent > %d s": "Ausfall: %d %% der Fahrzeuge stumm > %d s",
	"%d vehicles in service":                                    "%d Fahrzeuge im Einsatz",
	"The items may be wrong: many vehicles report no position.": "Die Einträge können falsch sein: viele Fahrzeuge melden keine Position.",
	"Nothing needs a dispatcher.":                               "Nichts für die Leitstelle.",
	"SINCE":                                                     "SEIT", "KIND": "ART", "VEHICLE": "FAHRZEUG", "DETAIL": "WAS", "WHERE": "WO",
	"abfahrt: line items: %d requests failed (%v); their vehicles are left out": "abfahrt: Linienmeldungen: %d Anfragen gescheitert (%v); ihre Fahrzeuge fehlen",
	"late": "verspätet", "bunched": "Pulk", "gap": "Lücke", "ghost": "Geisterfahrt", "silent": "stumm", "connection": "Anschluss",
}

// Words are the commands' words in English, or German.
type Words struct{ German bool }

// Word is s in the language: a table word, or a format (whose arguments
// stay as given).
func (w Words) Word(s string) string {
	if w.German {
		if t, ok := germanWords[s]; ok {
			return t
		}
	}
	return s
}

// PrintBoard prints a departures or arrivals board as a table on out.
func PrintBoard(out io.Writer, w Words, b model.Board) error {
	title := b.StopName
	if title == "" {
		title = w.Word("stop point ") + b.StopPointCode.String()
	}
	kind := "Departures"
	if b.Arrivals {
		kind = "Arrivals"
	}
	if _, err := fmt.Fprintf(out, w.Word("%s at %s, %s")+"\n\n", w.Word(kind), title, Clock(b.Timestamp)); err != nil {
		return err
	}
	events := Departing(b)
	if len(events) == 0 {
		_, err := fmt.Fprintln(out, w.Word("No "+Lower(kind)+" in the coming hours."))
		return err
	}
	dir := "DIRECTION"
	if b.Arrivals {
		dir = "FROM" // an arrival's direction text is where it comes from
	}
	head := []string{"LINE", dir, "PLATFORM", "SCHEDULED", "EXPECTED", "DELAY", "IN", "STATUS"}
	for i := range head {
		head[i] = w.Word(head[i])
	}
	t := NewTable(out, head...)
	for _, e := range events {
		t.Row(e.Line(), e.DirectionText, Dash(e.PlatformName), Clock(e.Scheduled), w.Word(Expected(e)), w.Word(Delay(e)),
			w.CountdownIn(e.DueSeconds(b.Timestamp.Time)), w.Word(StatusWord(e)))
	}
	return t.Flush()
}

// Departing is the board's events less the trips that end at its stop:
// a trip that ends here departs nowhere (arrivals keep every event).
func Departing(b model.Board) []model.Event {
	events := make([]model.Event, 0, len(b.Events))
	for _, e := range b.Events {
		if !e.Arrival && b.StopName != "" && strings.EqualFold(strings.TrimSpace(e.DirectionText), b.StopName) {
			continue
		}
		events = append(events, e)
	}
	return events
}

// CountdownIn is Countdown in the language.
func (w Words) CountdownIn(sec int) string {
	in := Countdown(sec)
	if n, ok := strings.CutSuffix(in, " min"); ok {
		return n + w.Word(" min")
	}
	return w.Word(in)
}

// Clock formats a time as HH:MM:SS, or "-" when unknown.
func Clock(t model.Time) string {
	if !t.Known() {
		return "-"
	}
	return t.Format("15:04:05")
}

// Expected is the expected time, or (planned) without real-time data.
func Expected(e model.Event) string {
	if !e.Realtime() {
		return "(planned)"
	}
	return Clock(e.Actual)
}

// Delay reads a deviation for people: "+3", "-1", "on time".
func Delay(e model.Event) string {
	if !e.Realtime() {
		return "-"
	}
	return DelayText(e.Deviation)
}

// DelayText reads a delay in seconds as whole minutes: "+2", "on time".
func DelayText(seconds int) string {
	switch m := model.DelayMinutes(seconds); {
	case m > 0:
		return "+" + strconv.Itoa(m)
	case m < 0:
		return strconv.Itoa(m)
	}
	return "on time"
}

// Countdown reads a countdown in seconds: "now" under a minute, "N min".
func Countdown(sec int) string {
	switch {
	case sec < -60:
		return "gone"
	case sec < 60:
		return "now"
	}
	return strconv.Itoa(sec/60) + " min"
}

// StatusWord is an event's status unless it is merely predicted.
func StatusWord(e model.Event) string {
	if e.Status == model.StatusPredicted || e.Status == 0 {
		return ""
	}
	return e.Status.String()
}

// Dash is s, or "-" when empty.
func Dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Lower is s with its first letter in lower case.
func Lower(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
