package fleet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// Pane lists every vehicle in service with its line, direction,
// deviation and the age of its position, polled while it shows.
type Pane struct {
	svc                *app.Services
	feeds.Hold                      // the view's hold on the fleet feed (Feed) while it shows
	Trips              []model.Trip // vehicles in service, in display order
	have               bool
	byDelay            bool   // sorted by deviation, latest first; else by line
	line               string // the one line listed (key l); "" all
	ui.ListCursor[int]        // the row under the cursor and its vehicle (list.go)
	width              int
	height             int
	Revision           int
	cache              *ui.Cached[string]
	hits               *ui.Hits   // the lines render drew the trips on (RowAt)
	Next               *fleetNext // the passage feeds of the visible rows (fleetnext.go)
	Health             Health     // the watched boards' health, for the summary
}

// NewPane returns the closed fleet view.
func NewPane(svc *app.Services) Pane {
	return Pane{svc: svc, cache: &ui.Cached[string]{}, hits: &ui.Hits{}, Next: newFleetNext(svc.Feeds), Hold: feeds.NewHold(svc.Feeds)}
}

// SetSize gives the view its rectangle. Rows that come into view get
// their next stops from the next fleet answer on.
func (f *Pane) SetSize(w, h int) {
	f.width, f.height = w, h
	f.syncNext()
}

// syncNext tells the passage feeds which rows show, holding theirs and
// returning the first polls of new ones.
func (f *Pane) syncNext() tea.Cmd {
	n := f.Next
	if n == nil || !n.open {
		return nil
	}
	n.byDelay, n.sel, n.cursor, n.space = f.byDelay, f.Selected, f.Cursor, max(f.height-2, 0)
	return n.Sync(n.visible(f.Trips))
}

// Open takes the fleet's feed from the registry while the view shows.
func (f *Pane) Open() tea.Cmd {
	if f.Feed != nil {
		return nil
	}
	cmd := f.Acquire(feeds.FleetKey, 0)
	f.Next.open = true
	f.Fed()
	return tea.Batch(cmd, f.syncNext())
}

// Close gives the feed up: its poll ends.
func (f *Pane) Close() {
	f.Release()
	f.Next.closeAll()
}

// Fed takes the feed's latest answer: the vehicles in service; a failure
// keeps the last good list.
func (f *Pane) Fed() {
	if f.Feed != nil && f.Feed.Have {
		f.Trips = onLine(activeTrips(f.Feed.Data.Trips, f.byDelay, f.Trips), f.line)
		f.have = true
		f.SetCursor(f.ListFind(len(f.Trips), f.vehicleAt))
	}
	f.Revision++
	f.syncNext() // registry.receive started the new rows' feeds already
}

// sort orders the list and keeps the cursor on its vehicle.
func (f *Pane) sort() {
	f.Trips = activeTrips(slices.Clone(f.Trips), f.byDelay, f.Trips)
	f.SetCursor(f.ListFind(len(f.Trips), f.vehicleAt))
}

// vehicleAt is the vehicle of row i.
func (f *Pane) vehicleAt(i int) int { return f.Trips[i].VehicleNumber }

// SetCursor moves the cursor to row i, clamped, and remembers its vehicle.
func (f *Pane) SetCursor(i int) {
	f.ListSet(i, len(f.Trips), f.vehicleAt)
	f.Revision++
}

// lines are the lines of the vehicles in service, in the order of lines.
func (f *Pane) lines() []string {
	if f.Feed == nil || !f.Feed.Have {
		return nil
	}
	var out []string
	for _, t := range activeTrips(f.Feed.Data.Trips, false, nil) {
		if l := TripLine(t); l != "" && (len(out) == 0 || out[len(out)-1] != l) {
			out = append(out, l)
		}
	}
	return out
}

// nextLine is the line after cur in lines, "" (all lines) after the last
// or when cur is no longer in service.
func nextLine(lines []string, cur string) string {
	if cur == "" {
		if len(lines) == 0 {
			return ""
		}
		return lines[0]
	}
	i := slices.Index(lines, cur)
	if i < 0 || i+1 >= len(lines) {
		return ""
	}
	return lines[i+1]
}

// onLine keeps the trips of line ("" all of them), in place.
func onLine(trips []model.Trip, line string) []model.Trip {
	if line == "" {
		return trips
	}
	return slices.DeleteFunc(trips, func(t model.Trip) bool { return TripLine(t) != line })
}

// TripLine is a trip's line name, "" when it serves none.
func TripLine(t model.Trip) string {
	if t.JourneyData == nil {
		return ""
	}
	return app.LineLabel(t.JourneyData.RouteName, t.JourneyData.RouteNumber)
}

