package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// The command palette: `:` opens the search overlay
// over every action that works now (each with its key, as the help lists
// it) besides the stops, lines and vehicles of the base data, matched by
// the search's own fuzzy matching. Enter on an action presses its key.

// paletteDo is what an entry of the palette does when chosen: an
// action presses its key, a theme or a layout switches to it.
type paletteDo func(m *Model) tea.Cmd

// pressKey is the palette's action of key press k.
func pressKey(k tea.KeyMsg) paletteDo { return func(m *Model) tea.Cmd { return m.handleKey(k) } }

// paletteEntries are the actions the user can take now: the live bindings of the focused pane and the root's that do
// something, not the cursor moves, one entry an action, the palette's own
// left out; those that matter most in the view (the footer's priority)
// first.
func (m *Model) paletteEntries() []search.Entry {
	hs := append(m.paneKeys(), globalKeys.Hints(m, m.sh.Texts)...)
	rank := func(h ui.Hint) int { return h.Priority % ui.PrioAlways } // `?` with the rest
	slices.SortStableFunc(hs, func(a, b ui.Hint) int { return rank(b) - rank(a) })
	var out []search.Entry
	seen := map[string]bool{":": true}
	for _, h := range hs {
		if h.Move || h.Desc == "" || seen[h.Show] || seen["\x00"+h.Desc] {
			continue
		}
		seen[h.Show], seen["\x00"+h.Desc] = true, true
		out = append(out, search.Entry{Kind: search.KindAction, Title: h.Desc, Detail: h.Show,
			Keys: []string{h.Key}, Ref: pressKey(termio.KeyMsgFor(h.Key))})
	}
	return append(append(out, themeEntries(m.sh)...), layoutEntries(&m.prof, m.sh.Texts)...)
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
	p.input.Prompt, p.input.Placeholder = ": ", p.sh.Texts.PalettePlaceholder
	p.actions = search.NewIndex(actions)
	p.all = p.all[:0]
	for i := range actions {
		p.all = append(p.all, search.Result{Entry: &actions[i]})
	}
	p.results = p.all
	return cmd
}

// themeEntries are the palette's themes, the one in use marked.
func themeEntries(sh *app.Shared) []search.Entry {
	tx := sh.Texts
	var out []search.Entry
	for _, name := range ui.PaletteThemes(sh.ColourProfile(), sh.ConsoleFont()) {
		d := tx.ThemeLine(name)
		if name == sh.ThemeName {
			d = tx.InUse + " · " + d
		}
		out = append(out, search.Entry{Kind: search.KindTheme, Title: name, Detail: d,
			Keys: []string{"theme", "thema", tx.KindTheme}, Ref: paletteDo(func(m *Model) tea.Cmd {
				if m.sh.SetTheme(name) {
					m.restyled()
					m.sh.Notice = fmt.Sprintf(m.sh.Texts.ThemeSwitched, name)
				}
				return nil
			})})
	}
	return out
}

// restyled draws every pane again in the styles now in place: the caches
// not keyed by the styles are touched (the boards' rows and cells, the
// grid's body, the lists and the status line are; see app.SetTheme).
func (m *Model) restyled() {
	m.broadcast(app.RedrawMsg{})
	*m.memo = ui.FrameMemos{}
	in, st := &m.search.input, m.sh.Styles
	in.PromptStyle, in.PlaceholderStyle, in.TextStyle = st.Accent, st.Muted, st.Text
}

// layoutEntries are the palette's layouts (none without any configured),
// the one showing marked, and "by the hour" while a chosen one holds.
func layoutEntries(p *app.ProfileState, tx *ui.Texts) []search.Entry {
	keys := []string{"layout", "ansicht", tx.KindLayout}
	var out []search.Entry
	for i, pr := range p.Profiles {
		if len(pr.Boards) == 0 {
			continue
		}
		d := pr.Hours()
		if d == "" {
			d = tx.AnyHour
		}
		if i == p.Profile {
			d = tx.InUse + " · " + d
		}
		out = append(out, search.Entry{Kind: search.KindLayout, Title: pr.Name, Detail: d, Keys: keys,
			Ref: paletteDo(func(m *Model) tea.Cmd {
				if m.vehicle.Open {
					m.vehicle.Hide()
				}
				m.focus, m.prof.Chosen = app.PaneBoard, true
				cmd := m.disp.SetMode(grid.ModeGrid)
				return tea.Batch(cmd, m.showProfile(i, fmt.Sprintf(m.sh.Texts.LayoutChosen, pr.Name)))
			})})
	}
	if p.Chosen && len(out) > 0 {
		out = append(out, search.Entry{Kind: search.KindLayout, Title: tx.ByTheHour, Detail: tx.ByTheHourDetail, Keys: keys,
			Ref: paletteDo(func(m *Model) tea.Cmd {
				m.prof.Chosen = false
				m.sh.Notice = m.sh.Texts.ByTheHourAgain
				return m.followProfile()
			})})
	}
	return out
}
