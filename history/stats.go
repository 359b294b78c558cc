package history

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"abfahrt/model"
)

// On-time threshold: a departure is on time from OnTimeEarly seconds
// early to OnTimeLate seconds late, both included.
const (
	OnTimeEarly = 60
	OnTimeLate  = 180
)

// StatsQuery selects what Stats summarises.
type StatsQuery struct {
	Stop  int    // 0: every stop
	Line  string // "": every line
	Since time.Time
	By    string // "", "hour" or "day"
}

// Stat is one line's punctuality (in one hour or day with By).
type Stat struct {
	Line string `json:"line"`
	Stop int    `json:"stop,omitempty"`
	// Day is the service day (yyyy-mm-dd) with By "day"; Hour the hour's
	// start with By "hour".
	Day           string     `json:"day,omitempty"`
	Hour          *time.Time `json:"hour,omitempty"`
	Departures    int        `json:"departures"`
	OnTime        int        `json:"on_time"`
	OnTimeShare   float64    `json:"on_time_share"`
	P50DelayS     int        `json:"p50_delay_s"`
	P90DelayS     int        `json:"p90_delay_s"`
	Vanished      int        `json:"vanished"`
	VanishedShare float64    `json:"vanished_share"`
	// Headway where the line is frequent at the stop (Stats with a stop
	// only; absent otherwise): how many gaps between consecutive
	// departures scheduled at most FrequentGap apart were observed, the
	// p50 and p90 of their actual length in seconds, and the share of
	// them longer than 1.5 times their scheduled length.
	HeadwayGaps      int      `json:"headway_gaps,omitempty"`
	HeadwayP50S      *int     `json:"headway_p50_s,omitempty"`
	HeadwayP90S      *int     `json:"headway_p90_s,omitempty"`
	HeadwayLongShare *float64 `json:"headway_long_share,omitempty"`
	// Overtakings is how many of those departures left before one
	// scheduled ahead of them (the headway is measured in the order of
	// departure, so it is never negative).
	Overtakings int `json:"overtakings,omitempty"`

	bucket int64 // the hour or day as the query grouped it
}

