package accessible

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/speech"
	"abfahrt/tui/internal/catalog"
)

// The rider's commands: a walking time (walk N), reminders by the number
// a list said (remind N), arrivals and departures, a vehicle's next stops
// (vehicle N) and the next departure that can be caught (next).

// walkExtra is how many more departures a session with a walking time
// asks for: the missed ones at the head of the answer are left out.
const walkExtra = 10

// remindAhead is how long before the leave time (the departure, without
// a walking time) a reminder warns.
const remindAhead = time.Minute

// maxReminders bounds the reminders of a session.
const maxReminders = 8

// vehicleStops is how many of a vehicle's next stops are said.
const vehicleStops = 6

// reminder is a departure to warn of; rung once it was said.
type reminder struct {
	d    speech.Departure
	walk time.Duration
	rung bool
}

// warnAt is the service time the reminder warns at.
func (r *reminder) warnAt() time.Time { return r.d.At.Add(-r.walk - remindAhead) }

// reminded reports whether d has a reminder.
func (s *session) reminded(d speech.Departure) bool {
	for i := range s.reminders {
		if s.reminders[i].d.Key() == d.Key() {
			return true
		}
	}
	return false
}

// svcNow is the service's time now, from the last answer (the machine's
// clock before any).
func (s *session) svcNow() time.Time {
	if s.o.Now != nil {
		return s.o.Now()
	}
	if s.last == nil {
		return time.Now()
	}
	return s.now(s.last)
}

// follow moves each reminder to its departure's newest time in ds (a
// delay moves the warning), forgets those long gone, and sets the timer.
func (s *session) follow(ds []speech.Departure, now time.Time) {
	kept := s.reminders[:0]
	for _, r := range s.reminders {
		for _, d := range ds {
			if d.Key() == r.d.Key() {
				if r.rung && d.At.Sub(r.d.At) >= speech.MinDelayStep*time.Minute {
					r.rung = false // much later than it warned for: it warns again
				}
				if r.rung {
					d.At = r.d.At // what it warned for, against which a delay counts
				}
				r.d = d
			}
		}
		if r.d.At.After(now.Add(-time.Minute)) {
			kept = append(kept, r)
		}
	}
	s.reminders = kept
	s.schedule(now)
}

// schedule sets the timer to the next warning still to come.
func (s *session) schedule(now time.Time) {
	s.remind.Stop()
	var next time.Time
	for i := range s.reminders {
		r := &s.reminders[i]
		if !r.rung && (next.IsZero() || r.warnAt().Before(next)) {
			next = r.warnAt()
		}
	}
	if !next.IsZero() {
		s.remind.Reset(max(next.Sub(now), 0))
	}
}

// ring says the warnings that are due.
func (s *session) ring() {
	now := s.svcNow()
	for i := range s.reminders {
		r := &s.reminders[i]
		if r.rung || r.warnAt().After(now.Add(time.Second)) {
			continue
		}
		r.rung = true
		s.say(s.warning(r, now))
	}
	s.schedule(now)
}

// warning is what a due reminder says: "Leave in 1 minute for line 2 to
// Kuhberg at 07:42, platform A.", "Leave now for …"; without a walking
// time "Line 2 to Kuhberg at 07:42 leaves in 1 minute, platform A.".
func (s *session) warning(r *reminder, now time.Time) string {
	d := r.d
	plat := ""
	if d.Platform != "" {
		plat = fmt.Sprintf(s.tx.ReaderPlatform, d.Platform)
	}
	if r.walk > 0 {
		left := int(d.At.Add(-r.walk).Sub(now) / time.Minute) // as the list says it
		if left <= 0 {
			return fmt.Sprintf(s.tx.ReaderLeaveNow, speech.Named(s.l, d), plat)
		}
		return fmt.Sprintf(s.tx.ReaderLeaveIn, s.l.Minutes(left), speech.Named(s.l, d), plat)
	}
	left := max(int(d.At.Sub(now)/time.Minute), 0)
	return fmt.Sprintf(s.tx.ReaderLeaves, capital(speech.Named(s.l, d)), s.l.In(left), plat)
}

// capital upper-cases the first letter of a sentence.
func capital(x string) string {
	if x == "" {
		return x
	}
	return strings.ToUpper(x[:1]) + x[1:]
}

// listedAt is departure n (from 1) of the last list, or says why not.
func (s *session) listedAt(arg, cmd string) (speech.Departure, bool) {
	n, err := strconv.Atoi(arg)
	if len(s.listed) == 0 {
		s.say(s.tx.ReaderNoList)
		return speech.Departure{}, false
	}
	if err != nil || n < 1 || n > len(s.listed) {
		s.say(fmt.Sprintf(s.tx.ReaderTypeNumber, cmd, len(s.listed)))
		return speech.Departure{}, false
	}
	return s.listed[n-1], true
}

// setWalk sets the walking time to the stop in minutes ("" or 0: none)
// and says the list again.
func (s *session) setWalk(ctx context.Context, arg string) {
	n := 0
	if arg != "" {
		v, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(arg), "min"), "m"))
		if err != nil || v < 0 || v > 60 {
			s.say(s.tx.ReaderWalkHow)
			return
		}
		n = v
	}
	s.walk = time.Duration(n) * time.Minute
	if n == 0 {
		s.say(s.tx.ReaderNoWalk)
	} else {
		s.say(fmt.Sprintf(s.tx.ReaderWalkSet, s.l.Minutes(n)))
	}
	s.relist(ctx)
}

// setArrivals says arrivals (or departures) from now on.
func (s *session) setArrivals(ctx context.Context, on bool) {
	if s.arrivals == on {
		if s.last != nil {
			s.list(s.departures(s.last))
		}
		return
	}
	s.arrivals = on
	s.last = nil
	s.relist(ctx)
}

