package ui

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"abfahrt/feed"
)

// Failed requests read in the board's language, without the URL; the
// service's own message and the system's cause are kept as they came.
func TestErrLineSpeaksTheBoardsLanguage(t *testing.T) {
	en, de := EnglishTexts(), GermanTexts()
	cases := []struct {
		err    error
		en, de string
	}{
		{&feed.HTTPError{Status: 503, URL: "http://x/mobility/v1/a?b=c", Body: "overloaded"},
			"503 Service Unavailable: overloaded", "HTTP-Fehler 503 (Service Unavailable): overloaded"},
		{fmt.Errorf("board: %w", &feed.TimeoutError{URL: "http://x/a", After: 10 * time.Second}),
			"no answer within 10s", "keine Antwort innerhalb von 10s"},
		{&feed.NetError{URL: "http://127.0.0.1:9/mobility/v1", Err: syscall.ECONNREFUSED},
			"cannot reach the service: connection refused", "Dienst nicht erreichbar: connection refused"},
		{&feed.DecodeError{URL: "http://x/a", Reason: "response is truncated"},
			"unreadable answer: response is truncated", "unlesbare Antwort: response is truncated"},
		{errors.New("odd\nerror"), "odd error", "odd error"},
	}
	for _, c := range cases {
		if got := en.ErrLine(c.err); got != c.en {
			t.Errorf("en: %q, want %q", got, c.en)
		}
		if got := de.ErrLine(c.err); got != c.de {
			t.Errorf("de: %q, want %q", got, c.de)
		}
		if strings.Contains(en.ErrLine(c.err), "http://") {
			t.Errorf("the URL is shown: %q", en.ErrLine(c.err))
		}
	}
}
