package main

import (
	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/internal/textout"
	"abfahrt/model"
	"abfahrt/speech"
	"abfahrt/tui"
)

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
	lang := speech.Lang(g.s.lang.Value)
	return textout.Say(g.stdout, lang, textout.StopTitle(lang, b, number, code), b, a, err, src.now, count)
}
