package main

import (
	"context"
	"testing"
	"time"

	"abfahrt/internal/recording"
	"abfahrt/internal/recording/replaytest"
)

// serveReplayOf serves the recording in db as abfahrt replay does, its
// clock at now, on a loopback port; it returns the base URL.
func serveReplayOf(t *testing.T, db string) string {
	t.Helper()
	h, _, store, err := recording.OpenReplay(context.Background(), db, time.Now().Format(time.RFC3339), 1, 1, 15*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	return replaytest.Serve(t, h)
}
