package accessible

import (
	"context"
	"strconv"
	"strings"

	"abfahrt/model"
	"abfahrt/speech"
	"abfahrt/tui/search"
)

// maxChoices is how many stops a search offers by number.
const maxChoices = 9

// intro is the first line: what this is and how to get help.
func intro(l speech.Lang, source string) string {
	if source == "" {
		return l.Pick("abfahrt, screen-reader mode. Type help for the commands.",
			"abfahrt, Bildschirmleser-Modus. Tippen Sie hilfe für die Befehle.")
	}
	return l.Pick("abfahrt, screen-reader mode, "+source+". Type help for the commands.",
		"abfahrt, Bildschirmleser-Modus, "+source+". Tippen Sie hilfe für die Befehle.")
}

// helpLines list the commands, in the session's language (the English
// words work in German too).
func helpLines(l speech.Lang) []string {
	if l.German() {
		return []string{
			"Befehle:",
			"halt NAME oder NUMMER: Abfahrten einer anderen Haltestelle; bei mehreren Treffern wählt eine Zahl.",
			"linie 4: nur diese Linie; linie allein: alle Linien.",
			"liste: alle Abfahrten noch einmal, mit Nummern; später werden nur Änderungen der nächsten 30 Minuten gesagt.",
			"nächste: die nächste Abfahrt, die Sie noch erreichen.",
			"fußweg 5: 5 Minuten Fußweg zur Haltestelle; gesagt wird, wann Sie losgehen müssen, unerreichbare Abfahrten entfallen; fußweg 0: kein Fußweg.",
			"erinnern 3: Erinnerung an Abfahrt 3 der Liste, eine Minute bevor Sie losgehen müssen; noch einmal: löschen.",
			"ankünfte: die Ankünfte; abfahrten: wieder die Abfahrten.",
			"fahrzeug 3: Verspätung und nächste Halte des Fahrzeugs von Abfahrt 3 der Liste.",
			"aktualisieren: jetzt neu abfragen.",
			"hilfe: diese Befehle.",
			"ende: beenden.",
		}
	}
	return []string{
		"Commands:",
		"stop NAME or NUMBER: the departures of another stop; when several match, a number picks one.",
		"line 4: only this line; line alone: all lines.",
		"list: every departure again, numbered; later only changes within the next 30 minutes are said.",
		"next: the next departure you can still catch.",
		"walk 5: a 5 minute walk to the stop; each departure says when to leave, those you cannot reach are left out; walk 0: no walk.",
		"remind 3: a reminder of departure 3 of the list, a minute before you must leave; again: remove it.",
		"arrivals: the arrivals; departures: the departures again.",
		"vehicle 3: the delay and next stops of the vehicle of departure 3 of the list.",
		"refresh: ask the service now.",
		"help: these commands.",
		"quit: end.",
	}
}

// command runs one typed line; it reports whether the session ends.
func (s *session) command(ctx context.Context, typed string) bool {
	word, arg, _ := strings.Cut(strings.TrimSpace(typed), " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
		return false
	case "quit", "exit", "q", "ende", "beenden":
		s.say(s.l.Pick("Goodbye.", "Auf Wiedersehen."))
		return true
	case "help", "hilfe", "?":
		for _, l := range helpLines(s.l) {
			s.say(l)
		}
	case "stop", "halt", "haltestelle":
		s.findStop(ctx, arg)
	case "line", "linie":
		s.setLine(ctx, arg)
	case "list", "liste":
		if s.answered() {
			s.list(s.departures(s.last))
		}
	case "departures", "abfahrten":
		s.setArrivals(ctx, false)
	case "arrivals", "ankünfte", "ankuenfte", "ankunft":
		s.setArrivals(ctx, true)
	case "walk", "fußweg", "fussweg", "weg":
		s.setWalk(ctx, arg)
	case "remind", "erinnern", "erinnere", "erinnerung":
		s.remindCmd(arg)
	case "vehicle", "fahrzeug":
		s.vehicle(ctx, arg)
	case "next", "nächste", "naechste", "nächster":
		s.next()
	case "refresh", "aktualisieren", "r":
		s.say(s.l.Pick("Asking the service.", "Frage den Dienst."))
		s.poll.Reset(0)
	default:
		if n, err := strconv.Atoi(word); err == nil && arg == "" {
			s.pick(ctx, n)
			return false
		}
		s.say(s.l.Pick("Unknown command: "+word+". Type help for the commands.",
			"Unbekannter Befehl: "+word+". Tippen Sie hilfe für die Befehle."))
	}
	return false
}

