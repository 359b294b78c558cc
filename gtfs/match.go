package gtfs

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MatchStatus says how a live trip matched the static feed.
type MatchStatus int

// Match outcomes, as VBB's matcher counts them.
const (
	Unmatched MatchStatus = iota
	Matched
	Ambiguous
)

// String names the outcome as the metrics label it.
func (s MatchStatus) String() string {
	switch s {
	case Matched:
		return "matched"
	case Ambiguous:
		return "ambiguous"
	case Unmatched:
	}
	return "unmatched"
}

// LiveStop is a stop of a live trip: the stop point code as the service
// sends it and the scheduled time there.
type LiveStop struct {
	Code  string
	Sched time.Time
}

// Match is a live trip's static trip.
type Match struct {
	Status MatchStatus
	// Trip is the static trip (index into Feed.Trips) when Matched.
	Trip int32
	// Date is the service day (yyyymmdd) and Ref its GTFS time reference.
	Date string
	Ref  time.Time
}

// Matcher matches live trips to the trips of a static feed by VBB's rule:
// the same route short name and at least two stops at the same scheduled
// time; exactly one such trip is a match, several are ambiguous. Stops are
// found by stop_id, by stop_code, or as a DHID whose stop and last part
// are the StopPointCode's stop number and stop point number. It is safe
// for concurrent use.
type Matcher struct {
	f *Feed

	stopCode map[string]int32 // stop_code -> stop
	stopNum  map[string]int32 // "SSSS:P" of a DHID-like stop_id -> stop

	mu    sync.Mutex
	day   int // the yyyymmdd the index is built around, 0 before
	idx   map[matchKey][]int32
	dates [3]dayRef
	codes map[string]int32 // live code -> stop, -1 when none
}

type matchKey struct {
	route string
	stop  int32
	t     int64
}

type dayRef struct {
	date string
	ref  time.Time
}

// NewMatcher returns a matcher of the feed.
func NewMatcher(f *Feed) *Matcher {
	m := &Matcher{f: f, stopCode: map[string]int32{}, stopNum: map[string]int32{}, codes: map[string]int32{}}
	for i, s := range f.Stops {
		if s.Code != "" {
			if _, dup := m.stopCode[s.Code]; !dup {
				m.stopCode[s.Code] = int32(i)
			}
		}
		if parts := strings.Split(s.ID, ":"); len(parts) >= 5 {
			p, err := strconv.Atoi(parts[len(parts)-1])
			if err == nil {
				k := parts[2] + ":" + strconv.Itoa(p)
				if _, dup := m.stopNum[k]; !dup {
					m.stopNum[k] = int32(i)
				}
			}
		}
	}
	return m
}

// Feed returns the static feed.
func (m *Matcher) Feed() *Feed { return m.f }

// Stop returns the static stop of a live stop point code, or -1.
func (m *Matcher) Stop(code string) int32 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stopLocked(code)
}

func (m *Matcher) stopLocked(code string) int32 {
	if i, ok := m.codes[code]; ok {
		return i
	}
	i := int32(-1)
	if j, ok := m.f.stopByID[code]; ok {
		i = j
	} else if j, ok := m.stopCode[code]; ok {
		i = j
	} else if n, err := strconv.Atoi(code); err == nil && len(code) == 6 {
		if j, ok := m.stopNum[strconv.Itoa(n/100)+":"+strconv.Itoa(n%100)]; ok {
			i = j
		}
	}
	if len(m.codes) < 1<<16 {
		m.codes[code] = i
	}
	return i
}

// Match finds the static trip of a live trip of the route named
// routeName with the given stops, around the time at.
func (m *Matcher) Match(routeName string, stops []LiveStop, at time.Time) Match {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.index(at)
	hits := map[int32]int{}
	for _, s := range stops {
		if s.Sched.IsZero() {
			continue
		}
		si := m.stopLocked(s.Code)
		if si < 0 {
			continue
		}
		for _, c := range m.idx[matchKey{routeName, si, s.Sched.Unix()}] {
			hits[c]++
		}
	}
	var found []int32
	for c, n := range hits {
		if n >= 2 {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return Match{Status: Unmatched, Trip: -1}
	case 1:
		c := found[0]
		d := m.dates[c&3]
		return Match{Status: Matched, Trip: c >> 2, Date: d.date, Ref: d.ref}
	}
	return Match{Status: Ambiguous, Trip: -1}
}

// index builds the index of the service days around at (the day before,
// whose trips run past midnight, the day and the next) when the day has
// changed. Caller holds m.mu.
func (m *Matcher) index(at time.Time) {
	loc := m.f.Location
	y, mo, d := at.In(loc).Date()
	day := y*10000 + int(mo)*100 + d
	if day == m.day {
		return
	}
	m.day = day
	m.idx = map[matchKey][]int32{}
	for k := range 3 {
		date := time.Date(y, mo, d-1+k, 12, 0, 0, 0, loc)
		dy, dm, dd := date.Date()
		key := dy*10000 + int(dm)*100 + dd
		ref := date.Add(-12 * time.Hour)
		m.dates[k] = dayRef{date: strconv.Itoa(key), ref: ref}
		for ti := range m.f.Trips {
			t := &m.f.Trips[ti]
			if !m.f.Runs(t.ServiceID, key, date.Weekday()) {
				continue
			}
			route := m.f.Routes[t.Route].ShortName
			for _, st := range t.StopTimes {
				for _, sec := range [2]int32{st.Arr, st.Dep} {
					mk := matchKey{route, st.Stop, ref.Unix() + int64(sec)}
					c := int32(ti)<<2 | int32(k)
					if l := m.idx[mk]; len(l) == 0 || l[len(l)-1] != c {
						m.idx[mk] = append(l, c)
					}
				}
			}
		}
	}
}

// FirstStops returns the live stop numbers (4 digits) of the stops where
// the static trips start: from a stop's stop_code (a StopPointCode) or its
// DHID's third part. The boards of these stops say how the trips that
// have not started yet will leave.
func (m *Matcher) FirstStops() []int {
	seen := map[int]bool{}
	var out []int
	for _, t := range m.f.Trips {
		if len(t.StopTimes) == 0 {
			continue
		}
		s := m.f.Stops[t.StopTimes[0].Stop]
		n := 0
		if c, err := strconv.Atoi(s.Code); err == nil && len(s.Code) == 6 {
			n = c / 100
		} else if parts := strings.Split(s.ID, ":"); len(parts) >= 3 {
			n, _ = strconv.Atoi(parts[2])
		}
		if n >= 1000 && n <= 9999 && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// MatchStart finds the static trip of a departure at its first stop: the
// only stop a trip that has not started yet has on the wire, so the rule
// is the route short name, the stop and the scheduled time of the trip's
// first stop, and exactly one such trip.
func (m *Matcher) MatchStart(routeName, code string, sched, at time.Time) Match {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.index(at)
	si := m.stopLocked(code)
	if si < 0 {
		return Match{Status: Unmatched, Trip: -1}
	}
	var found []int32
	for _, c := range m.idx[matchKey{routeName, si, sched.Unix()}] {
		t := &m.f.Trips[c>>2]
		d := m.dates[c&3]
		if t.StopTimes[0].Stop == si && d.ref.Unix()+int64(t.StopTimes[0].Dep) == sched.Unix() {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return Match{Status: Unmatched, Trip: -1}
	case 1:
		d := m.dates[found[0]&3]
		return Match{Status: Matched, Trip: found[0] >> 2, Date: d.date, Ref: d.ref}
	}
	return Match{Status: Ambiguous, Trip: -1}
}
