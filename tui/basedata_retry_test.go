package tui

import (
	"errors"
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
)

// A board started during an outage keeps asking for the base data, with
// backoff, until the search has it; the status bar says why search is
// missing meanwhile, in a few words.
func TestBaseDataRetriedAfterAFailedLoad(t *testing.T) {
	e := newEnv(t, 100, 30, false)
	e.poll()
	failed := app.BaseDataMsg{Err: errors.Join(errors.New("stops: 503 Service Unavailable"))}

	if cmd := e.send(failed); cmd == nil {
		t.Fatal("a failed base data load scheduled no retry")
	}
	if e.m.sh.BaseFails != 1 {
		t.Errorf("baseFails = %d, want 1", e.m.sh.BaseFails)
	}
	if v := e.m.View(); !strings.Contains(v, "search unavailable") {
		t.Errorf("status bar does not say search is unavailable:\n%s", v)
	}
	e.send(failed)
	if e.m.sh.BaseFails != 2 {
		t.Errorf("baseFails = %d after two failures, want 2", e.m.sh.BaseFails)
	}
	if cmd := e.send(app.BaseRetryMsg{}); cmd == nil || !e.m.sh.BaseBusy {
		t.Fatal("the retry message did not start a load")
	}

	if cmd := e.send(e.src.Base); cmd != nil {
		t.Error("a complete load scheduled another retry")
	}
	if e.m.sh.BaseFails != 0 || e.m.sh.BaseErr != nil || e.m.sh.Base == nil {
		t.Errorf("after success: fails %d, err %v, base %v", e.m.sh.BaseFails, e.m.sh.BaseErr, e.m.sh.Base != nil)
	}
	if v := e.m.View(); strings.Contains(v, "search unavailable") {
		t.Errorf("status bar still says search is unavailable:\n%s", v)
	}
}
