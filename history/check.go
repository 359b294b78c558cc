package history

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"
)

// CheckTimeout bounds the check of a database's schema when it is opened:
// a few catalogue reads, milliseconds on any real history.
const CheckTimeout = 5 * time.Second

// QueryTimeout bounds every query of a store: the longest stats measured
// (a line over 30 days read from every departure) took 4 s; a query that
// runs this long is stopped with an error that says so instead of
// hanging the command.
const QueryTimeout = 2 * time.Minute

// ErrNotHistory is returned by Open for a file or database that is not
// abfahrt's history: not SQLite, empty, another program's, or with
// abfahrt's tables replaced (a view, missing columns).
var ErrNotHistory = errors.New("not an abfahrt history database")

// tableColumns are the columns each table of the schema has from the
// version that made it; a database whose table lacks one, or has it as
// a view or a generated column, is not abfahrt's history.
var tableColumns = []struct {
	table string
	since int
	cols  []string
}{
	{"schema_version", 0, []string{"version", "applied"}},
	{"departures", 1, []string{"service_day", "stop", "stop_point", "line", "direction", "vehicle", "platform",
		"scheduled", "first_pred", "last_pred", "actual", "first_seen", "last_seen", "vanished"}},
	{"line_days", 3, []string{"line", "service_day", "vanished", "delay", "n"}},
	{"answers", 4, []string{"subject", "at", "body"}},
}

// notHistory is the error of a database that is not abfahrt's history:
// one line that names it and says why.
func (s *Store) notHistory(why string, a ...any) error {
	return fmt.Errorf("%s is %w: %s", s.name, ErrNotHistory, fmt.Sprintf(why, a...))
}

// Deadline is ctx bounded by QueryTimeout, for the queries of a store.
func (s *Store) Deadline(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.timeout())
}

func (s *Store) timeout() time.Duration {
	if s.queryTimeout > 0 {
		return s.queryTimeout
	}
	return QueryTimeout
}

// bounded runs f under the store's deadline and words its error: a query
// stopped by the deadline says so (and how to ask for less), any other
// error is wrapped as what failed.
func (s *Store) bounded(ctx context.Context, what string, f func(ctx context.Context) error) error {
	dctx, cancel := s.Deadline(ctx)
	defer cancel()
	err := f(dctx)
	if err == nil {
		return nil
	}
	if ctx.Err() == nil && dctx.Err() != nil {
		return fmt.Errorf("%s: %s gave no answer within %v; ask for less (--since, --line, --stop)", what, s.name, s.timeout())
	}
	return s.wrap(what, err)
}

// relation is a table or view as the catalogue describes it.
type relation struct {
	kind string   // "table", "view", "virtual table", …
	cols []string // its stored (not generated) columns
}

// Check makes sure the database is abfahrt's history at its version: the
// schema_version table and each table of that version are tables (not
// views, not virtual tables) with their columns stored (not generated),
// so that no query of the store can run without end on a hostile file.
// It reads the catalogue only, within CheckTimeout, and returns
// ErrNotHistory (one line naming the database and what is wrong) when it
// is not. Open checks; a reader that opens the store need not call it
// again.
func (s *Store) Check(ctx context.Context) error {
	rels, err := s.catalogue(ctx)
	if err != nil {
		return err
	}
	if _, ok := rels["schema_version"]; !ok {
		return s.notHistory("%s", s.foreign(rels))
	}
	for _, t := range tableColumns {
		if s.version < t.since {
			continue
		}
		if err := s.checkTable(rels, t.table, t.cols); err != nil {
			return err
		}
	}
	return nil
}

