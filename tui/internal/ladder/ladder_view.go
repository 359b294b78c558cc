package ladder

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	ldr "abfahrt/ladder"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// View renders the ladder in its rectangle.
func (p *Pane) View(f app.Frame) string {
	w, h := p.width, p.height
	if w <= 0 || h <= 0 {
		return ""
	}
	k := strings.Join([]string{ui.Itoa(p.Revision), ui.Itoa(w), ui.Itoa(h), strconv.FormatInt(f.Now.Unix()/60, 10)}, ":")
	return p.memo.Get(k, func() string { return ui.ClampLines(p.render(f), w, h) })
}

// render draws the header, the rails' heads, the rungs and the selected
// vehicle's line.
func (p *Pane) render(f app.Frame) string {
	w, h := p.width, p.height
	p.hits.Reset()
	var sb strings.Builder
	sb.WriteString(ui.Fit(p.header(f), w))
	if h < 3 {
		return sb.String()
	}
	rails := p.rails()
	if msg := p.empty(f); msg != "" {
		sb.WriteString("\n" + f.Styles.Muted.Render(ui.Fit("  "+msg, w)))
		return sb.String()
	}
	legend := legendLines(f.Texts, w, h)
	space := h - 3 - len(legend)
	rows := layoutLadder(rails, space)
	rungs := 0
	for _, r := range rows {
		if r.rung >= 0 {
			rungs++
		}
	}
	if thin := rungs < len(rails[0].Stops); thin != p.thinned {
		// Said in the header, drawn first: draw it again with the word.
		p.thinned = thin
		return p.render(f)
	}
	base := rails[0]
	nameW := 0
	for _, r := range rows {
		if r.rung >= 0 {
			nameW = max(nameW, ansi.StringWidth(base.Stops[r.rung].Name))
		}
	}
	nameW = min(nameW, max(12, w/4))
	st, tx := f.Styles, f.Texts
	two := len(rails) > 1
	avail := w - nameW - 3
	if two {
		avail -= 3
	}
	// Each rail's cells, in full (headway "9′ (plan 10′)") where both fit,
	// else compact ("9′/10′"); the rails share the room by what they need.
	text := func(compact bool) (out [][2]string, need [2]int) {
		out = make([][2]string, len(rows))
		for i, r := range rows {
			for ri := range rails {
				var cs []string
				for _, c := range r.cars[ri] {
					cs = append(cs, carCell(st, tx, c, ri == 1, carKey(c) == p.Selected, compact))
				}
				out[i][ri] = strings.Join(cs, "  ")
				need[ri] = max(need[ri], ansi.StringWidth(out[i][ri]))
			}
		}
		return out, need
	}
	compact := false
	cells, need := text(false)
	if need[0]+need[1] > avail {
		compact = true
		cells, need = text(true)
	}
	cellW := [2]int{avail, 0}
	if two {
		// The right rail gets what its cells need (the left, right-aligned
		// to its rail, the rest) and gives up room, down to a third, when
		// the left needs it; the rails' heads are cut first.
		right := max(need[1], 8)
		if head1W := ansi.StringWidth(fmt.Sprintf(tx.Towards, rails[1].Towards)) + 2; avail-max(right, head1W) >= need[0] {
			right = max(right, head1W) // its head whole, where the cells leave room
		}
		if avail-right < need[0] {
			right = max(avail-need[0], min(right, avail/3))
		}
		cellW = [2]int{avail - right, right}
		// On a wide screen the left rail takes what it needs, not the
		// whole rest: the ladder stays together on the left.
		head0W := ansi.StringWidth(fmt.Sprintf(tx.Towards, base.Towards)) + 2
		cellW[0] = min(cellW[0], max(need[0], head0W, avail/4))
	}
	head0 := st.Bold.Render("↓ " + fmt.Sprintf(tx.Towards, base.Towards))
	if two {
		head1 := st.Bold.Render("↑ " + fmt.Sprintf(tx.Towards, rails[1].Towards))
		sb.WriteString("\n" + ui.PadLeft(ui.Fit(head0, cellW[0]), cellW[0]) + "   " + strings.Repeat(" ", nameW) + "   " + ui.Fit(head1, cellW[1]))
	} else {
		sb.WriteString("\n" + strings.Repeat(" ", nameW) + "   " + ui.Fit(head0, cellW[0]))
	}
	rung, gap := st.Muted.Render(" ┼ "), st.Muted.Render(" │ ")
	p.hitCars(st, tx, rows, cells, cellW, nameW, two, compact)
	for i, r := range rows {
		name, sep := strings.Repeat(" ", nameW), gap
		if r.rung >= 0 {
			name, sep = st.Text.Render(ui.Pad(base.Stops[r.rung].Name, nameW)), rung
		}
		line := name + sep + ui.Fit(cells[i][0], cellW[0])
		if two {
			line = ui.PadLeft(ui.Fit(cells[i][0], cellW[0]), cellW[0]) + sep + name + sep + ui.Fit(cells[i][1], cellW[1])
		}
		sb.WriteString("\n" + strings.TrimRight(line, " "))
	}
	for range space - len(rows) {
		sb.WriteString("\n")
	}
	for _, l := range legend {
		sb.WriteString("\n" + st.Muted.Render(l))
	}
	sb.WriteString("\n" + ui.Fit(p.detail(f.Styles, f.Texts), w))
	return sb.String()
}

