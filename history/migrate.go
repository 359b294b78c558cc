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
}

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
	return s.wrap("migrating the schema", tx.Commit())
}

func (s *Store) checkVersion(v int) error {
	if v > len(migrations) {
		return fmt.Errorf("%w: %s is at schema version %d, this abfahrt knows up to %d; use a newer abfahrt (nothing was changed)", ErrNewerSchema, s.name, v, len(migrations))
	}
	return nil
}

// nowUnix is the time a migration is stamped with.
func nowUnix() int64 { return time.Now().Unix() }
