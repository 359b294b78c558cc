package kiosk

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
)

// simNames returns every destination the simulation's lines show (their
// DepartureDirectionText, by day and by night) and every passenger stop
// name of its base data: the real Ulm network's names.
func simNames(t *testing.T) (dests, stops []string) {
	t.Helper()
	clock := sim.NewClock(time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin), 1)
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	seen := map[string]bool{}
	for _, at := range []time.Time{
		time.Date(2026, 9, 11, 8, 0, 0, 0, model.Berlin),
		time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin),
		time.Date(2026, 9, 12, 1, 30, 0, 0, model.Berlin), // the night lines
		time.Date(2026, 9, 13, 1, 30, 0, 0, model.Berlin),
	} {
		for _, l := range svc.Truth(at).Lines {
			if l.DirectionText != "" && !seen[l.DirectionText] {
				seen[l.DirectionText] = true
				dests = append(dests, l.DirectionText)
			}
		}
	}
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	all, err := client.Stops(context.Background(), model.ScopeBasic, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range all {
		if !seen[s.StopName] {
			seen[s.StopName] = true
			stops = append(stops, s.StopName)
		}
	}
	slices.Sort(dests)
	return dests, stops
}

// Issue 34 item 3: every destination of the simulation's lines and every
// stop name of its network, at every width from 1 to 30 cells, in English
// and German: never wider than the cells, never empty, unchanged when it
// fits, and every word of the result is a word of the name, a standard
// abbreviation, or a cut marked with "." whose letters begin a word of
// the name (no cut inside a word, or a letter, without a ".").
func TestFitNameEveryNameOfTheNetwork(t *testing.T) {
	dests, stops := simNames(t)
	if len(dests) < 25 || len(stops) < 300 {
		t.Fatalf("%d destinations and %d stops: the simulation's network is not all there", len(dests), len(stops))
	}
	t.Logf("%d destinations, %d stop names", len(dests), len(stops))
	names := append(append([]string{}, dests...), stops...)
	names = append(names, "Eselsberg Hasenkopf", "Sc. Park II (als Bus)", "Wiblingen Alte Siedlung", "Bo\u0308fingen Su\u0308d")
	standardWords := map[string]bool{"Hbf": true, "Bf": true, "Uni": true, "Stadt": true}
	for _, name := range names {
		words := nameWords(name)
		for cells := 1; cells <= 30; cells++ {
			for _, lang := range []string{"en", "de"} {
				got := FitName(name, cells, lang)
				switch w := ansi.StringWidth(got); {
				case got == "":
					t.Errorf("FitName(%q, %d) is empty", name, cells)
					continue
				case w > cells:
					t.Errorf("FitName(%q, %d) = %q, %d cells wide", name, cells, got, w)
				case !utf8.ValidString(got):
					t.Errorf("FitName(%q, %d) = %q: not valid UTF-8", name, cells, got)
				case ansi.StringWidth(name) <= cells && got != name:
					t.Errorf("FitName(%q, %d) = %q: it fits as it is", name, cells, got)
				}
				if cells == 1 {
					continue // one letter, no room for its "."
				}
				for g := range nameWords(got) {
					stem, cut := strings.CutSuffix(g, ".")
					switch {
					case words[g] || standardWords[g]:
					case cut && stem != "" && (beginsWord(words, stem) || standardWords[stem]):
					default:
						t.Errorf("FitName(%q, %d) = %q: %q is cut inside a word without a \".\"", name, cells, got, g)
					}
				}
			}
			if en, de := FitName(name, cells, "en"), FitName(name, cells, "de"); en != de {
				t.Errorf("FitName(%q, %d): en %q, de %q", name, cells, en, de)
			}
		}
	}
}

// nameWords are the words of a name, split at spaces, hyphens and
// slashes, as a set.
func nameWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '/' }) {
		out[w] = true
	}
	return out
}

// beginsWord reports whether stem begins one of words (Keplerstr begins
// Keplerstraße).
func beginsWord(words map[string]bool, stem string) bool {
	for w := range words {
		if strings.HasPrefix(w, stem) || strings.HasPrefix(strings.TrimSuffix(w, "."), stem) {
			return true
		}
	}
	return false
}

// The forms a reader should see: the examples and the standard
// abbreviations.
func TestFitNameExamples(t *testing.T) {
	for _, c := range []struct {
		name  string
		cells int
		want  string
	}{
		{"Wissenschaftsstadt", 18, "Wissenschaftsstadt"},
		{"Wissenschaftsstadt", 12, "Wiss.-Stadt"},
		{"Eselsberg Hasenkopf", 18, "Eselsb. Hasenkopf"},
		{"Eselsberg Hasenkopf", 16, "Eselsb. Hasenk."},
		{"Eselsberg Hasenkopf", 10, "E. Hasenk."},
		{"Eselsberg Hasenkopf", 8, "E. Has."},
		{"Eselsberg Hasenkopf", 6, "Esels."},
		{"Hauptbahnhof", 11, "Hbf"},
		{"Bahnhof Neu-Ulm", 14, "Bf Neu-Ulm"},
		{"Keplerstraße", 11, "Keplerstr."},
		{"Willy-Brandt-Platz", 17, "Willy-Brandt-Pl."},
		{"Universität Süd", 12, "Uni Süd"},
		{"Böfingen Süd", 9, "Böf. Süd"},
		{"Kliniken Wissenschaftsstadt", 20, "Kliniken Wiss.-Stadt"},
		{"Sc. Park II (als Bus)", 16, "Sc. Park II"},
		{"Steinheim", 6, "Stein."},
		{"Bo\u0308fingen", 4, "Bo\u0308f."}, // a combining umlaut stays with its letter
		{"Kuhberg", 1, "K"},
		{"Kuhberg", 0, ""},
	} {
		if got := FitName(c.name, c.cells, "de"); got != c.want {
			t.Errorf("FitName(%q, %d) = %q, want %q", c.name, c.cells, got, c.want)
		}
	}
}

// BenchmarkFitName measures the search without the memo, on the longest
// names of the network at a narrow width.
func BenchmarkFitName(b *testing.B) {
	names := []string{"S-Bahnhalt Finninger Straße", "Kirche Mariä Verkündigung", "Albert-Schweitzer-Straße", "Eselsberg Hasenkopf"}
	for i := 0; b.Loop(); i++ {
		fitName(names[i%len(names)], 12)
	}
}