// hitCars records where the rows' cars are drawn (render's line of row
// i, below the header and the rails' heads, is 2+i): each car's text,
// the cars of a rail two cells apart, the left rail right-aligned to its
// cells' width when there are two, cut where its cells are.
func (p *Pane) hitCars(st *ui.Styles, tx *ui.Texts, rows []row, cells [][2]string, cellW [2]int, nameW int, two, compact bool) {
	for i, r := range rows {
		for ri := range 2 {
			if ri == 1 && !two {
				break
			}
			start, end := nameW+3, nameW+3+cellW[0]
			switch {
			case two && ri == 0:
				start, end = cellW[0]-min(ansi.StringWidth(cells[i][0]), cellW[0]), cellW[0]
			case two:
				start = cellW[0] + 3 + nameW + 3
				end = start + cellW[1]
			}
			x := start
			for _, c := range r.cars[ri] {
				cw := ansi.StringWidth(carCell(st, tx, c, ri == 1, carKey(c) == p.Selected, compact))
				p.hits.Add(x, 2+i, min(x+cw, end), 3+i, carKey(c))
				x += cw + 2
			}
		}
	}
}

// CarAt returns the key (carKey) of the car the last render drew at
// column x of line y of the ladder; ok is false anywhere else.
func (p *Pane) CarAt(x, y int) (int, bool) {
	k, _, _, ok := p.hits.At(x, y)
	return k, ok
}

// row is one row of the drawn ladder: a rung (the index of its stop on
// the first rail shown) or the stretch after one (rung -1), with the cars
// on each rail there.
type row struct {
	rung int
	cars [2][]*ldr.Car
}

// empty says why there is no ladder to draw, or "".
func (p *Pane) empty(f app.Frame) string {
	tx, e := f.Texts, p.fs.trips
	switch {
	case e != nil && !e.Have && e.Poll.LastErr != nil:
		return fmt.Sprintf(f.DispatchTexts.NoAnswer, app.ErrLine(tx, e.Poll.LastErr))
	case e == nil || !e.Have:
		return tx.LadderLoading
	case !p.L.Known && p.svc.Base != nil:
		return fmt.Sprintf(tx.NoLine, p.Line)
	case len(p.L.Rails) == 0 || len(p.rails()[0].Stops) == 0:
		if len(p.L.Rails) == 0 || len(p.cars()) == 0 {
			return fmt.Sprintf(tx.NoVehicles, p.Line)
		}
		return tx.LadderLoading
	}
	return ""
}

