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
}

// Stats summarises the recorded departures per line (and hour or day):
// departures observed, on-time share, p50 and p90 of the delay (nearest
// rank, computed in SQL with window functions: no row is loaded here) and
// vanished share (of departures and vanished together).
func (s *Store) Stats(ctx context.Context, q StatsQuery) ([]Stat, error) {
	bucket := "0"
	switch q.By {
	case "hour":
		bucket = "(scheduled / 3600) * 3600"
	case "day":
		bucket = "service_day"
	}
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
	query := `WITH d AS (
 SELECT line, ` + bucket + ` AS b, actual - scheduled AS delay, vanished FROM departures WHERE ` + where + `
), r AS (
 SELECT line, b, delay, ROW_NUMBER() OVER (PARTITION BY line, b ORDER BY delay) AS rn,
  COUNT(*) OVER (PARTITION BY line, b) AS n
 FROM d WHERE delay IS NOT NULL
), p AS (
 SELECT line, b, MAX(n) AS n,
  SUM(CASE WHEN delay >= -` + strconv.Itoa(OnTimeEarly) + ` AND delay <= ` + strconv.Itoa(OnTimeLate) + ` THEN 1 ELSE 0 END) AS on_time,
  MIN(CASE WHEN rn * 100 >= n * 50 THEN delay END) AS p50,
  MIN(CASE WHEN rn * 100 >= n * 90 THEN delay END) AS p90
 FROM r GROUP BY line, b
), v AS (
 SELECT line, b, SUM(vanished) AS vanished FROM d GROUP BY line, b
)
SELECT v.line, v.b, COALESCE(p.n, 0), COALESCE(p.on_time, 0), COALESCE(p.p50, 0), COALESCE(p.p90, 0), v.vanished
FROM v LEFT JOIN p ON p.line = v.line AND p.b = v.b`
	rows, err := s.db.QueryContext(ctx, s.bind(query), args...) //nolint:gosec // G701: constant SQL; the values are bound
	if err != nil {
		return nil, s.wrap("computing stats", err)
	}
	defer func() { _ = rows.Close() }()
	var out []Stat
	for rows.Next() {
		var st Stat
		var b, n, onTime, p50, p90, vanished int64
		if err := rows.Scan(&st.Line, &b, &n, &onTime, &p50, &p90, &vanished); err != nil {
			return nil, s.wrap("computing stats", err)
		}
		st.Stop = q.Stop
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
		return nil, s.wrap("computing stats", err)
	}
	slices.SortFunc(out, func(a, b Stat) int {
		if c := compareLines(a.Line, b.Line); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Day, b.Day); c != 0 {
			return c
		}
		if a.Hour != nil && b.Hour != nil {
			return a.Hour.Compare(*b.Hour)
		}
		return 0
	})
	return out, nil
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

// Run is one trip a vehicle ran, as recorded at the stops watched.
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
}

// runGap splits a vehicle's departures of the same line and direction
// into two runs.
const runGap = 20 * 60

// VehicleRuns returns the runs of a vehicle recorded since since, in
// order, and when it was last seen (zero when never).
func (s *Store) VehicleRuns(ctx context.Context, vehicle int, since time.Time) ([]Run, time.Time, error) {
	var last int64
	if err := s.db.QueryRowContext(ctx, s.bind(`SELECT COALESCE(MAX(last_seen), 0) FROM departures WHERE vehicle = ?`), vehicle).Scan(&last); err != nil {
		return nil, time.Time{}, s.wrap("reading the vehicle's history", err)
	}
	if last == 0 {
		return nil, time.Time{}, nil
	}
	rows, err := s.db.QueryContext(ctx, s.bind(`SELECT `+columns+` FROM departures
 WHERE vehicle = ? AND scheduled >= ? AND vanished = 0 ORDER BY scheduled, stop_point`), vehicle, since.Unix())
	if err != nil {
		return nil, time.Time{}, s.wrap("reading the vehicle's history", err)
	}
	evs, err := scanEvents(rows)
	if err != nil {
		return nil, time.Time{}, s.wrap("reading the vehicle's history", err)
	}
	var runs []Run
	var prev Event
	for i, e := range evs {
		when, delay := e.Scheduled, (*int)(nil)
		if e.Actual != 0 {
			when = e.Actual
			d := int(e.Actual - e.Scheduled)
			delay = &d
		}
		if i == 0 || e.Line != prev.Line || e.Direction != prev.Direction || e.Scheduled-prev.Scheduled > runGap {
			runs = append(runs, Run{Line: e.Line, Direction: e.Direction, FirstStop: e.Stop, FirstTime: when, FirstDelay: delay})
		}
		r := &runs[len(runs)-1]
		r.LastStop, r.LastTime, r.LastDelay = e.Stop, when, delay
		r.Stops++
		prev = e
	}
	return runs, time.Unix(last, 0), nil
}
