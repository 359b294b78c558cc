package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// maxSamples bounds the deviation history kept for the sparkline: an hour
// of polls at the default interval.
const maxSamples = 240

// tripKey identifies a vehicle's trip across polls, so the pattern is
// fetched again only when the trip changes. The terminus and its
// scheduled time identify a trip in either Range (the first passage of
// "upcoming" moves on at every stop).
type tripKey struct {
	route     int
	direction int
	last      model.StopPointCode
	lastSched time.Time
}

// vehiclePane follows one vehicle: what it is, the trip it serves, its
// passages as a line diagram, its route on a map and its deviation over
// the session. It polls Trip and Passage in its own chain, independent of
// the board, and fetches the Pattern once per trip.
type vehiclePane struct {
	sh      *shared
	hold    holder      // the pane as a holder of its vehicle's feed
	km      vehicleKeys // its key map (vehicle_keys.go)
	open    bool
	vehicle int
	back    paneID // the pane focus returns to on close
	// prevStop is the last stop served before the upcoming ones listed
	// (the upcoming range drops it), for "between X and Y".
	prevStop string

	info    *model.Vehicle // extended base data, nil until it arrives
	infoSeq int

	entry    *feedEntry // the registry's feed of the vehicle while the pane is open
	rng      model.Range
	trip     *model.Trip
	pass     model.VehiclePassages
	have     bool      // trip and passages hold a good answer
	out      bool      // the last answer said: not in service
	outSince time.Time // when the vehicle was first seen out of service
	samples  []float64 // deviation in minutes, one per poll in service

	key      tripKey // the trip the pattern belongs to
	patKey   tripKey // the trip of the pattern request in flight
	patSeq   int
	patErr   error
	track    []model.TrackPoint
	stops    []model.PatternStop
	patReady bool // track and stops belong to key

	scroll int  // first diagram line shown when not following
	follow bool // keep the vehicle's position in view

	width, height int
	focused       bool
	rev           int // bumped on every change that shows
	mapRev        int // bumped when the map's content changes
	cache         *vehicleCache
	list          listWindow // the passage list's layout, for the keys (measure)
	measured      measureKey // what list was measured for (measure)
}

// newVehiclePane returns the closed pane.
func newVehiclePane(sh *shared) vehiclePane {
	return vehiclePane{sh: sh, rng: model.RangeAll, follow: true, cache: &vehicleCache{}, km: newVehicleKeys(sh.t), hold: newHolder()}
}

// setSize gives the pane its rectangle.
func (p *vehiclePane) setSize(w, h int) {
	if w != p.width || h != p.height {
		p.width, p.height = w, h
		p.touch()
	}
}

// touch marks the pane changed, so its cached view is rebuilt.
func (p *vehiclePane) touch() { p.rev++ }

// show opens the pane on vehicle n, focus returning to back on close. A
// different vehicle starts from nothing; the same one keeps its state and
// polls now.
func (p *vehiclePane) show(n int, back paneID) tea.Cmd {
	p.back = back
	if p.open && p.vehicle == n {
		return nil
	}
	p.release()
	if p.vehicle != n {
		*p = vehiclePane{sh: p.sh, hold: p.hold, km: p.km, vehicle: n, rng: p.rng, follow: true, cache: p.cache,
			rev: p.rev + 1, mapRev: p.mapRev + 1, back: back}
	}
	p.open = true
	p.infoSeq = p.sh.nextSeq()
	return tea.Batch(p.acquire(), vehicleInfoCmd(p.sh.ctx, p.sh.src, p.infoSeq, p.vehicle, p.sh.pol.timeout))
}

// acquire takes the feed of the vehicle's trip and passages (in the
// current range) from the registry, returning its first poll.
func (p *vehiclePane) acquire() tea.Cmd {
	var cmd tea.Cmd
	p.entry, cmd = p.sh.reg.acquireKey(p.feed(), p.hold, 0)
	return cmd
}

// release gives the feed up: its schedule ends, a request in flight is
// cancelled and its answer ignored.
func (p *vehiclePane) release() {
	if p.entry != nil {
		p.sh.reg.release(p.entry, p.hold)
		p.entry = nil
	}
}

// hide closes the pane.
func (p *vehiclePane) hide() {
	p.release()
	p.patSeq, p.infoSeq = 0, 0
	p.open = false
	p.touch()
}

// refresh polls now, bypassing the client's cache, unless a request is in
// flight (its answer re-arms the schedule).
func (p *vehiclePane) refresh() tea.Cmd {
	if p.entry == nil {
		return nil
	}
	return p.entry.refresh()
}

// polls is the pane's poll state (none while closed).
func (p *vehiclePane) polls() *poller {
	if p.entry != nil {
		return &p.entry.poll
	}
	return &poller{}
}

// feed is the key of the pane's feed: the vehicle's trip and passages.
func (p *vehiclePane) feed() feedKey {
	return feedKey{kind: feedVehicle, vehicle: p.vehicle, rng: p.rng}
}

// fed takes an answer (or failure) of the pane's feed, and, when the trip
// changed, fetches its pattern.
func (p *vehiclePane) fed(msg feedMsg) tea.Cmd {
	p.touch()
	if msg.err != nil {
		return nil
	}
	return p.apply(msg)
}