// header is the title, the regularity and the flags counted, in words.
func (p *Pane) header(f app.Frame) string {
	st, tx := f.Styles, f.Texts
	parts := []ui.Part{{Text: st.Title.Render(fmt.Sprintf(tx.LadderTitle, p.Line))}}
	if r := p.L.Now(); r.Known() {
		parts = append(parts, ui.Part{Text: st.Text.Render(fmt.Sprintf(tx.Regularity, r.Percent()))})
	} else {
		parts = append(parts, ui.Part{Text: st.Muted.Render(tx.RegularityNone), Drop: 1})
	}
	n := map[ldr.Flag]int{}
	for _, c := range p.cars() {
		n[c.Flag]++
	}
	for _, f := range []struct {
		flag ldr.Flag
		text string
	}{{ldr.FlagBunched, tx.CountBunched}, {ldr.FlagGap, tx.CountGap}, {ldr.FlagGhost, tx.CountGhost}, {ldr.FlagStale, tx.CountStale}} {
		s, drop := st.Muted, 2 // a count of none goes first on a narrow screen
		if n[f.flag] > 0 {
			s, drop = st.Late, 0
		}
		parts = append(parts, ui.Part{Text: s.Render(fmt.Sprintf(f.text, n[f.flag])), Drop: drop})
	}
	if p.thinned {
		parts = append(parts, ui.Part{Text: st.Muted.Render(tx.Thinned), Drop: 3})
	}
	if e := p.fs.trips; e != nil && e.Have && e.Poll.LastErr != nil {
		parts = append(parts, ui.Part{Text: st.Stale.Render(ui.StaleMark + " " + fmt.Sprintf(f.DispatchTexts.NoAnswer, app.ErrLine(tx, e.Poll.LastErr)))})
	}
	return " " + ui.FitParts(parts, st.Muted.Render(" · "), p.width-1)
}

// flagWord is a flag in words ("" for ok), in its style.
func flagWord(st *ui.Styles, tx *ui.Texts, f ldr.Flag) string {
	switch f {
	case ldr.FlagBunched:
		return st.Late.Render(tx.FlagBunched)
	case ldr.FlagGap:
		return st.Late.Render(tx.FlagGap)
	case ldr.FlagGhost:
		return st.Error.Render("✗ " + tx.FlagGhost)
	case ldr.FlagStale:
		return st.Stale.Render(ui.StaleMark + " " + tx.FlagStale)
	case ldr.FlagOK:
	}
	return ""
}

// minutes writes a headway as whole minutes: 9′.
func minutes(d time.Duration) string {
	m := int(math.Round(d.Minutes()))
	if d < 30*time.Second {
		return "<1′"
	}
	return strconv.Itoa(m) + "′"
}

// delay writes a delay compactly: +3, -1, ±0.
func delay(sec int) string {
	switch m := model.DelayMinutes(sec); {
	case m > 0:
		return "+" + strconv.Itoa(m)
	case m < 0:
		return strconv.Itoa(m)
	}
	return "±0"
}

// carCell is one car on a rail: its mark (● at a stop, ↓/↑ on the way, ◌
// waiting), number, delay, headway against the plan, flag.
func carCell(st *ui.Styles, tx *ui.Texts, c *ldr.Car, up, selected, compact bool) string {
	var parts []string
	if c.Flag == ldr.FlagGhost {
		parts = append(parts, flagWord(st, tx, c.Flag), c.Start.In(model.Berlin).Format("15:04"))
	} else {
		mark := "●"
		switch {
		case c.Waiting:
			mark = "◌"
		case c.Between && up:
			mark = "↑"
		case c.Between:
			mark = "↓"
		}
		_, sev := tx.Deviation(c.Delay)
		parts = append(parts, mark+strconv.Itoa(c.Vehicle), st.Severity(sev).Render(delay(c.Delay)))
		switch {
		case c.Overtook != 0:
			parts = append(parts, fmt.Sprintf(tx.OvertookCell, c.Overtook))
		case c.HasHeadway:
			h := minutes(c.Headway)
			switch {
			case c.Scheduled > 0 && compact:
				h += "/" + minutes(c.Scheduled)
			case c.Scheduled > 0:
				h = fmt.Sprintf(tx.Plan, h, minutes(c.Scheduled))
			}
			parts = append(parts, h)
		}
		if f := flagWord(st, tx, c.Flag); f != "" {
			parts = append(parts, f)
		}
	}
	s := strings.Join(parts, " ")
	if selected {
		return st.SelectedMark.Render("▸") + st.Selected.Render(s)
	}
	return s
}

