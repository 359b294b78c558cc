package queue

import (
	"fmt"
	"strings"

	"abfahrt/exceptions"
	"abfahrt/tui/internal/ui"
)

// Column widths of the queue's rows.
const (
	wSince   = 12 // "since 12 min"
	wKind    = 12 // "Geisterfahrt"
	wLine    = 5
	wVehicle = 5
	wStop    = 16
	wMark    = 12 // "✓ quittiert"
)

// View renders the queue: its title with the verdict and counts, the
// outage warning, the column heads and the rows, newest on top.
func (p *Pane) View() string {
	w, h := p.width, p.height
	p.hits.Reset()
	if w <= 0 || h <= 0 {
		return ""
	}
	st, tx := p.sh.St, p.sh.T
	lines := []string{p.title(w)}
	if p.have && p.verdict.Outage {
		lines = append(lines, " "+st.Late.Render(ui.Fit(tx.OutageWarn, w-1)))
	}
	switch {
	case !p.have:
		lines = append(lines, "", " "+st.Muted.Render(ui.Fit(tx.QueueWait, w-1)))
	case len(p.Rows) == 0:
		lines = append(lines, "", " "+st.OnTime.Render(ui.Fit(tx.QueueEmpty, w-1)))
	default:
		stopW := p.stopWidth(w)
		head := " " + ui.Pad(tx.QHeadSince, wSince) + " " + ui.Pad(tx.QHeadKind, wKind) + " " + ui.Pad(tx.QHeadLine, wLine) + " " +
			ui.PadLeft(tx.QHeadVehicle, wVehicle) + " "
		if stopW > 0 {
			head += ui.Pad(tx.QHeadStop, stopW) + " "
		}
		head += tx.QHeadWhat
		lines = append(lines, st.ColHeader.Render(ui.Pad(ui.Fit(head, w), w)))
		space := max(h-len(lines), 0)
		first := ui.ScrollFirst(p.Cursor, space)
		for i := first; i < len(p.Rows) && i < first+space; i++ {
			p.hits.Line(len(lines), i)
			lines = append(lines, p.row(i, w, stopW))
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
func (p *Pane) title(w int) string {
	st, tx := p.sh.St, p.sh.T
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

// stopWidth is the stop column's width: none on a narrow screen (the
// connection's detail names its lines and times, its stop is in the
// title of the connection's config).
func (p *Pane) stopWidth(w int) int {
	if w < 100 {
		return 0
	}
	return wStop
}

// row renders row i: age, kind, line, vehicle, stop, what, and the mark.
func (p *Pane) row(i, w, stopW int) string {
	st, tx := p.sh.St, p.sh.T
	r := &p.Rows[i]
	age := fmt.Sprintf(tx.QueueSince, exceptions.Ago(p.sh.Now.Sub(r.Since)))
	veh := ""
	if r.Vehicle != 0 {
		veh = fmt.Sprint(r.Vehicle)
	}
	s := " " + ui.Pad(age, wSince) + " " + ui.Pad(kindText(tx, r.Kind), wKind) + " " + ui.Pad(r.Line, wLine) + " " + ui.PadLeft(veh, wVehicle) + " "
	if stopW > 0 {
		s += ui.Pad(ui.Fit(p.stopName(&r.Item), stopW), stopW) + " "
	}
	mark := ""
	switch {
	case r.Hidden:
		mark = tx.QueueHidden
	case r.Acked:
		mark = tx.QueueAcked
	}
	what := detail(tx, &r.Item)
	room := w - len([]rune(s))
	if mark != "" {
		room -= wMark + 1
	}
	text := s + ui.Pad(ui.Fit(what, max(room, 0)), max(room, 0))
	if mark != "" {
		text += " " + ui.PadLeft(mark, wMark)
	}
	text = ui.Fit(trimRight(text), w)
	switch {
	case i == p.Cursor:
		return st.Selected.Render(ui.Pad(text, w))
	case r.Acked || r.Hidden:
		return st.Muted.Render(text)
	case r.Kind == exceptions.Connection || r.Kind == exceptions.Late:
		return st.Late.Render(text)
	case r.Kind == exceptions.Silent:
		return st.Stale.Render(text)
	}
	return st.Text.Render(text)
}
