package textout

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/speech"
)

// ErrNotAnswered ends `abfahrt say` with exit status 1 after it said that the
// service does not answer.
var ErrNotAnswered = errors.New("the service does not answer")

// SayStaleAge is the age from which `abfahrt say` calls an answer stale (a hub's
// or cache's Age header): a hub refreshes its live answers every few
// seconds, so a minute old means its service does not answer.
const SayStaleAge = time.Minute

// StopTitle names the stop as said: the answer's name, else "stop 1008"
// ("Haltestelle 1008") or "stop point 100821" ("Steig 100821").
func StopTitle(l speech.Lang, b model.Board, number int, code model.StopPointCode) string {
	switch {
	case b.StopName != "" && !code.IsZero():
		return b.StopName + l.Pick(", stop point ", ", Steig ") + code.String()
	case b.StopName != "":
		return b.StopName
	case number != 0:
		return l.Pick("stop ", "Haltestelle ") + strconv.Itoa(number)
	}
	return l.Pick("stop point ", "Steig ") + code.String()
}

// Say prints to w the sentence of answer b (its HTTP meta a, the error
// err of the request) and returns ErrNotAnswered when there is no answer.
func Say(w io.Writer, l speech.Lang, title string, b model.Board, a feed.Answer, err error, now func() time.Time, count int) error {
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		if _, werr := fmt.Fprintln(w, speech.Unavailable(l, title)); werr != nil {
			return werr
		}
		return fmt.Errorf("%w: %w", ErrNotAnswered, err)
	}
	at := BoardNow(b)
	switch {
	case now != nil:
		at = now()
	case a.AgeKnown:
		at = at.Add(a.Age) // a cached answer's timestamp stands still
	}
	stale := a.Stale || (a.AgeKnown && a.Age >= SayStaleAge)
	ds := speech.FromEvents(b.Events, at, b.StopName)
	_, werr := fmt.Fprintln(w, speech.Speak(l, title, ds, count, true, stale, a.Age))
	return werr
}