// detail is the selected car's line: where it is, its delay, its headway
// to the one ahead against the plan, its flag.
func (p *Pane) detail(st *ui.Styles, tx *ui.Texts) string {
	for _, r := range p.rails() {
		for i := range r.Vehicles {
			c := &r.Vehicles[i]
			if carKey(c) != p.Selected {
				continue
			}
			if c.Flag == ldr.FlagGhost {
				return " " + st.SelectedMark.Render("▸ ") + flagWord(st, tx, c.Flag) + " · " +
					st.Text.Render(fmt.Sprintf(tx.GhostAt, c.Start.In(model.Berlin).Format("15:04"))+" · "+fmt.Sprintf(tx.GhostWhere, c.Stop))
			}
			parts := []string{st.Bold.Render(tx.VehicleTitle(0, c.Vehicle))}
			switch {
			case c.Stop == "":
				parts = append(parts, tx.Unplaced)
			case c.Waiting:
				parts = append(parts, c.Stop+" ("+tx.Waiting+")")
			case c.Between && c.At+1 < len(r.Stops):
				parts = append(parts, c.Stop+" → "+r.Stops[c.At+1].Name)
			default:
				parts = append(parts, c.Stop)
			}
			d, sev := tx.Deviation(c.Delay)
			parts = append(parts, st.Severity(sev).Render(d))
			switch {
			case c.Overtook != 0:
				// It overtook the trip the timetable runs before it.
				parts = append(parts, fmt.Sprintf(tx.Overtook, c.Overtook, minutes(-c.Headway)))
			case c.HasHeadway:
				plan := "–"
				if c.Scheduled > 0 {
					plan = minutes(c.Scheduled)
				}
				parts = append(parts, fmt.Sprintf(tx.Behind, minutes(c.Headway), c.Leader, plan))
			case i == 0:
				parts = append(parts, tx.Leads)
			}
			if f := flagWord(st, tx, c.Flag); f != "" {
				parts = append(parts, f)
			}
			if c.Age >= 0 {
				parts = append(parts, st.Muted.Render(tx.Ago(c.Age)))
			}
			return " " + st.SelectedMark.Render("▸ ") + strings.Join(parts, st.Muted.Render(" · "))
		}
	}
	return ""
}

// Legend is the ladder's symbols explained, for the ? help.
func Legend(tx *ui.Texts) string { return tx.LadderLegend }

// legendLines are the legend wrapped to the width, when the ladder has
// room for it besides a useful number of rows (legendRows); else none.
func legendLines(tx *ui.Texts, w, h int) []string {
	ls := ui.WrapWords(tx.LadderLegend, max(w-1, 10))
	if h-3-len(ls) < legendRows {
		return nil
	}
	for i := range ls {
		ls[i] = " " + ls[i]
	}
	return ls
}

// legendRows is how many rows the ladder keeps for its rungs before it
// gives a line to its legend.
const legendRows = 8

// layoutLadder chooses the rows (layoutRows), each ghost on a row of its own:
// a ghost that would share a rail's row with a real vehicle gets the row
// after it, and the rungs give up that room.
func layoutLadder(rails []ldr.Rail, space int) []row {
	room := space
	for {
		rows := splitGhosts(layoutRows(rails, room))
		if len(rows) <= space || room <= 1 {
			return rows
		}
		room -= len(rows) - space
	}
}

// splitGhosts moves the ghosts of a row that a real vehicle shares on the
// same rail to a row of their own after it (a stretch, rung -1), so that
// "↑59 +14 … ✗ ghost 08:22" never reads as if 59 were the ghost.
func splitGhosts(rows []row) []row {
	out := make([]row, 0, len(rows))
	for _, r := range rows {
		var ghosts row
		ghosts.rung = -1
		for ri := range r.cars {
			var real, gh []*ldr.Car
			for _, c := range r.cars[ri] {
				if c.Flag == ldr.FlagGhost {
					gh = append(gh, c)
				} else {
					real = append(real, c)
				}
			}
			if len(real) > 0 && len(gh) > 0 {
				r.cars[ri], ghosts.cars[ri] = real, gh
			}
		}
		out = append(out, r)
		if len(ghosts.cars[0])+len(ghosts.cars[1]) > 0 {
			out = append(out, ghosts)
		}
	}
	return out
}

