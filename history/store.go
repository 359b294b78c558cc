package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver "pgx"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"abfahrt/model"
)

// Event is one departure of a trip from a stop point, as recorded. Times
// are Unix seconds; zero means unknown (NULL in the database).
type Event struct {
	// ServiceDay is the day the departure belongs to, yyyymmdd: the
	// Europe/Berlin date of its scheduled time less 3 hours (a service
	// day runs from 03:00 to 03:00).
	ServiceDay int
	Stop       int    // stop number
	StopPoint  string // stop point code as the service sent it
	Line       string
	Direction  string
	Vehicle    int // 0 when not known
	Platform   string
	Scheduled  int64
	FirstPred  int64 // first live prediction seen
	LastPred   int64 // last live prediction seen
	Actual     int64 // when it departed; 0 while not (yet) departed
	FirstSeen  int64
	LastSeen   int64
	Vanished   bool // left the board before its time
}

// Key identifies an event: a trip's departure from a stop point.
type Key struct {
	StopPoint string
	Line      string
	Direction string
	Scheduled int64
}

// Key returns e's identity.
func (e Event) Key() Key {
	return Key{StopPoint: e.StopPoint, Line: e.Line, Direction: e.Direction, Scheduled: e.Scheduled}
}

// ServiceDayOf is the service day (yyyymmdd) of a departure scheduled at t.
func ServiceDayOf(t time.Time) int {
	y, m, d := t.In(model.Berlin).Add(-3 * time.Hour).Date()
	return y*10000 + int(m)*100 + d
}

// ErrNewerSchema is returned by Open for a database that a newer abfahrt
// migrated.
var ErrNewerSchema = errors.New("the history database has a newer schema than this abfahrt knows")

// ErrReadOnly is returned when the database cannot be written.
var ErrReadOnly = errors.New("the history database is read-only")

// ErrDiskFull is returned when the disk holding the database is full.
var ErrDiskFull = errors.New("the disk of the history database is full")

type dialect int

const (
	dialectSQLite dialect = iota
	dialectPostgres
)

// Store is a history database.
type Store struct {
	db      *sql.DB
	dialect dialect
	name    string // the database as said in errors (path, or host/db)
	version int    // its schema version once opened
	// queryTimeout bounds each query (0: QueryTimeout).
	queryTimeout time.Duration
}

// Options tune Open.
type Options struct {
	// ReadOnly opens for reading only (stats, history): no migration is
	// run and a missing SQLite file is an error.
	ReadOnly bool
	// QueryTimeout bounds each query (0: QueryTimeout).
	QueryTimeout time.Duration
}

// DefaultPath is the SQLite file under a state directory.
func DefaultPath(stateDir string) string { return filepath.Join(stateDir, "history.db") }

// Open opens the database at dsn: a PostgreSQL URL (postgres:// or
// postgresql://), or a SQLite file (a path, or sqlite:PATH), and brings
// its schema up to date (unless opts.ReadOnly). Before and after, it
// checks that the database is abfahrt's history (Check): a file that is
// not (not SQLite, empty, another program's, a table replaced by a view)
// is ErrNotHistory, said in one line within CheckTimeout, never a hang.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	s, err := open(dsn, opts)
	if err != nil {
		return nil, err
	}
	s.queryTimeout = opts.QueryTimeout
	if err := s.openChecked(ctx, opts.ReadOnly); err != nil {
		_ = s.db.Close()
		return nil, err
	}
	return s, nil
}

// openChecked checks the database, then (to write) makes a SQLite file
// WAL and migrates the schema, and checks again: nothing is written into
// a database that is not abfahrt's history.
func (s *Store) openChecked(ctx context.Context, readOnly bool) error {
	fresh, err := s.precheck(ctx, readOnly)
	if err != nil {
		return err
	}
	if !fresh {
		if err := s.migrate(ctx, true); err != nil { // reads the version, refuses a newer one
			return err
		}
		if err := s.Check(ctx); err != nil {
			return err
		}
	}
	if readOnly {
		return nil
	}
	if s.dialect == dialectSQLite {
		if _, err := s.db.ExecContext(ctx, `PRAGMA journal_mode(WAL)`); err != nil {
			return s.wrap("opening the history database", err)
		}
	}
	if err := s.migrate(ctx, false); err != nil {
		return err
	}
	return s.Check(ctx)
}

