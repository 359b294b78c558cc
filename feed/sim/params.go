package sim

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"abfahrt/feed/internal/wire"
)

// Limit rules of wire-format.md section 4.
const (
	defaultLimit = wire.DefaultLimit
	maxLimit     = wire.MaxLimit
)

// query is a parsed query string; an empty value counts as absent.
type query struct {
	vals    url.Values
	baseURL string
}

// get returns the first value of name and whether it is present and non-empty.
func (q query) get(name string) (string, bool) {
	v := q.vals[name]
	if len(v) == 0 || v[0] == "" {
		return "", false
	}
	return v[0], true
}

// paramError is a validation failure naming the parameter.
type paramError struct{ param, msg string }

func (e *paramError) response() response {
	return errorResponse(http.StatusBadRequest, e.param, e.msg)
}

func badParam(name, want, got string) *paramError {
	return &paramError{name, name + " must be " + want + ", got " + strconv.Quote(got)}
}

func missing(name string) *paramError {
	return &paramError{name, name + " is required"}
}

func allDigits(v string) bool { return wire.AllDigits(v) }

// optNumber parses an optional identifying integer: absent, empty or 0
// means all (returned as 0). maxDigits bounds the accepted length.
func (q query) optNumber(name string, maxDigits int) (int, *paramError) {
	v, ok := q.get(name)
	if !ok {
		return 0, nil
	}
	if !allDigits(v) || len(strings.TrimLeft(v, "0")) > maxDigits {
		return 0, badParam(name, "a non-negative integer of at most "+strconv.Itoa(maxDigits)+" digits", v)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, badParam(name, "a non-negative integer", v)
	}
	return n, nil
}

// stopNumber parses a 4-digit StopNumber; required selects whether absence is an error.
func (q query) stopNumber(required bool) (int, *paramError) {
	v, ok := q.get("StopNumber")
	if !ok {
		if required {
			return 0, missing("StopNumber")
		}
		return 0, nil
	}
	if !required && v == "0" {
		return 0, nil
	}
	if len(v) != 4 || !allDigits(v) {
		return 0, badParam("StopNumber", "4 digits", v)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, badParam("StopNumber", "4 digits", v)
	}
	return n, nil
}

// stopPointCode parses a StopPointCode (6 digits or a DHID) into a stop point
// index (-1 unknown); all reports an absent optional parameter.
func (s *Service) stopPointCode(q query, required bool) (idx int, raw string, all bool, perr *paramError) {
	v, ok := q.get("StopPointCode")
	if !ok {
		if required {
			return -1, "", false, missing("StopPointCode")
		}
		return -1, "", true, nil
	}
	if !required && v == "0" {
		return -1, "", true, nil
	}
	i, valid := s.net.lookupPointCode(v)
	if !valid {
		return -1, v, false, badParam("StopPointCode", "6 digits or a DHID such as de:08421:1008:1:1", v)
	}
	return i, v, false, nil
}

// limit parses Limit: default 10, positive, clamped to 100.
func (q query) limit() (int, *paramError) {
	v, ok := q.get("Limit")
	if !ok {
		return defaultLimit, nil
	}
	n, ok := wire.ParseLimit(v)
	if !ok {
		return 0, badParam("Limit", "a positive integer", v)
	}
	return n, nil
}

// vehicleNumber parses a required, positive VehicleNumber.
func (q query) vehicleNumber() (int, *paramError) {
	v, ok := q.get("VehicleNumber")
	if !ok {
		return 0, missing("VehicleNumber")
	}
	n, perr := q.optNumber("VehicleNumber", 9)
	if perr != nil {
		return 0, perr
	}
	if n == 0 {
		return 0, badParam("VehicleNumber", "a positive integer", v)
	}
	return n, nil
}

// enum parses a case-insensitive enumeration, returning the canonical
// spelling; the first of allowed is the default.
func (q query) enum(name string, allowed []string, aliases map[string]string) (string, *paramError) {
	v, ok := q.get(name)
	if !ok {
		return allowed[0], nil
	}
	l := strings.ToLower(v)
	for _, a := range allowed {
		if strings.ToLower(a) == l {
			return a, nil
		}
	}
	if a, found := aliases[l]; found {
		return a, nil
	}
	return "", badParam(name, "one of "+strings.ToLower(strings.Join(allowed, ", ")), v)
}

// scopeBase parses the base data ContentScope (default Basic).
func (q query) scopeBase() (string, *paramError) {
	return q.enum("ContentScope", []string{"Basic", "Minimal", "Extended"}, nil)
}
