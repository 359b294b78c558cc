package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/model"
)

// parseAge reads a duration that may be given in days: 90d, 36h, 1d12h.
func parseAge(s string) (time.Duration, error) {
	var days int
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a duration such as 90d or 36h", s)
		}
		days, s = n, s[i+1:]
		if s == "" {
			return time.Duration(days) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a duration such as 90d or 36h", s)
	}
	return time.Duration(days)*24*time.Hour + d, nil
}

// recordLog is the record command's log at level: a line on stderr, and
// in the log file with --log.
func recordLog(g *globals, level slog.Level) func(format string, a ...any) {
	return func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		_, _ = fmt.Fprintf(g.stderr, "abfahrt: record: %s\n", msg)
		if g.logger != nil {
			g.logger.Log(context.Background(), level, "record: "+msg)
		}
	}
}

// recordSummary is record's closing line: what this run saved in the
// database (each departure once, in the state last saved: departed,
// vanished, or still on the boards), what could not be saved, what was
// dropped or refused, and the requests.
func recordSummary(r *history.Recorder, db string, took time.Duration) string {
	requests, failed, saved, unsaved, dropped, refused := r.Counts()
	var b strings.Builder
	fmt.Fprintf(&b, "saved %d departures in %s: %d departed, %d vanished, %d still on the boards",
		saved.Departures, db, saved.Departed, saved.Vanished, saved.OnBoards())
	if unsaved > 0 {
		fmt.Fprintf(&b, "; %d departures not saved", unsaved)
	}
	if dropped > 0 {
		fmt.Fprintf(&b, "; %d dropped (the oldest) while the database was away", dropped)
	}
	if refused > 0 {
		fmt.Fprintf(&b, "; %d implausible vehicle numbers refused", refused)
	}
	fmt.Fprintf(&b, "; in %v from %d requests (%d failed, %.2f a second)", took.Round(time.Second), requests, failed, float64(requests)/max(took.Seconds(), 1))
	return b.String()
}

// historyDB is --db, or the default SQLite file.
func historyDB(db string) string {
	if db != "" {
		return db
	}
	return history.DefaultPath(statePath(os.LookupEnv))
}

