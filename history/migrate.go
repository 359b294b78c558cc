package history

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migrations are the schema's versions in order: migrations[i] brings a
// database from version i to i+1. The statements are the same for both
// databases unless pg says otherwise. Never edit a released migration:
// add one.
var migrations = []struct {
	sql, pg []string
}{
	{sql: []string{
		`CREATE TABLE departures (
 service_day INTEGER NOT NULL,
 stop INTEGER NOT NULL,
 stop_point TEXT NOT NULL,
 line TEXT NOT NULL,
 direction TEXT NOT NULL,
 vehicle INTEGER NOT NULL DEFAULT 0,
 platform TEXT NOT NULL DEFAULT '',
 scheduled BIGINT NOT NULL,
 first_pred BIGINT,
 last_pred BIGINT,
 actual BIGINT,
 first_seen BIGINT NOT NULL,
 last_seen BIGINT NOT NULL,
 vanished SMALLINT NOT NULL DEFAULT 0,
 PRIMARY KEY (stop_point, scheduled, line, direction)
)`,
		`CREATE INDEX departures_line ON departures (line, scheduled)`,
		`CREATE INDEX departures_scheduled ON departures (scheduled)`,
		`CREATE INDEX departures_vehicle ON departures (vehicle, scheduled)`,
	}},
	// 2: stats read a line's departures from an index that holds all
	// they need (stats over 30 days of a line: from 1.9 s to the figure
	// in BENCHMARKS.md).
	{sql: []string{
		`DROP INDEX departures_line`,
		`CREATE INDEX departures_line_stats ON departures (line, scheduled, actual, vanished, stop)`,
	}},
	// 3: line_days, the delays of each line and service day counted
	// (one row per line, day and delay in seconds, or per line and day
	// for the vanished), kept by triggers on departures as rows are
	// written, updated and pruned: stats of a line over weeks read the
	// day's counts instead of every departure (BENCHMARKS.md).
	{sql: []string{
		lineDaysTable,
		lineDaysFill,
		`CREATE TRIGGER departures_line_days_ins AFTER INSERT ON departures
WHEN NEW.actual IS NOT NULL OR NEW.vanished = 1 BEGIN ` + lineDaysAdd + `; END`,
		`CREATE TRIGGER departures_line_days_del AFTER DELETE ON departures
WHEN OLD.actual IS NOT NULL OR OLD.vanished = 1 BEGIN ` + lineDaysSub + `; END`,
		`CREATE TRIGGER departures_line_days_upd AFTER UPDATE ON departures
WHEN OLD.actual IS NOT NEW.actual OR OLD.vanished <> NEW.vanished BEGIN
 ` + lineDaysSub + ` AND (OLD.actual IS NOT NULL OR OLD.vanished = 1);
 ` + lineDaysAddIf + `;
END`,
	}, pg: []string{
		lineDaysTable,
		lineDaysFill,
		`CREATE FUNCTION abfahrt_line_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
 IF TG_OP = 'UPDATE' AND OLD.actual IS NOT DISTINCT FROM NEW.actual AND OLD.vanished = NEW.vanished THEN
  RETURN NULL;
 END IF;
 IF TG_OP IN ('UPDATE', 'DELETE') AND (OLD.actual IS NOT NULL OR OLD.vanished = 1) THEN
  ` + lineDaysSub + `;
 END IF;
 IF TG_OP IN ('UPDATE', 'INSERT') AND (NEW.actual IS NOT NULL OR NEW.vanished = 1) THEN
  ` + lineDaysAdd + `;
 END IF;
 RETURN NULL;
END $$`,
		`CREATE TRIGGER departures_line_days AFTER INSERT OR UPDATE OR DELETE ON departures
FOR EACH ROW EXECUTE FUNCTION abfahrt_line_days()`,
	}},
	// 4: answers, the raw departure boards a recorder polled (gzip), for
	// replay (record --keep-raw).
	{sql: []string{
		`CREATE TABLE answers (subject TEXT NOT NULL, at BIGINT NOT NULL, body BLOB NOT NULL, PRIMARY KEY (subject, at))`,
		`CREATE INDEX answers_at ON answers (at)`,
	}, pg: []string{
		`CREATE TABLE answers (subject TEXT NOT NULL, at BIGINT NOT NULL, body BYTEA NOT NULL, PRIMARY KEY (subject, at))`,
		`CREATE INDEX answers_at ON answers (at)`,
	}},
}