// deviationText formats a trip's deviation as the board does: "+3",
// "on time", "-1", with its severity.
func deviationText(tx *ui.Texts, dev int) (string, ui.Severity) { return tx.Deviation(dev) }

// fleetSummary sums up the watched network: vehicles in service, late
// more than 3 minutes, the worst delay, and stale boards.
func (f *Pane) summary(fr app.Frame) string {
	st, dt, tx := fr.Styles, fr.DispatchTexts, fr.Texts
	late := 0
	var worst *model.Trip
	for i := range f.Trips {
		t := &f.Trips[i]
		if tx.Delay.CountsLate(t.Deviation()) {
			late++
		}
		if worst == nil || t.Deviation() > worst.Deviation() {
			worst = t
		}
	}
	// What a narrow screen leaves out first: the count of fresh boards,
	// then the worst delay; the alert goes last, so it is the one cut.
	const dropFresh, dropWorst = 2, 1
	parts := []ui.Part{{Text: st.Title.Render(dt.Fleet)}, {Text: st.Text.Render(fmt.Sprintf(dt.InService, len(f.Trips)))},
		{Text: st.Late.Render(fmt.Sprintf(dt.LateN, late, tx.Delay.Late))}}
	if worst != nil && model.DelayMinutes(worst.Deviation()) > 0 { // under half a minute is on time
		parts = append(parts, ui.Part{Text: st.Text.Render(fmt.Sprintf(dt.WorstVehicle, model.DelayMinutes(worst.Deviation()),
			TripLine(*worst), worst.DirectionText(), tx.VehicleTitle(worst.VehicleCategory, worst.VehicleNumber))), Drop: dropWorst})
	}
	n, stale, unknown := f.Health.Boards, f.Health.Stale, f.Health.Unknown
	if unknown > 0 {
		parts = append(parts, ui.Part{Text: st.Stale.Render(fmt.Sprintf(dt.UnknownBoards, unknown))})
	}
	switch {
	case stale > 0:
		parts = append(parts, ui.Part{Text: st.Stale.Render(fmt.Sprintf(dt.StaleBoards, stale))})
	case n > unknown:
		parts = append(parts, ui.Part{Text: st.OnTime.Render(dt.Count(dt.OneFresh, dt.BoardsFresh, n-unknown)), Drop: dropFresh})
	}
	if f.line != "" {
		parts = append(parts, ui.Part{Text: st.Accent.Render(fmt.Sprintf(dt.LineF, f.line))})
	}
	if f.byDelay {
		parts = append(parts, ui.Part{Text: st.Muted.Render(dt.SortedDelay)})
	} else {
		parts = append(parts, ui.Part{Text: st.Muted.Render(dt.SortedLine)})
	}
	if a := fr.AlertPart(); a != "" {
		parts = append(parts, ui.Part{Text: a})
	}
	return " " + ui.FitParts(parts, st.Muted.Render(" · "), f.width-1)
}

// Health is what the fleet's summary says of the watched boards: how
// many there are, how many are stale and how many name a stop the
// service does not know (board.BoardsHealth); the board side sets it.
type Health struct {
	Boards, Stale, Unknown int
}

// View renders the fleet: the summary, column titles and the vehicles.
func (f *Pane) View(fr app.Frame) string {
	w, h := f.width, f.height
	if w <= 0 || h <= 0 {
		return ""
	}
	hl := f.Health
	k := strings.Join([]string{ui.Itoa(f.Revision), ui.Itoa(w), ui.Itoa(h), strconv.FormatInt(fr.Now.Unix(), 10), ui.Itoa(hl.Boards), ui.Itoa(hl.Stale),
		ui.Itoa(hl.Unknown), f.Next.digest()}, ":")
	return f.cache.Get(k, func() string { return ui.ClampLines(f.render(fr), w, h) })
}

// fleet column widths.
const (
	wFleetVeh   = 5
	wFleetDelay = 9
	wFleetAge   = 12
	wFleetNext  = 40 // the NEXT column at most
)

// splitDirNext divides room cells between the direction and the NEXT
// column: the direction takes what its longest text needs (with the
// alert's ⚠), the NEXT column the rest, up to wFleetNext; when both do
// not fit, the NEXT column gets what its longest stop needs up to half
// the room, or more when the directions need less. fr is the frame: its
// texts and its alert.
func (f *Pane) splitDirNext(fr *app.Frame, room int) (dir, next int) {
	tx := fr.Texts
	dirNeed, nextNeed := ansi.StringWidth(tx.ColDirection), ansi.StringWidth(tx.ColNext)
	for i := range f.Trips {
		t := &f.Trips[i]
		d := ansi.StringWidth(t.DirectionText())
		if fr.AlertOn(TripLine(*t)) {
			d += 2
		}
		dirNeed = max(dirNeed, d)
		nextNeed = max(nextNeed, ansi.StringWidth(f.nextStop(fr, t)))
	}
	dirNeed = min(dirNeed, ui.MaxDir)
	room-- // the blank between them
	if dirNeed+nextNeed <= room {
		return dirNeed, min(room-dirNeed, wFleetNext)
	}
	next = min(nextNeed, max(room/2, room-dirNeed))
	next = max(next, ansi.StringWidth(tx.ColNext))
	return room - next, next
}

