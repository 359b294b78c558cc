package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// The command palette (issue 26 item 8): `:` opens the search overlay
// over every action that works now (each with its key, as the help lists
// it) besides the stops, lines and vehicles of the base data, matched by
// the search's own fuzzy matching. Enter on an action presses its key.

// paletteKey is an action of the palette: the key press it stands for.
type paletteKey struct{ msg tea.KeyMsg }

// paletteEntries are the actions the user can take now, from the live
// bindings of the focused pane and the root's (the palette's own left
// out).
func (m *Model) paletteEntries() []search.Entry {
	var bs []key.Binding
	if m.focus == app.PaneBoard {
		d := &m.disp
		pinned := d.Pinned()
		switch d.Mode {
		case grid.ModeMerged:
			k := d.Merged.Km
			k.Sync(true, &d.Merged, &d.Grid, pinned)
			bs = append(bs, k.List()...)
		case grid.ModeFleet:
			k := d.Fleet.Km
			k.Sync(true, &d.Fleet, d.Grid.Len(), pinned)
			bs = append(bs, k.List()...)
		case grid.ModeLadder:
			k := d.Ladder.Km
			k.Sync(true, &d.Ladder, d.Grid.Len(), pinned)
			bs = append(bs, k.List()...)
		case grid.ModeGrid:
			k := d.Keys
			k.Sync(d.KeyState(true, m.sh.Rem != nil, pinned))
			bs = append(append(append(bs, k.Board()...), k.Rows()...), k.Views()...)
		}
	} else if m.vehicle.Open {
		veh := m.vehicle.Km
		veh.Sync(true, &m.vehicle)
		bs = append(bs, veh.List()...)
	}
	g := m.keys
	g.Sync(ui.OverlayNone, m.vehicle.Open)
	bs = append(bs, g.Search, g.Refresh, g.Focus, g.Help, g.Quit)
	var out []search.Entry
	seen := map[string]bool{}
	for _, b := range bs {
		h := b.Help()
		if !b.Enabled() || len(b.Keys()) == 0 || h.Desc == "" || seen[h.Key+h.Desc] {
			continue
		}
		seen[h.Key+h.Desc] = true
		out = append(out, search.Entry{Kind: search.KindAction, Title: h.Desc, Detail: h.Key,
			Keys: []string{b.Keys()[0]}, Ref: paletteKey{keyMsgFor(b.Keys()[0])}})
	}
	return out
}

// keyMsgFor is the key press a binding's key names ("enter", "ctrl+c",
// "l").
func keyMsgFor(k string) tea.KeyMsg {
	special := map[string]tea.KeyType{
		"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
		"ctrl+c": tea.KeyCtrlC, "ctrl+n": tea.KeyCtrlN, "ctrl+p": tea.KeyCtrlP, "ctrl+q": tea.KeyCtrlQ,
		"backspace": tea.KeyBackspace, " ": tea.KeySpace,
	}
	if t, ok := special[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// paletteRun lists the palette's results for q: the actions that match
// (all of them for an empty query), then the base data's.
func (p *searchPane) paletteRun(q string) {
	if strings.TrimSpace(q) == "" {
		p.results = p.all
		return
	}
	p.results = p.actions.Search(q, maxResults)
	if p.sh.Base != nil && p.sh.Base.Index != nil {
		p.results = append(p.results, p.sh.Base.Index.Search(q, maxResults-len(p.results))...)
	}
}

// OpenPalette opens the overlay as the command palette over actions.
func (p *searchPane) OpenPalette(actions []search.Entry) tea.Cmd {
	cmd := p.Open()
	p.palette = true
	p.input.Prompt, p.input.Placeholder = ": ", p.sh.T.PalettePlaceholder
	p.actions = search.NewIndex(actions)
	p.all = p.all[:0]
	for i := range actions {
		p.all = append(p.all, search.Result{Entry: &actions[i]})
	}
	p.results = p.all
	return cmd
}
