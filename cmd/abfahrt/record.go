package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/internal/histout"
	"abfahrt/internal/progress"
	"abfahrt/internal/recording"
	"abfahrt/internal/startup"
	"abfahrt/internal/textout"
	"abfahrt/internal/userenv"
	"abfahrt/model"
)

func newRecordCmd(g *globals) *cobra.Command {
	var (
		stops, points []string
		all           bool
		db, keep      string
		keepRaw       string
		dur           time.Duration
	)
	cmd := &cobra.Command{
		Use:   "record",
		Short: "Record departures (predicted, actual, vanished) into a history database",
		Long:  recordLong,
		Example: `  abfahrt record --stop 1008 --for 1h
  abfahrt record --all --keep 90d --db postgres://abfahrt@db.example/abfahrt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if len(stops) == 0 && len(points) == 0 && !all {
				return usagef("name what to record: --stop N, --stoppoint CODE or --all")
			}
			keepFor, err := recording.ParseAge(keep)
			if err != nil {
				return usagef("--keep: %v", err)
			}
			var rawFor time.Duration
			keepingRaw := keepRaw != "off"
			if keepingRaw {
				if rawFor, err = recording.ParseAge(keepRaw); err != nil {
					return usagef("--keep-raw: %v", err)
				}
			}
			subjects, err := recordSubjects(stops, points)
			if err != nil {
				return err
			}
			// The raw answers go to the recorder, with --keep-raw all of
			// them, else the base data only (for a replay's stops), each
			// of those once a day and when it changes.
			r := &history.Recorder{}
			src, err := g.rawSource(recording.Keep(r, keepingRaw))
			if err != nil {
				return err
			}
			return histout.Record(cmd.Context(), r, histout.RecordOptions{Client: src.client, Name: src.name, Subjects: subjects, All: all,
				DB: historyDB(db), Interval: g.s.interval, KeepingRaw: keepingRaw, RawFor: rawFor, Keep: keepFor, For: dur,
				Stdout: g.stdout, Stderr: g.stderr, Logger: g.logger})
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&stops, "stop", nil, "record the departures of this stop number; repeat for more")
	f.StringArrayVar(&points, "stoppoint", nil, "record the departures of this stop point code; repeat for more")
	f.BoolVar(&all, "all", false, "record every stop of the network, within 2 requests a second")
	f.StringVar(&db, "db", "", dbUsage)
	f.DurationVar(&dur, "for", 0, "stop after this long (default: until interrupted)")
	f.StringVar(&keep, "keep", "90d", "prune departures older than this while running (0: keep all)")
	f.StringVar(&keepRaw, "keep-raw", "off", "also keep the raw answers of the boards polled (gzip), for replay, pruned when older than this, e.g. 14d (0: keep all; off: not kept)")
	return cmd
}

func newStatsCmd(g *globals) *cobra.Command {
	var (
		stop          int
		line, by, db  string
		since         string
		asJSON, asCSV bool
	)
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Punctuality per line from the history database",
		Long: fmt.Sprintf(`stats summarises recorded departures per line: departures observed,
the on-time share (on time: from %s early to %s late), the median (p50)
and p90 delay in minutes, and the share that vanished before their time. --by day
lists each day, --by hour each hour. With --stop, the headway of each line
there where it runs at least every %d minutes: the observed gaps' p50 and
p90 and the share of gaps over 1.5 times the scheduled one.`, histout.MinutesText(history.OnTimeEarly), histout.MinutesText(history.OnTimeLate), history.FrequentGap/60),
		Example: `  abfahrt stats --stop 1008 --since 7d
  abfahrt stats --line 4 --by day --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if asJSON && asCSV {
				return usagef("--json and --csv exclude each other")
			}
			format := "" // a table
			switch {
			case asJSON:
				format = "json"
			case asCSV:
				format = "csv"
			}
			if by != "" && by != "hour" && by != "day" {
				return usagef("--by must be hour or day, got %q", by)
			}
			age, err := recording.ParseAge(since)
			if err != nil {
				return usagef("--since: %v", err)
			}
			store, err := history.Open(cmd.Context(), historyDB(db), history.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			defer func() { _ = store.Close() }()
			q := history.StatsQuery{Stop: stop, Line: line, By: by}
			return histout.Stats(cmd.Context(), g.stdout, g.stderr, store, q, age, format, func(n int) func() {
				return progress.Wait(progress.NewLine(g.stderr), "counting over "+textout.Plural(n, "departure", "departures"))
			})
		},
	}
	f := cmd.Flags()
	f.IntVar(&stop, "stop", 0, "only this stop number")
	f.StringVar(&line, "line", "", "only this line")
	f.StringVar(&since, "since", "7d", "departures scheduled within this long before now (before the recording's end when it ended earlier)")
	f.StringVar(&by, "by", "", "one row per line and hour or day")
	f.BoolVar(&asJSON, "json", false, "print JSON: a list of objects (line, departures, on_time_share, p50_delay_s, p90_delay_s, ...)")
	f.BoolVar(&asCSV, "csv", false, "print CSV")
	f.StringVar(&db, "db", "", dbUsage)
	return cmd
}

