package hostile

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the SQLite driver "sqlite"
)

// endless is a query of the departures' columns that never ends: a
// recursive count with no bound.
const endless = `WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)
SELECT 20260910 AS service_day, 1008 AS stop, '100801' AS stop_point, '4' AS line, 'Wiblingen' AS direction,
 42 AS vehicle, '' AS platform, 1788000000 + x AS scheduled, NULL AS first_pred, NULL AS last_pred,
 1788000000 + x AS actual, 1788000000 AS first_seen, 1788000000 + x AS last_seen, 0 AS vanished FROM r`

// HistoryFiles writes into dir files that abfahrt's history readers
// (stats, history, replay) are handed instead of a history database, and
// returns their paths by what they are:
//
//   - "recursive view": abfahrt's schema_version, but departures (and
//     line_days, answers) endless recursive views;
//   - "random bytes": 64 KiB of random bytes, no SQLite file;
//   - "empty file": zero bytes (SQLite reads it as an empty database);
//   - "empty sqlite": a SQLite database with no table;
//   - "other program": a SQLite database of another program (notes, tags);
//   - "other departures": another program's departures table (its own
//     columns) beside a schema_version of its own.
func HistoryFiles(dir string) (map[string]string, error) {
	files := map[string]string{}
	put := func(what, name string, stmts ...string) error {
		path := filepath.Join(dir, name)
		files[what] = path
		if len(stmts) == 0 {
			return nil
		}
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		for _, q := range stmts {
			if _, err := db.ExecContext(context.Background(), q); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
		}
		return nil
	}
	if err := put("recursive view", "recursive.db",
		`CREATE TABLE schema_version (version INTEGER NOT NULL, applied BIGINT NOT NULL)`,
		`INSERT INTO schema_version VALUES (1, 0), (2, 0), (3, 0), (4, 0)`,
		`CREATE VIEW departures AS `+endless,
		`CREATE VIEW line_days AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)
SELECT '4' AS line, 20260910 AS service_day, 0 AS vanished, x AS delay, 1 AS n FROM r`,
		`CREATE VIEW answers AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)
SELECT 'stop/1008' AS subject, x AS at, x'00' AS body FROM r`); err != nil {
		return nil, err
	}
	random := make([]byte, 64<<10)
	rng := rand.New(rand.NewPCG(1, 2)) //nolint:gosec // G404: test data, not a secret
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	if err := os.WriteFile(filepath.Join(dir, "random.db"), random, 0o600); err != nil {
		return nil, err
	}
	files["random bytes"] = filepath.Join(dir, "random.db")
	if err := os.WriteFile(filepath.Join(dir, "empty.db"), nil, 0o600); err != nil {
		return nil, err
	}
	files["empty file"] = filepath.Join(dir, "empty.db")
	if err := put("empty sqlite", "nothing.db", `CREATE TABLE t (x)`, `DROP TABLE t`); err != nil {
		return nil, err
	}
	if err := put("other program", "notes.db",
		`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`,
		`CREATE TABLE tags (note INTEGER, tag TEXT)`,
		`INSERT INTO notes (body) VALUES ('buy milk')`); err != nil {
		return nil, err
	}
	if err := put("other departures", "trains.db",
		`CREATE TABLE schema_version (version INTEGER NOT NULL, applied BIGINT NOT NULL)`,
		`INSERT INTO schema_version VALUES (2, 0)`,
		`CREATE TABLE departures (id INTEGER PRIMARY KEY, train TEXT, platform TEXT, at TEXT)`,
		`INSERT INTO departures (train, platform, at) VALUES ('ICE 599', '2', '08:25')`); err != nil {
		return nil, err
	}
	return files, nil
}