// relist forgets what was said and says the list at the next answer.
func (s *session) relist(ctx context.Context) {
	s.tr.Reset()
	s.listed = nil
	s.polling = false // an answer asked before is dropped (or taken anew)
	s.request(ctx)
}

// remindCmd sets (or, again, removes) a reminder of departure arg of the
// last list.
func (s *session) remindCmd(arg string) {
	if s.arrivals {
		s.say(s.tx.ReaderRemindArrivals)
		return
	}
	d, ok := s.listedAt(arg, s.tx.ReaderRemindWord)
	if !ok {
		return
	}
	for i := range s.reminders {
		if s.reminders[i].d.Key() == d.Key() {
			s.reminders = append(s.reminders[:i], s.reminders[i+1:]...)
			s.say(fmt.Sprintf(s.tx.ReaderRemoved, speech.Named(s.l, d)))
			s.schedule(s.svcNow())
			return
		}
	}
	if len(s.reminders) >= maxReminders {
		s.say(fmt.Sprintf(s.tx.ReaderTooMany, maxReminders))
		return
	}
	r := reminder{d: d, walk: s.walk}
	s.reminders = append(s.reminders, r)
	ahead := s.tx.ReaderWarnsWalk
	if s.walk == 0 {
		ahead = s.tx.ReaderWarnsNoWalk
	}
	s.say(fmt.Sprintf(s.tx.ReaderSet, speech.Named(s.l, d), ahead))
	now := s.svcNow()
	if !r.warnAt().After(now) {
		s.ring()
		return
	}
	s.schedule(now)
}

// next says the next departure that can still be caught.
func (s *session) next() {
	if !s.answered() {
		return
	}
	ds := s.departures(s.last)
	for _, d := range ds {
		if s.walk > 0 && !s.arrivals {
			if _, ok := d.WithWalk(s.svcNow(), s.walk); !ok {
				continue // a reminded one that is missed
			}
		}
		s.say(fmt.Sprintf(s.tx.ReaderNext, speech.Sentence(s.l, d)))
		return
	}
	if s.arrivals {
		s.say(s.tx.ReaderNoArrivals)
		return
	}
	s.say(speech.None(s.l, s.title()))
}

// answered reports whether there is an answer to say from, or says why
// not.
func (s *session) answered() bool {
	switch {
	case s.last == nil && s.unavail:
		s.say(speech.Unavailable(s.l, s.title()))
		return false
	case s.last == nil:
		s.say(s.tx.ReaderWaiting)
		return false
	}
	return true
}

// vehicle says a vehicle's line, delay and next stops: arg is a number of
// the last list, or else a vehicle number.
func (s *session) vehicle(ctx context.Context, arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 {
		s.say(s.tx.ReaderVehicleHow)
		return
	}
	if n <= len(s.listed) {
		d := s.listed[n-1]
		if d.Vehicle == 0 {
			s.say(fmt.Sprintf(s.tx.ReaderNoVehicle, speech.Named(s.l, d)))
			return
		}
		n = d.Vehicle
	}
	rctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	trips, err := s.o.Source.Trips(rctx, n)
	if errors.Is(err, feed.ErrNotFound) {
		s.say(fmt.Sprintf(s.tx.ReaderUnknownVehicle, n))
		return
	}
	if err != nil {
		s.say(fmt.Sprintf(s.tx.ReaderVehicleDown, n))
		return
	}
	if len(trips) == 0 || !trips[0].IsActive {
		s.say(fmt.Sprintf(s.tx.ReaderOutOfService, n))
		return
	}
	ps, err := s.o.Source.Passages(rctx, n, model.RangeUpcoming)
	if err != nil {
		s.say(fmt.Sprintf(s.tx.ReaderStopsDown, n))
		return
	}
	for _, l := range vehicleSentences(s.l, s.tx, n, trips[0], model.Upcoming(ps.Passages), s.svcNow()) {
		s.say(l)
	}
}

// vehicleSentences say a vehicle in service: "Vehicle 54, line 2 to
// Science Park II, 2 minutes late." then its next stops, one sentence
// each: "Theater, platform A, in 2 minutes."
func vehicleSentences(l speech.Lang, tx *catalog.ScreenReader, n int, trip model.Trip, ps []model.Passage, now time.Time) []string {
	line, dir := "", ""
	if j := trip.JourneyData; j != nil {
		line, dir = j.RouteName, j.DepartureDirectionText
		if line == "" && j.RouteNumber != 0 {
			line = itoa(j.RouteNumber)
		}
	}
	head := fmt.Sprintf(tx.ReaderVehicle, n)
	if line != "" {
		head += fmt.Sprintf(tx.ReaderOnLine, line)
	}
	if dir != "" {
		head += fmt.Sprintf(tx.ReaderTo, dir)
	}
	out := []string{head + ", " + l.Delay(model.DelayMinutes(trip.Deviation()), trip.TimeData != nil) + "."}
	if len(ps) == 0 {
		return append(out, tx.ReaderNoStopsAhead)
	}
	out = append(out, tx.ReaderNextStops)
	for _, p := range ps[:min(len(ps), vehicleStops)] {
		s := p.StopName
		if p.PlatformName != "" {
			s += fmt.Sprintf(tx.ReaderPlatform, p.PlatformName)
		}
		at := p.Actual()
		if !at.Known() {
			at = p.Scheduled()
		}
		if at.Known() {
			s += ", " + l.In(max(int(at.Sub(now)/time.Minute), 0))
		}
		out = append(out, s+".")
	}
	if len(ps) > vehicleStops {
		out = append(out, fmt.Sprintf(tx.ReaderMoreStops, len(ps)-vehicleStops))
	}
	return out
}
