package sim

import (
	"strings"
	"time"
)

// alertWindow is the span over which one unplanned alert is active or not.
const alertWindow = 3 * 3600

// alertKind is what an alert item does to the service.
type alertKind int

const (
	alertDetour     alertKind = iota // stops strictly between a and b are not served
	alertStopClosed                  // stop a is not served
	alertDelays                      // trips starting in the window leave up to 12 min late
	alertCancel                      // single trips starting in the window do not run
)

// alertItem is one item of an unplanned alert: a line and what happens to it.
type alertItem struct {
	kind   alertKind
	line   *line
	closed []int // stop numbers not served
}

// alert is the unplanned alert of one window; every item is in effect from
// from to to (Unix seconds) and changes the service accordingly.
type alert struct {
	from, to    int64
	title, data string
	items       []alertItem
}

// alertKey identifies a window: yyyymmdd*8 + window.
func alertKey(y int, m time.Month, d, win int) int { return (y*10000+int(m)*100+d)*8 + win }

// alertAt returns the alert active at now, or nil.
func (p *planner) alertAt(now int64) *alert {
	t := time.Unix(now, 0).In(berlin)
	y, m, d := t.Date()
	return p.alertFor(y, m, d, t.Hour()*3600/alertWindow)
}

// alertFor returns the alert of window win (0-7) of a calendar day, or nil:
// about every third window has one, with one to three items on distinct
// lines that run in that window.
func (p *planner) alertFor(y int, m time.Month, d, win int) *alert {
	key := alertKey(y, m, d, win)
	if a, ok := p.alerts.Load(key); ok {
		al, _ := a.(*alert)
		return al
	}
	al := p.makeAlert(y, m, d, win)
	a, _ := p.alerts.LoadOrStore(key, al) // days built at the same time agree on one
	al, _ = a.(*alert)
	return al
}

func (p *planner) makeAlert(y int, m time.Month, d, win int) *alert {
	r := rng{s: mix(uint64(p.seed), uint64(y*10000+int(m)*100+d), uint64(win), 0xa1e7)}
	if r.float() >= 0.35 {
		return nil
	}
	lo, hi := int32(win*alertWindow), int32((win+1)*alertWindow)
	from, _ := wallUnix(y, m, d, lo)
	to, _ := wallUnix(y, m, d, hi)
	cands := p.runningLines(y, m, d, lo, hi)
	al := &alert{from: from, to: to}
	n := 1 + r.intn(3)
	var data strings.Builder
	for i := 0; i < n && len(cands) > 0; i++ {
		j := r.intn(len(cands))
		l := cands[j]
		cands = append(cands[:j], cands[j+1:]...)
		dir := l.dirs[0]
		k := len(dir.points)
		name := func(s int) string { return p.net.stops[p.net.points[dir.points[s]].stop].row.Name }
		num := func(s int) int { return p.net.stops[p.net.points[dir.points[s]].stop].row.Number }
		it := alertItem{line: l, kind: alertKind(r.intn(4))}
		if k < 4 && (it.kind == alertDetour || it.kind == alertStopClosed) {
			it.kind = alertDelays
		}
		var title, text string
		switch it.kind {
		case alertDetour:
			a := r.intn(k - 3)
			b := a + 2 + r.intn(2)
			var names []string
			for s := a + 1; s < b; s++ {
				it.closed = append(it.closed, num(s))
				names = append(names, name(s))
			}
			title = "Umleitung"
			text = "Linie " + l.name + ": Umleitung zwischen " + name(a) + " und " + name(b) + " wegen eines Verkehrsunfalls, "
			if len(names) == 1 {
				text += "die Haltestelle " + names[0] + " entfällt"
			} else {
				text += "die Haltestellen " + strings.Join(names, " und ") + " entfallen"
			}
		case alertStopClosed:
			a := 1 + r.intn(k-2)
			it.closed = []int{num(a)}
			title = "Haltestellenausfall"
			text = "Linie " + l.name + ": Die Haltestelle " + name(a) + " wird wegen eines Polizeieinsatzes nicht bedient"
		case alertDelays:
			title = "Verspätungen"
			text = "Linie " + l.name + ": Verspätungen von bis zu 15 Minuten wegen hohen Verkehrsaufkommens"
		case alertCancel:
			title = "Fahrzeugstörung"
			text = "Linie " + l.name + ": Einzelne Fahrten zwischen " + name(0) + " und " + name(k-1) + " entfallen wegen einer Fahrzeugstörung"
		}
		if i == 0 {
			al.title = title + " Linie " + l.name
		} else {
			data.WriteString(" +++ ")
		}
		data.WriteString(text)
		al.items = append(al.items, it)
	}
	if len(al.items) == 0 {
		return nil
	}
	al.data = data.String()
	return al
}

// runningLines returns the lines with a scheduled trip on the road between
// lo and hi (seconds since the local midnight of the calendar day), from the
// service day that starts then or the one before (after midnight).
func (p *planner) runningLines(y int, m time.Month, d int, lo, hi int32) []*line {
	today := kindOf(time.Date(y, m, d, 12, 0, 0, 0, berlin).Weekday())
	yesterday := kindOf(time.Date(y, m, d-1, 12, 0, 0, 0, berlin).Weekday())
	var out []*line
	for _, l := range p.net.lines {
		runs := false
		for di := 0; di < 2 && !runs; di++ {
			dur := l.dirs[di].duration()
			for _, day := range [2]struct {
				kind  dayKind
				shift int32
			}{{today, 0}, {yesterday, 86400}} {
				for _, s := range tripStarts(l, day.kind, di) {
					if s -= day.shift; s < hi && s+dur > lo {
						runs = true
						break
					}
				}
			}
		}
		if runs {
			out = append(out, l)
		}
	}
	return out
}

func (s *Service) unplannedAlert(_ query, now int64) response {
	al := s.plans.alertAt(now)
	var resp response
	w := &jw{}
	w.obj()
	w.key("PassengerAlert")
	w.obj()
	w.kstr("ServiceCategory", "UnplannedAlert")
	w.kstr("UpdateInterval", "15 seconds")
	if al != nil {
		w.kstr("AlertTitle", al.title)
		w.kstr("AlertData", al.data)
		w.kstr("CurrentStatus", "OK")
	} else {
		// Without an alert the real service sends no AlertTitle/AlertData
		// keys at all; empty strings would read as an (empty) alert.
		w.kstr("CurrentStatus", "no result found")
	}
	stamp(w, now, &resp)
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}