// layoutRows chooses the rows: every stop of the first rail shown and a row
// for each stretch between two, where the vehicles on their way are, when
// that fits in space; else every stop; else the termini, the stops with a
// vehicle and as many more as fit, spread evenly, each vehicle at the
// nearest of them.
func layoutRows(rails []ldr.Rail, space int) []row {
	base := rails[0]
	n := len(base.Stops)
	maps := make([][]int, len(rails))
	for ri, r := range rails {
		maps[ri] = onBase(base, r)
	}
	// place is a car's rung on the base rail and whether it is past it
	// (towards the next rung of its own rail).
	place := func(ri int, c *ldr.Car) (int, int, bool) {
		m := maps[ri]
		switch {
		case len(m) == 0:
			return -1, -1, false
		case c.At >= 0 && c.At < len(m):
			if c.Between && c.At+1 < len(m) {
				return m[c.At], m[c.At+1], true
			}
			return m[c.At], -1, false
		case c.Waiting || c.Flag == ldr.FlagGhost:
			return m[0], -1, false
		}
		return -1, -1, false
	}
	var rows []row
	if 2*n-1 <= space {
		rows = make([]row, 2*n-1)
		for i := range rows {
			rows[i].rung = -1
			if i%2 == 0 {
				rows[i].rung = i / 2
			}
		}
		for ri, r := range rails {
			for ci := range r.Vehicles {
				c := &r.Vehicles[ci]
				a, b, between := place(ri, c)
				switch {
				case a < 0:
				case between:
					rows[2*min(a, b)+1].cars[ri] = append(rows[2*min(a, b)+1].cars[ri], c)
				default:
					rows[2*a].cars[ri] = append(rows[2*a].cars[ri], c)
				}
			}
		}
		return rows
	}
	var keep []int
	if n <= space {
		for i := range n {
			keep = append(keep, i)
		}
	} else {
		must := []int{0, n - 1}
		for ri, r := range rails {
			for ci := range r.Vehicles {
				if i, _, _ := place(ri, &r.Vehicles[ci]); i >= 0 {
					must = append(must, i)
				}
			}
		}
		slices.Sort(must)
		must = slices.Compact(must)
		if len(must) > space {
			thin := make([]int, 0, space)
			for k := range space {
				thin = append(thin, must[k*(len(must)-1)/max(space-1, 1)])
			}
			must = slices.Compact(thin)
		}
		keep = fill(must, space)
	}
	rows = make([]row, len(keep))
	for i, idx := range keep {
		rows[i].rung = idx
	}
	for ri, r := range rails {
		for ci := range r.Vehicles {
			c := &r.Vehicles[ci]
			i, _, _ := place(ri, c)
			if i < 0 || len(keep) == 0 {
				continue
			}
			best := 0
			for k, idx := range keep {
				if abs(idx-i) < abs(keep[best]-i) {
					best = k
				}
			}
			rows[best].cars[ri] = append(rows[best].cars[ri], c)
		}
	}
	return rows
}

// fill adds rungs into the widest gaps of keep until it has space.
func fill(keep []int, space int) []int {
	for len(keep) < space {
		gap, at := 1, -1
		for k := 0; k+1 < len(keep); k++ {
			if d := keep[k+1] - keep[k]; d > gap {
				gap, at = d, k
			}
		}
		if at < 0 {
			break
		}
		keep = slices.Insert(keep, at+1, keep[at]+gap/2)
	}
	return keep
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// onBase maps rail r's stops onto the base rail's rungs: the same stop
// (the other direction's stop point of it), else in proportion.
func onBase(base, r ldr.Rail) []int {
	idx := make(map[int]int, len(base.Stops))
	for i, s := range base.Stops {
		idx[s.Stop] = i
	}
	out := make([]int, len(r.Stops))
	for i, s := range r.Stops {
		if j, ok := idx[s.Stop]; ok {
			out[i] = j
			continue
		}
		out[i] = i * max(len(base.Stops)-1, 0) / max(len(r.Stops)-1, 1)
	}
	return out
}
