package main

import (
	"context"

	"abfahrt/internal/histout"
	"abfahrt/tui"
)

// boardHistory opens the history the board reads, read-only: the one
// --db names (an error if it cannot be read), else the state
// directory's when it exists. Without one the board says plainly that
// nothing was recorded; a default database that cannot be read is said
// the same way, the board starts anyway. The closer is never nil.
func boardHistory(ctx context.Context, db string) (tui.History, string, func(), error) {
	h, why, closer, err := histout.ForBoard(ctx, historyDB(db), db != "")
	if err != nil {
		return nil, "", closer, usagef("--db: %v", err)
	}
	return h, why, closer, nil
}
