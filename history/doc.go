// Package history is abfahrt's memory of the network: departure events
// recorded from the service's boards (Recorder) and kept in a SQL
// database (Store), an embedded SQLite file by default (pure Go,
// modernc.org/sqlite, WAL) or PostgreSQL (jackc/pgx) when many machines
// write to one place. Both run the same SQL where they can.
//
// One row per departure event (a trip's departure from a stop point),
// updated in place as the boards change: first seen, first and last
// prediction, the actual time once it departed, or vanished when it left
// the board before its time. The schema is versioned (table
// schema_version) and migrated in code when a store opens; a database of
// a newer schema than this program knows is refused.
package history