// setLine keeps only line (all lines for "", "all", "alle") and says the
// list again.
func (s *session) setLine(ctx context.Context, line string) {
	switch strings.ToLower(line) {
	case "all", "alle":
		line = ""
	}
	s.line = line
	if line == "" {
		s.say(s.l.Pick("All lines.", "Alle Linien."))
	} else {
		s.say(s.l.Pick("Only line ", "Nur Linie ") + line + ".")
	}
	s.tr.Reset()
	if s.last != nil && line == "" {
		s.update(s.last)
		return
	}
	s.request(ctx) // a line needs more of the stop's departures
}

// findStop switches to the stop a number names, or searches the stops'
// names and offers the matches by number.
func (s *session) findStop(ctx context.Context, query string) {
	if query == "" {
		s.say(s.l.Pick("Which stop? Type stop and a name, such as stop hauptbahnhof.",
			"Welche Haltestelle? Tippen Sie halt und einen Namen, etwa halt hauptbahnhof."))
		return
	}
	if n, err := strconv.Atoi(query); err == nil && n >= 1000 && n <= 9999 {
		s.switchTo(ctx, n, "")
		return
	}
	if s.stopsIdx == nil {
		rctx, cancel := context.WithTimeout(ctx, requestTimeout)
		stops, err := s.o.Source.Stops(rctx, model.ScopeBasic, 0)
		cancel()
		if err != nil {
			s.say(s.l.Pick("The stops cannot be searched: the service does not answer.",
				"Die Haltestellen können nicht gesucht werden: der Dienst antwortet nicht."))
			return
		}
		entries := make([]search.Entry, 0, len(stops))
		for i, st := range stops {
			entries = append(entries, search.Entry{Kind: search.KindStop, Title: st.StopName,
				Keys: []string{strconv.Itoa(st.StopNumber), st.StopCode}, Low: !model.IsPassengerStop(st.StopName), Ref: i})
		}
		s.stops, s.stopsIdx = stops, search.NewIndex(entries)
	}
	found := strict(s.stopsIdx.Search(query, 50), query)
	switch len(found) {
	case 0:
		s.say(s.l.Pick("No stop matches "+query+".", "Keine Haltestelle passt zu "+query+"."))
		return
	case 1:
		st := s.stopOf(found[0])
		s.switchTo(ctx, st.StopNumber, st.StopName)
		return
	}
	s.choices = s.choices[:0]
	s.say(s.l.Pick(strconv.Itoa(len(found))+" stops match. Type the number of one:",
		strconv.Itoa(len(found))+" Haltestellen passen. Tippen Sie die Nummer einer:"))
	for i, r := range found {
		st := s.stopOf(r)
		s.choices = append(s.choices, st)
		s.say(strconv.Itoa(i+1) + ": " + st.StopName + ".")
	}
}

// pick takes choice n of the last search.
func (s *session) pick(ctx context.Context, n int) {
	if n < 1 || n > len(s.choices) {
		if len(s.choices) == 0 {
			s.say(s.l.Pick("There is nothing to pick. Type stop and a name first.",
				"Es gibt nichts zu wählen. Tippen Sie erst halt und einen Namen."))
			return
		}
		s.say(s.l.Pick("Pick a number from 1 to "+strconv.Itoa(len(s.choices))+".",
			"Wählen Sie eine Zahl von 1 bis "+strconv.Itoa(len(s.choices))+"."))
		return
	}
	st := s.choices[n-1]
	s.choices = nil
	s.switchTo(ctx, st.StopNumber, st.StopName)
}

// switchTo says the board of stop number n (named name, when known).
func (s *session) switchTo(ctx context.Context, n int, name string) {
	s.stop, s.name, s.last, s.stale, s.unavail = n, name, nil, false, false
	s.tr.Reset()
	s.polling = false // an answer for the old stop is dropped when it comes
	s.request(ctx)
}

// stopOf is the stop of a search result (its Ref is the index in stops).
func (s *session) stopOf(r search.Result) model.Stop {
	i, _ := r.Entry.Ref.(int)
	return s.stops[i]
}

func itoa(n int) string { return strconv.Itoa(n) }
