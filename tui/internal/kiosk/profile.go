package kiosk

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
)

// setBoards makes the kiosk's boards those of specs (not yet polled),
// with the services svc.
func (k *Kiosk) setBoards(svc *app.Services, specs []app.BoardSpec) {
	k.Boards, k.banner = nil, nil
	for _, s := range specs {
		// The board keeps its filters, as the grid's boards do: the rows
		// are filtered where they come in, and the feed asks for as many
		// events as the same board in the grid (the demand rule, registry.go).
		b := board.NewBoard(svc, s)
		b.Focused = false
		b.HideMissed = k.Options.HideMissed && s.Walk > 0
		k.Boards = append(k.Boards, *b)
	}
}

// followProfile switches the kiosk to the layout of the hour when it
// changes, polling its boards at once (unless asleep); f is the frame of
// the update.
func (k *Kiosk) followProfile(f app.Frame) tea.Cmd {
	if len(k.profiles) == 0 || !k.sh.ClockKnown() {
		return nil
	}
	i := app.ProfileAt(k.profiles, f.Now)
	if i == k.Profile {
		return nil
	}
	k.switchNote = app.SwitchNotice(f.Texts, k.profiles, k.Profile, i)
	k.switchUntil = f.Local.Add(LayoutNoticeFor)
	k.Profile = i
	specs := k.base
	if i >= 0 {
		specs = k.profiles[i].Boards
	}
	k.stopAll()
	k.setBoards(k.sh.Services, specs)
	k.askLimit() // another count of columns shows another count of rows
	k.start = f.Local
	if k.Asleep {
		return nil
	}
	// The new boards ask for the limit askLimit set: a frame of it.
	return tea.Batch(k.wakeCmds(k.sh.Frame(app.PaneBoard))...)
}
