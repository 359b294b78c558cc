package tui

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// catalogueWords returns the words of every string of the German
// catalogue (texts and dispTexts), at least three letters long.
func catalogueWords() map[string]bool {
	words := map[string]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			for _, w := range strings.FieldsFunc(v.String(), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
				if len([]rune(w)) >= 3 {
					words[w] = true
				}
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Array, reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		default:
		}
	}
	walk(reflect.ValueOf(ui.GermanTexts()))
	walk(reflect.ValueOf(ui.GermanTexts().DispTexts))
	return words
}

// cutWords returns the words of the catalogue that v shows cut: a token
// ending in "…" or "..." whose letters begin a longer catalogue word.
func cutWords(v string, cat map[string]bool) []string {
	var out []string
	lead := regexp.MustCompile(`^[^\p{L}]+`)
	for _, tok := range strings.Fields(strings.ReplaceAll(ansi.Strip(v), "│", " ")) {
		i := strings.Index(tok, "…")
		if j := strings.Index(tok, "..."); i < 0 || (j >= 0 && j < i) {
			i = j
		}
		if i < 0 {
			continue
		}
		stem := lead.ReplaceAllString(tok[:i], "")
		if len([]rune(stem)) < 3 || cat[stem] { // shorter stems begin data words too ("Si…" of a stop name)
			continue
		}
		for w := range cat {
			if strings.HasPrefix(w, stem) {
				out = append(out, tok+" (of "+w+")")
				break
			}
		}
	}
	return out
}

// Issue 12 item 14: the single board, the vehicle pane and the kiosk in
// German at 80, 120 and 200 columns cut no word of the catalogue.
func TestGermanBoardVehicleKioskCutNothing(t *testing.T) {
	cat := catalogueWords()
	for _, w := range []int{80, 120, 200} {
		views := map[string]string{}
		e := newGridEnv(t, w, 40, nil, func(o *app.Options) { o.Lang = "de" })
		views["board"] = e.View()
		e.deliver(e.runNow(e.Key("a")))
		views["arrivals"] = e.View()

		e = newGridEnv(t, w, 40, nil, func(o *app.Options) { o.Lang = "de" })
		trips, vp, pat := testkit.Line2Trip(3, model.PhaseBetween)
		e.src.SetVehicle(trips, vp, pat)
		e.runNow(app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: 44}))
		e.vehiclePoll()
		views["vehicle"] = e.View()
		e.src.SetVehicle(nil, vp, pat) // out of service: the pane's notice
		e.vehiclePoll()
		views["vehicle out of service"] = e.View()

		for _, h := range []int{24, 50} {
			ke := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
			k := kiosk.NewModel(app.Options{Source: ke.src, SourceName: "simulated Ulm network", Lang: "de",
				Now: func() time.Time { return ke.now }, Kiosk: app.KioskOptions{Enabled: true, LargeCountdown: true}})
			ke.k = &k
			ke.send(tea.WindowSizeMsg{Width: w, Height: h})
			ke.send(ke.src.Base)
			ke.kpoll()
			views["kiosk "+ui.Itoa(h)] = ke.View()
		}
		for name, v := range views {
			if cut := cutWords(v, cat); len(cut) > 0 {
				t.Errorf("%d columns, %s: cut %v:\n%s", w, name, cut, v)
			}
		}
	}
}

// The checker finds what it looks for: cut column titles and words.
func TestCutWordsFindsCuts(t *testing.T) {
	cat := catalogueWords()
	if got := cutWords("LINIE RICHT… VERSP. Abfahr...", cat); len(got) != 2 {
		t.Errorf("cutWords found %v, want RICHT… and Abfahr...", got)
	}
	if got := cutWords("Wiblingen Alte Si… werden geladen…", cat); len(got) != 0 {
		t.Errorf("cutWords found %v in a cut stop name and a whole word", got)
	}
}
