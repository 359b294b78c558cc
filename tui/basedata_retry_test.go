package tui

import (
	"errors"
	"strings"
	"testing"
)

// A board started during an outage keeps asking for the base data, with
// backoff, until the search has it; the status bar says why search is
// missing meanwhile, in a few words.
func TestBaseDataRetriedAfterAFailedLoad(t *testing.T) {
	e := newEnv(t, 100, 30, false)
	e.poll()
	failed := baseDataMsg{err: errors.Join(errors.New("stops: 503 Service Unavailable"))}

	if cmd := e.send(failed); cmd == nil {
		t.Fatal("a failed base data load scheduled no retry")
	}
	if e.m.sh.baseFails != 1 {
		t.Errorf("baseFails = %d, want 1", e.m.sh.baseFails)
	}
	if v := e.m.View(); !strings.Contains(v, "search unavailable") {
		t.Errorf("status bar does not say search is unavailable:\n%s", v)
	}
	e.send(failed)
	if e.m.sh.baseFails != 2 {
		t.Errorf("baseFails = %d after two failures, want 2", e.m.sh.baseFails)
	}
	if cmd := e.send(baseRetryMsg{}); cmd == nil || !e.m.sh.baseBusy {
		t.Fatal("the retry message did not start a load")
	}

	if cmd := e.send(e.src.base); cmd != nil {
		t.Error("a complete load scheduled another retry")
	}
	if e.m.sh.baseFails != 0 || e.m.sh.baseErr != nil || e.m.sh.base == nil {
		t.Errorf("after success: fails %d, err %v, base %v", e.m.sh.baseFails, e.m.sh.baseErr, e.m.sh.base != nil)
	}
	if v := e.m.View(); strings.Contains(v, "search unavailable") {
		t.Errorf("status bar still says search is unavailable:\n%s", v)
	}
}
