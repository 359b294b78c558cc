package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// fleetKey is the key of the fleet's feed.
var fleetKey = feedKey{kind: feedFleet}

// fleetPane lists every vehicle in service with its line, direction,
// deviation and the age of its position, polled while it shows.
type fleetPane struct {
	sh              *shared
	hold            holder       // the view as a holder of the fleet feed
	feed            *feedEntry   // the registry's fleet feed while the view shows
	trips           []model.Trip // vehicles in service, in display order
	have            bool
	byDelay         bool      // sorted by deviation, latest first; else by line
	km              fleetKeys // its key map (fleet_keys.go)
	listCursor[int]           // the row under the cursor and its vehicle (list.go)
	width           int
	height          int
	rev             int
	cache           *memo
	next            *fleetNext // the passage feeds of the visible rows (fleetnext.go)
}

// newFleetPane returns the closed fleet view.
func newFleetPane(sh *shared) fleetPane {
	return fleetPane{sh: sh, cache: &memo{}, km: newFleetKeys(sh.t), next: newFleetNext(sh.reg), hold: newHolder()}
}

// setSize gives the view its rectangle. Rows that come into view get
// their next stops from the next fleet answer on.
func (f *fleetPane) setSize(w, h int) {
	f.width, f.height = w, h
	f.syncNext()
}

// syncNext tells the passage feeds which rows show, holding theirs and
// returning the first polls of new ones.
func (f *fleetPane) syncNext() tea.Cmd {
	n := f.next
	if n == nil || !n.open {
		return nil
	}
	n.byDelay, n.sel, n.cursor, n.space = f.byDelay, f.sel, f.cursor, max(f.height-2, 0)
	return n.sync(n.visible(f.trips))
}

// open takes the fleet's feed from the registry while the view shows.
func (f *fleetPane) open() tea.Cmd {
	if f.feed != nil {
		return nil
	}
	var cmd tea.Cmd
	f.feed, cmd = f.sh.reg.acquireKey(fleetKey, f.hold, 0)
	f.next.open = true
	f.fed()
	return tea.Batch(cmd, f.syncNext())
}

// close gives the feed up: its poll ends.
func (f *fleetPane) close() {
	if f.feed != nil {
		f.sh.reg.release(f.feed, f.hold)
		f.feed = nil
	}
	f.next.closeAll()
}

// refresh polls now, bypassing the cache, unless a request is in flight.
func (f *fleetPane) refresh() tea.Cmd {
	if f.feed == nil {
		return nil
	}
	return f.feed.refresh()
}

// polls is the fleet's poll state (none while it is closed).
func (f *fleetPane) polls() *poller {
	if f.feed != nil {
		return &f.feed.poll
	}
	return &poller{}
}

// fed takes the feed's latest answer: the vehicles in service; a failure
// keeps the last good list.
func (f *fleetPane) fed() {
	if f.feed != nil && f.feed.have {
		f.trips = activeTrips(f.feed.data.trips, f.byDelay, f.trips)
		f.have = true
		f.setCursor(f.listFind(len(f.trips), f.vehicleAt))
	}
	f.rev++
	f.syncNext() // registry.receive started the new rows' feeds already
}

// sort orders the list and keeps the cursor on its vehicle.
func (f *fleetPane) sort() {
	f.trips = activeTrips(slices.Clone(f.trips), f.byDelay, f.trips)
	f.setCursor(f.listFind(len(f.trips), f.vehicleAt))
}

// vehicleAt is the vehicle of row i.
func (f *fleetPane) vehicleAt(i int) int { return f.trips[i].VehicleNumber }

// setCursor moves the cursor to row i, clamped, and remembers its vehicle.
func (f *fleetPane) setCursor(i int) {
	f.listSet(i, len(f.trips), f.vehicleAt)
	f.rev++
}

