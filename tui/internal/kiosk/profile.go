package kiosk

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
)

// setBoards makes the kiosk's boards those of specs (not yet polled).
func (k *Kiosk) setBoards(sh *app.Shared, specs []app.BoardSpec) {
	k.Boards, k.banner = nil, nil
	for _, s := range specs {
		// The board keeps its filters, as the grid's boards do: the rows
		// are filtered where they come in, and the feed asks for as many
		// events as the same board in the grid (the demand rule, registry.go).
		b := board.NewBoard(sh.Services, s)
		b.Focused = false
		b.HideMissed = k.Options.HideMissed && s.Walk > 0
		k.Boards = append(k.Boards, *b)
	}
}

// followProfile switches the kiosk to the layout of the hour when it
// changes, polling its boards at once (unless asleep).
func (k *Kiosk) followProfile(sh *app.Shared) tea.Cmd {
	if len(k.profiles) == 0 || !sh.ClockKnown() {
		return nil
	}
	i := app.ProfileAt(k.profiles, sh.Now)
	if i == k.Profile {
		return nil
	}
	k.switchNote = app.SwitchNotice(sh.Texts, k.profiles, k.Profile, i)
	k.switchUntil = sh.Local.Add(LayoutNoticeFor)
	k.Profile = i
	specs := k.base
	if i >= 0 {
		specs = k.profiles[i].Boards
	}
	k.stopAll()
	k.setBoards(sh, specs)
	k.askLimit() // another count of columns shows another count of rows
	k.start = sh.Local
	if k.Asleep {
		return nil
	}
	return tea.Batch(k.wakeCmds()...)
}