func open(dsn string, opts Options) (*Store, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("history database %s: %w", redact(dsn), err)
		}
		db.SetMaxOpenConns(4)
		return &Store{db: db, dialect: dialectPostgres, name: redact(dsn)}, nil
	}
	path := strings.TrimPrefix(dsn, "sqlite:")
	if path == "" {
		return nil, errors.New("history database: empty path")
	}
	fi, err := os.Stat(path) //nolint:gosec // G703: the database the user named
	switch {
	case err == nil && fi.IsDir():
		return nil, fmt.Errorf("history database %s is a directory", path)
	case err == nil && !opts.ReadOnly && fi.Mode().Perm()&0o222 == 0:
		return nil, fmt.Errorf("%w: %s (mode %v): recording needs write access; chmod u+w it or name another with --db", ErrReadOnly, path, fi.Mode().Perm())
	case errors.Is(err, os.ErrNotExist) && opts.ReadOnly:
		return nil, fmt.Errorf("no history database at %s: record some with abfahrt record, or name one with --db", path)
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil { //nolint:gosec // G703: the database the user named
			return nil, fmt.Errorf("history database %s: %w", path, err)
		}
	case err != nil:
		return nil, fmt.Errorf("history database %s: %w", path, err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "cache_size(-32000)") // 32 MB of pages: stats over weeks
	if opts.ReadOnly {
		q.Add("mode", "ro")
	} else {
		q.Add("_pragma", "synchronous(NORMAL)")
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("history database %s: %w", path, err)
	}
	// One writer at a time is SQLite's rule; one connection keeps the
	// writes of the recorder in order without "database is locked".
	db.SetMaxOpenConns(1)
	return &Store{db: db, dialect: dialectSQLite, name: path}, nil
}

// redact drops a password from a PostgreSQL URL for messages.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://…"
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	return u.Redacted()
}

// Name is the database as errors name it.
func (s *Store) Name() string { return s.name }

// Postgres reports whether the store is PostgreSQL.
func (s *Store) Postgres() bool { return s.dialect == dialectPostgres }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// DB is the database handle, for tests and measurements.
func (s *Store) DB() *sql.DB { return s.db }

// bind rewrites ? placeholders into PostgreSQL's $n.
func (s *Store) bind(q string) string {
	if s.dialect != dialectPostgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// wrap gives a database error a clear cause and names the database.
func (s *Store) wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_READONLY:
			return fmt.Errorf("%s: %w: %s: %w", what, ErrReadOnly, s.name, err)
		case sqlite3.SQLITE_FULL:
			return fmt.Errorf("%s: %w: %s: %w", what, ErrDiskFull, s.name, err)
		}
	}
	msg := err.Error()
	if s.dialect == dialectPostgres && (strings.Contains(msg, "connect") || strings.Contains(msg, "refused") || errors.Is(err, sql.ErrConnDone)) {
		return fmt.Errorf("%s: the PostgreSQL server at %s is unreachable: %w", what, s.name, err)
	}
	if strings.Contains(msg, "No space left") || strings.Contains(msg, "could not extend file") {
		return fmt.Errorf("%s: %w: %s: %w", what, ErrDiskFull, s.name, err)
	}
	return fmt.Errorf("%s (%s): %w", what, s.name, err)
}

func nullInt(v int64) any {
	if v == 0 {
		return nil
	}
	return v
}

func bool01(b bool) int {
	if b {
		return 1
	}
	return 0
}

// upsert writes e in place: one row per event, whatever was written before.
const upsert = `INSERT INTO departures (service_day, stop, stop_point, line, direction, vehicle, platform,
 scheduled, first_pred, last_pred, actual, first_seen, last_seen, vanished)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (stop_point, scheduled, line, direction) DO UPDATE SET
 vehicle = CASE WHEN excluded.vehicle <> 0 THEN excluded.vehicle ELSE departures.vehicle END,
 platform = excluded.platform,
 first_pred = COALESCE(departures.first_pred, excluded.first_pred),
 last_pred = COALESCE(excluded.last_pred, departures.last_pred),
 actual = COALESCE(excluded.actual, departures.actual),
 first_seen = CASE WHEN departures.first_seen < excluded.first_seen THEN departures.first_seen ELSE excluded.first_seen END,
 last_seen = CASE WHEN departures.last_seen > excluded.last_seen THEN departures.last_seen ELSE excluded.last_seen END,
 vanished = CASE WHEN COALESCE(excluded.actual, departures.actual) IS NULL THEN excluded.vanished ELSE 0 END`