// apply takes a good answer. Out of service, the last known trip stays on
// screen; in service, the trip and passages replace the old ones.
func (p *vehiclePane) apply(msg feedMsg) tea.Cmd {
	var trip *model.Trip
	for i := range msg.data.trips {
		if msg.data.trips[i].VehicleNumber == p.vehicle {
			t := msg.data.trips[i]
			trip = &t
		}
	}
	if trip == nil || !trip.IsActive || len(msg.data.passages.Passages) == 0 {
		if !p.out {
			p.out, p.outSince = true, msg.at
		}
		if trip != nil && p.trip != nil && p.trip.VehicleCategory == 0 {
			p.trip.VehicleCategory = trip.VehicleCategory
		}
		if !p.have && trip != nil {
			p.trip = trip // an inactive record still says tram or bus
		}
		return nil
	}
	p.out, p.outSince = false, time.Time{}
	p.trip, p.pass, p.have = trip, msg.data.passages, true
	p.prevStop = ""
	if msg.key.rng == model.RangeUpcoming {
		p.prevStop = lastServed(p.pass.Passages)          // named while the vehicle is on its way from it
		p.pass.Passages = model.Upcoming(p.pass.Passages) // the service sends the whole trip
	}
	p.samples = append(p.samples, float64(trip.Deviation())/60)
	if len(p.samples) > maxSamples {
		p.samples = append(p.samples[:0], p.samples[len(p.samples)-maxSamples:]...)
	}
	p.mapRev++
	k := p.tripKeyOf()
	if k != p.key {
		p.key, p.patReady, p.track, p.stops, p.patErr = k, false, nil, nil, nil
		p.follow, p.scroll = true, 0
	}
	if p.patReady || (p.patSeq != 0 && p.patKey == k) {
		return nil
	}
	p.patSeq, p.patKey = p.sh.nextSeq(), k
	return fetchPatternCmd(p.sh.ctx, p.sh.src, p.patSeq, p.vehicle, k, p.sh.pol.timeout)
}

// tripKeyOf identifies the trip of the current trip and passages.
func (p *vehiclePane) tripKeyOf() tripKey {
	k := tripKey{route: p.pass.RouteNumber}
	if p.trip != nil && p.trip.JourneyData != nil {
		k.direction = p.trip.JourneyData.Direction
		if k.route == 0 {
			k.route = p.trip.JourneyData.RouteNumber
		}
	}
	if n := len(p.pass.Passages); n > 0 {
		last := p.pass.Passages[n-1]
		k.last, k.lastSched = last.StopPointCode, last.Scheduled().Time
	}
	return k
}

// receivePattern takes the pattern of the current trip. A failure is
// retried with the next poll.
func (p *vehiclePane) receivePattern(msg patternMsg) {
	if msg.vehicle != p.vehicle || msg.seq == 0 || msg.seq != p.patSeq {
		return
	}
	p.patSeq = 0
	p.patErr = msg.err
	if msg.err == nil && msg.key == p.key {
		p.track, p.stops, p.patReady = msg.track, msg.stops, true
	}
	p.mapRev++
	p.touch()
}

// receiveInfo takes the vehicle's base data.
func (p *vehiclePane) receiveInfo(msg vehicleInfoMsg) {
	if msg.vehicle != p.vehicle || msg.seq != p.infoSeq {
		return
	}
	p.infoSeq = 0
	for i := range msg.vehicles {
		if msg.vehicles[i].VehicleNumber == p.vehicle {
			v := msg.vehicles[i]
			p.info = &v
		}
	}
	p.touch()
}

// toggleRange switches between all passages and the upcoming ones, and
// polls at once with the new range.
func (p *vehiclePane) toggleRange() tea.Cmd {
	if p.rng == model.RangeUpcoming {
		p.rng = model.RangeAll
	} else {
		p.rng = model.RangeUpcoming
	}
	p.follow, p.scroll = true, 0
	p.release()
	p.touch()
	return p.acquire()
}

// update handles the keys of the focused pane: range and scrolling.
func (p *vehiclePane) update(msg tea.KeyMsg) tea.Cmd {
	k := &p.km
	page := max(p.list.rows-1, 1)
	switch {
	case key.Matches(msg, k.Range):
		return p.toggleRange()
	case key.Matches(msg, k.Follow):
		p.follow = true
	case key.Matches(msg, k.ScrollUp):
		p.scrollBy(-1)
	case key.Matches(msg, k.ScrollDown):
		p.scrollBy(1)
	case key.Matches(msg, k.PageUp):
		p.scrollBy(-page)
	case key.Matches(msg, k.PageDown):
		p.scrollBy(page)
	case key.Matches(msg, k.Top):
		p.scrollTo(0)
	case key.Matches(msg, k.Bottom):
		p.scrollTo(1 << 20)
	default:
		return nil
	}
	p.touch()
	return nil
}

// scrollBy moves the passage list by n lines and stops following.
func (p *vehiclePane) scrollBy(n int) { p.scrollTo(p.list.first + n) }

// scrollTo shows the passage list from line i (clamped when drawn) and
// stops following the vehicle.
func (p *vehiclePane) scrollTo(i int) {
	p.follow = false
	p.scroll = max(min(i, p.list.lines-p.list.rows), 0)
}

// lastServed returns the name of the last stop served before the first one
// still ahead, "" when the answer holds none (a service that answers
// upcoming with the stops ahead only).
func lastServed(ps []model.Passage) string {
	prev := ""
	for i := range ps {
		if !ps[i].Status.Done() {
			return prev
		}
		prev = ps[i].StopName
	}
	return ""
}
