package queue

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/exceptions"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Column widths of the queue's rows.
const (
	wCursor  = 2  // "▸ "
	wSince   = 9  // "2 h 5 min" (the column head says SINCE)
	wKind    = 12 // "Geisterfahrt"
	wLine    = 5
	wVehicle = 5
	wStop    = 34 // "between Kliniken Michelsberg and Eichenplatz" is cut
	wStopBig = 52 // from 180 columns: whole
	wDir     = 18
)

// cols are the widths of the optional columns at a width: the place and
// the direction have their own columns on a wide screen; on a narrow one
// they follow the detail.
type cols struct{ mark, stop, dir int }

// View renders the queue: its title with the verdict and counts, the
// outage warning, the column heads and the rows, newest on top.
func (p *Pane) View(f app.Frame) string {
	w, h := p.width, p.height
	p.hits.Reset()
	if w <= 0 || h <= 0 {
		return ""
	}
	st, tx := f.Styles, f.Texts
	lines := []string{p.title(st, tx, w)}
	if p.have && p.verdict.Outage {
		lines = append(lines, " "+st.Late.Render(ui.Fit(tx.OutageWarn, w-1)))
	}
	switch {
	case !p.have:
		lines = append(lines, "", " "+st.Muted.Render(ui.Fit(tx.QueueWait, w-1)))
	case len(p.Rows) == 0:
		lines = append(lines, "", " "+st.OnTime.Render(ui.Fit(tx.QueueEmpty, w-1)))
	default:
		c := p.columns(tx, w)
		head := strings.Repeat(" ", wCursor) + ui.Pad(tx.QHeadSince, wSince) + " " + ui.Pad(tx.QHeadKind, wKind) + " "
		if c.mark > 0 {
			head += strings.Repeat(" ", c.mark+1)
		}
		head += ui.Pad(tx.QHeadLine, wLine) + " " + ui.PadLeft(tx.QHeadVehicle, wVehicle) + " "
		if c.stop > 0 {
			head += ui.Pad(tx.QHeadStop, c.stop) + " "
		}
		if c.dir > 0 {
			head += ui.Pad(tx.QHeadDir, c.dir) + " "
		}
		head += tx.QHeadWhat
		lines = append(lines, st.ColHeader.Render(ui.Pad(ui.Fit(head, w), w)))
		space := max(h-len(lines), 0)
		first := ui.ScrollFirst(p.Cursor, space)
		for i := first; i < len(p.Rows) && i < first+space; i++ {
			p.hits.Line(len(lines), i)
			lines = append(lines, p.row(f, i, w, c))
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines[:h], "\n")
}

// RowAt returns the row the last View drew on line y of the queue; ok
// is false on the title, the warning, the column heads and below the
// rows.
func (p *Pane) RowAt(y int) (int, bool) { return p.hits.Row(y) }

// title is the first line: the queue's name, the verdict, the counts.
func (p *Pane) title(st *ui.Styles, tx *ui.Texts, w int) string {
	parts := []ui.Part{{Text: st.Title.Render(tx.QueueTitle)}}
	if p.have {
		if p.verdict.Outage {
			parts = append(parts, ui.Part{Text: st.Late.Render(VerdictText(tx, p.verdict))})
		} else {
			parts = append(parts, ui.Part{Text: st.OnTime.Render(VerdictText(tx, p.verdict))})
		}
		n := len(p.all) - p.hidden
		if n == 1 {
			parts = append(parts, ui.Part{Text: st.Text.Render(tx.QueueOne)})
		} else {
			parts = append(parts, ui.Part{Text: st.Text.Render(fmt.Sprintf(tx.QueueItems, n))})
		}
		if p.hidden > 0 {
			parts = append(parts, ui.Part{Text: st.Muted.Render(fmt.Sprintf(tx.QueueHid, p.hidden)), Drop: 1})
		}
	}
	return " " + ui.FitParts(parts, st.Muted.Render(" · "), w-1)
}

// columns are the optional columns' widths at width w: the mark beside
// KIND as wide as the marks shown need (none when no row is marked), the
// place from 100 columns (whole from 180), the direction from 130.
func (p *Pane) columns(tx *ui.Texts, w int) cols {
	var c cols
	for i := range p.Rows {
		if m := markText(tx, &p.Rows[i]); m != "" {
			c.mark = max(c.mark, ansi.StringWidth(m))
		}
	}
	switch {
	case w >= 180:
		c.stop = wStopBig
	case w >= 100:
		c.stop = wStop
	}
	if w >= 130 {
		c.dir = wDir
	}
	return c
}

// markText is what the dispatcher did to a row, in words ("✓ ack",
// "hidden"), "" for neither.
func markText(tx *ui.Texts, r *Row) string {
	switch {
	case r.Hidden:
		return tx.QueueHidden
	case r.Acked:
		return tx.QueueAcked
	}
	return ""
}

// row renders row i: the cursor, age, kind and its mark, line, vehicle,
// where, direction, what. A late group's row has its count and [+] (it
// opens with enter, then [−]); its vehicles are indented below it.
func (p *Pane) row(f app.Frame, i, w int, c cols) string {
	st, tx := f.Styles, f.Texts
	r := &p.Rows[i]
	wd := &tx.Words
	age := exceptions.Ago(f.Now.Sub(r.Since))
	kind := wd.Kind(r.Kind)
	veh := ""
	switch {
	case r.Vehicle != 0:
		veh = fmt.Sprint(r.Vehicle)
	case r.Count > 1:
		veh = "×" + fmt.Sprint(r.Count)
	}
	if r.Depth > 0 {
		age, kind = "", "  └"
	}
	s := ui.Pad(age, wSince) + " " + ui.Pad(kind, wKind) + " "
	if c.mark > 0 {
		s += ui.Pad(markText(tx, r), c.mark) + " "
	}
	s += ui.Pad(r.Line, wLine) + " " + ui.PadLeft(veh, wVehicle) + " "
	where, towards := wd.Where(&r.Item), wd.Towards(&r.Item)
	if c.stop > 0 {
		s += ui.Pad(ui.Fit(where, c.stop), c.stop) + " "
		where = ""
	}
	if c.dir > 0 {
		s += ui.Pad(ui.Fit(towards, c.dir), c.dir) + " "
		towards = ""
	}
	what := wd.Describe(&r.Item)
	if r.Count > 1 {
		fold := "[+] "
		if r.Open {
			fold = "[−] "
		}
		what = fold + what
	}
	for _, x := range []string{where, towards} {
		if x != "" {
			what += " · " + x
		}
	}
	text := trimRight(ui.Fit(s+what, w-wCursor))
	if i == p.Cursor {
		// The board's cursor: a mark in every theme (in mono the row's
		// reverse video alone would read as a severe item's).
		return st.SelectedMark.Render("▸ ") + st.Selected.Render(ui.Pad(text, w-wCursor))
	}
	text = "  " + text
	switch {
	case r.Acked || r.Hidden:
		return st.Muted.Render(text)
	case r.Kind == exceptions.Connection || r.Kind == exceptions.Late:
		return st.Late.Render(text)
	case r.Kind == exceptions.Silent:
		return st.Stale.Render(text)
	}
	return st.Text.Render(text)
}
