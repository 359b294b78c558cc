package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// The root's bindings, records like every pane's
// (ui.Key): the global keys, which work on every pane, and the overlays'.

// globalKeys are the keys that work on every pane (no overlay open).
// `:` and `?` always end the footer (PrioAlways). It is set in init,
// as `:` lists the palette's entries, which are made from it.
var globalKeys ui.Keymap[*Model]

func init() { globalKeys = newGlobalKeys() }

// newGlobalKeys returns the global keys.
func newGlobalKeys() ui.Keymap[*Model] {
	return ui.Keymap[*Model]{
		{Keys: []string{":"}, Text: func(t *ui.Texts) string { return t.KeyPalette }, Group: ui.GroupEverywhere, Priority: ui.PrioAlways + 1,
			Do: func(m *Model, _ tea.KeyMsg) tea.Cmd {
				m.overlay = ui.OverlaySearch
				return m.search.OpenPalette(m.paletteEntries())
			}},
		{Keys: []string{"?"}, Text: func(t *ui.Texts) string { return t.KeyHelp }, Group: ui.GroupEverywhere, Priority: ui.PrioAlways,
			Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.overlay = ui.OverlayHelp; return nil }},
		{Keys: []string{"/"}, Text: func(t *ui.Texts) string { return t.KeySearch }, Group: ui.GroupEverywhere, Priority: ui.PrioMid + 5,
			Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.overlay = ui.OverlaySearch; return m.search.Open() }},
		{Keys: []string{"tab"}, Text: func(t *ui.Texts) string { return t.KeyNextPane }, Group: ui.GroupEverywhere, Priority: ui.PrioHigh,
			If: func(m *Model) bool { return m.vehicle.Open }, Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.focusPane(otherPane(m.vehicle.Open, m.focus)); return nil }},
		{Keys: []string{"shift+tab"}, Text: func(t *ui.Texts) string { return t.KeyPrevPane }, Group: ui.GroupEverywhere,
			If: func(m *Model) bool { return m.vehicle.Open }, Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.focusPane(otherPane(m.vehicle.Open, m.focus)); return nil }},
		{Keys: []string{"q"}, Text: func(t *ui.Texts) string { return t.KeyQuit }, Group: ui.GroupEverywhere, Priority: ui.PrioLow - 5,
			Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { return m.quit() }},
		{Keys: []string{"ctrl+c"}, Text: func(t *ui.Texts) string { return t.KeyQuit }, Group: ui.GroupEverywhere,
			Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { return m.quit() }},
	}
}

// helpOverlayKeys are the `?` overlay's keys: close it, or quit.
var helpOverlayKeys = ui.Keymap[*Model]{
	{Keys: []string{"esc", "?"}, Show: "esc/?", Text: func(t *ui.Texts) string { return t.KeyCloseHelp }, Group: ui.GroupEverywhere, Priority: ui.PrioTop,
		Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.overlay = ui.OverlayNone; return nil }},
	{Keys: []string{"q", "ctrl+c"}, Show: "q", Text: func(t *ui.Texts) string { return t.KeyQuit }, Group: ui.GroupEverywhere, Priority: ui.PrioMid,
		Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { return m.quit() }},
}

// searchKeys are the search overlay's keys (searchpane.go); every other
// key types into the query.
var searchKeys = ui.Keymap[*Model]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyOpen }, Group: ui.GroupSearch, Priority: ui.PrioTop,
		If: func(m *Model) bool { return len(m.search.results) > 0 }, Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { return m.searchChoose() }},
	{Keys: []string{"up", "ctrl+p", "ctrl+k"}, Show: "↑/ctrl+p", Text: func(t *ui.Texts) string { return t.KeyPrevious }, Group: ui.GroupSearch,
		Priority: ui.PrioMid, Move: true, If: func(m *Model) bool { return len(m.search.results) > 1 },
		Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.search.cursor = max(m.search.cursor-1, 0); return nil }},
	{Keys: []string{"down", "ctrl+n", "ctrl+j"}, Show: "↓/ctrl+n", Text: func(t *ui.Texts) string { return t.KeyNext }, Group: ui.GroupSearch,
		Priority: ui.PrioMid, Move: true, If: func(m *Model) bool { return len(m.search.results) > 1 },
		Do: func(m *Model, _ tea.KeyMsg) tea.Cmd {
			m.search.cursor = min(m.search.cursor+1, max(len(m.search.results)-1, 0))
			return nil
		}},
	{Keys: []string{"esc"}, Text: func(t *ui.Texts) string { return t.KeyClose }, Group: ui.GroupSearch, Priority: ui.PrioTop,
		Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { m.overlay = ui.OverlayNone; m.search.Close(); return nil }},
	{Keys: []string{"ctrl+c"}, Text: func(t *ui.Texts) string { return t.KeyQuit }, Group: ui.GroupEverywhere,
		Do: func(m *Model, _ tea.KeyMsg) tea.Cmd { return m.quit() }},
}

// searchChoose is enter in the search overlay: it opens the result under
// the cursor, or does what the palette's entry does (palette.go).
func (m *Model) searchChoose() tea.Cmd {
	p := &m.search
	if p.cursor >= len(p.results) {
		return nil
	}
	ref := p.results[p.cursor].Entry.Ref
	m.overlay = ui.OverlayNone
	p.Close()
	switch ref := ref.(type) {
	case *app.BaseRef:
		return m.Open(ref.Target())
	case paletteDo:
		// An entry of the command palette: an action's key, pressed on
		// the pane below, a theme or a layout.
		return ref(m)
	}
	return nil
}

// footerKeys are the live keys of whatever takes keys now, for the
// footer: the open overlay's, else the focused pane's with the globals.
func (m *Model) footerKeys() []ui.Hint {
	t := m.sh.Texts
	switch m.overlay {
	case ui.OverlaySearch:
		return searchKeys.Hints(m, t)
	case ui.OverlayHelp:
		return helpOverlayKeys.Hints(m, t)
	case ui.OverlayNone:
	}
	return append(m.paneKeys(), globalKeys.Hints(m, t)...)
}

// paneKeys are the live keys of the panes that take keys now, top
// first, down to one that takes every key (the vehicle pane focused, the
// queue shown).
func (m *Model) paneKeys() []ui.Hint {
	var out []ui.Hint
	for _, p := range m.panes() {
		hs, modal := p.Hints(m.frame()) // asked between messages too (the help, the palette)
		out = append(out, hs...)
		if modal {
			break
		}
	}
	return out
}

// helpSearch is the search overlay's state the `?` overlay lists its keys
// in: with results to move through.
func helpSearch(m *Model) *Model {
	c := *m
	c.search.results = make([]search.Result, 2)
	return &c
}
