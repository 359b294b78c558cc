package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// maxResults is how many search results are kept for the list.
const maxResults = 50

// searchPane is the `/` overlay: a text input over the fuzzy index of the
// base data, and the ranked results with their matched runes highlighted.
type searchPane struct {
	sh      *app.Shared
	input   textinput.Model
	results []search.Result
	cursor  int
	query   string // the query results were computed for
	width   int
	height  int
	// palette: the overlay is the command palette (palette.go) over
	// actions (all of them: all) and the base data.
	palette bool
	actions *search.Index
	all     []search.Result
	// do is what the entry chosen in the palette does (palette.go).
	do paletteDo
}

// newSearchPane returns the closed search overlay.
func newSearchPane(sh *app.Shared) searchPane {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = sh.Texts.SearchPlaceholder
	in.CharLimit = 64
	in.PromptStyle = sh.Styles.Accent
	in.PlaceholderStyle = sh.Styles.Muted
	in.TextStyle = sh.Styles.Text
	in.Cursor.SetMode(cursor.CursorStatic) // no blink timer: an idle overlay costs nothing
	return searchPane{sh: sh, input: in}
}

// SetSize gives the overlay its rectangle.
func (p *searchPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.input.Width = max(p.boxWidth()-5-ansi.StringWidth(p.input.Prompt), 1) // one cell for the cursor
}

// boxWidth is the overlay's outer width: at most 80 columns.
func (p *searchPane) boxWidth() int { return min(p.width, 80) }

// Open clears the input and focuses it.
func (p *searchPane) Open() tea.Cmd {
	p.input.SetValue("")
	p.results, p.cursor, p.query = nil, 0, ""
	p.palette, p.do = false, nil
	p.input.Prompt, p.input.Placeholder = "/ ", p.sh.Texts.SearchPlaceholder
	return p.input.Focus()
}

// Close blurs the input.
func (p *searchPane) Close() { p.input.Blur() }

// Refresh reruns the query, e.g. when base data arrives while typing.
func (p *searchPane) Refresh() {
	p.query = "\x00"
	p.run()
}

// run searches for the input's value if it changed.
func (p *searchPane) run() {
	q := p.input.Value()
	if q == p.query {
		return
	}
	p.query = q
	p.cursor = 0
	if p.palette {
		p.paletteRun(q)
		return
	}
	if p.sh.Base == nil || p.sh.Base.Index == nil {
		p.results = nil
		return
	}
	p.results = p.sh.Base.Index.Search(q, maxResults)
}

// Update types a key into the query while the overlay is open (its own
// keys, searchKeys in keys.go, are answered before).
func (p *searchPane) Update(msg tea.KeyMsg) tea.Cmd {
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	p.run()
	return cmd
}

// View renders the overlay: input, then as many results as fit.
func (p *searchPane) View() string {
	st, tx := p.sh.Styles, p.sh.Texts
	bw := p.boxWidth()
	inner := bw - 4 // border and padding
	if inner < 4 || p.height < 3 {
		return ui.Fit(p.input.View(), p.width)
	}
	lines := []string{ui.Fit(p.input.View(), inner)}
	room := p.height - 2 - 2 // border, input and the blank under it
	switch {
	case p.palette && len(p.results) > 0:
		lines = append(lines, "")
		first := ui.ScrollFirst(p.cursor, room)
		for i := first; i < len(p.results) && i < first+room; i++ {
			lines = append(lines, p.resultLine(p.results[i], inner, i == p.cursor))
		}
	case p.sh.Base == nil && p.sh.BaseErr != nil:
		lines = append(lines, "", st.Error.Render(ui.Fit(fmt.Sprintf(tx.SearchFailed, app.ErrLine(p.sh.Texts, p.sh.BaseErr)), inner)))
	case p.sh.Base == nil:
		lines = append(lines, "", st.Muted.Render(ui.Fit(tx.SearchLoading, inner)))
	case p.query == "":
		lines = append(lines, "", st.Muted.Render(ui.Fit(fmt.Sprintf(tx.SearchReady, p.sh.Base.Entries), inner)))
	case len(p.results) == 0:
		lines = append(lines, "", st.Muted.Render(ui.Fit(fmt.Sprintf(tx.SearchNone, p.query), inner)))
	default:
		lines = append(lines, "")
		first := ui.ScrollFirst(p.cursor, room)
		for i := first; i < len(p.results) && i < first+room; i++ {
			lines = append(lines, p.resultLine(p.results[i], inner, i == p.cursor))
		}
	}
	return st.Overlay.Width(bw - 2).Render(strings.Join(lines, "\n"))
}

// resultLine renders one result: cursor mark, kind, title with matched
// runes highlighted, and the detail dimmed.
func (p *searchPane) resultLine(r search.Result, w int, sel bool) string {
	st := p.sh.Styles
	e := r.Entry
	mark := "  "
	if sel {
		mark = st.SelectedMark.Render("▸ ")
	}
	head := mark + st.Kind.Render(ui.Pad(kindLabel(p.sh.Texts, e.Kind), 9))
	room := w - 11
	if room <= 0 {
		return ui.Fit(head, w)
	}
	title := highlight(e.Title, r.Matched, st.Text, st.Match)
	if sel {
		title = st.Bold.Render(title)
	}
	tw := ansi.StringWidth(e.Title)
	line := head + ui.Fit(title, room)
	if e.Detail != "" && tw+3 < room {
		line += "  " + st.Muted.Render(ui.Fit(e.Detail, room-tw-2))
	}
	return line
}

// highlight styles the runes of s at the indexes in matched with hi and
// the others with base.
func highlight(s string, matched []int, base, hi interface{ Render(...string) string }) string {
	if len(matched) == 0 {
		return base.Render(s)
	}
	var sb strings.Builder
	var run strings.Builder
	inMatch := false
	flush := func() {
		if run.Len() == 0 {
			return
		}
		if inMatch {
			sb.WriteString(hi.Render(run.String()))
		} else {
			sb.WriteString(base.Render(run.String()))
		}
		run.Reset()
	}
	j := 0
	for i, r := range []rune(s) {
		for j < len(matched) && matched[j] < i {
			j++
		}
		m := j < len(matched) && matched[j] == i
		if m != inMatch {
			flush()
			inMatch = m
		}
		run.WriteRune(r)
	}
	flush()
	return sb.String()
}