// update handles the fleet's keys: moving, sorting, opening a vehicle.
func (f *fleetPane) update(msg tea.KeyMsg) tea.Cmd {
	k := &f.km
	if row, ok := k.move(msg, f.cursor, len(f.trips)); ok {
		f.setCursor(row)
		return f.syncNext()
	}
	switch {
	case key.Matches(msg, k.Sort):
		f.byDelay = !f.byDelay
		f.sort()
		f.setCursor(0) // a new order shows its top: the worst delays first

	case key.Matches(msg, k.Open):
		if f.cursor < len(f.trips) {
			return openCmd(target{kind: targetVehicle, vehicle: f.trips[f.cursor].VehicleNumber})
		}
	}
	return f.syncNext()
}

// state returns the rows and whether the row under the cursor has a
// vehicle, for the key bindings.
func (f *fleetPane) state() (rows int, vehicle bool) {
	return len(f.trips), f.cursor < len(f.trips)
}

// tripLine is a trip's line name, "" when it serves none.
func tripLine(t model.Trip) string {
	if t.JourneyData == nil {
		return ""
	}
	return lineLabel(t.JourneyData.RouteName, t.JourneyData.RouteNumber)
}

// tripDirection is where a trip goes.
func tripDirection(t model.Trip) string {
	j := t.JourneyData
	if j == nil {
		return ""
	}
	if j.DepartureDirectionText != "" {
		return j.DepartureDirectionText
	}
	return j.ArrivalDirectionText
}

// deviationText formats a trip's deviation as the board does: "+3",
// "on time", "-1", with its severity.
func deviationText(tx *texts, dev int) (string, severity) { return tx.deviation(dev) }

// fleetSummary sums up the watched network: vehicles in service, late
// more than 3 minutes, the worst delay, and stale boards.
func (f *fleetPane) summary(boards []*boardPane) string {
	st, dt := f.sh.st, f.sh.dt
	late := 0
	var worst *model.Trip
	for i := range f.trips {
		t := &f.trips[i]
		if f.sh.t.delay.countsLate(t.Deviation()) {
			late++
		}
		if worst == nil || t.Deviation() > worst.Deviation() {
			worst = t
		}
	}
	// What a narrow screen leaves out first: the count of fresh boards,
	// then the worst delay; the alert goes last, so it is the one cut.
	const dropFresh, dropWorst = 2, 1
	parts := []part{{text: st.Title.Render(dt.Fleet)}, {text: st.Text.Render(fmt.Sprintf(dt.InService, len(f.trips)))},
		{text: st.Late.Render(fmt.Sprintf(dt.LateN, late, f.sh.t.delay.Late))}}
	if worst != nil && model.DelayMinutes(worst.Deviation()) > 0 { // under half a minute is on time
		parts = append(parts, part{st.Text.Render(fmt.Sprintf(dt.WorstVehicle, model.DelayMinutes(worst.Deviation()),
			tripLine(*worst), tripDirection(*worst), f.sh.t.vehicleTitle(worst.VehicleCategory, worst.VehicleNumber))), dropWorst})
	}
	stale, unknown := boardsHealth(boards)
	if unknown > 0 {
		parts = append(parts, part{text: st.Stale.Render(fmt.Sprintf(dt.UnknownBoards, unknown))})
	}
	switch {
	case stale > 0:
		parts = append(parts, part{text: st.Stale.Render(fmt.Sprintf(dt.StaleBoards, stale))})
	case len(boards) > unknown:
		parts = append(parts, part{st.OnTime.Render(dt.count(dt.OneFresh, dt.BoardsFresh, len(boards)-unknown)), dropFresh})
	}
	if f.byDelay {
		parts = append(parts, part{text: st.Muted.Render(dt.SortedDelay)})
	} else {
		parts = append(parts, part{text: st.Muted.Render(dt.SortedLine)})
	}
	if a := f.sh.alertPart(); a != "" {
		parts = append(parts, part{text: a})
	}
	return " " + fitParts(parts, st.Muted.Render(" · "), f.width-1)
}

