package catalog

// Errors say why a request failed, in the bars' one line (ui's ErrLine
// picks the text): the service's or the system's own words stay as they
// came, Go's English words never reach a German screen.
type Errors struct {
	ErrHTTP    string // "%d %s" — status code and its English name, e.g. 503 Service Unavailable
	ErrTimeout string // "no answer within %s"
	// ErrGateway and ErrGatewayTimeout are a hub's 502 and 504 ("%d": the
	// status): the service behind it fails or is too slow.
	ErrGateway, ErrGatewayTimeout string
	ErrUnreachable                string // "cannot reach the service: %s"
	ErrUnreadable                 string // "unreadable answer: %s"
	NoStopsForLine                string // "no stops known for line %s"
	// Errors of the system, never shown in Go's words.
	ErrNoAnswer string // "no answer in time"
	ErrCanceled string // "request cancelled"
	ErrSystem   string // "network or system error"
	ErrNotFound string // "unknown to the service"
	// ErrNotRecorded: a replay does not hold the stop or the time.
	ErrNotRecorded string // "not in the recording"
	// NoSuchStop is a board's text when the service knows no such stop
	// ("%s does not exist." with the board's name); it is not polled again.
	NoSuchStop string

	// Why the service cannot be reached, for the common causes of the
	// network.
	NetRefused     string // "connection refused"
	NetReset       string // "connection reset by the server"
	NetHostUnreach string // "host unreachable"
	NetUnreach     string // "network unreachable"
	NetUnknownHost string // "unknown host %q"
	NetClosed      string // "connection closed before the answer was complete"
	NetTLSUnknown  string // "TLS certificate signed by an unknown authority"
	NetTLSHost     string // "TLS certificate is not valid for %s"
	// NetOther is any other cause; empty: the cause as Go words it
	// (feed.NetError.Cause), which English can show.
	NetOther string
	// DecodeWhy is why an answer is unreadable.
	DecodeWhy DecodeReasons
}

// DecodeReasons say what is wrong with an unreadable answer, one text per
// kind of feed.DecodeError. Empty: the decoder's own English reason, with
// its detail; a kind without a text of its own says Other.
type DecodeReasons struct {
	Other     string // unexpected content
	Empty     string // no body
	NotJSON   string // HTML, text or a JSON list
	Truncated string // cut short
	Syntax    string // not valid JSON
	Shape     string // valid JSON of another shape than the service's
	TooLarge  string // beyond the size limit
}

func englishErrors() Errors {
	return Errors{
		ErrGateway: "%d · the service behind the hub cannot be reached", ErrGatewayTimeout: "%d · the service behind the hub did not answer in time",
		ErrHTTP: "%d %s", ErrTimeout: "no answer within %s", ErrUnreachable: "cannot reach the service: %s",
		ErrUnreadable: "unreadable answer: %s", NoStopsForLine: "no stops known for line %s",
		ErrNoAnswer: "no answer in time", ErrCanceled: "request cancelled", ErrSystem: "network or system error",
		ErrNotFound: "unknown to the service", ErrNotRecorded: "not in the recording", NoSuchStop: "%s does not exist (r asks the service again).",

		NetRefused: "connection refused", NetReset: "connection reset by the server",
		NetHostUnreach: "host unreachable", NetUnreach: "network unreachable", NetUnknownHost: "unknown host %q",
		NetClosed:     "connection closed before the answer was complete",
		NetTLSUnknown: "TLS certificate signed by an unknown authority", NetTLSHost: "TLS certificate is not valid for %s",
	}
}

func germanErrors() Errors {
	return Errors{
		ErrGateway: "%d · Dienst hinter dem Hub nicht erreichbar", ErrGatewayTimeout: "%d · Dienst hinter dem Hub antwortet nicht rechtzeitig",
		ErrHTTP: "HTTP-Fehler %d (%s)", ErrTimeout: "keine Antwort innerhalb von %s", ErrUnreachable: "Dienst nicht erreichbar: %s",
		ErrUnreadable: "unlesbare Antwort: %s", NoStopsForLine: "keine Haltestellen der Linie %s bekannt",
		ErrNoAnswer: "keine Antwort in der Zeit", ErrCanceled: "Anfrage abgebrochen", ErrSystem: "Netz- oder Systemfehler",
		ErrNotFound: "dem Dienst unbekannt", ErrNotRecorded: "nicht in der Aufnahme", NoSuchStop: "%s gibt es nicht (r fragt den Dienst erneut).",

		NetRefused: "Verbindung abgelehnt", NetReset: "Verbindung vom Server getrennt",
		NetHostUnreach: "Rechner nicht erreichbar", NetUnreach: "Netz nicht erreichbar", NetUnknownHost: "Rechner %q unbekannt",
		NetClosed:     "Verbindung vor dem Ende der Antwort geschlossen",
		NetTLSUnknown: "TLS-Zertifikat von unbekannter Stelle signiert", NetTLSHost: "TLS-Zertifikat gilt nicht für %s",
		NetOther: "Netzfehler",
		DecodeWhy: DecodeReasons{
			Other: "unerwarteter Inhalt", Empty: "die Antwort ist leer",
			NotJSON: "die Antwort ist kein JSON", Truncated: "die Antwort ist abgeschnitten",
			Syntax: "die Antwort ist kein gültiges JSON", Shape: "die Antwort hat eine unerwartete Form",
			TooLarge: "die Antwort ist zu groß",
		},
	}
}
