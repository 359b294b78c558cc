package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Faults configures failure injection for resilience tests. Which request
// gets which fault is a pure function of the service seed and the request's
// sequence number, so a run is reproducible. The shares add up to at most 1.
type Faults struct {
	// Latency is added before every response.
	Latency time.Duration
	// Error500, Error503 and Error429 are the shares of requests answered
	// with that HTTP status (503 and 429 carry Retry-After).
	Error500, Error503, Error429 float64
	// RetryAfter is the Retry-After of 429 and 503 answers (default 5s).
	RetryAfter time.Duration
	// Truncate is the share of 200 answers whose body is cut in half.
	Truncate float64
	// NonJSON is the share of requests answered 200 with an HTML page.
	NonJSON float64
	// Reset is the share of requests whose connection is reset.
	Reset float64
	// Stall is the share of requests held until the client gives up or
	// StallFor (default 30s) has passed.
	Stall    float64
	StallFor time.Duration
}

// faultKind is the fault chosen for one request.
type faultKind int

const (
	faultNone faultKind = iota
	fault500
	fault503
	fault429
	faultTruncate
	faultNonJSON
	faultReset
	faultStall
)

var faultNames = [...]string{"", "500", "503", "429", "truncate", "nonjson", "reset", "stall"}

func (k faultKind) String() string { return faultNames[k] }

func (f Faults) none() bool { return f == Faults{} }

func (f Faults) shares() [7]float64 {
	return [7]float64{f.Error500, f.Error503, f.Error429, f.Truncate, f.NonJSON, f.Reset, f.Stall}
}

// pick chooses the fault of request n.
func (f Faults) pick(seed int64, n uint64) faultKind {
	u := unit(mix(uint64(seed), n, 0xfa17))
	acc := 0.0
	for i, p := range f.shares() {
		acc += p
		if u < acc {
			return faultKind(i + 1)
		}
	}
	return faultNone
}

func (f Faults) retryAfter() time.Duration {
	if f.RetryAfter > 0 {
		return f.RetryAfter
	}
	return 5 * time.Second
}

func (f Faults) stallFor() time.Duration {
	if f.StallFor > 0 {
		return f.StallFor
	}
	return 30 * time.Second
}

// ParseFaults parses a --faults spec: comma-separated key=value items, e.g.
// "latency=200ms,500=0.1,503=0.05,429=0.05,retry-after=5s,truncate=0.05,
// nonjson=0.05,reset=0.02,stall=0.01,stall-for=30s". Keys: latency,
// retry-after and stall-for take Go durations; 500, 503, 429, truncate,
// nonjson, reset and stall take shares between 0 and 1 whose sum is at most
// 1. An empty spec or "none" means no faults. Errors name the bad item.
func ParseFaults(spec string) (Faults, error) {
	var f Faults
	spec = strings.TrimSpace(spec)
	if spec == "" || strings.EqualFold(spec, "none") {
		return f, nil
	}
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		key, val, ok := strings.Cut(item, "=")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		if !ok || val == "" {
			return Faults{}, fmt.Errorf("faults: item %q: want key=value", item)
		}
		var dst *float64
		var dur *time.Duration
		switch key {
		case "latency":
			dur = &f.Latency
		case "retry-after":
			dur = &f.RetryAfter
		case "stall-for":
			dur = &f.StallFor
		case "500":
			dst = &f.Error500
		case "503":
			dst = &f.Error503
		case "429":
			dst = &f.Error429
		case "truncate":
			dst = &f.Truncate
		case "nonjson":
			dst = &f.NonJSON
		case "reset":
			dst = &f.Reset
		case "stall":
			dst = &f.Stall
		default:
			return Faults{}, fmt.Errorf("faults: item %q: unknown key %q (want latency, 500, 503, 429, retry-after, truncate, nonjson, reset, stall or stall-for)", item, key)
		}
		if dur != nil {
			d, err := time.ParseDuration(val)
			if err != nil || d < 0 {
				return Faults{}, fmt.Errorf("faults: item %q: want a non-negative duration such as 200ms", item)
			}
			*dur = d
			continue
		}
		p, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(p) || p < 0 || p > 1 {
			return Faults{}, fmt.Errorf("faults: item %q: want a share between 0 and 1", item)
		}
		*dst = p
	}
	sum := 0.0
	for _, p := range f.shares() {
		sum += p
	}
	if sum > 1+1e-9 {
		return Faults{}, fmt.Errorf("faults: shares add up to %.3g, more than 1", sum)
	}
	return f, nil
}

// String formats the faults as a spec that ParseFaults accepts.
func (f Faults) String() string {
	if f.none() {
		return "none"
	}
	var parts []string
	if f.Latency > 0 {
		parts = append(parts, "latency="+f.Latency.String())
	}
	for i, p := range f.shares() {
		if p > 0 {
			parts = append(parts, faultNames[i+1]+"="+strconv.FormatFloat(p, 'g', -1, 64))
		}
	}
	if f.RetryAfter > 0 {
		parts = append(parts, "retry-after="+f.RetryAfter.String())
	}
	if f.StallFor > 0 {
		parts = append(parts, "stall-for="+f.StallFor.String())
	}
	return strings.Join(parts, ",")
}
