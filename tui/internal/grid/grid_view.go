package grid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// gridShape chooses the columns of the grid for n boards in w×h and how
// many rows of cells show at once. It first shows as many boards as it
// can, then gives each as many readable rows (up to limit) as it can;
// between shapes as good, the one with more columns, so that wide cells
// stand side by side rather than stacked with blanks mid-row.
func gridShape(n, w, h, limit int) (cols, rows int) {
	if n <= 0 || w <= 0 || h <= 0 {
		return 1, 1
	}
	best, bestShown, bestScore := 1, -1, -1
	bestRows := 1
	for c := 1; c <= n; c++ {
		cw := (w - (c - 1)) / c
		if cw < board.MinCellW && c > 1 {
			break
		}
		r := (n + c - 1) / c
		vis := max(min(r, h/board.MinCellH), 1)
		ch := h / vis
		shown := min(n, c*vis)
		score := min(ch-1, limit) * (min(cw, board.WideCellW) - board.CellFixed)
		if shown > bestShown || (shown == bestShown && score >= bestScore) {
			best, bestRows, bestShown, bestScore = c, vis, shown, score
		}
	}
	return best, bestRows
}

// split divides total into n parts that differ by at most one, the larger
// first.
func split(total, n, i int) int {
	q, r := total/n, total%n
	if i < r {
		return q + 1
	}
	return q
}

// SetSize gives the grid its rectangle, and the zoomed board the whole;
// the zoomed board draws as focused only when the board side has the
// focus (focused), not while the vehicle pane beside it has.
func (g *gridPane) SetSize(w, h int, focused bool) {
	g.width, g.height = w, h
	z := g.ZoomedBoard()
	for i, b := range g.All() {
		num := i + 1
		if b == g.Open {
			num = 0
		}
		if b.Number != num {
			b.Number = num
			b.Touch()
		}
		if b == z {
			b.Layout(app.Rect{W: w, H: h, Focused: focused})
		} else {
			b.Layout(app.Rect{}) // a cell: it asks for the frame's limit again (board.fill)
		}
	}
}

// Columns is the number of columns of the grid's cells now, for the
// up/down focus moves: the same shape render draws, computed, not kept
// by the view; f is the frame (its limit shapes the grid).
func (g *gridPane) Columns(f app.Frame) int {
	cols, _ := gridShape(len(g.Boards), g.width, g.height-1, f.Limit)
	return cols
}

// ZoomedBoard returns the board shown whole, nil when the grid shows its
// cells.
func (g *gridPane) ZoomedBoard() *board.Pane {
	if !g.Zoomed {
		return nil
	}
	return g.Focused()
}

// View renders the grid (or the zoomed board) into exactly its rectangle.
func (g *gridPane) View(f app.Frame) string {
	w, h := g.width, g.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if b := g.ZoomedBoard(); b != nil {
		return b.View(f)
	}
	var key strings.Builder
	key.WriteString(ui.Itoa(w) + ":" + ui.Itoa(h) + ":" + ui.Itoa(g.Focus) + ":" + strconv.FormatInt(f.Now.Unix(), 10) + ":" + f.Verdict.Text)
	for _, b := range g.Boards {
		_, stale := f.Stale(b.Polls()) // stale turns at a deadline of its own, between the seconds
		key.WriteString("," + ui.Itoa(b.Revision) + ":" + strconv.FormatBool(stale))
	}
	return g.cache.Get(key.String(), func() string { return g.render(f) })
}

// render draws the summary line (with the queue's verdict) and the
// cells of the current page.
func (g *gridPane) render(f app.Frame) string {
	w, h := g.width, g.height
	st := f.Styles
	summary := g.summary(f, w)
	g.hits.Reset()
	if h == 1 {
		return summary
	}
	body := h - 1
	cols, rows := gridShape(len(g.Boards), w, body, f.Limit)
	per := cols * rows
	first := (g.Focus / per) * per
	sep := st.HelpSep.Render("│")
	// The cells change when a countdown's minute turns or data comes, the
	// summary line with the clock every second: the body is kept by the
	// keys of its cells and joined again only when one of them changed.
	var key strings.Builder
	key.WriteString(ui.Itoa(w) + "x" + ui.Itoa(h) + ":" + ui.Itoa(len(g.Boards)) + ":" + ui.Itoa(f.Limit) + ":" + ui.Itoa(first) + ":" + sep)
	y := 1 // below the summary line
	for r := range rows {
		ch := split(body, rows, r)
		x := 0
		for c := range cols {
			cw := split(w-(cols-1), cols, c)
			if i := first + r*cols + c; i < len(g.Boards) {
				key.WriteString("\x01" + g.Boards[i].Cell.Key(f, g.Boards[i], i+1, i == g.Focus, cw, ch))
				g.hits.Add(x, y, x+cw, y+ch, i)
			}
			x += cw + 1 // and the separator
		}
		y += ch
	}
	cells := g.body.Get(key.String(), func() string {
		var sb strings.Builder
		sb.Grow(w * h * 3)
		for r := range rows {
			ch := split(body, rows, r)
			cells := make([][]string, cols)
			widths := make([]int, cols)
			for c := range cols {
				widths[c] = split(w-(cols-1), cols, c)
				i := first + r*cols + c
				if i < len(g.Boards) {
					cells[c] = strings.Split(g.cell(f, i, widths[c], ch), "\n")
				}
			}
			for l := range ch {
				sb.WriteByte('\n')
				for c := range cols {
					if c > 0 {
						sb.WriteString(sep)
					}
					line := ""
					if l < len(cells[c]) {
						line = cells[c][l]
					}
					if c < cols-1 {
						line += strings.Repeat(" ", max(widths[c]-ansi.StringWidth(line), 0))
					}
					sb.WriteString(line)
				}
			}
		}
		return ui.ClampLines(strings.TrimPrefix(sb.String(), "\n"), w, body)
	})
	return ui.Fit(summary, w) + "\n" + cells
}

