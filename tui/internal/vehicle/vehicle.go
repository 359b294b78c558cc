package vehicle

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
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

// Pane follows one vehicle: what it is, the trip it serves, its
// passages as a line diagram, its route on a map and its deviation over
// the session. It polls Trip and Passage in its own chain, independent of
// the board, and fetches the Pattern once per trip.
type Pane struct {
	svc        *app.Services
	feeds.Hold // the pane's hold on its vehicle's feed (Feed) while open
	Open       bool
	Vehicle    int
	Back       app.PaneID // the pane focus returns to on close
	// prevStop is the last stop served before the upcoming ones listed
	// (the upcoming range drops it), for "between X and Y".
	prevStop string

	Info    *model.Vehicle // extended base data, nil until it arrives
	InfoSeq int
	// hist is today's runs from the recorded history,
	// Asked false until they came.
	hist app.HistoryMsg

	Range    model.Range
	trip     *model.Trip
	Pass     model.VehiclePassages
	Have     bool      // trip and passages hold a good answer
	Out      bool      // the last answer said: not in service
	outSince time.Time // when the vehicle was first seen out of service
	Samples  []float64 // deviation in minutes, one per poll in service

	key      tripKey // the trip the pattern belongs to
	PatKey   tripKey // the trip of the pattern request in flight
	PatSeq   int
	patErr   error
	track    []model.TrackPoint
	stops    []model.PatternStop
	PatReady bool // track and stops belong to key

	scroll int  // first diagram line shown when not following
	Follow bool // keep the vehicle's position in view

	width, height int
	focused       bool
	rev           int // bumped on every change that shows
	MapRev        int // bumped when the map's content changes
	cache         *vehicleCache
	List          listWindow // the passage list's layout, for the keys (measure)
	measured      measureKey // what list was measured for (measure)
}

// NewPane returns the closed pane.
func NewPane(svc *app.Services) Pane {
	return Pane{svc: svc, Range: model.RangeAll, Follow: true, cache: &vehicleCache{}, Hold: feeds.NewHold(svc.Feeds)}
}

// SetSize gives the pane its rectangle.
func (p *Pane) SetSize(w, h int) {
	if w != p.width || h != p.height {
		p.width, p.height = w, h
		p.Touch()
	}
}

// Touch marks the pane changed, so its cached view is rebuilt.
func (p *Pane) Touch() { p.rev++ }

// Show opens the pane on vehicle n, focus returning to back on close. A
// different vehicle starts from nothing; the same one keeps its state and
// polls now. f is the frame it opens in.
func (p *Pane) Show(f app.Frame, n int, back app.PaneID) tea.Cmd {
	p.Back = back
	if p.Open && p.Vehicle == n {
		return nil
	}
	p.Release()
	if p.Vehicle != n {
		*p = Pane{svc: p.svc, Hold: p.Hold, Vehicle: n, Range: p.Range, Follow: true, cache: p.cache,
			rev: p.rev + 1, MapRev: p.MapRev + 1, Back: back}
	}
	p.Open = true
	r := p.svc.NewRequest()
	p.InfoSeq = r.Seq
	return tea.Batch(p.Acquire(p.feedKey(), 0), VehicleInfoCmd(r.Ctx, r.Source, r.Seq, p.Vehicle, r.Timeout),
		p.svc.VehicleRunsCmd(f.Now, p.Vehicle))
}

// ReceiveHistory takes the vehicle's runs of today from the recorded
// history, if they are this vehicle's.
func (p *Pane) ReceiveHistory(msg app.HistoryMsg) {
	if msg.Vehicle != p.Vehicle {
		return
	}
	p.hist = msg
	p.Touch()
}

// Hide closes the pane.
func (p *Pane) Hide() {
	p.Release()
	p.PatSeq, p.InfoSeq = 0, 0
	p.Open = false
	p.Touch()
}

// feedKey is the key of the pane's feed: the vehicle's trip and passages.
func (p *Pane) feedKey() feeds.Key {
	return feeds.Key{Kind: feeds.FeedVehicle, Vehicle: p.Vehicle, Range: p.Range}
}

// Fed takes an answer (or failure) of the pane's feed, and, when the trip
// changed, fetches its pattern.
func (p *Pane) Fed(msg feeds.AnswerMsg) tea.Cmd {
	p.Touch()
	if msg.Err != nil {
		return nil
	}
	return p.apply(msg)
}

