package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// The vehicle pane's title does not repeat the vehicle in the service's
// language: the simulation names its trams "Straßenbahn 53", and the
// English pane read "Tram 53 · Straßenbahn 53 · Siemens Avenio M". A
// name of its own ("Avenio 44") still shows.
func TestVehicleTitleDoesNotRepeatTheGenericName(t *testing.T) {
	for _, c := range []struct {
		name, lang string
		hide       bool
	}{
		{"Straßenbahn 44", "en", true},
		{"Tram 44", "de", true},
		{"Straßenbahn 44", "de", true},
		{"Avenio 44", "en", false},
	} {
		e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
		e.src.Base.Vehicles = append([]model.Vehicle(nil), e.src.Base.Vehicles...)
		e.src.Base.Vehicles[0].VehicleName = c.name
		e.m = New(app.Options{Source: e.src, Lang: c.lang, Now: func() time.Time { return e.now }})
		e.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		e.send(e.src.Base)
		e.openVehicle(44)
		e.vehiclePoll()
		v := ansi.Strip(e.View())
		if got := strings.Contains(v, " · "+c.name); got == c.hide {
			t.Errorf("%s, %q: shown %v, want %v:\n%s", c.lang, c.name, got, !c.hide, v)
		}
		if !strings.Contains(v, "Avenio M") {
			t.Errorf("%s, %q: the pane lost the model:\n%s", c.lang, c.name, v)
		}
	}
}
