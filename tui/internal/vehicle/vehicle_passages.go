package vehicle

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/mapview"
)

// diagram is the passage list drawn as lines, with the line to keep in
// view when following the vehicle.
type diagram struct {
	Lines []string
	Focus int
}

// passage column widths.
const (
	wNode   = 4 // mark and node: "▶ ◉ "
	wClock  = 5 // "12:45"
	wDev    = 3 // "+12", "±0"
	wPDue   = 6 // "12 min", "40 s"
	wPState = 9 // "predicted"
	wPlat   = 2
	minName = 10
)

// passageCols is which optional columns of the diagram fit a width.
type passageCols struct {
	tx                            *ui.Texts
	state                         int // the status word's width in this language
	name                          int
	plat, sched, dev, due, status bool
}

// layoutPassageCols fits the columns into w, dropping the platform first,
// then the status word, the scheduled time and the deviation.
func layoutPassageCols(tx *ui.Texts, w int) passageCols {
	c := passageCols{tx: tx, state: max(wPState, tx.Widths.Status), plat: true, sched: true, dev: true, due: true, status: true}
	width := func() int {
		n := wNode + 1 + wClock // node, name gap, actual
		for _, col := range []struct {
			on bool
			w  int
		}{{c.plat, wPlat}, {c.sched, wClock}, {c.dev, wDev}, {c.due, wPDue}, {c.status, c.state}} {
			if col.on {
				n += col.w + 1
			}
		}
		return n
	}
	for _, drop := range []*bool{&c.plat, &c.status, &c.sched, &c.dev, &c.due} {
		if w-width() >= minName+8 {
			break
		}
		*drop = false
	}
	c.name = max(w-width(), 1)
	return c
}

// passageHeader is the column titles line of the diagram; more marks
// that the list goes on above or below ("↑", "↓", "↑↓").
func passageHeader(c passageCols, more string) string {
	tx := c.tx
	var sb strings.Builder
	sb.WriteString(ui.Pad(" "+more, wNode) + ui.Pad(tx.PassStop, c.name))
	if c.plat {
		sb.WriteString(" " + ui.Pad(tx.PassPlat, wPlat))
	}
	if c.sched {
		sb.WriteString(" " + ui.Pad(tx.ColSched, wClock))
	}
	sb.WriteString(" " + ui.Pad(tx.PassLive, wClock))
	if c.dev {
		sb.WriteString(" " + ui.PadLeft(tx.PassDev, wDev))
	}
	if c.due {
		sb.WriteString(" " + ui.PadLeft(tx.ColDue, wPDue))
	}
	if c.status {
		sb.WriteString(" " + ui.Pad(tx.ColStatus, c.state))
	}
	return sb.String()
}

// BuildDiagram draws the passages ps of a vehicle at pos into lines of
// width w: passed stops dimmed with a filled node, the stop the vehicle is
// at marked, a line for the vehicle between stops, upcoming stops with
// their times, countdown and status.
// prev names the stop before ps[0] when the list starts after it (the
// upcoming stops only), "" when unknown.
func BuildDiagram(st *ui.Styles, tx *ui.Texts, ps []model.Passage, pos model.TripPosition, bearing int, now time.Time, w int, prev string) diagram {
	c := layoutPassageCols(tx, w)
	d := diagram{Lines: make([]string, 0, len(ps)+1), Focus: 0}
	vehicleLine := func(text string) {
		d.Focus = len(d.Lines)
		mark := st.SelectedMark.Render("▶ ")
		d.Lines = append(d.Lines, mark+st.Accent.Render("┃ "+string(mapview.Arrow(bearing))+" ")+st.Text.Render(ui.Fit(text, max(w-wNode-2, 1))))
	}
	for i := range ps {
		p := &ps[i]
		switch {
		case pos.Phase == model.PhaseBefore && i == 0:
			vehicleLine(fmt.Sprintf(tx.TripStarts, tx.DueWord(p.Actual(), p.Scheduled(), now)))
		case pos.Phase == model.PhaseBetween && i == pos.Next:
			from := tx.PrevStop
			if i > 0 {
				from = ps[i-1].StopName
			} else if prev != "" {
				from = prev
			}
			vehicleLine(fmt.Sprintf(tx.Between, from, p.StopName))
		}
		if i == pos.At {
			d.Focus = len(d.Lines)
		}
		d.Lines = append(d.Lines, passageLine(st, tx, p, c, i == pos.At, now))
	}
	return d
}

// passageLine is one stop of the diagram.
func passageLine(st *ui.Styles, tx *ui.Texts, p *model.Passage, c passageCols, here bool, now time.Time) string {
	done := p.Status.Done()
	text, dim := st.Text, st.Muted
	if done {
		text = st.Planned
		dim = st.Planned
	}
	var sb strings.Builder
	switch {
	case here:
		sb.WriteString(st.SelectedMark.Render("▶ ") + st.Accent.Render("◉ "))
	case done:
		sb.WriteString("  " + dim.Render("● "))
	default:
		sb.WriteString("  " + st.Text.Render("○ "))
	}
	name := text
	if here {
		name = st.Bold
	}
	sb.WriteString(name.Render(ui.Pad(p.StopName, c.name)))
	if c.plat {
		sb.WriteString(" " + dim.Render(ui.Pad(p.PlatformName, wPlat)))
	}
	if c.sched {
		sb.WriteString(" " + dim.Render(ui.Pad(ui.ClockTime(p.Scheduled()), wClock)))
	}
	sb.WriteString(" " + text.Render(ui.Pad(ui.ClockTime(p.Actual()), wClock)))
	if c.dev {
		dev, s := passageDev(st, tx, p)
		if done {
			s = dim
		}
		sb.WriteString(" " + s.Render(ui.PadLeft(dev, wDev)))
	}
	if c.due {
		due := ""
		if !done {
			due = c.tx.ShortDue(p.Actual(), now)
		}
		sb.WriteString(" " + st.Due.Render(ui.PadLeft(due, wPDue)))
	}
	if c.status {
		s := st.Status
		switch {
		case done:
			s = dim
		case p.Status == model.StatusArriving || p.Status == model.StatusStopping:
			s = st.StatusNow
		}
		sb.WriteString(" " + s.Render(ui.Pad(c.tx.PassageStatus(p.Status), c.state)))
	}
	return sb.String()
}

// passageDev formats a passage's deviation in whole minutes, "±0" on
// time, with its colour; blank without a live time.
func passageDev(st *ui.Styles, tx *ui.Texts, p *model.Passage) (string, lipgloss.Style) {
	if !p.Actual().Known() {
		return "", st.Planned
	}
	d, sev := tx.Delay.Grade(p.Deviation())
	switch sev {
	case ui.SevOnTime:
		return "±0", st.OnTime
	case ui.SevEarly:
		return strconv.Itoa(d), st.Early
	case ui.SevSlight, ui.SevLate, ui.SevPlanned, ui.SevMinor:
	}
	return "+" + strconv.Itoa(d), st.Severity(sev)
}