// precheck is the check before the schema version is read or migrated: a
// schema_version that is a table, else (a database abfahrt has not yet
// written) for a reader nothing at all, for a writer no table abfahrt's
// schema names (PostgreSQL: a database may be shared with other
// programs) or no table at all (SQLite: a file of another program is not
// written into).
//
// fresh reports a database without schema_version, for a writer to
// create.
func (s *Store) precheck(ctx context.Context, readOnly bool) (fresh bool, err error) {
	rels, err := s.catalogue(ctx)
	if err != nil {
		return false, err
	}
	if _, ok := rels["schema_version"]; ok {
		return false, s.checkTable(rels, "schema_version", tableColumns[0].cols)
	}
	if readOnly || s.dialect == dialectSQLite && len(rels) > 0 {
		return false, s.notHistory("%s", s.foreign(rels))
	}
	for _, t := range tableColumns {
		if _, ok := rels[t.table]; ok {
			return false, s.notHistory("it has a %s of another program and no schema_version", t.table)
		}
	}
	return true, nil
}

func (s *Store) checkTable(rels map[string]relation, table string, cols []string) error {
	r, ok := rels[table]
	switch {
	case !ok:
		return s.notHistory("it has no table %s (schema version %d)", table, s.version)
	case r.kind != "table":
		return s.notHistory("its %s is a %s, not a table", table, r.kind)
	}
	for _, c := range cols {
		if !slices.Contains(r.cols, c) {
			return s.notHistory("its table %s has no column %s", table, c)
		}
	}
	return nil
}

// catalogue reads the relations within CheckTimeout, its errors worded.
func (s *Store) catalogue(ctx context.Context) (map[string]relation, error) {
	ctx, cancel := context.WithTimeout(ctx, CheckTimeout)
	defer cancel()
	rels, err := s.relations(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, s.notHistory("its catalogue gave no answer within %v", CheckTimeout)
		}
		if strings.Contains(err.Error(), "not a database") {
			return nil, s.notHistory("it is not a SQLite database")
		}
		return nil, s.wrap("checking the schema", err)
	}
	return rels, nil
}

// foreign words what a database without abfahrt's schema_version holds.
func (s *Store) foreign(rels map[string]relation) string {
	if len(rels) == 0 {
		if fi, err := os.Stat(s.name); err == nil && fi.Size() == 0 { //nolint:gosec // G703: the database the user named
			return "it is an empty file; record some with abfahrt record"
		}
		if s.dialect == dialectSQLite {
			return "it is an empty SQLite database; record some with abfahrt record"
		}
		return "it holds no tables; record some with abfahrt record"
	}
	names := make([]string, 0, len(rels))
	for n := range rels {
		names = append(names, n)
	}
	slices.Sort(names)
	more := ""
	if len(names) > 5 {
		names, more = names[:5], ", …"
	}
	return "it holds another program's tables (" + strings.Join(names, ", ") + more + ")"
}

// relations reads the tables and views of the database and the stored
// columns of those the schema knows.
func (s *Store) relations(ctx context.Context) (map[string]relation, error) {
	var q string
	if s.dialect == dialectPostgres {
		q = `SELECT c.relname, CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'v' THEN 'view'
 WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' ELSE 'relation' END
FROM pg_class c WHERE c.relnamespace = to_regnamespace(current_schema()) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`
	} else {
		q = `SELECT name, CASE WHEN type = 'table' AND sql LIKE 'CREATE VIRTUAL%' THEN 'virtual table' ELSE type END
FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`
	}
	rows, err := s.db.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	rels := map[string]relation{}
	for rows.Next() {
		var name, kind string
		if err := rows.Scan(&name, &kind); err != nil {
			_ = rows.Close()
			return nil, err
		}
		rels[name] = relation{kind: kind}
	}
	_ = rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, t := range tableColumns {
		r, ok := rels[t.table]
		if !ok || r.kind != "table" {
			continue
		}
		if s.dialect == dialectPostgres {
			q = `SELECT attname FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`
		} else {
			q = `SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0`
		}
		cols, err := s.db.QueryContext(ctx, q, t.table)
		if err != nil {
			return nil, err
		}
		for cols.Next() {
			var c string
			if err := cols.Scan(&c); err != nil {
				_ = cols.Close()
				return nil, err
			}
			r.cols = append(r.cols, c)
		}
		_ = cols.Close()
		if err := cols.Err(); err != nil {
			return nil, err
		}
		rels[t.table] = r
	}
	return rels, nil
}
