package textout

import (
	"sort"
	"strconv"
	"strings"

	"abfahrt/model"
	"abfahrt/tui/search"
)

// FindStops ranks stops for a query with the board's search engine: by
// name, number, code and any stop point code the service uses (6 digits,
// or a DHID and the stop's DHID it starts with). A stop point code the
// service does not use (a DHID against a service of 6-digit codes) finds
// the stop it names.
func FindStops(stops []model.Stop, query string, limit int) []model.Stop {
	entries := make([]search.Entry, len(stops))
	for i, s := range stops {
		entries[i] = search.Entry{
			Kind:   search.KindStop,
			Title:  s.StopName,
			Detail: strconv.Itoa(s.StopNumber) + " · " + s.StopCode,
			Keys:   append([]string{strconv.Itoa(s.StopNumber), s.StopCode}, PointKeys(s)...),
			Low:    !model.IsPassengerStop(s.StopName),
			Ref:    i,
		}
	}
	hits := search.NewIndex(entries).Search(query, limit)
	out := make([]model.Stop, 0, len(hits))
	for _, h := range hits {
		if i, ok := h.Entry.Ref.(int); ok {
			out = append(out, stops[i])
		}
	}
	if len(out) == 0 {
		if c, err := model.ParseStopPointCode(query); err == nil {
			if n, ok := c.StopNumber(); ok {
				for _, s := range stops {
					if s.StopNumber == n {
						return []model.Stop{s}
					}
				}
			}
		}
	}
	return out
}

// PointKeys are the stop point codes of s as search keys: each code, and
// of a DHID (de:08421:1008:1:1) also the stop's DHID (de:08421:1008) and
// the area's (de:08421:1008:1), once each.
func PointKeys(s model.Stop) []string {
	var keys []string
	seen := map[string]bool{}
	add := func(k string) {
		if k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for _, p := range s.StopPoints {
		c := p.StopPointCode
		if c.IsDHID() {
			parts := strings.Split(string(c), ":")
			for n := 3; n < len(parts); n++ {
				add(strings.Join(parts[:n], ":"))
			}
		}
		add(string(c))
	}
	return keys
}

// Platforms are the names of the platforms of s, sorted, space-separated.
func Platforms(s model.Stop) string {
	var names []string
	seen := map[string]bool{}
	for _, p := range s.StopPoints {
		if p.PlatformName != "" && !seen[p.PlatformName] {
			seen[p.PlatformName] = true
			names = append(names, p.PlatformName)
		}
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}
