package sim

import (
	"time"
)

// alertWindow is the span over which one unplanned alert is active or not.
const alertWindow = 3 * 3600

// alertTemplates are the kinds of unplanned disruptions; %L is a line name,
// %S and %T are stop names.
var alertTemplates = []struct{ title, item string }{
	{"Umleitung", "Linie %L: Umleitung wegen eines Verkehrsunfalls zwischen %S und %T"},
	{"Verspätungen", "Linie %L: Verspätungen von bis zu 15 Minuten wegen hohen Verkehrsaufkommens"},
	{"Haltestellenausfall", "Linie %L: Die Haltestelle %S wird wegen eines Polizeieinsatzes nicht bedient"},
	{"Fahrzeugstörung", "Linie %L: Einzelne Fahrten zwischen %S und %T entfallen wegen einer Fahrzeugstörung"},
	{"Veranstaltung", "Linie %L: Wegen einer Veranstaltung halten die Fahrzeuge ersatzweise an %S"},
}

// alertAt returns the unplanned alert active at now, if any: about every
// third window of three hours has one, with one to three items.
func (s *Service) alertAt(now int64) (title, data string, ok bool) {
	t := time.Unix(now, 0).In(berlin)
	y, m, d := t.Date()
	win := uint64(t.Hour() * 3600 / alertWindow)
	r := rng{s: mix(uint64(s.seed), uint64(y*10000+int(m)*100+d), win, 0xa1e7)}
	if r.float() >= 0.35 {
		return "", "", false
	}
	n := 1 + r.intn(3)
	for i := 0; i < n; i++ {
		tpl := alertTemplates[r.intn(len(alertTemplates))]
		l := s.net.lines[r.intn(len(s.net.lines))]
		dir := l.dirs[0]
		a := r.intn(len(dir.points))
		b := r.intn(len(dir.points))
		if i == 0 {
			title = tpl.title + " Linie " + l.name
		} else {
			data += " +++ "
		}
		data += expand(tpl.item, l.name, s.stopName(dir.points[a]), s.stopName(dir.points[b]))
	}
	return title, data, true
}

func (s *Service) stopName(pi int) string { return s.net.stops[s.net.points[pi].stop].row.Name }

func expand(tpl, l, a, b string) string {
	out := make([]byte, 0, len(tpl)+64)
	for i := 0; i < len(tpl); i++ {
		if tpl[i] == '%' && i+1 < len(tpl) {
			switch tpl[i+1] {
			case 'L':
				out = append(out, l...)
				i++
				continue
			case 'S':
				out = append(out, a...)
				i++
				continue
			case 'T':
				out = append(out, b...)
				i++
				continue
			}
		}
		out = append(out, tpl[i])
	}
	return string(out)
}

func (s *Service) unplannedAlert(_ query, now int64) response {
	title, data, ok := s.alertAt(now)
	var resp response
	w := &jw{}
	w.obj()
	w.key("PassengerAlert")
	w.obj()
	w.kstr("ServiceCategory", "UnplannedAlert")
	w.kstr("UpdateInterval", "15 seconds")
	if ok {
		w.kstr("AlertTitle", title)
		w.kstr("AlertData", data)
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