// line_days: a departure (actual known) counts under its delay with
// vanished 0; a vanished one (no actual) under delay 0 with vanished 1.
const (
	lineDaysTable = `CREATE TABLE line_days (
 line TEXT NOT NULL,
 service_day INTEGER NOT NULL,
 vanished SMALLINT NOT NULL,
 delay BIGINT NOT NULL,
 n BIGINT NOT NULL,
 PRIMARY KEY (line, service_day, vanished, delay)
)`
	lineDaysFill = `INSERT INTO line_days (line, service_day, vanished, delay, n)
SELECT line, service_day, CASE WHEN actual IS NULL THEN 1 ELSE 0 END, COALESCE(actual - scheduled, 0), COUNT(*)
FROM departures WHERE actual IS NOT NULL OR vanished = 1
GROUP BY line, service_day, CASE WHEN actual IS NULL THEN 1 ELSE 0 END, COALESCE(actual - scheduled, 0)`
	lineDaysAdd = `INSERT INTO line_days (line, service_day, vanished, delay, n)
VALUES (NEW.line, NEW.service_day, CASE WHEN NEW.actual IS NULL THEN 1 ELSE 0 END, COALESCE(NEW.actual - NEW.scheduled, 0), 1)
ON CONFLICT (line, service_day, vanished, delay) DO UPDATE SET n = line_days.n + 1`
	lineDaysAddIf = `INSERT INTO line_days (line, service_day, vanished, delay, n)
SELECT NEW.line, NEW.service_day, CASE WHEN NEW.actual IS NULL THEN 1 ELSE 0 END, COALESCE(NEW.actual - NEW.scheduled, 0), 1
WHERE NEW.actual IS NOT NULL OR NEW.vanished = 1
ON CONFLICT (line, service_day, vanished, delay) DO UPDATE SET n = line_days.n + 1`
	lineDaysSub = `UPDATE line_days SET n = n - 1 WHERE line = OLD.line AND service_day = OLD.service_day
 AND vanished = CASE WHEN OLD.actual IS NULL THEN 1 ELSE 0 END AND delay = COALESCE(OLD.actual - OLD.scheduled, 0)`
)

// SchemaVersion is the schema version this program writes.
func SchemaVersion() int { return len(migrations) }

// version reads the database's schema version (0: none yet).
func version(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (int, error) {
	var v sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_version`).Scan(&v); err != nil {
		return 0, err
	}
	return int(v.Int64), nil
}

// migrate brings the schema up to date, one transaction per version; for
// PostgreSQL under an advisory lock, so that hubs starting together
// migrate once. A newer schema is refused; readOnly only checks.
func (s *Store) migrate(ctx context.Context, readOnly bool) error {
	if readOnly {
		v, err := version(ctx, s.db)
		if err != nil {
			return fmt.Errorf("%s is not an abfahrt history database: %w", s.name, err)
		}
		s.version = v
		return s.checkVersion(v)
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied BIGINT NOT NULL)`); err != nil {
		return s.wrap("creating the schema", err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap("migrating the schema", err)
	}
	defer func() { _ = tx.Rollback() }()
	if s.dialect == dialectPostgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7242024)`); err != nil {
			return s.wrap("migrating the schema", err)
		}
	}
	v, err := version(ctx, tx)
	if err != nil {
		return s.wrap("reading the schema version", err)
	}
	if err := s.checkVersion(v); err != nil {
		return err
	}
	for i := v; i < len(migrations); i++ {
		stmts := migrations[i].sql
		if s.dialect == dialectPostgres && migrations[i].pg != nil {
			stmts = migrations[i].pg
		}
		for _, q := range stmts {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return s.wrap(fmt.Sprintf("migrating the schema to version %d", i+1), err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.bind(`INSERT INTO schema_version (version, applied) VALUES (?, ?)`), i+1, nowUnix()); err != nil { //nolint:gosec // G701: a constant statement, values bound
			return s.wrap("migrating the schema", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return s.wrap("migrating the schema", err)
	}
	s.version = max(v, len(migrations))
	return nil
}

func (s *Store) checkVersion(v int) error {
	if v > len(migrations) {
		return fmt.Errorf("%w: %s is at schema version %d, this abfahrt knows up to %d; use a newer abfahrt (nothing was changed)", ErrNewerSchema, s.name, v, len(migrations))
	}
	return nil
}

// nowUnix is the time a migration is stamped with.
func nowUnix() int64 { return time.Now().Unix() }
