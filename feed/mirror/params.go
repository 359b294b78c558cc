package mirror

import (
	"net/http"
	"strconv"
	"strings"

	"abfahrt/feed/internal/wire"
)

// The service's Limit rules (wire-format.md section 4): absent means 10,
// anything above 100 is clamped to 100, and the wrapper echoes the value
// applied.
const (
	defaultLimit = wire.DefaultLimit
	maxLimit     = wire.MaxLimit
)

// clientQuery is what the mirror makes of a client's query: the query it
// keys its cache on and sends upstream, and what it cuts the answer to.
type clientQuery struct {
	// upstream is the canonical query (see canonicalQuery); on the
	// endpoints that take Limit it always asks for maxLimit, so that one
	// answer per stop and interval serves every client's Limit.
	upstream string
	// limit is the Limit applied to this client's answer (0: the
	// endpoint takes none).
	limit int
	// pointCode is a StopPointCode that is not 6 digits: the base data
	// must name it (Mirror.knownPointCode).
	pointCode string
}

// paramError is a parameter value the mirror refuses itself, with the
// service's 400 body; the message is the simulation's for the same value.
type paramError struct{ param, msg string }

func badParam(name, want, got string) *paramError {
	return &paramError{name, name + " must be " + want + ", got " + quoteShort(got)}
}

func missingParam(name string) *paramError {
	return &paramError{name, name + " is required"}
}

// status is the HTTP status of a refused parameter.
func (*paramError) status() int { return http.StatusBadRequest }

// parseQuery checks a client's query for endpoint ep (at path rest) as the
// service would and makes its canonical form. A value the service would
// refuse (mobility-api.md section 4, wire-format.md section 4) is refused
// here, before a byte leaves the hub; a value the service reads as its
// default (an unknown Range, VehicleNumber=0 on Trip) is dropped, so that
// it shares the default's cache entry. err is a query that cannot be
// decoded at all.
func parseQuery(raw string, ep endpoint) (clientQuery, *paramError, error) {
	vals, err := firstValues(raw, ep.params)
	if err != nil {
		return clientQuery{}, nil, err
	}
	var q clientQuery
	canon := make([]string, len(ep.params))
	check := func(i int) *paramError {
		name, v := ep.params[i], vals[i]
		c, perr := checkValue(ep.path, name, v, &q)
		canon[i] = c
		return perr
	}
	// In the order the service checks them: base data its ContentScope
	// first, every other endpoint its subject first (params are sorted by
	// name, which puts the subject last there).
	if strings.HasSuffix(ep.path, "/BaseData") {
		for i := range ep.params {
			if perr := check(i); perr != nil {
				return clientQuery{}, perr, nil
			}
		}
	} else {
		for i := len(ep.params) - 1; i >= 0; i-- {
			if perr := check(i); perr != nil {
				return clientQuery{}, perr, nil
			}
		}
	}
	var b strings.Builder
	for i, name := range ep.params {
		if canon[i] == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(name)
		b.WriteByte('=')
		b.WriteString(canon[i])
	}
	q.upstream = b.String()
	return q, nil, nil
}

// checkValue checks one parameter's value v (empty: absent) and returns
// its canonical form, empty to leave the parameter out.
func checkValue(path, name, v string, q *clientQuery) (string, *paramError) {
	passage := strings.Contains(path, "/passage/")
	switch name {
	case "Limit":
		n, perr := parseLimit(v)
		if perr != nil {
			return "", perr
		}
		q.limit = n
		return strconv.Itoa(maxLimit), nil
	case "StopNumber":
		switch {
		case v == "" && passage:
			return "", missingParam(name)
		case v == "" || (!passage && v == "0"):
			return "", nil
		case len(v) != 4 || !allDigits(v):
			return "", badParam(name, "4 digits", v)
		}
		return v, nil
	case "StopPointCode":
		switch {
		case v == "" && passage:
			return "", missingParam(name)
		case v == "" || (!passage && v == "0"):
			return "", nil
		case len(v) == 6 && allDigits(v) && v[0] != '0':
			return v, nil
		case dhidShaped(v):
			q.pointCode = v
			return escapeValue(v), nil
		}
		return "", badParam(name, "6 digits or a DHID such as de:08421:1008:1:1", v)
	case "VehicleNumber":
		required := path == "/vehicle/trip/Passage" || path == "/vehicle/trip/Pattern"
		if v == "" {
			if required {
				return "", missingParam(name)
			}
			return "", nil
		}
		n, perr := number(name, v, 9)
		if perr != nil {
			return "", perr
		}
		if n == "" && required {
			return "", badParam(name, "a positive integer", v)
		}
		return n, nil
	case "RouteNumber":
		if v == "" {
			return "", nil
		}
		return number(name, v, 4)
	case "ContentScope":
		if path == "/vehicle/trip/Pattern" {
			return enum(name, v, "Track", "Stops", "Carriageway")
		}
		return enum(name, v, "Basic", "Minimal", "Extended")
	case "Range":
		// The service answers a value it does not know (a public client
		// sends Range=3) as its default, so the mirror asks for that.
		switch strings.ToLower(v) {
		case "all":
			return "All", nil
		case "upcoming", "upcomming": //nolint:misspell // the spec's spelling
			return "Upcoming", nil
		}
		return "", nil
	}
	return "", nil
}

// parseLimit is the service's Limit rule: absent 10, a positive integer,
// clamped to 100.
func parseLimit(v string) (int, *paramError) {
	if v == "" {
		return defaultLimit, nil
	}
	n, ok := wire.ParseLimit(v)
	if !ok {
		return 0, badParam("Limit", "a positive integer", v)
	}
	return n, nil
}

// number checks an identifying number of at most maxDigits digits and
// returns it without leading zeros; 0 (the service's "all") is "".
func number(name, v string, maxDigits int) (string, *paramError) {
	t := strings.TrimLeft(v, "0")
	if !allDigits(v) || len(t) > maxDigits {
		return "", badParam(name, "a non-negative integer of at most "+strconv.Itoa(maxDigits)+" digits", v)
	}
	return t, nil
}

// enum matches v case-insensitively against allowed (the service's
// spelling is returned); absent is absent.
func enum(name, v string, allowed ...string) (string, *paramError) {
	if v == "" {
		return "", nil
	}
	for _, a := range allowed {
		if strings.EqualFold(a, v) {
			return a, nil
		}
	}
	return "", badParam(name, "one of "+strings.ToLower(strings.Join(allowed, ", ")), v)
}

func allDigits(v string) bool { return wire.AllDigits(v) }

// dhidShaped reports whether v looks like a stop point's DHID
// (de:08421:1008:1:1): a country code and at most six more parts of
// letters, digits and underscores, 64 bytes at most. Whether the service
// knows it is the base data's to say.
func dhidShaped(v string) bool {
	if len(v) > 64 || len(v) < 5 || !isLetter(v[0]) || !isLetter(v[1]) || v[2] != ':' {
		return false
	}
	parts := strings.Split(v[3:], ":")
	if len(parts) > 6 {
		return false
	}
	for _, p := range parts {
		if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			if c := p[i]; !isLetter(c) && (c < '0' || c > '9') && c != '_' {
				return false
			}
		}
	}
	return true
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// escapeValue escapes a checked value for the upstream query: a DHID's
// colons, as url.Values.Encode does.
func escapeValue(v string) string { return strings.ReplaceAll(v, ":", "%3A") }
