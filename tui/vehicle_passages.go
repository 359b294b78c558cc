package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"abfahrt/model"
	"abfahrt/tui/mapview"
)

// phase is where a vehicle is on its trip.
type phase int

const (
	phaseNone    phase = iota // no passages
	phaseBefore               // the trip has not started
	phaseAt                   // at a stop of the trip
	phaseBetween              // between two stops
	phaseEnded                // at or past the terminus
)

// position is a vehicle's place on its trip: the phase, the passage it is
// at (phaseAt, phaseEnded) and the next passage it will reach (-1: none).
type position struct {
	phase phase
	at    int
	next  int
}

// locate finds the vehicle on its passages. first says the list starts at
// the trip's first stop (Range all, or a sequence number of 0), so nothing
// done yet means the trip has not begun.
func locate(ps []model.Passage, first bool) position {
	n := len(ps)
	if n == 0 {
		return position{phase: phaseNone, at: -1, next: -1}
	}
	if last := ps[n-1].Status; last == model.StatusStopping || last.Done() {
		return position{phase: phaseEnded, at: n - 1, next: -1}
	}
	next := -1
	for i := range ps {
		if ps[i].Status == model.StatusStopping {
			return position{phase: phaseAt, at: i, next: i + 1}
		}
		if next < 0 && !ps[i].Status.Done() {
			next = i
		}
	}
	switch {
	case next < 0:
		return position{phase: phaseEnded, at: n - 1, next: -1}
	case next == 0 && (first || ps[0].SequenceNumber == 0):
		return position{phase: phaseBefore, at: -1, next: 0}
	}
	return position{phase: phaseBetween, at: -1, next: next}
}

// diagram is the passage list drawn as lines, with the line to keep in
// view when following the vehicle.
type diagram struct {
	lines []string
	focus int
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
	tx                            *texts
	state                         int // the status word's width in this language
	name                          int
	plat, sched, dev, due, status bool
}

// layoutPassageCols fits the columns into w, dropping the platform first,
// then the status word, the scheduled time and the deviation.
func layoutPassageCols(tx *texts, w int) passageCols {
	c := passageCols{tx: tx, state: max(wPState, tx.w.status), plat: true, sched: true, dev: true, due: true, status: true}
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
	sb.WriteString(pad(" "+more, wNode) + pad(tx.PassStop, c.name))
	if c.plat {
		sb.WriteString(" " + pad(tx.PassPlat, wPlat))
	}
	if c.sched {
		sb.WriteString(" " + pad(tx.ColSched, wClock))
	}
	sb.WriteString(" " + pad(tx.PassLive, wClock))
	if c.dev {
		sb.WriteString(" " + padLeft(tx.PassDev, wDev))
	}
	if c.due {
		sb.WriteString(" " + padLeft(tx.ColDue, wPDue))
	}
	if c.status {
		sb.WriteString(" " + pad(tx.ColStatus, c.state))
	}
	return sb.String()
}

// buildDiagram draws the passages ps of a vehicle at pos into lines of
// width w: passed stops dimmed with a filled node, the stop the vehicle is
// at marked, a line for the vehicle between stops, upcoming stops with
// their times, countdown and status.
// prev names the stop before ps[0] when the list starts after it (the
// upcoming stops only), "" when unknown.
func buildDiagram(st *Styles, tx *texts, ps []model.Passage, pos position, bearing int, now time.Time, w int, prev string) diagram {
	c := layoutPassageCols(tx, w)
	d := diagram{lines: make([]string, 0, len(ps)+1), focus: 0}
	vehicleLine := func(text string) {
		d.focus = len(d.lines)
		mark := st.SelectedMark.Render("▶ ")
		d.lines = append(d.lines, mark+st.Accent.Render("┃ "+string(mapview.Arrow(bearing))+" ")+st.Text.Render(fit(text, max(w-wNode-2, 1))))
	}
	for i := range ps {
		p := &ps[i]
		switch {
		case pos.phase == phaseBefore && i == 0:
			vehicleLine(fmt.Sprintf(tx.TripStarts, tx.dueWord(p.Actual(), p.Scheduled(), now)))
		case pos.phase == phaseBetween && i == pos.next:
			from := tx.PrevStop
			if i > 0 {
				from = ps[i-1].StopName
			} else if prev != "" {
				from = prev
			}
			vehicleLine(fmt.Sprintf(tx.Between, from, p.StopName))
		}
		if i == pos.at {
			d.focus = len(d.lines)
		}
		d.lines = append(d.lines, passageLine(st, tx, p, c, i == pos.at, now))
	}
	return d
}

// passageLine is one stop of the diagram.
func passageLine(st *Styles, tx *texts, p *model.Passage, c passageCols, here bool, now time.Time) string {
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
	sb.WriteString(name.Render(pad(p.StopName, c.name)))
	if c.plat {
		sb.WriteString(" " + dim.Render(pad(p.PlatformName, wPlat)))
	}
	if c.sched {
		sb.WriteString(" " + dim.Render(pad(clockTime(p.Scheduled()), wClock)))
	}
	sb.WriteString(" " + text.Render(pad(clockTime(p.Actual()), wClock)))
	if c.dev {
		dev, s := passageDev(st, tx, p)
		if done {
			s = dim
		}
		sb.WriteString(" " + s.Render(padLeft(dev, wDev)))
	}
	if c.due {
		due := ""
		if !done {
			due = c.tx.shortDue(p.Actual(), now)
		}
		sb.WriteString(" " + st.Due.Render(padLeft(due, wPDue)))
	}
	if c.status {
		s := st.Status
		switch {
		case done:
			s = dim
		case p.Status == model.StatusArriving || p.Status == model.StatusStopping:
			s = st.StatusNow
		}
		sb.WriteString(" " + s.Render(pad(c.tx.passageStatus(p.Status), c.state)))
	}
	return sb.String()
}

// passageDev formats a passage's deviation in whole minutes, "±0" on
// time, with its colour; blank without a live time.
func passageDev(st *Styles, tx *texts, p *model.Passage) (string, lipgloss.Style) {
	if !p.Actual().Known() {
		return "", st.Planned
	}
	d, sev := tx.delay.grade(p.Deviation())
	switch sev {
	case sevOnTime:
		return "±0", st.OnTime
	case sevEarly:
		return strconv.Itoa(d), st.Early
	case sevSlight, sevLate, sevPlanned, sevMinor:
	}
	return "+" + strconv.Itoa(d), st.severity(sev)
}
