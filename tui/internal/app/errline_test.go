package app

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/tui/internal/ui"
)

// Failed requests read in the board's language, without the URL; the
// service's own message and the system's cause are kept as they came.
func TestErrLineSpeaksTheBoardsLanguage(t *testing.T) {
	en, de := ui.EnglishTexts(), ui.GermanTexts()
	cases := []struct {
		err    error
		en, de string
	}{
		{&feed.HTTPError{Status: 503, URL: "http://x/mobility/v1/a?b=c", Body: "overloaded"},
			"503 Service Unavailable: overloaded", "HTTP-Fehler 503 (Service Unavailable): overloaded"},
		{fmt.Errorf("board: %w", &feed.TimeoutError{URL: "http://x/a", After: 10 * time.Second}),
			"no answer within 10s", "keine Antwort innerhalb von 10s"},
		{&feed.NetError{URL: "http://127.0.0.1:9/mobility/v1", Err: syscall.ECONNREFUSED},
			"cannot reach the service: connection refused", "Dienst nicht erreichbar: Verbindung abgelehnt"},
		{&feed.DecodeError{URL: "http://x/a", Reason: "response is truncated", Kind: feed.DecodeTruncated},
			"unreadable answer: response is truncated", "unlesbare Antwort: die Antwort ist abgeschnitten"},
		{errors.New("odd\nerror"), "odd error", "odd error"},
	}
	for _, c := range cases {
		if got := ErrLine(&en, c.err); got != c.en {
			t.Errorf("en: %q, want %q", got, c.en)
		}
		if got := ErrLine(&de, c.err); got != c.de {
			t.Errorf("de: %q, want %q", got, c.de)
		}
		if strings.Contains(ErrLine(&en, c.err), "http://") {
			t.Errorf("the URL is shown: %q", ErrLine(&en, c.err))
		}
	}
}

// Issue 23 item 22: a German board says why the service cannot be reached
// in German, never in Go's English ("connection refused").
func TestErrLineGermanNetworkCauses(t *testing.T) {
	de := ui.GermanTexts()
	for _, c := range []struct {
		cause error
		want  string
	}{
		{syscall.ECONNREFUSED, "Dienst nicht erreichbar: Verbindung abgelehnt"},
		{syscall.ECONNRESET, "Dienst nicht erreichbar: Verbindung vom Server getrennt"},
		{syscall.EHOSTUNREACH, "Dienst nicht erreichbar: Rechner nicht erreichbar"},
		{syscall.ENETUNREACH, "Dienst nicht erreichbar: Netz nicht erreichbar"},
		{&net.DNSError{Name: "api.example", IsNotFound: true}, `Dienst nicht erreichbar: Rechner "api.example" unbekannt`},
		{io.ErrUnexpectedEOF, "Dienst nicht erreichbar: Verbindung vor dem Ende der Antwort geschlossen"},
		{errors.New("some odd socket trouble"), "Dienst nicht erreichbar: Netzfehler"},
	} {
		got := ErrLine(&de, &feed.NetError{URL: "http://127.0.0.1:9/mobility/v1", Err: c.cause})
		if got != c.want {
			t.Errorf("German for %v: %q, want %q", c.cause, got, c.want)
		}
	}
	en := ui.EnglishTexts()
	if got := ErrLine(&en, &feed.NetError{URL: "http://x", Err: syscall.ECONNRESET}); got != "cannot reach the service: connection reset by the server" {
		t.Errorf("English for a reset: %q", got)
	}
}

// Issue 23 item 22: an unreadable answer is said in German on a German
// board, whatever the decoder found; English keeps the decoder's detail.
func TestErrLineGermanDecodeErrors(t *testing.T) {
	de, en := ui.GermanTexts(), ui.EnglishTexts()
	for body, want := range map[string]string{
		"":                               "unlesbare Antwort: die Antwort ist leer",
		"<html>Bad gateway</html>":       "unlesbare Antwort: die Antwort ist kein JSON",
		`{"StopPassage":{"Departure`:     "unlesbare Antwort: die Antwort ist abgeschnitten",
		`{"StopPassage": 7}`:             "unlesbare Antwort: die Antwort hat eine unerwartete Form",
		`{"Something":{"Else":[1,2,3]}}`: "unlesbare Antwort: die Antwort hat eine unerwartete Form",
	} {
		_, err := feed.DecodeDepartures([]byte(body))
		if err == nil {
			t.Fatalf("%q decoded", body)
		}
		if got := ErrLine(&de, err); got != want {
			t.Errorf("%q: %q, want %q", body, got, want)
		}
		if got := ErrLine(&en, err); !strings.HasPrefix(got, "unreadable answer: response ") {
			t.Errorf("English lost the decoder's reason: %q", got)
		}
	}
}