// CellAt returns the watched board whose cell the last render drew at
// column x of line y of the grid's rectangle, and the line within that
// cell (0: its title); ok is false on the summary line, a separator and
// where no cell is.
func (g *gridPane) CellAt(x, y int) (i, line int, ok bool) {
	i, _, y0, ok := g.hits.At(x, y)
	if !ok || i >= len(g.Boards) {
		return 0, 0, false
	}
	return i, y - y0, true
}

// cell renders board i compactly in w×h in frame f, from its cache when
// unchanged.
func (g *gridPane) cell(f app.Frame, i, w, h int) string {
	b := g.Boards[i]
	return b.Cell.View(f, b, i+1, i == g.Focus, w, h)
}

// summary is the grid's top line: boards, late vehicles, the worst delay
// and stale boards, over the watched stops, and the queue's verdict
// (f.Verdict).
func (g *gridPane) summary(f app.Frame, w int) string {
	st, dt, tx, v := f.Styles, f.DispatchTexts, f.Texts, f.Verdict
	late, worst := map[int]bool{}, (*model.Event)(nil)
	var worstStop string
	have := false // a watched board has had an answer
	for _, fd := range g.watchedFeeds() {
		if !fd.Have {
			continue
		}
		have = true
		for i := range fd.Data.Board.Events {
			e := &fd.Data.Board.Events[i]
			if due, ok := e.DueIn(f.Now); !ok || due < -ui.HideAfter || !e.Realtime() || e.Gone() {
				continue
			}
			if tx.Delay.CountsLate(e.Deviation) {
				late[e.VehicleNumber] = true
			}
			if worst == nil || e.Deviation > worst.Deviation {
				worst, worstStop = e, fd.Data.Board.StopName
			}
		}
	}
	stale, unknown := g.health(&f)
	// What a narrow screen leaves out first: "all fresh", then the worst
	// delay; the alert goes last, so it is the one cut.
	const dropFresh, dropWorst = 2, 1
	lateText := st.Late.Render(fmt.Sprintf(dt.LateN, len(late), tx.Delay.Late))
	if !have {
		// No vehicle is known, late or not: "0 late" would be a claim.
		lateText = st.Stale.Render(dt.NoData)
	}
	parts := []ui.Part{{Text: st.Title.Render(dt.Count(dt.OneBoard, dt.Boards, len(g.Boards)))}, {Text: lateText}}
	if v.Text != "" { // the network data verdict, once the exception queue watches
		vs := st.OnTime
		if v.Outage {
			vs = st.Late
		}
		parts = append([]ui.Part{{Text: vs.Render(v.Text)}}, parts...)
	}
	if unknown > 0 {
		parts = append(parts, ui.Part{Text: st.Stale.Render(fmt.Sprintf(dt.UnknownBoards, unknown))})
	}
	switch {
	case stale > 0:
		parts = append(parts, ui.Part{Text: st.Stale.Render(fmt.Sprintf(dt.StaleBoards, stale))})
	case unknown == 0:
		parts = append(parts, ui.Part{Text: st.OnTime.Render(dt.AllFresh), Drop: dropFresh})
	}
	if worst != nil && worst.DelayMinutes() > 0 { // rows show under half a minute as on time
		s := fmt.Sprintf(dt.Worst, worst.DelayMinutes(), worst.Line(), worst.DirectionText)
		if worstStop != "" {
			s += fmt.Sprintf(dt.WorstAt, worstStop)
		}
		parts = append(parts, ui.Part{Text: st.Text.Render(s), Drop: dropWorst})
	}
	if per := g.perPage(f); per < len(g.Boards) {
		parts = append(parts, ui.Part{Text: st.Muted.Render(fmt.Sprintf(dt.Page, g.Focus/per+1, (len(g.Boards)+per-1)/per))})
	}
	if a := f.AlertPart(); a != "" {
		parts = append(parts, ui.Part{Text: a})
	}
	// The clock on the right, as on a board: a dispatcher reads
	// the countdowns against it.
	clock := st.Clock.Render(f.Now.In(model.Berlin).Format("15:04")) + " "
	return board.Spread(" "+ui.FitParts(parts, st.Muted.Render(" · "), w-ansi.StringWidth(clock)-2), clock, w)
}

// perPage is how many boards show at once at the current size in frame
// f.
func (g *gridPane) perPage(f app.Frame) int {
	c, r := gridShape(len(g.Boards), g.width, g.height-1, f.Limit)
	return max(c*r, 1)
}

// health counts the watched boards whose data is stale (or that never had
// any because their polls fail) and, apart from them, those whose stop the
// service does not know: a board of a stop that does not exist is not
// "stale", and a dispatcher must not read it as old data.
func (g *gridPane) health(f *app.Frame) (stale, unknown int) {
	return board.BoardsHealth(f, g.Boards)
}