// Stats summarises the recorded departures per line (and hour or day):
// departures observed, on-time share, p50 and p90 of the delay (nearest
// rank, computed in SQL with window functions: no row is loaded here),
// vanished share (of departures and vanished together) and, with a stop,
// the headway where the line is frequent there.
//
// A line's stats over whole service days are read from line_days, the
// delays counted per line and day (schema version 3); the service day in
// which Since falls, an hour's or a stop's stats from the departures.
func (s *Store) Stats(ctx context.Context, q StatsQuery) ([]Stat, error) {
	var out []Stat
	err := s.bounded(ctx, "computing stats", func(ctx context.Context) error {
		var err error
		if q.Stop == 0 && q.By != "hour" && s.version >= 3 {
			out, err = s.statsCounted(ctx, q)
		} else {
			out, err = s.statsRaw(ctx, q)
		}
		if err != nil || q.Stop == 0 {
			return err
		}
		return s.headways(ctx, q, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// bucketOf is the SQL of a departure's bucket for q.By.
func bucketOf(by string) string {
	switch by {
	case "hour":
		return "(scheduled / 3600) * 3600"
	case "day":
		return "service_day"
	}
	return "0"
}

// percentiles is the SQL that turns h (line, b, vanished, delay, n: n
// departures of that delay, or n vanished) into the rows scanStats reads:
// the percentile is the smallest delay whose cumulative count reaches
// p·n (nearest rank).
var percentiles = `, g AS (
 SELECT line, b, vanished, delay, SUM(n) AS n FROM h GROUP BY line, b, vanished, delay
), c AS (
 SELECT line, b, delay, n, SUM(n) OVER (PARTITION BY line, b ORDER BY delay) AS cum,
  SUM(n) OVER (PARTITION BY line, b) AS tot
 FROM g WHERE vanished = 0
), p AS (
 SELECT line, b, MAX(tot) AS n,
  SUM(CASE WHEN delay >= -` + onTimeEarly + ` AND delay <= ` + onTimeLate + ` THEN n ELSE 0 END) AS on_time,
  MIN(CASE WHEN cum * 100 >= tot * 50 THEN delay END) AS p50,
  MIN(CASE WHEN cum * 100 >= tot * 90 THEN delay END) AS p90
 FROM c GROUP BY line, b
), v AS (
 SELECT line, b, SUM(CASE WHEN vanished = 1 THEN n ELSE 0 END) AS vanished FROM g GROUP BY line, b
)
SELECT v.line, v.b, CAST(COALESCE(p.n, 0) AS BIGINT), CAST(COALESCE(p.on_time, 0) AS BIGINT), COALESCE(p.p50, 0), COALESCE(p.p90, 0), CAST(v.vanished AS BIGINT)
FROM v LEFT JOIN p ON p.line = v.line AND p.b = v.b`

var (
	onTimeEarly = strconv.Itoa(OnTimeEarly)
	onTimeLate  = strconv.Itoa(OnTimeLate)
)

// statsCounted reads the service days after Since's from line_days and
// Since's own day (from Since on) from departures.
func (s *Store) statsCounted(ctx context.Context, q StatsQuery) ([]Stat, error) {
	day := ServiceDayOf(q.Since)
	y, m, d := day/10000, time.Month(day/100%100), day%100
	dayEnd := time.Date(y, m, d+1, 3, 0, 0, 0, model.Berlin)
	counted := "service_day > ?"
	raw := "scheduled >= ? AND scheduled < ? AND (actual IS NOT NULL OR vanished = 1)"
	args := []any{day}
	rawArgs := []any{q.Since.Unix(), dayEnd.Unix()}
	if q.Line != "" {
		counted += " AND line = ?"
		raw += " AND line = ?"
		args = append(args, q.Line)
		rawArgs = append(rawArgs, q.Line)
	}
	query := `WITH h AS (
 SELECT line, ` + bucketOf(q.By) + ` AS b, vanished, delay, n FROM line_days WHERE ` + counted + ` AND n > 0
 UNION ALL
 SELECT line, ` + bucketOf(q.By) + ` AS b, CASE WHEN actual IS NULL THEN 1 ELSE 0 END, COALESCE(actual - scheduled, 0), 1
 FROM departures WHERE ` + raw + `
)` + percentiles
	return s.scanStats(ctx, q, query, append(args, rawArgs...))
}

// statsRaw reads every departure selected.
func (s *Store) statsRaw(ctx context.Context, q StatsQuery) ([]Stat, error) {
	where := "scheduled >= ? AND (actual IS NOT NULL OR vanished = 1)"
	args := []any{q.Since.Unix()}
	if q.Stop != 0 {
		where += " AND stop = ?"
		args = append(args, q.Stop)
	}
	if q.Line != "" {
		where += " AND line = ?"
		args = append(args, q.Line)
	}
	query := `WITH h AS (
 SELECT line, ` + bucketOf(q.By) + ` AS b, CASE WHEN actual IS NULL THEN 1 ELSE 0 END AS vanished,
  COALESCE(actual - scheduled, 0) AS delay, 1 AS n FROM departures WHERE ` + where + `
)` + percentiles
	return s.scanStats(ctx, q, query, args)
}

func (s *Store) scanStats(ctx context.Context, q StatsQuery, query string, args []any) ([]Stat, error) {
	rows, err := s.db.QueryContext(ctx, s.bind(query), args...) //nolint:gosec // G701: constant SQL; the values are bound
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []Stat
	for rows.Next() {
		var st Stat
		var b, n, onTime, p50, p90, vanished int64
		if err := rows.Scan(&st.Line, &b, &n, &onTime, &p50, &p90, &vanished); err != nil {
			return nil, err
		}
		st.Stop = q.Stop
		st.bucket = b
		st.Departures, st.OnTime, st.P50DelayS, st.P90DelayS, st.Vanished = int(n), int(onTime), int(p50), int(p90), int(vanished)
		if n > 0 {
			st.OnTimeShare = float64(onTime) / float64(n)
		}
		if n+vanished > 0 {
			st.VanishedShare = float64(vanished) / float64(n+vanished)
		}
		switch q.By {
		case "hour":
			h := time.Unix(b, 0).In(model.Berlin)
			st.Hour = &h
		case "day":
			st.Day = dayString(int(b))
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Stat) int {
		if c := compareLines(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.bucket, b.bucket)
	})
	return out, nil
}

// FrequentGap is the longest scheduled gap between two departures of a
// line from a stop point (same direction) that counts as frequent
// service, whose headway Stats reports.
const FrequentGap = 15 * 60

// headways adds to out (the stats of one stop) the observed headway of
// each line and bucket, measured in the order the departures left: the
// gap between the actual times of consecutive departures of the line
// from the same stop point in the same direction (never negative) whose
// scheduled times lie at most FrequentGap apart; their nearest-rank p50
// and p90, the share of gaps longer than 1.5 times the scheduled one,
// and how many departures left before one scheduled ahead of them
// (overtakings: the scheduled gap of such a pair is the one between the
// two, whichever left first).
func (s *Store) headways(ctx context.Context, q StatsQuery, out []Stat) error {
	where := "scheduled >= ? AND stop = ? AND actual IS NOT NULL"
	args := []any{q.Since.Unix(), q.Stop}
	if q.Line != "" {
		where += " AND line = ?"
		args = append(args, q.Line)
	}
	query := `WITH d AS (
 SELECT line, ` + bucketOf(q.By) + ` AS b, stop_point, direction, scheduled, actual FROM departures WHERE ` + where + `
), g AS (
 SELECT line, b, scheduled - LAG(scheduled) OVER w AS sd, actual - LAG(actual) OVER w AS ag
 FROM d WINDOW w AS (PARTITION BY line, stop_point, direction ORDER BY actual, scheduled)
), r AS (
 SELECT line, b, ABS(sd) AS sg, sd, ag, ROW_NUMBER() OVER (PARTITION BY line, b ORDER BY ag) AS rn,
  COUNT(*) OVER (PARTITION BY line, b) AS n
 FROM g WHERE sd IS NOT NULL AND sd <> 0 AND ABS(sd) <= ` + strconv.Itoa(FrequentGap) + `
)
SELECT line, b, MAX(n), MIN(CASE WHEN rn * 100 >= n * 50 THEN ag END), MIN(CASE WHEN rn * 100 >= n * 90 THEN ag END),
 CAST(SUM(CASE WHEN ag * 2 > sg * 3 THEN 1 ELSE 0 END) AS BIGINT), CAST(SUM(CASE WHEN sd < 0 THEN 1 ELSE 0 END) AS BIGINT)
FROM r GROUP BY line, b`
	rows, err := s.db.QueryContext(ctx, s.bind(query), args...) //nolint:gosec // G701: constant SQL; the values are bound
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	type key struct {
		line string
		b    int64
	}
	at := map[key]*Stat{}
	for i := range out {
		at[key{out[i].Line, out[i].bucket}] = &out[i]
	}
	for rows.Next() {
		var line string
		var b, n, p50, p90, long, overtaken int64
		if err := rows.Scan(&line, &b, &n, &p50, &p90, &long, &overtaken); err != nil {
			return err
		}
		st := at[key{line, b}]
		if st == nil || n == 0 {
			continue
		}
		h50, h90, share := int(p50), int(p90), float64(long)/float64(n)
		st.HeadwayGaps, st.HeadwayP50S, st.HeadwayP90S, st.HeadwayLongShare = int(n), &h50, &h90, &share
		st.Overtakings = int(overtaken)
	}
	return rows.Err()
}

// compareLines orders line names numerically where they are numbers.
func compareLines(a, b string) int {
	x, ex := strconv.Atoi(a)
	y, ey := strconv.Atoi(b)
	switch {
	case ex == nil && ey == nil:
		return cmp.Compare(x, y)
	case ex == nil:
		return -1
	case ey == nil:
		return 1
	}
	return cmp.Compare(a, b)
}

func dayString(d int) string {
	return time.Date(d/10000, time.Month(d/100%100), d%100, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// Run is one trip a vehicle ran, as recorded at the stops watched. Its
// start and end are what actually happened: the first and the last
// departure with an actual time (the first scheduled one when none has
// left yet), so a run never ends before it starts; UnderWay says that
// it has left its first stops but its last recorded departure had not
// left when last seen, Planned that none of its departures had.
type Run struct {
	Line       string `json:"line"`
	Direction  string `json:"direction"`
	FirstStop  int    `json:"first_stop"`
	FirstTime  int64  `json:"first_time"` // actual, else scheduled (Unix seconds)
	FirstDelay *int   `json:"first_delay_s"`
	LastStop   int    `json:"last_stop"`
	LastTime   int64  `json:"last_time"`
	LastDelay  *int   `json:"last_delay_s"`
	Stops      int    `json:"stops"`
	UnderWay   bool   `json:"under_way"`
	Planned    bool   `json:"planned"`
}

// runGap splits a vehicle's departures of the same line and direction
// into two runs.
const runGap = 20 * 60

// VehicleRuns returns the runs of a vehicle recorded since since, in
// order, and when it was last seen (zero when never).
func (s *Store) VehicleRuns(ctx context.Context, vehicle int, since time.Time) ([]Run, time.Time, error) {
	var last int64
	var evs []Event
	err := s.bounded(ctx, "reading the vehicle's history", func(ctx context.Context) error {
		if err := s.db.QueryRowContext(ctx, s.bind(`SELECT COALESCE(MAX(last_seen), 0) FROM departures WHERE vehicle = ?`), vehicle).Scan(&last); err != nil || last == 0 {
			return err
		}
		rows, err := s.db.QueryContext(ctx, s.bind(`SELECT `+columns+` FROM departures
 WHERE vehicle = ? AND scheduled >= ? AND vanished = 0 ORDER BY scheduled, stop_point`), vehicle, since.Unix())
		if err != nil {
			return err
		}
		evs, err = scanEvents(rows)
		return err
	})
	if err != nil || last == 0 {
		return nil, time.Time{}, err
	}
	return runsOf(evs), time.Unix(last, 0), nil
}

// runsOf splits a vehicle's departures (by scheduled time) into runs.
func runsOf(evs []Event) []Run {
	var runs []Run
	var prev Event
	left := false // the current run has a departure that left
	for i, e := range evs {
		if i == 0 || e.Line != prev.Line || e.Direction != prev.Direction || e.Scheduled-prev.Scheduled > runGap {
			runs = append(runs, Run{Line: e.Line, Direction: e.Direction, FirstStop: e.Stop, FirstTime: e.Scheduled,
				LastStop: e.Stop, LastTime: e.Scheduled})
			left = false
		}
		r := &runs[len(runs)-1]
		r.Stops++
		r.UnderWay = e.Actual == 0 && left
		r.Planned = e.Actual == 0 && !left
		prev = e
		if e.Actual == 0 {
			continue
		}
		d := int(e.Actual - e.Scheduled)
		if !left || e.Actual < r.FirstTime {
			r.FirstStop, r.FirstTime, r.FirstDelay = e.Stop, e.Actual, &d
		}
		r.UnderWay, r.Planned = false, false
		if !left || e.Actual >= r.LastTime {
			r.LastStop, r.LastTime, r.LastDelay = e.Stop, e.Actual, &d
		}
		left = true
	}
	return runs
}

// Recorded is what a recording holds: how many departures, and the time
// it spans: the first and the last sighting of a departure (zero when
// none). The sightings are read near the first and the last scheduled
// departure (found by its index), within 30 hours (a board reaches a day
// ahead, a delay at most 3 hours), not from every row.
func (s *Store) Recorded(ctx context.Context) (n int, first, last time.Time, err error) {
	var f, l int64
	err = s.bounded(ctx, "reading what was recorded", func(ctx context.Context) error {
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM departures`).Scan(&n); err != nil || n == 0 {
			return err
		}
		return s.db.QueryRowContext(ctx, `SELECT
 (SELECT MIN(first_seen) FROM departures WHERE scheduled <= (SELECT MIN(scheduled) FROM departures) + 108000),
 (SELECT MAX(last_seen) FROM departures WHERE scheduled >= (SELECT MAX(scheduled) FROM departures) - 108000)`).Scan(&f, &l)
	})
	if err != nil || n == 0 {
		return 0, time.Time{}, time.Time{}, err
	}
	return n, time.Unix(f, 0), time.Unix(l, 0), nil
}
