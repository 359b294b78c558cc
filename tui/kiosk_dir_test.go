package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
)

// A kiosk that cannot show every column gives up the status word when
// that makes every direction whole: the German kiosk at 60 columns read
// "Wissenschaftsst…  sofort  pünktlich  fährt ein".
func TestKioskKeepsDirectionsWholeBeforeStatus(t *testing.T) {
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	b := e.src.Boards[feeds.Subject{Stop: 1008}]
	var evs []model.Event
	for _, ev := range b.Events {
		if !strings.HasPrefix(ev.DirectionText, "Pfuhl über") { // no direction longer than the room
			evs = append(evs, ev)
		}
	}
	b.Events = evs
	e.src.Boards[feeds.Subject{Stop: 1008}] = b
	k := kiosk.NewModel(app.Options{Source: e.src, Lang: "de", Now: func() time.Time { return e.now },
		Kiosk: app.KioskOptions{Enabled: true}})
	e.k = &k
	e.send(tea.WindowSizeMsg{Width: 60, Height: 40})
	e.send(e.src.Base)
	e.kpoll()
	v := ansi.Strip(e.View())
	if !strings.Contains(v, "Wiblingen Alte Siedlung") {
		t.Errorf("a direction is cut while columns of less use show:\n%s", v)
	}
	if !strings.Contains(v, "IN") {
		t.Errorf("the countdown column went:\n%s", v)
	}
}