// apply takes a good answer. Out of service, the last known trip stays on
// screen; in service, the trip and passages replace the old ones.
func (p *Pane) apply(msg feeds.AnswerMsg) tea.Cmd {
	var trip *model.Trip
	for i := range msg.Data.Trips {
		if msg.Data.Trips[i].VehicleNumber == p.Vehicle {
			t := msg.Data.Trips[i]
			trip = &t
		}
	}
	if trip == nil || !trip.IsActive || len(msg.Data.Passages.Passages) == 0 {
		if !p.Out {
			p.Out, p.outSince = true, msg.At
		}
		if trip != nil && p.trip != nil && p.trip.VehicleCategory == 0 {
			p.trip.VehicleCategory = trip.VehicleCategory
		}
		if !p.Have && trip != nil {
			p.trip = trip // an inactive record still says tram or bus
		}
		return nil
	}
	p.Out, p.outSince = false, time.Time{}
	p.trip, p.Pass, p.Have = trip, msg.Data.Passages, true
	p.prevStop = ""
	if msg.Key.Range == model.RangeUpcoming {
		p.prevStop = lastServed(p.Pass.Passages)          // named while the vehicle is on its way from it
		p.Pass.Passages = model.Upcoming(p.Pass.Passages) // the service sends the whole trip
	}
	p.Samples = append(p.Samples, float64(trip.Deviation())/60)
	if len(p.Samples) > maxSamples {
		p.Samples = append(p.Samples[:0], p.Samples[len(p.Samples)-maxSamples:]...)
	}
	p.MapRev++
	k := p.tripKeyOf()
	if k != p.key {
		p.key, p.PatReady, p.track, p.stops, p.patErr = k, false, nil, nil, nil
		p.Follow, p.scroll = true, 0
	}
	if p.PatReady || (p.PatSeq != 0 && p.PatKey == k) {
		return nil
	}
	r := p.svc.NewRequest()
	p.PatSeq, p.PatKey = r.Seq, k
	return FetchPatternCmd(r.Ctx, r.Source, r.Seq, p.Vehicle, k, r.Timeout)
}

// tripKeyOf identifies the trip of the current trip and passages.
func (p *Pane) tripKeyOf() tripKey {
	k := tripKey{route: p.Pass.RouteNumber}
	if p.trip != nil && p.trip.JourneyData != nil {
		k.direction = p.trip.JourneyData.Direction
		if k.route == 0 {
			k.route = p.trip.JourneyData.RouteNumber
		}
	}
	if n := len(p.Pass.Passages); n > 0 {
		last := p.Pass.Passages[n-1]
		k.last, k.lastSched = last.StopPointCode, last.Scheduled().Time
	}
	return k
}

// ReceivePattern takes the pattern of the current trip. A failure is
// retried with the next poll.
func (p *Pane) ReceivePattern(msg PatternMsg) {
	if msg.vehicle != p.Vehicle || msg.seq == 0 || msg.seq != p.PatSeq {
		return
	}
	p.PatSeq = 0
	p.patErr = msg.err
	if msg.err == nil && msg.key == p.key {
		p.track, p.stops, p.PatReady = msg.track, msg.stops, true
	}
	p.MapRev++
	p.Touch()
}

// ReceiveInfo takes the vehicle's base data.
func (p *Pane) ReceiveInfo(msg VehicleInfoMsg) {
	if msg.vehicle != p.Vehicle || msg.seq != p.InfoSeq {
		return
	}
	p.InfoSeq = 0
	for i := range msg.vehicles {
		if msg.vehicles[i].VehicleNumber == p.Vehicle {
			v := msg.vehicles[i]
			p.Info = &v
		}
	}
	p.Touch()
}

// toggleRange switches between all passages and the upcoming ones, and
// polls at once with the new range.
func (p *Pane) toggleRange() tea.Cmd {
	if p.Range == model.RangeUpcoming {
		p.Range = model.RangeAll
	} else {
		p.Range = model.RangeUpcoming
	}
	p.Follow, p.scroll = true, 0
	p.Release()
	p.Touch()
	return p.Acquire(p.feedKey(), 0)
}

// scrollTo shows the passage list from line i (clamped when drawn) and
// stops following the vehicle.
func (p *Pane) scrollTo(i int) {
	p.Follow = false
	p.scroll = max(min(i, p.List.Lines-p.List.Rows), 0)
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
