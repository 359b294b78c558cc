package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"abfahrt/model"
	"abfahrt/tui"
)

// newBoardCmd builds the departures (or arrivals) command.
func newBoardCmd(g *globals, arrivals bool) *cobra.Command {
	var (
		stop, stopPoint string
		limit           int
		asJSON          bool
		walkFlag        = "0s"
	)
	what := "departures"
	if arrivals {
		what = "arrivals"
	}
	cmd := &cobra.Command{
		Use:   what + " --stop N | --stoppoint CODE",
		Short: "Print the next " + what + " of a stop or a stop point",
		Example: fmt.Sprintf(`  abfahrt %[1]s --stop 1008
  abfahrt %[1]s --stoppoint 100801 --limit 5
  abfahrt %[1]s --stop 1350 --json`, what),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if (stop == "") == (stopPoint == "") {
				return usagef("%s needs exactly one of --stop N or --stoppoint CODE", what)
			}
			if limit < 1 || limit > 100 {
				return usagef("--limit must be between 1 and 100, got %d", limit)
			}
			walk, err := tui.ParseWalk(walkFlag)
			if err != nil {
				return usagef("--walk: %v", err)
			}
			number, code, err := parseSubject(stop, stopPoint)
			if err != nil {
				return err
			}
			src, err := g.source()
			if err != nil {
				return err
			}
			ctx, cancel := withTimeout(cmd.Context())
			defer cancel()
			var b model.Board
			switch {
			case stop != "" && arrivals:
				b, err = src.client.StopArrivals(ctx, number, limit)
			case stop != "":
				b, err = src.client.StopDepartures(ctx, number, limit)
			case arrivals:
				b, err = src.client.StopPointArrivals(ctx, code, limit)
			default:
				b, err = src.client.StopPointDepartures(ctx, code, limit)
			}
			if err != nil {
				return err
			}
			if walk > 0 && !arrivals {
				if asJSON {
					return printWalkJSON(g.stdout, b, walk)
				}
				return printWalkBoard(g, b, walk)
			}
			if asJSON {
				return printJSON(g.stdout, b)
			}
			return printBoard(g, b)
		},
	}
	f := cmd.Flags()
	f.StringVar(&stop, "stop", "", "stop number (4 digits), e.g. 1008")
	f.StringVar(&stopPoint, "stoppoint", "", "stop point code (6 digits or a DHID), e.g. 100801")
	f.IntVar(&limit, "limit", 10, "at most this many rows (1-100)")
	f.BoolVar(&asJSON, "json", false, "print the decoded records as JSON")
	if !arrivals {
		f.StringVar(&walkFlag, "walk", "0s", "walking time to the stop, e.g. 4m: each row gets when to leave and its band (catchable, hurry, missed)")
	}
	return cmd
}

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
}

// word is s in the CLI's language: a table word, or a format (whose
// arguments stay as given).
func (g *globals) word(s string) string {
	if g.s != nil && g.s.lang.value == "de" {
		if w, ok := germanWords[s]; ok {
			return w
		}
	}
	return s
}

func printBoard(g *globals, b model.Board) error {
	title := b.StopName
	if title == "" {
		title = g.word("stop point ") + b.StopPointCode.String()
	}
	kind := "Departures"
	if b.Arrivals {
		kind = "Arrivals"
	}
	if _, err := fmt.Fprintf(g.stdout, g.word("%s at %s, %s")+"\n\n", g.word(kind), title, clock(b.Timestamp)); err != nil {
		return err
	}
	events := departing(b)
	if len(events) == 0 {
		_, err := fmt.Fprintln(g.stdout, g.word("No "+lower(kind)+" in the coming hours."))
		return err
	}
	dir := "DIRECTION"
	if b.Arrivals {
		dir = "FROM" // an arrival's direction text is where it comes from
	}
	head := []string{"LINE", dir, "PLATFORM", "SCHEDULED", "EXPECTED", "DELAY", "IN", "STATUS"}
	for i := range head {
		head[i] = g.word(head[i])
	}
	t := newTable(g.stdout, head...)
	for _, e := range events {
		t.row(e.Line(), e.DirectionText, dash(e.PlatformName), clock(e.Scheduled), g.word(expected(e)), g.word(delay(e)),
			g.countdownIn(e.DueSeconds(b.Timestamp.Time)), g.word(statusWord(e)))
	}
	return t.flush()
}

// departing is the board's events less the trips that end at its stop:
// a trip that ends here departs nowhere (arrivals keep every event).
func departing(b model.Board) []model.Event {
	events := make([]model.Event, 0, len(b.Events))
	for _, e := range b.Events {
		if !e.Arrival && b.StopName != "" && strings.EqualFold(strings.TrimSpace(e.DirectionText), b.StopName) {
			continue
		}
		events = append(events, e)
	}
	return events
}

// countdownIn is countdown in the CLI's language.
func (g *globals) countdownIn(sec int) string {
	in := countdown(sec)
	if n, ok := strings.CutSuffix(in, " min"); ok {
		return n + g.word(" min")
	}
	return g.word(in)
}

// clock formats a time as HH:MM:SS, or "-" when unknown.
func clock(t model.Time) string {
	if !t.Known() {
		return "-"
	}
	return t.Format("15:04:05")
}

func expected(e model.Event) string {
	if !e.Realtime() {
		return "(planned)"
	}
	return clock(e.Actual)
}

// delay reads a deviation for people: "+3", "-1", "on time".
func delay(e model.Event) string {
	if !e.Realtime() {
		return "-"
	}
	return delayText(e.Deviation)
}

func delayText(seconds int) string {
	switch m := model.DelayMinutes(seconds); {
	case m > 0:
		return "+" + strconv.Itoa(m)
	case m < 0:
		return strconv.Itoa(m)
	}
	return "on time"
}

// countdown reads a countdown in seconds: "now" under a minute, "N min".
func countdown(sec int) string {
	switch {
	case sec < -60:
		return "gone"
	case sec < 60:
		return "now"
	}
	return strconv.Itoa(sec/60) + " min"
}

func statusWord(e model.Event) string {
	if e.Status == model.StatusPredicted || e.Status == 0 {
		return ""
	}
	return e.Status.String()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func lower(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
