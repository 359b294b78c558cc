package fleet

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The fleet's NEXT column. A vehicle's trip record (vehicle/trip/Trip)
// names no stop, so the fleet polls the upcoming passages of the vehicles
// on screen only: one feed per visible row, held in the registry (so a
// vehicle is polled once however many views show it), released when its
// row scrolls away or the fleet closes. A row shows the stop its vehicle
// is at or reaches next, from its own last answer; a row whose passages
// are not in yet, are stale, or belong to another trip shows nothing
// there. The cost is one request per visible row and interval, besides
// the fleet's one.

// passagesFeed is the key of vehicle n's upcoming-passages feed.
func passagesFeed(n int) feeds.Key {
	return feeds.Key{Kind: feeds.FeedPassages, Vehicle: n, Range: model.RangeUpcoming}
}

// fleetNext holds the passage feeds of the fleet's visible rows. It is
// shared by pointer, so that the registry can bring the feeds of a new
// fleet answer's visible rows in with the answer (registry.receive), and
// it keeps what decides which rows show.
type fleetNext struct {
	reg     *feeds.Registry
	hold    feeds.Holder // the column as a holder of its feeds
	open    bool
	byDelay bool
	sel     int // the vehicle under the cursor
	cursor  int
	space   int // rows the list shows
	Entries map[int]*feeds.Entry
}

// newFleetNext returns the closed state of r's fleet and registers it.
func newFleetNext(r *feeds.Registry) *fleetNext {
	n := &fleetNext{reg: r, Entries: map[int]*feeds.Entry{}, hold: feeds.NewHolder()}
	r.Listen(feeds.FleetKey, func(d feeds.Data) tea.Cmd { return n.answered(d.Trips) })
	return n
}

// activeTrips returns the vehicles in service of a fleet answer, in the
// fleet's order: by line (then vehicle), or by deviation, latest first.
func activeTrips(all []model.Trip, byDelay bool, out []model.Trip) []model.Trip {
	out = out[:0]
	for _, t := range all {
		if t.IsActive {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b model.Trip) int {
		if byDelay {
			if c := cmp.Compare(b.Deviation(), a.Deviation()); c != 0 {
				return c
			}
		}
		if c := model.CompareLines(TripLine(a), TripLine(b)); c != 0 {
			return c
		}
		return cmp.Compare(a.VehicleNumber, b.VehicleNumber)
	})
	return out
}

// visible returns the vehicles of the rows shown for trips (in order),
// with the cursor on vehicle sel (else row cursor, clamped).
func (n *fleetNext) visible(trips []model.Trip) []int {
	if len(trips) == 0 || n.space <= 0 {
		return nil
	}
	cur := min(max(n.cursor, 0), len(trips)-1)
	for i := range trips {
		if trips[i].VehicleNumber == n.sel {
			cur = i
			break
		}
	}
	first := ui.ScrollFirst(cur, n.space)
	out := make([]int, 0, n.space)
	for i := first; i < len(trips) && i < first+n.space; i++ {
		out = append(out, trips[i].VehicleNumber)
	}
	return out
}

// Sync holds the feeds of vehicles and gives up the others, returning the
// first polls of the new ones.
func (n *fleetNext) Sync(vehicles []int) tea.Cmd {
	want := make(map[int]bool, len(vehicles))
	for _, v := range vehicles {
		want[v] = true
	}
	for v, e := range n.Entries {
		if !want[v] {
			n.reg.Release(e, n.hold)
			delete(n.Entries, v)
		}
	}
	var cmds []tea.Cmd
	for _, v := range vehicles {
		if e := n.Entries[v]; e != nil {
			if p := &e.Poll; p.Next.IsZero() && !p.InFlight() && p.LastOK.IsZero() && p.LastErr == nil {
				// Held since a resize (SetSize has no command to
				// return) but never polled: its first poll now.
				cmds = append(cmds, e.Refresh())
			}
			continue
		}
		e, cmd := n.reg.AcquireKey(passagesFeed(v), n.hold, 0)
		n.Entries[v] = e
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// answered takes a new fleet answer (from registry.receive, before the
// fleet pane sees it): the feeds of the rows it will show start at once.
func (n *fleetNext) answered(all []model.Trip) tea.Cmd {
	if !n.open {
		return nil
	}
	return n.Sync(n.visible(activeTrips(all, n.byDelay, nil)))
}

// closeAll gives every feed up.
func (n *fleetNext) closeAll() {
	n.open = false
	n.Sync(nil)
}

// digest changes whenever a visible row's passages change, for the
// fleet's view cache.
func (n *fleetNext) digest() string {
	var sb strings.Builder
	for v, e := range n.Entries {
		sb.WriteString(strconv.Itoa(v))
		sb.WriteByte('@')
		sb.WriteString(strconv.FormatInt(e.Poll.LastOK.UnixNano(), 36))
		sb.WriteByte(',')
	}
	return sb.String()
}

// nextStop is the stop trip's vehicle is at or reaches next, by its own
// passages; "" when they are not in, stale at frame fr's clock, or of
// another trip.
func (f *Pane) nextStop(fr *app.Frame, t *model.Trip) string {
	e := f.Next.Entries[t.VehicleNumber]
	if e == nil || !e.Have {
		return ""
	}
	if _, stale := fr.Stale(&e.Poll); stale {
		return ""
	}
	vp := &e.Data.Passages
	if vp.VehicleNumber != 0 && vp.VehicleNumber != t.VehicleNumber {
		return ""
	}
	if j := t.JourneyData; j != nil && vp.RouteNumber != 0 && j.RouteNumber != 0 && vp.RouteNumber != j.RouteNumber {
		return "" // the passages of another trip than the row's
	}
	ps := vp.Passages
	pos := model.LocateOnTrip(ps, false)
	switch pos.Phase {
	case model.PhaseAt:
		return ps[pos.At].StopName
	case model.PhaseBefore, model.PhaseBetween:
		return ps[pos.Next].StopName
	case model.PhaseNone, model.PhaseEnded:
	}
	return ""
}