const dbUsage = "history database: a SQLite file or a postgres:// URL (default $XDG_STATE_HOME/abfahrt/history.db)"

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
		Long: `record polls the departure boards of the stops named, or of every stop
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
each vehicle's passages (within 0.5 more requests a second).`,
		Example: `  abfahrt record --stop 1008 --for 1h
  abfahrt record --all --keep 90d --db postgres://abfahrt@db.example/abfahrt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if len(stops) == 0 && len(points) == 0 && !all {
				return usagef("name what to record: --stop N, --stoppoint CODE or --all")
			}
			keepFor, err := parseAge(keep)
			if err != nil {
				return usagef("--keep: %v", err)
			}
			var rawFor time.Duration
			keepingRaw := keepRaw != "off"
			if keepingRaw {
				if rawFor, err = parseAge(keepRaw); err != nil {
					return usagef("--keep-raw: %v", err)
				}
			}
			var subjects []history.Subject
			for _, s := range stops {
				n, err := parseStopNumber(s)
				if err != nil {
					return err
				}
				subjects = append(subjects, history.Subject{Stop: n})
			}
			for _, p := range points {
				if strings.TrimSpace(p) == "" {
					return usagef("--stoppoint needs a stop point code, e.g. 100801")
				}
				subjects = append(subjects, history.Subject{StopPoint: model.StopPointCode(p)})
			}
			// The raw answers go to the recorder, with --keep-raw all of
			// them, else the base data only (for a replay's stops), each
			// of those once a day and when it changes.
			r := &history.Recorder{}
			src, err := g.rawSource(recordKeep(r, keepingRaw))
			if err != nil {
				return err
			}
			if keepingRaw {
				// The arrivals of the boards named; not of every stop
				// (--all), whose departures would be polled half as often.
				subjects = withArrivals(subjects)
			}
			ctx := cmd.Context()
			if all {
				sctx, cancel := withTimeout(ctx)
				list, err := src.client.Stops(sctx, model.ScopeBasic, 0)
				cancel()
				if err != nil {
					return fmt.Errorf("--all: the list of stops: %w", err)
				}
				for _, s := range list {
					subjects = append(subjects, history.Subject{Stop: s.StopNumber})
				}
			}
			store, err := history.Open(ctx, historyDB(db), history.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = store.Close() }()
			r.Store, r.Source, r.Subjects, r.Interval = store, src.client, subjects, g.s.interval
			defer startReplayExtras(ctx, src.client, g.s.interval, keepingRaw, all && keepingRaw)()
			every := max(g.s.interval, time.Duration(float64(len(subjects))/history.MaxRate*float64(time.Second)))
			_, _ = fmt.Fprintf(g.stderr, "abfahrt: recording %s from %s into %s, each every %v\n", plural(len(subjects), "board", "boards"), src.name, store.Name(), every.Round(time.Second))
			logf, infof := recordLog(g, slog.LevelError), recordLog(g, slog.LevelInfo)
			start := time.Now()
			stopProgress := recordProgress(ctx, g.stderr, r, src.client)
			err = r.Run(ctx, history.RunOptions{For: dur, Keep: keepFor, KeepRaw: rawFor, Logf: logf, Infof: infof})
			stopProgress()
			_, _ = fmt.Fprintln(g.stdout, recordSummary(r, store.Name(), time.Since(start)))
			return err
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
p90 and the share of gaps over 1.5 times the scheduled one.`, minutesText(history.OnTimeEarly), minutesText(history.OnTimeLate), history.FrequentGap/60),
		Example: `  abfahrt stats --stop 1008 --since 7d
  abfahrt stats --line 4 --by day --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if asJSON && asCSV {
				return usagef("--json and --csv exclude each other")
			}
			if by != "" && by != "hour" && by != "day" {
				return usagef("--by must be hour or day, got %q", by)
			}
			age, err := parseAge(since)
			if err != nil {
				return usagef("--since: %v", err)
			}
			store, err := history.Open(cmd.Context(), historyDB(db), history.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			defer func() { _ = store.Close() }()
			n, first, last, err := store.Recorded(cmd.Context())
			if err != nil {
				return err
			}
			from, note := sinceFrom(age, last, "recording ends", "its end")
			stopProgress := waitProgress(newProgressLine(g.stderr), fmt.Sprintf("counting over %s", plural(n, "departure", "departures")))
			rows, err := store.Stats(cmd.Context(), history.StatsQuery{Stop: stop, Line: line, Since: from, By: by})
			stopProgress()
			if err != nil {
				return err
			}
			if note != "" {
				w := g.stdout
				if asJSON || asCSV {
					w = g.stderr
					note = "abfahrt: " + note
				}
				_, _ = fmt.Fprintln(w, note)
			}
			if rows == nil {
				rows = []history.Stat{}
			}
			if asJSON {
				return printJSON(g.stdout, rows)
			}
			header := []string{"LINE"}
			switch by {
			case "day":
				header = append(header, "DAY")
			case "hour":
				header = append(header, "HOUR")
			}
			header = append(header, "DEPARTURES", "ON TIME", "P50", "P90", "VANISHED")
			headway := stop != 0 // a line's headway at a stop
			cells := func(s history.Stat, pct func(float64) string, secs func(int) string) []string {
				c := []string{s.Line}
				switch by {
				case "day":
					c = append(c, s.Day)
				case "hour":
					c = append(c, s.Hour.Format("2006-01-02 15:00"))
				}
				return append(c, strconv.Itoa(s.Departures), pct(s.OnTimeShare), secs(s.P50DelayS), secs(s.P90DelayS), pct(s.VanishedShare))
			}
			if asCSV {
				w := csv.NewWriter(g.stdout)
				h := make([]string, len(header))
				for i, x := range header {
					h[i] = strings.ToLower(strings.ReplaceAll(x, " ", "_"))
				}
				h[len(h)-4], h[len(h)-3], h[len(h)-2], h[len(h)-1] = "on_time_share", "p50_delay_s", "p90_delay_s", "vanished_share"
				if headway {
					h = append(h, "headway_p50_s", "headway_p90_s", "headway_long_share", "overtakings")
				}
				_ = w.Write(h)
				for _, s := range rows {
					c := cells(s, func(f float64) string { return strconv.FormatFloat(f, 'f', 4, 64) }, strconv.Itoa)
					if headway {
						c = append(c, "", "", "", "")
						if s.HeadwayLongShare != nil { // all four or none
							c[len(c)-4], c[len(c)-3] = strconv.Itoa(*s.HeadwayP50S), strconv.Itoa(*s.HeadwayP90S)
							c[len(c)-2] = strconv.FormatFloat(*s.HeadwayLongShare, 'f', 4, 64)
							c[len(c)-1] = strconv.Itoa(s.Overtakings)
						}
					}
					_ = w.Write(c)
				}
				w.Flush()
				return w.Error()
			}
			if len(rows) == 0 {
				window := "in the last " + ageText(age)
				if note != "" {
					window = "in the " + ageText(age) + " before the recording's end"
				}
				if n == 0 {
					_, err := fmt.Fprintf(g.stdout, "none %s: %s holds no departures yet\n", window, store.Name())
					return err
				}
				_, err := fmt.Fprintf(g.stdout, "none %s for this selection; recorded %s (%s) in %s\n", window, spanText(first, last), plural(n, "departure", "departures"), store.Name())
				return err
			}
			if headway {
				header = append(header, "HEADWAY P50", "P90", "LONG", "OVERTAKEN")
			}
			t := newTable(g.stdout, header...)
			for _, s := range rows {
				c := cells(s, func(f float64) string { return fmt.Sprintf("%.0f %%", 100*f) }, signedMinutes)
				if headway {
					mins := func(v int) string { return fmt.Sprintf("%.1f min", float64(v)/60) }
					c = append(c, optInt(s.HeadwayP50S, mins), optInt(s.HeadwayP90S, mins), "-", "-")
					if s.HeadwayLongShare != nil {
						c[len(c)-2] = fmt.Sprintf("%.0f %%", 100**s.HeadwayLongShare)
						c[len(c)-1] = strconv.Itoa(s.Overtakings)
					}
				}
				t.row(c...)
			}
			if err := t.flush(); err != nil {
				return err
			}
			_, err = fmt.Fprintf(g.stdout, "on time: %s early to %s late; P50/P90: delay in minutes\n", minutesText(history.OnTimeEarly), minutesText(history.OnTimeLate))
			if err == nil && headway {
				_, err = fmt.Fprintf(g.stdout, "headway: observed gaps between departures scheduled at most %d min apart (-: not that frequent); LONG: gaps over 1.5 times the scheduled one; gaps in the order of departure, OVERTAKEN: departures that left before one scheduled ahead of them\n", history.FrequentGap/60)
			}
			return err
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

// optInt formats a value that may be absent: "-" when it is.
func optInt(p *int, f func(int) string) string {
	if p == nil {
		return "-"
	}
	return f(*p)
}

// signedMinutes is a delay in seconds as minutes to a tenth, as a table
// of punctuality says them: "+1.5 min", "-0.5 min", "0 min".
func signedMinutes(s int) string {
	switch m := strconv.FormatFloat(float64(s)/60, 'f', 1, 64); {
	case m == "0.0" || m == "-0.0":
		return "0 min"
	case s > 0:
		return "+" + m + " min"
	default:
		return m + " min"
	}
}

// minutesText is a span in seconds in whole minutes when it is one:
// "3 min", else "90 s".
func minutesText(s int) string {
	if s%60 == 0 {
		return strconv.Itoa(s/60) + " min"
	}
	return strconv.Itoa(s) + " s"
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
			age, err := parseAge(since)
			if err != nil {
				return usagef("--since: %v", err)
			}
			store, err := history.Open(cmd.Context(), historyDB(db), history.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			defer func() { _ = store.Close() }()
			runs, last, err := store.VehicleRuns(cmd.Context(), vehicle, time.Now().Add(-age))
			if err != nil {
				return err
			}
			from, note := sinceFrom(age, last, "vehicle was last seen", "its last sighting")
			if note != "" {
				if runs, _, err = store.VehicleRuns(cmd.Context(), vehicle, from); err != nil {
					return err
				}
			}
			if asJSON {
				out := struct {
					Vehicle  int           `json:"vehicle"`
					LastSeen *time.Time    `json:"last_seen"`
					Runs     []history.Run `json:"runs"`
				}{Vehicle: vehicle, Runs: runs}
				if !last.IsZero() {
					l := last.In(model.Berlin)
					out.LastSeen = &l
				}
				if out.Runs == nil {
					out.Runs = []history.Run{}
				}
				return printJSON(g.stdout, out)
			}
			if last.IsZero() {
				_, err := fmt.Fprintf(g.stdout, "vehicle %d was never recorded in %s\n", vehicle, store.Name())
				return err
			}
			if note != "" {
				_, _ = fmt.Fprintln(g.stdout, note)
			}
			names := stopNames(cmd.Context(), g)
			t := newTable(g.stdout, "LINE", "DIRECTION", "FROM", "AT", "DELAY", "TO", "AT", "DELAY", "STOPS", "RUN")
			for _, r := range runs {
				state := "done"
				switch {
				case r.UnderWay:
					state = "under way"
				case r.Planned:
					state = "not yet left"
				}
				t.row(r.Line, r.Direction, names(r.FirstStop), runClock(r.FirstTime), delayCell(r.FirstDelay),
					names(r.LastStop), runClock(r.LastTime), delayCell(r.LastDelay), strconv.Itoa(r.Stops), state)
			}
			if err := t.flush(); err != nil {
				return err
			}
			_, err = fmt.Fprintf(g.stdout, "vehicle %d last seen %s\n", vehicle, last.In(model.Berlin).Format("2006-01-02 15:04:05"))
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&vehicle, "vehicle", 0, "the vehicle number")
	f.StringVar(&since, "since", "7d", "runs within this long before now (before the vehicle's last sighting when that was earlier)")
	f.BoolVar(&asJSON, "json", false, "print JSON")
	f.StringVar(&db, "db", "", dbUsage)
	return cmd
}

// sinceFrom is where --since (age) counts back from: now, or the
// recording's end (last) when that lies before the window, as a
// recording of a simulated day or an old one does: an empty answer
// about a recording that holds departures helps no one. note says so
// ("" when counting from now).
func sinceFrom(age time.Duration, last time.Time, ends, from string) (time.Time, string) {
	now := time.Now()
	if last.IsZero() || !last.Before(now.Add(-age)) {
		return now.Add(-age), ""
	}
	return last.Add(-age), fmt.Sprintf("the %s %s, %s ago: --since %s counts back from %s",
		ends, last.In(model.Berlin).Format("2006-01-02 15:04"), ageText(now.Sub(last).Truncate(24*time.Hour)), ageText(age), from)
}

// ageText reads a duration as days where it is whole days.
func ageText(d time.Duration) string {
	if d >= 24*time.Hour && d%(24*time.Hour) == 0 {
		return plural(int(d/(24*time.Hour)), "day", "days")
	}
	return d.String()
}

// spanText reads the span of a recording: 2026-09-10 08:25–08:31, the
// end's date too when it is another day.
func spanText(first, last time.Time) string {
	f, l := first.In(model.Berlin), last.In(model.Berlin)
	end := l.Format("15:04")
	if l.Format(time.DateOnly) != f.Format(time.DateOnly) {
		end = l.Format("2006-01-02 15:04")
	}
	return f.Format("2006-01-02 15:04") + "–" + end
}

func runClock(unix int64) string { return time.Unix(unix, 0).In(model.Berlin).Format("01-02 15:04") }

func delayCell(d *int) string {
	if d == nil {
		return "?"
	}
	return delayText(*d) // as departures says it: "+2", "on time"
}

// stopNames names stop numbers from the service's base data when it
// answers, else by number.
func stopNames(ctx context.Context, g *globals) func(int) string {
	byNumber := map[int]string{}
	if src, err := g.source(); err == nil {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		if list, err := src.client.Stops(cctx, model.ScopeBasic, 0); err == nil {
			for _, s := range list {
				byNumber[s.StopNumber] = s.StopName
			}
		}
		cancel()
	}
	return func(n int) string {
		if name := byNumber[n]; name != "" {
			return name + " (" + strconv.Itoa(n) + ")"
		}
		return strconv.Itoa(n)
	}
}

// rawTap hands the raw answers the service sent to keep, as it sent them
// (gzip-compressed when it did not compress them): departure and arrival
// boards, the trips of all vehicles, a vehicle's passages, the alerts and
// the whole lists of base data (rawSubject), and that the service is the
// simulation (history.SimulatedAnswer), for a replay to serve.
type rawTap struct {
	next http.RoundTripper
	keep func(history.Answer)
}

// rawSubject is the recording's subject of a request ("" for what is not
// kept): what a replay asks the recording for (feed/sim.Replay).
func rawSubject(path string, q url.Values) string {
	if i := strings.LastIndex(path, "/mobility/v1"); i >= 0 {
		path = path[i+len("/mobility/v1"):]
	}
	num := func(name string) (string, bool) {
		v := strings.TrimSpace(q.Get(name))
		return v, v != "" && v != "0"
	}
	switch path {
	case "/stop/passage/Departures", "/stop/passage/Arrivals":
		if n, ok := num("StopNumber"); ok {
			return arrivalsPrefix(path) + "stop/" + n
		}
	case "/stoppoint/passage/Departures", "/stoppoint/passage/Arrivals":
		if c, ok := num("StopPointCode"); ok {
			return arrivalsPrefix(path) + "stoppoint/" + c
		}
	case "/vehicle/trip/Trip":
		if _, ok := num("VehicleNumber"); !ok {
			return history.SubjectTrips
		}
	case "/vehicle/trip/Passage":
		if r := strings.ToLower(q.Get("Range")); r != "" && r != "all" {
			return "" // a part of the trip: the whole one is kept
		}
		if n, ok := num("VehicleNumber"); ok {
			return "passage/" + n
		}
	case "/passenger/alert/UnplannedAlert":
		return history.SubjectAlerts
	case "/stop/attributes/BaseData", "/stoppoint/attributes/BaseData", "/route/attributes/BaseData", "/vehicle/attributes/BaseData":
		kind := strings.TrimPrefix(strings.TrimSuffix(path, "/attributes/BaseData"), "/")
		for _, id := range []string{"StopNumber", "StopPointCode", "RouteNumber", "VehicleNumber"} {
			if _, ok := num(id); ok {
				return "" // one element: the whole list is kept
			}
		}
		switch scope := strings.ToLower(q.Get("ContentScope")); scope {
		case "", "basic":
			return history.SubjectBase(kind, "basic")
		case "extended":
			return history.SubjectBase(kind, "extended")
		}
	}
	return ""
}

func arrivalsPrefix(path string) string {
	if strings.HasSuffix(path, "/Arrivals") {
		return "arrivals/"
	}
	return ""
}

func (t rawTap) RoundTrip(req *http.Request) (*http.Response, error) {
	subject := rawSubject(req.URL.Path, req.URL.Query())
	if subject != "" && req.Header.Get("If-None-Match") != "" {
		// The whole answer, to keep: a 304 (the alerts unchanged) would
		// leave the recording without it from then on.
		req = req.Clone(req.Context())
		req.Header.Del("If-None-Match")
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusOK || subject == "" {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err // the answer broke off: as the client would have found
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if a, ok := rawAnswer(subject, resp.Header.Get("Content-Encoding"), body); ok {
		if resp.Header.Get(sim.SimulatedHeader) == "1" {
			t.keep(history.SimulatedAnswer(a.At))
		}
		t.keep(a)
	}
	return resp, nil
}

// rawAnswer is the answer to keep of a body as sent (gzip when the
// encoding says so), at its CurrentTimestamp; ok false for what is not
// one of the service's answers (one object whose one member holds a
// CurrentTimestamp).
func rawAnswer(subject, encoding string, body []byte) (history.Answer, bool) {
	plain, gz := body, []byte(nil)
	if strings.EqualFold(encoding, "gzip") {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return history.Answer{}, false
		}
		if plain, err = io.ReadAll(zr); err != nil {
			return history.Answer{}, false
		}
		gz = body
	} else {
		gz = history.Gzip(body)
	}
	var outer map[string]struct{ CurrentTimestamp string }
	if json.Unmarshal(plain, &outer) != nil || len(outer) != 1 {
		return history.Answer{}, false
	}
	for _, inner := range outer {
		at, err := time.Parse(time.RFC3339, inner.CurrentTimestamp)
		if err != nil {
			return history.Answer{}, false
		}
		return history.Answer{Subject: subject, At: at, Gzip: gz}, true
	}
	return history.Answer{}, false
}

// rawSource is the service's client as g.source makes it, its answers
// (rawTap) handed to keep.
func (g *globals) rawSource(keep func(history.Answer)) (source, error) {
	plain, err := g.source() // the checks and the name
	if err != nil {
		return source{}, err
	}
	base, inner := g.s.api.value, http.DefaultTransport
	if base == "" {
		base, inner = sim.BaseURL, newSimTransport(sim.Options{Seed: g.seed, Clock: sim.NewClock(embeddedSimStart, 1)})
	}
	c, err := feed.NewClient(base, feed.WithUserAgent("abfahrt/"+version), feed.WithLiveTTL(liveTTL(g.s)),
		feed.WithHTTPClient(&http.Client{Transport: g.logTransport(rawTap{next: inner, keep: keep})}), feed.WithCacheDir(""))
	if err != nil {
		return source{}, usageError{err}
	}
	return source{client: c, name: plain.name}, nil
}