func newHistoryCmd(g *globals) *cobra.Command {
	var (
		vehicle   int
		db, since string
		asJSON    bool
	)
	cmd := &cobra.Command{
		Use:     "history",
		Short:   "The runs a vehicle did, from the history database",
		Example: `  abfahrt history --vehicle 42`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if vehicle <= 0 {
				return usagef("history needs --vehicle N, e.g. abfahrt history --vehicle 42")
			}
			age, err := recording.ParseAge(since)
			if err != nil {
				return usagef("--since: %v", err)
			}
			store, err := history.Open(cmd.Context(), historyDB(db), history.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			defer func() { _ = store.Close() }()
			return histout.History(cmd.Context(), g.stdout, store, vehicle, age, asJSON, func() func(int) string { return stopNames(cmd.Context(), g) })
		},
	}
	f := cmd.Flags()
	f.IntVar(&vehicle, "vehicle", 0, "the vehicle number")
	f.StringVar(&since, "since", "7d", "runs within this long before now (before the vehicle's last sighting when that was earlier)")
	f.BoolVar(&asJSON, "json", false, "print JSON")
	f.StringVar(&db, "db", "", dbUsage)
	return cmd
}

// stopNames names stop numbers from the service's base data when it
// answers, else by number.
func stopNames(ctx context.Context, g *globals) func(int) string {
	src, err := g.source()
	if err != nil {
		return histout.StopNames(ctx, nil)
	}
	return histout.StopNames(ctx, src.client)
}

// rawSource is the service's client as g.source makes it, its answers
// (rawTap) handed to keep.
func (g *globals) rawSource(keep func(history.Answer)) (source, error) {
	plain, err := g.source() // the checks and the name
	if err != nil {
		return source{}, err
	}
	base, inner := g.s.api.Value, http.DefaultTransport
	if base == "" {
		base, inner = sim.BaseURL, startup.SimTransport(sim.Options{Seed: g.seed, Clock: sim.NewClock(embeddedSimStart, 1)})
	}
	c, err := feed.NewClient(base, feed.WithUserAgent("abfahrt/"+version), feed.WithLiveTTL(liveTTL(g.s)),
		feed.WithHTTPClient(&http.Client{Transport: g.logTransport(recording.Tap{Next: inner, Keep: keep})}), feed.WithCacheDir(""))
	if err != nil {
		return source{}, usageError{err}
	}
	return source{client: c, name: plain.name}, nil
}

// historyDB is --db, or the default SQLite file.
func historyDB(db string) string { return recording.DB(db, userenv.StateDir(os.LookupEnv)) }

const dbUsage = "history database: a SQLite file or a postgres:// URL (default $XDG_STATE_HOME/abfahrt/history.db)"

// recordSubjects are the boards of --stop and --stoppoint.
func recordSubjects(stops, points []string) ([]history.Subject, error) {
	var subjects []history.Subject
	for _, s := range stops {
		n, err := parseStopNumber(s)
		if err != nil {
			return nil, err
		}
		subjects = append(subjects, history.Subject{Stop: n})
	}
	for _, p := range points {
		if strings.TrimSpace(p) == "" {
			return nil, usagef("--stoppoint needs a stop point code, e.g. 100801")
		}
		subjects = append(subjects, history.Subject{StopPoint: model.StopPointCode(p)})
	}
	return subjects, nil
}

// recordLong is abfahrt record --help.
const recordLong = `record polls the departure boards of the stops named, or of every stop
(--all), and keeps one row per departure in a database: first seen, first
and last prediction, when it actually left, or that it vanished before its
time. An embedded SQLite file by default; --db postgres://... for many
machines writing to one place. At most 2 requests a second go upstream
for the boards. The base data (stops, stop points, routes, vehicles) are
kept too, once a day and when they change, for abfahrt replay.

--keep-raw keeps the answers as the service sent them, for a replay that
serves them as they were: the boards' departures, the arrivals of those
named with --stop and --stoppoint (one more request per board), the alerts
(one request per interval), and with --all the trips of all vehicles and
each vehicle's passages (within 0.5 more requests a second).`
