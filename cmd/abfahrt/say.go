package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/internal/textout"
	"abfahrt/model"
	"abfahrt/speech"
	"abfahrt/tui"
)

// errNotAnswered ends `say` with exit status 1 after it said that the
// service does not answer.
var errNotAnswered = errors.New("the service does not answer")

// sayStaleAge is the age from which `say` calls an answer stale (a hub's
// or cache's Age header): a hub refreshes its live answers every few
// seconds, so a minute old means its service does not answer.
const sayStaleAge = time.Minute

// newSayCmd builds the say command: what a kiosk would speak for a stop.
func newSayCmd(g *globals) *cobra.Command {
	var (
		stop, stopPoint string
		count           int
	)
	cmd := &cobra.Command{
		Use:   "say --stop N | --stoppoint CODE [--count 6]",
		Short: "Print what a kiosk would speak: the next departures of a stop as one sentence",
		Long: `Print the next departures of a stop as one spoken sentence, the text a kiosk
speaks through its speak_cmd ([kiosk] in the configuration), in the
language of --lang:

  Next departures from Hauptbahnhof: line 2 to Kuhberg in 3 and 13 minutes;
  line 5 to Wissenschaftsstadt in 4 minutes.

Several departures of one line and direction are said once with their
times; lines leaving together are one group ("8 departures at 01:30, in 4
minutes: lines N1, …"), and departures without live data are said to be
timetable only. Data a hub or cache says is stale (or a minute old or more) is said
first: "Data is 2 minutes old: the service does not answer." When the
service does not answer at all, that is said, and the exit status is 1.`,
		Example: `  abfahrt say --stop 1008
  abfahrt say --stop 1008 --lang de | espeak-ng -v de`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if count < 1 || count > 20 {
				return usagef("--count must be between 1 and 20, got %d", count)
			}
			return sayStop(cmd, g, stop, stopPoint, count)
		},
	}
	f := cmd.Flags()
	f.StringVar(&stop, "stop", "", "stop number (4 digits), e.g. 1008")
	f.StringVar(&stopPoint, "stoppoint", "", "stop point code (6 digits or a DHID), e.g. 100821")
	f.IntVar(&count, "count", speech.DefaultAnnounce, "how many departures to say (1-20)")
	return cmd
}

// sayStop prints the sentence of --stop or --stoppoint.
func sayStop(cmd *cobra.Command, g *globals, stop, stopPoint string, count int) error {
	if (stop == "") == (stopPoint == "") {
		return usagef("say needs exactly one of --stop N or --stoppoint CODE")
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
	var a feed.Answer
	actx := feed.WithAnswer(ctx, &a)
	var b model.Board
	if stop != "" {
		b, err = src.client.StopDepartures(actx, number, tui.MaxLimit)
	} else {
		b, err = src.client.StopPointDepartures(actx, code, tui.MaxLimit)
	}
	lang := speech.Lang(g.s.lang.value)
	return sayAnswer(g, lang, stopTitle(lang, b, number, code), b, a, err, src.now, count)
}

// stopTitle names the stop as said: the answer's name, else "stop 1008"
// ("Haltestelle 1008") or "stop point 100821" ("Steig 100821").
func stopTitle(l speech.Lang, b model.Board, number int, code model.StopPointCode) string {
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

// sayAnswer prints the sentence of answer b (its HTTP meta a, the error
// err of the request) and returns errNotAnswered when there is no answer.
func sayAnswer(g *globals, l speech.Lang, title string, b model.Board, a feed.Answer, err error, now func() time.Time, count int) error {
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		if _, werr := fmt.Fprintln(g.stdout, speech.Unavailable(l, title)); werr != nil {
			return werr
		}
		return fmt.Errorf("%w: %w", errNotAnswered, err)
	}
	at := textout.BoardNow(b)
	switch {
	case now != nil:
		at = now()
	case a.AgeKnown:
		at = at.Add(a.Age) // a cached answer's timestamp stands still
	}
	stale := a.Stale || (a.AgeKnown && a.Age >= sayStaleAge)
	ds := speech.FromEvents(b.Events, at, b.StopName)
	_, werr := fmt.Fprintln(g.stdout, speech.Speak(l, title, ds, count, true, stale, a.Age))
	return werr
}
