package ui

import (
	"abfahrt/model"
)

// OneLine makes a message from outside (an error, a file's content) one
// line of visible text: white space collapsed, so it never breaks the bar,
// and escape sequences and controls removed (model.CleanText).
func OneLine(s string) string { return model.CleanText(s, maxMessage) }

// maxMessage caps a message in runes; the bars cut it to their width.
const maxMessage = 1000

// netTexts say why the service cannot be reached, for the common causes
// of the network; the German catalogue never shows Go's English words.
type netTexts struct {
	NetRefused     string // "connection refused"
	NetReset       string // "connection reset by the server"
	NetHostUnreach string // "host unreachable"
	NetUnreach     string // "network unreachable"
	NetUnknownHost string // "unknown host %q"
	NetClosed      string // "connection closed before the answer was complete"
	NetTLSUnknown  string // "TLS certificate signed by an unknown authority"
	NetTLSHost     string // "TLS certificate is not valid for %s"
	// NetOther is any other cause; empty: the cause as Go words it
	// (the request layer's own words), which English can show.
	NetOther string
	// DecodeWhy is why an answer is unreadable (decodeReason).
	DecodeWhy DecodeReasons
}

func englishNetTexts() netTexts {
	return netTexts{
		NetRefused: "connection refused", NetReset: "connection reset by the server",
		NetHostUnreach: "host unreachable", NetUnreach: "network unreachable", NetUnknownHost: "unknown host %q",
		NetClosed:     "connection closed before the answer was complete",
		NetTLSUnknown: "TLS certificate signed by an unknown authority", NetTLSHost: "TLS certificate is not valid for %s",
	}
}

func germanNetTexts() netTexts {
	return netTexts{
		NetRefused: "Verbindung abgelehnt", NetReset: "Verbindung vom Server getrennt",
		NetHostUnreach: "Rechner nicht erreichbar", NetUnreach: "Netz nicht erreichbar", NetUnknownHost: "Rechner %q unbekannt",
		NetClosed:     "Verbindung vor dem Ende der Antwort geschlossen",
		NetTLSUnknown: "TLS-Zertifikat von unbekannter Stelle signiert", NetTLSHost: "TLS-Zertifikat gilt nicht für %s",
		NetOther: "Netzfehler",
		DecodeWhy: DecodeReasons{
			DecodeOther: "unerwarteter Inhalt", DecodeEmpty: "die Antwort ist leer",
			DecodeNotJSON: "die Antwort ist kein JSON", DecodeTruncated: "die Antwort ist abgeschnitten",
			DecodeSyntax: "die Antwort ist kein gültiges JSON", DecodeShape: "die Antwort hat eine unerwartete Form",
			DecodeTooLarge: "die Antwort ist zu groß",
		},
	}
}

// DecodeReasons say what is wrong with an unreadable answer, by kind;
// nil: the decoder's English reason, with its detail.
type DecodeReasons map[DecodeKind]string

// DecodeKind is what is wrong with an unreadable answer, as the request
// layer says it (feed.DecodeKind, in the same order: app.ErrLine passes
// it on as a number, so that the text kit knows no HTTP client).
type DecodeKind int

// Kinds of unreadable answers.
const (
	DecodeOther     DecodeKind = iota
	DecodeEmpty                // no body
	DecodeNotJSON              // HTML, text or a JSON list
	DecodeTruncated            // cut short
	DecodeSyntax               // not valid JSON
	DecodeShape                // valid JSON of another shape than the service's
	DecodeTooLarge             // beyond the size limit
)

// JoinNotice adds notice n to the status bar's notice old: after it,
// joined by " · ", or in its place when old is empty; an empty n adds
// nothing.
func JoinNotice(old, n string) string {
	switch {
	case n == "":
		return old
	case old == "":
		return n
	}
	return old + " · " + n
}
