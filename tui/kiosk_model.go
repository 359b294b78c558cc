package tui

import (
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"context"

	tea "github.com/charmbracelet/bubbletea"
)

// rootModel is the program Run runs for o: the kiosk when o.Kiosk is
// enabled, else the interactive board; its requests end with ctx.
func rootModel(ctx context.Context, o app.Options) tea.Model {
	if o.Kiosk.Enabled {
		m := kiosk.NewKioskModel(o)
		m.Sh.Ctx = ctx
		return m
	}
	m := New(o)
	m.sh.Ctx = ctx
	return m
}