// RowAt returns the trip the last render drew on line y of the view;
// ok is false on the summary, the column titles and below the rows.
func (f *Pane) RowAt(y int) (int, bool) { return f.hits.Row(y) }

// Pick moves the cursor to trip i, as the row keys do (a click).
func (f *Pane) Pick(i int) tea.Cmd {
	f.SetCursor(i)
	return f.syncNext()
}

// render draws the fleet view.
func (f *Pane) render(fr app.Frame) string {
	st, dt, tx := fr.Styles, fr.DispatchTexts, fr.Texts
	w, h := f.width, f.height
	f.hits.Reset()
	var sb strings.Builder
	sb.WriteString(ui.Fit(f.summary(fr), w))
	if h < 3 {
		return sb.String()
	}
	badge := max(4, ansi.StringWidth(tx.ColLine)) // "LINIE" whole
	for i := range f.Trips {
		badge = max(badge, len(TripLine(f.Trips[i]))+2)
	}
	age := w >= 60
	dir := w - 2 - wFleetVeh - 1 - 2 - badge - 1 - 1 - wFleetDelay
	if age {
		dir -= 1 + wFleetAge
	}
	next := 0 // the NEXT column shares the direction's room, from 70 columns
	if w >= 70 {
		dir, next = f.splitDirNext(&fr, dir)
	}
	dir = min(max(dir, 4), ui.MaxDir)
	head := "  " + ui.PadLeft(tx.ColVehicle, wFleetVeh) + "   " + ui.Pad(tx.ColLine, badge) + " " + ui.Pad(tx.ColDirection, dir) + " "
	if next > 0 {
		head += ui.Pad(tx.ColNext, next) + " "
	}
	head += ui.Pad(tx.ColDelay, wFleetDelay)
	if age {
		head += " " + ui.Pad(dt.ColReported, wFleetAge)
	}
	sb.WriteString("\n" + st.ColHeader.Render(ui.Fit(head, w)))
	space := h - 2
	if len(f.Trips) == 0 {
		msg := dt.FleetLoading
		switch {
		case f.have:
			msg = dt.FleetNone
		case f.Polls().LastErr != nil:
			msg = fmt.Sprintf(dt.NoAnswer, app.ErrLine(tx, f.Polls().LastErr))
		}
		sb.WriteString("\n" + st.Muted.Render(ui.Fit("  "+msg, w)))
		return sb.String()
	}
	first := ui.ScrollFirst(f.Cursor, space)
	for i := first; i < len(f.Trips) && i < first+space; i++ {
		f.hits.Line(2+i-first, i) // below the summary and the column titles
		t := f.Trips[i]
		sel := i == f.Cursor
		mark := "  "
		if sel {
			mark = st.SelectedMark.Render("▸ ")
		}
		line := TripLine(t)
		text, sev := deviationText(tx, t.Deviation())
		row := mark + app.LinkPadLeft(st.Muted.Render, f.svc.Links.VehicleURL(t.VehicleNumber), ui.Itoa(t.VehicleNumber), wFleetVeh) + " " +
			st.LineMark(line).Render(ui.VehicleMark(t.VehicleCategory, f.svc.Base.Category(line))) + " " +
			st.LineBadge(line).Render(ui.Pad(" "+line, badge)) + " " + app.AlertDirection(&fr, line, t.DirectionText(), dir) + " "
		if next > 0 {
			row += st.Text.Render(ui.Pad(ui.Fit(f.nextStop(&fr, &f.Trips[i]), next), next)) + " "
		}
		row += st.Severity(sev).Render(ui.Pad(text, wFleetDelay))
		if age {
			a, ok := t.ReportAge(fr.Now)
			switch {
			case !ok:
				row += " " + st.Muted.Render("–")
			case a > 2*time.Minute:
				row += " " + st.Stale.Render(ui.Pad(ui.StaleMark+" "+tx.Ago(a), wFleetAge))
			default:
				row += " " + st.Muted.Render(ui.Pad(tx.Ago(a), wFleetAge))
			}
		}
		sb.WriteString("\n" + row)
	}
	return sb.String()
}