// view renders the fleet: the summary, column titles and the vehicles.
func (f *fleetPane) view(boards []*boardPane) string {
	w, h := f.width, f.height
	if w <= 0 || h <= 0 {
		return ""
	}
	stale := 0
	for _, b := range boards {
		if _, ok := b.sh.stale(b.polls()); ok || (b.polls().lastErr != nil && !b.have) {
			stale++
		}
	}
	k := strings.Join([]string{itoa(f.rev), itoa(w), itoa(h), strconv.FormatInt(f.sh.now.Unix(), 10), itoa(len(boards)), itoa(stale),
		f.next.digest()}, ":")
	return f.cache.get(k, func() string { return clampLines(f.render(boards), w, h) })
}

// fleet column widths.
const (
	wFleetVeh   = 5
	wFleetDelay = 9
	wFleetAge   = 12
	wFleetNext  = 24 // the NEXT column at most
)

// render draws the fleet view.
func (f *fleetPane) render(boards []*boardPane) string {
	st, dt, tx := f.sh.st, f.sh.dt, f.sh.t
	w, h := f.width, f.height
	var sb strings.Builder
	sb.WriteString(fit(f.summary(boards), w))
	if h < 3 {
		return sb.String()
	}
	badge := max(4, ansi.StringWidth(tx.ColLine)) // "LINIE" whole
	for i := range f.trips {
		badge = max(badge, len(tripLine(f.trips[i]))+2)
	}
	age := w >= 60
	dir := w - 2 - wFleetVeh - 1 - 2 - badge - 1 - 1 - wFleetDelay
	if age {
		dir -= 1 + wFleetAge
	}
	next := 0 // the NEXT column shares the direction's room, from 70 columns
	if w >= 70 {
		next = min(max((dir-1)/2, ansi.StringWidth(tx.ColNext)), wFleetNext)
		dir -= next + 1
	}
	dir = min(max(dir, 4), maxDir)
	head := "  " + padLeft(tx.ColVehicle, wFleetVeh) + "   " + pad(tx.ColLine, badge) + " " + pad(tx.ColDirection, dir) + " "
	if next > 0 {
		head += pad(tx.ColNext, next) + " "
	}
	head += pad(tx.ColDelay, wFleetDelay)
	if age {
		head += " " + pad(dt.ColReported, wFleetAge)
	}
	sb.WriteString("\n" + st.ColHeader.Render(fit(head, w)))
	space := h - 2
	if len(f.trips) == 0 {
		msg := dt.FleetLoading
		switch {
		case f.have:
			msg = dt.FleetNone
		case f.polls().lastErr != nil:
			msg = fmt.Sprintf(dt.NoAnswer, f.sh.t.errLine(f.polls().lastErr))
		}
		sb.WriteString("\n" + st.Muted.Render(fit("  "+msg, w)))
		return sb.String()
	}
	first := scrollFirst(f.cursor, space)
	for i := first; i < len(f.trips) && i < first+space; i++ {
		t := f.trips[i]
		sel := i == f.cursor
		mark := "  "
		if sel {
			mark = st.SelectedMark.Render("▸ ")
		}
		line := tripLine(t)
		text, sev := deviationText(tx, t.Deviation())
		row := mark + st.Muted.Render(padLeft(itoa(t.VehicleNumber), wFleetVeh)) + " " +
			st.LineMark(line).Render(vehicleMark(t.VehicleCategory, f.sh.base.category(line))) + " " +
			st.LineBadge(line).Render(pad(" "+line, badge)) + " " + alertDirection(f.sh, line, tripDirection(t), dir) + " "
		if next > 0 {
			row += st.Text.Render(pad(fit(f.nextStop(&f.trips[i]), next), next)) + " "
		}
		row += st.severity(sev).Render(pad(text, wFleetDelay))
		if age {
			a, ok := t.ReportAge(f.sh.now)
			switch {
			case !ok:
				row += " " + st.Muted.Render("–")
			case a > 2*time.Minute:
				row += " " + st.Stale.Render(pad("⚠ "+tx.ago(a), wFleetAge))
			default:
				row += " " + st.Muted.Render(pad(tx.ago(a), wFleetAge))
			}
		}
		sb.WriteString("\n" + row)
	}
	return sb.String()
}
