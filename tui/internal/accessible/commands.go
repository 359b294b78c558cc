package accessible

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"abfahrt/model"
	"abfahrt/speech"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/search"
)

// maxChoices is how many stops a search offers by number.
const maxChoices = 9

// intro is the first line: what this is and how to get help.
func intro(tx *catalog.ScreenReader, source string) string {
	if source == "" {
		return tx.ReaderIntro
	}
	return fmt.Sprintf(tx.ReaderIntroFrom, source)
}

// readerTexts are the mode's sentences in language l.
func readerTexts(l speech.Lang) *catalog.ScreenReader {
	tx := catalog.English()
	if l.German() {
		tx = catalog.German()
	}
	return &tx.ScreenReader
}

// command runs one typed line; it reports whether the session ends.
func (s *session) command(ctx context.Context, typed string) bool {
	word, arg, _ := strings.Cut(strings.TrimSpace(typed), " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
		return false
	case "quit", "exit", "q", "ende", "beenden":
		s.say(s.tx.ReaderGoodbye)
		return true
	case "help", "hilfe", "?":
		for _, l := range s.tx.ReaderHelp {
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
		s.say(s.tx.ReaderAsking)
		s.poll.Reset(0)
	default:
		if n, err := strconv.Atoi(word); err == nil && arg == "" {
			s.pick(ctx, n)
			return false
		}
		s.say(fmt.Sprintf(s.tx.ReaderUnknown, word))
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
		s.say(s.tx.ReaderAllLines)
	} else {
		s.say(fmt.Sprintf(s.tx.ReaderOnlyLine, line))
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
		s.say(s.tx.ReaderWhichStop)
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
			s.say(s.tx.ReaderNoSearch)
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
		s.say(fmt.Sprintf(s.tx.ReaderNoMatch, query))
		return
	case 1:
		st := s.stopOf(found[0])
		s.switchTo(ctx, st.StopNumber, st.StopName)
		return
	}
	s.choices = s.choices[:0]
	s.say(fmt.Sprintf(s.tx.ReaderMatches, len(found)))
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
			s.say(s.tx.ReaderNothingToPick)
			return
		}
		s.say(fmt.Sprintf(s.tx.ReaderPickFrom, len(s.choices)))
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
