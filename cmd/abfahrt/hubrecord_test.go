package main

import (
	"strings"
	"testing"
)

// --all, --db and --keep without --record are refused.
func TestServeRecordFlagsNeedRecord(t *testing.T) {
	for _, args := range [][]string{{"--all"}, {"--db", "x.db"}, {"--keep", "3d"}} {
		c, _, errs := runCLI(t, append([]string{"serve", "--listen", "127.0.0.1:0"}, args...)...)
		if c != exitUsage || !strings.Contains(errs, "go with --record") {
			t.Errorf("serve %v: exit %d, %s", args, c, errs)
		}
	}
}
