package model

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// hostileTexts are known-bad service texts and what CleanText(s, 64) makes
// of them. The fuzz target below starts from them.
var hostileTexts = []struct{ name, in, want string }{
	{"plain", "Hauptbahnhof", "Hauptbahnhof"},
	{"umlauts kept", "Königstraße", "Königstraße"},
	{"OSC 52 clipboard", "Ulm\x1b]52;c;SGVsbG8=\x07 Hbf", "Ulm Hbf"},
	{"OSC 0 title BEL", "\x1b]0;pwned\x07Theater", "Theater"},
	{"OSC 2 title ST", "\x1b]2;pwned\x1b\\Theater", "Theater"},
	{"OSC 8 link", "\x1b]8;;https://evil.example/\x1b\\Klick\x1b]8;;\x1b\\", "Klick"},
	{"DECALN", "Ehinger\x1b#8 Tor", "Ehinger Tor"},
	{"leave alt screen", "\x1b[?1049lBlaubeuren", "Blaubeuren"},
	{"mouse reporting", "\x1b[?1000hKuhberg", "Kuhberg"},
	{"device status report", "Kuhberg\x1b[6n", "Kuhberg"},
	{"device attributes", "\x1b[cKuhberg", "Kuhberg"},
	{"DECRQSS", "\x1bP$q\"p\x1b\\Kuhberg", "Kuhberg"},
	{"SGR colour", "\x1b[31;1mrot\x1b[0m", "rot"},
	{"clear screen", "\x1b[2J\x1b[HWeg", "Weg"},
	{"RIS", "\x1bcReset", "Reset"},
	{"charset", "\x1b(0lqk\x1b(B", "lqk"},
	{"8-bit CSI", "\u009b31mRot", "Rot"},
	{"8-bit OSC ST", "\u009d0;title\u009cText", "Text"},
	{"8-bit DCS", "\u0090q#0\u009cText", "Text"},
	{"8-bit APC unterminated", "Text\u009fswallowed", "Text"},
	{"other C1", "a\u0085b\u0084c", "a bc"},
	{"bidi override", "\u202eflow\u202c 3", "flow 3"},
	{"bidi isolates", "\u2066a\u2067b\u2068c\u2069\u200e\u200f\u061c", "abc"},
	{"zero width", "Haupt\u200bbahn\u200dhof\ufeff\u00ad", "Hauptbahnhof"},
	{"newline and tab", "Linie 2:\n\tStörung\r\n", "Linie 2: Störung"},
	{"whitespace runs", "  a \u00a0\u2028 b\u3000 ", "a b"},
	{"NUL and DEL", "a\x00b\x7fc\x07d", "abcd"},
	{"invalid UTF-8", "a\xffb\xc3", "a\ufffdb\ufffd"},
	{"raw 8-bit CSI byte", "\x9b31mX", "\ufffd31mX"},
	{"unterminated OSC", "Ulm\x1b]0;title without end", "Ulm"},
	{"unterminated CSI", "Ulm\x1b[1;2", "Ulm"},
	{"lone ESC", "Ulm\x1b", "Ulm"},
	{"ESC before non-ASCII", "\x1bÄ", "Ä"},
	{"CSI cut by ESC", "\x1b[1\x1b[2mX", "X"},
	{"CSI cut by newline", "\x1b[1\nX", "X"},
	{"removed text joins", "Haupt\x1b[1mbahnhof", "Hauptbahnhof"},
	{"long", strings.Repeat("x", 100), strings.Repeat("x", 63) + "…"},
	{"long multibyte", strings.Repeat("ä", 70), strings.Repeat("ä", 63) + "…"},
	{"long, cut after a space", strings.Repeat("x", 62) + " yyyy", strings.Repeat("x", 62) + "…"},
	{"exactly the cap", strings.Repeat("ü", 64), strings.Repeat("ü", 64)},
	{"only controls", "\x1b[2J\x00\u202e", ""},
}

func TestCleanText(t *testing.T) {
	for _, c := range hostileTexts {
		if got := CleanText(c.in, 64); got != c.want {
			t.Errorf("%s: CleanText(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

func TestCleanTextNoCap(t *testing.T) {
	long := strings.Repeat("Ulm ", 10000)
	if got := CleanText(long, 0); got != strings.TrimSpace(long) {
		t.Errorf("max 0 cut the text to %d bytes", len(got))
	}
	if got := CleanText("a", 1); got != "a" {
		t.Errorf("CleanText(a, 1) = %q", got)
	}
	if got := CleanText("ab", 1); got != "…" {
		t.Errorf("CleanText(ab, 1) = %q", got)
	}
}

// TestCleanTextReturnsCleanInput checks the fast path: clean text is
// returned as it is, without a copy.
func TestCleanTextReturnsCleanInput(t *testing.T) {
	s := "de:08421:1008:1:1"
	if got := CleanText(s, TextCap("StopPointCode")); got != s {
		t.Errorf("a clean code changed: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = CleanText("Kliniken Wissenschaftsstadt Steig D", 64) }); n != 0 {
		t.Errorf("clean text allocates %v times", n)
	}
}

func TestTextCap(t *testing.T) {
	if TextCap("RouteName") != 16 || TextCap("StopName") != 64 || TextCap("NoSuchField") != defaultTextCap {
		t.Error("unexpected caps")
	}
}

// checkCleanText reports what is wrong with s as the output of CleanText
// with cap max, "" when nothing is.
func checkCleanText(s string, max int) string {
	switch {
	case !utf8.ValidString(s):
		return "invalid UTF-8"
	case strings.Contains(s, "  "):
		return "double space"
	case strings.TrimSpace(s) != s, strings.TrimLeft(s, " ") != s:
		return "leading or trailing space"
	case max > 0 && utf8.RuneCountInString(s) > max:
		return "longer than the cap"
	}
	for _, r := range s {
		switch {
		case r < 0x20, r >= 0x7f && r <= 0x9f:
			return "control character"
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			return "bidi control"
		case r != ' ' && isTextSpace(r):
			return "white space other than a space"
		case unicode.Is(unicode.Cf, r):
			return "format character"
		}
	}
	return ""
}

func FuzzCleanText(f *testing.F) {
	for _, c := range hostileTexts {
		f.Add(c.in, 64)
	}
	f.Add("\x1b]52;c;SGVsbG8=\x07", 16)
	f.Add("\u009b", 1)
	f.Add("a b", 2)
	f.Add(" x y", 3)
	f.Fuzz(func(t *testing.T, s string, max int) {
		max %= 2000
		got := CleanText(s, max)
		if why := checkCleanText(got, max); why != "" {
			t.Fatalf("CleanText(%q, %d) = %q: %s", s, max, got, why)
		}
		if again := CleanText(got, max); again != got {
			t.Fatalf("not idempotent: CleanText(%q, %d) = %q, then %q", s, max, got, again)
		}
		if strings.ContainsRune(s, 0x1b) && strings.ContainsRune(got, 0x1b) {
			t.Fatalf("ESC survived: %q", got)
		}
	})
}

func BenchmarkCleanText(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"clean", "Kliniken Wissenschaftsstadt Steig D"},
		{"hostile", "\x1b]0;pwned\x07Kliniken\u202e Wissenschaftsstadt\n\x1b[31mSteig D\u009b0m"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_ = CleanText(c.s, 64)
			}
		})
	}
}
