package app

import (
	"abfahrt/feed"
	"abfahrt/tui/internal/ui"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 12 item 13: raw Go and system errors never reach the screen; the
// board's language says what happened.
func TestErrLineHidesGoErrors(t *testing.T) {
	en, de := ui.EnglishTexts(), ui.GermanTexts()
	for _, c := range []struct {
		err    error
		en, de string
	}{
		{context.DeadlineExceeded, "no answer in time", "keine Antwort in der Zeit"},
		{fmt.Errorf("board: %w", context.Canceled), "request cancelled", "Anfrage abgebrochen"},
		{&fs.PathError{Op: "open", Path: "/x", Err: syscall.EACCES}, "network or system error", "Netz- oder Systemfehler"},
		{&feed.NotFoundError{Status: "no stop found", Subject: "StopNumber 9999"}, "unknown to the service", "dem Dienst unbekannt"},
	} {
		if got := ErrLine(&en, c.err); got != c.en {
			t.Errorf("en %v: %q, want %q", c.err, got, c.en)
		}
		if got := ErrLine(&de, c.err); got != c.de {
			t.Errorf("de %v: %q, want %q", c.err, got, c.de)
		}
	}
}

func TestWalkSpec(t *testing.T) {
	if err := (BoardSpec{Stop: 1008, Walk: WalkTime(2 * time.Hour)}).Check(); err == nil {
		t.Error("a walk of 2h passed Check")
	}
	var w WalkTime
	if err := w.UnmarshalText([]byte("4m")); err != nil || time.Duration(w) != 4*time.Minute {
		t.Errorf("4m read as %v, %v", time.Duration(w), err)
	}
	if err := w.UnmarshalText([]byte("-1m")); err == nil {
		t.Error("-1m accepted")
	}
	b, _ := json.Marshal([]BoardSpec{{Stop: 1008, Walk: WalkTime(90 * time.Second)}})
	if !strings.Contains(string(b), `"walk":"1m30s"`) {
		t.Errorf("boards.json entry %s lacks the walk", b)
	}
	var saved []BoardSpec
	err := json.Unmarshal(b, &saved)
	if err != nil || len(saved) != 1 || saved[0].Walk != WalkTime(90*time.Second) {
		t.Errorf("saved board read back as %+v, %v", saved, err)
	}
	var bad BoardSpec
	if err := json.Unmarshal([]byte(`{"stop": 1008, "walk": "soon"}`), &bad); err != nil || bad.Walk != 0 || bad.Stop != 1008 {
		t.Errorf("an unreadable walk: %+v, %v; want the board without one", bad, err)
	}
}

// Issue 23 item 13: the switch notice names the layout and its hours.
func TestSwitchNoticeNamesHours(t *testing.T) {
	ps := []Profile{{Name: "morning", From: 6 * 60, To: 9*60 + 30}, {Name: "always"}}
	tx := ui.TextsFor("en")
	for _, c := range []struct {
		was, now int
		want     string
	}{
		{-1, 0, "now layout morning (06:00-09:30)"},
		{0, 1, "now layout always (all day)"},
		{0, -1, "layout morning ended · the usual boards"},
	} {
		if got := SwitchNotice(tx, ps, c.was, c.now); got != c.want {
			t.Errorf("%d→%d: %q, want %q", c.was, c.now, got, c.want)
		}
	}
}