// Save writes events in one transaction: all or none, within the
// store's query deadline.
func (s *Store) Save(ctx context.Context, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	return s.bounded(ctx, "saving departures", func(ctx context.Context) error {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback() }()
		st, err := tx.PrepareContext(ctx, s.bind(upsert)) //nolint:gosec // G701: a constant statement, values bound
		if err != nil {
			return err
		}
		defer func() { _ = st.Close() }()
		for _, e := range events {
			if _, err := st.ExecContext(ctx, e.ServiceDay, e.Stop, e.StopPoint, e.Line, e.Direction, e.Vehicle, e.Platform,
				e.Scheduled, nullInt(e.FirstPred), nullInt(e.LastPred), nullInt(e.Actual), e.FirstSeen, e.LastSeen, bool01(e.Vanished)); err != nil {
				return err
			}
		}
		return tx.Commit()
	})
}

const columns = `service_day, stop, stop_point, line, direction, vehicle, platform,
 scheduled, COALESCE(first_pred, 0), COALESCE(last_pred, 0), COALESCE(actual, 0), first_seen, last_seen, vanished`

func scanEvents(rows *sql.Rows) ([]Event, error) {
	defer func() { _ = rows.Close() }()
	var out []Event
	for rows.Next() {
		var e Event
		var v int
		if err := rows.Scan(&e.ServiceDay, &e.Stop, &e.StopPoint, &e.Line, &e.Direction, &e.Vehicle, &e.Platform,
			&e.Scheduled, &e.FirstPred, &e.LastPred, &e.Actual, &e.FirstSeen, &e.LastSeen, &v); err != nil {
			return nil, err
		}
		e.Vanished = v != 0
		out = append(out, e)
	}
	return out, rows.Err()
}

// Events returns the events scheduled in [from, to), by stop point and
// scheduled time.
func (s *Store) Events(ctx context.Context, from, to time.Time) ([]Event, error) {
	var evs []Event
	err := s.bounded(ctx, "reading departures", func(ctx context.Context) error {
		rows, err := s.db.QueryContext(ctx, s.bind(`SELECT `+columns+` FROM departures
 WHERE scheduled >= ? AND scheduled < ? ORDER BY stop_point, scheduled, line, direction`), from.Unix(), to.Unix())
		if err != nil {
			return err
		}
		evs, err = scanEvents(rows)
		return err
	})
	return evs, err
}

// Pending returns the events not yet departed nor vanished, last seen since
// since: the recorder picks them up again after a restart.
func (s *Store) Pending(ctx context.Context, since time.Time) ([]Event, error) {
	var evs []Event
	err := s.bounded(ctx, "reading open departures", func(ctx context.Context) error {
		rows, err := s.db.QueryContext(ctx, s.bind(`SELECT `+columns+` FROM departures
 WHERE actual IS NULL AND vanished = 0 AND last_seen >= ?`), since.Unix())
		if err != nil {
			return err
		}
		evs, err = scanEvents(rows)
		return err
	})
	return evs, err
}

// Prune deletes the events scheduled before before and returns how many.
func (s *Store) Prune(ctx context.Context, before time.Time) (int64, error) {
	var n int64
	err := s.bounded(ctx, "pruning departures", func(ctx context.Context) error {
		res, err := s.db.ExecContext(ctx, s.bind(`DELETE FROM departures WHERE scheduled < ?`), before.Unix())
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		if s.version >= 3 {
			// The triggers counted the pruned departures down; the
			// emptied counts go.
			_, err = s.db.ExecContext(ctx, `DELETE FROM line_days WHERE n <= 0`)
		}
		return err
	})
	return n, err
}
