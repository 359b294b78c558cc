package feed

import (
	"context"
	"net/http"
	"strings"
	"time"

	"abfahrt/feed/internal/wire"
)

// Answer is what HTTP said about an answer besides its body: how old its
// data is and whether it is invented. A caller that wants it puts one in
// the request's context (WithAnswer); the client fills it in when the call
// returns data.
//
// A board needs this behind a hub or cache: an answer the hub serves from
// its cache while the service is down (stale-if-error) is a good answer by
// status and body, and its CurrentTimestamp stands still. Only the HTTP
// headers say how old it is (Age, RFC 9111 section 5.1) and that it is
// stale (Warning 110, 111 or 112), and only they mark a simulation
// (Abfahrt-Simulated).
type Answer struct {
	// Age is how old the data was when the answer arrived: the Age header
	// of the hub or cache that served it, plus the time the answer spent in
	// this client's own cache. AgeKnown is false when no Age header came
	// (an answer straight from the service).
	Age      time.Duration
	AgeKnown bool
	// Stale is set when the server said the answer is stale (Warning 110
	// "Response is Stale", 111 "Revalidation Failed", 112 "Disconnected
	// Operation"): the last good answer of a hub whose upstream fails.
	Stale bool
	// Simulated is set when the answer comes from abfahrt's simulation
	// (directly or through hubs), never from a real service.
	Simulated bool
	// Replay is the day an answer of abfahrt replay was recorded
	// ("2026-09-10"); empty for a live answer.
	Replay string
}

type answerKey struct{}

// WithAnswer returns a context whose request reports its Answer in a.
func WithAnswer(ctx context.Context, a *Answer) context.Context {
	return context.WithValue(ctx, answerKey{}, a)
}

// report fills the caller's Answer, if it asked for one, from entry e at
// time now.
func report(ctx context.Context, e *entry, now time.Time) {
	a, _ := ctx.Value(answerKey{}).(*Answer)
	if a == nil || e == nil {
		return
	}
	*a = Answer{Stale: e.stale, Simulated: e.simulated, Replay: e.replay, AgeKnown: e.ageKnown}
	if e.ageKnown {
		a.Age = e.age + max(now.Sub(e.fetched), 0)
	}
}

// maxAge caps an Age header believed: a larger one (past the 24 h of base
// data and more) is a broken or hostile cache; it still counts as known
// and old.
const maxAge = 7 * 24 * time.Hour

// readMeta records in e what the headers h of its answer say of its age,
// staleness and origin.
func readMeta(e *entry, h http.Header) {
	if v := strings.TrimSpace(h.Get("Age")); v != "" && strings.Trim(v, "0123456789") == "" {
		e.age, e.ageKnown = min(time.Duration(min(wire.ParseAge(v), int64(maxAge/time.Second)))*time.Second, maxAge), true
	}
	e.stale = wire.StaleWarning(h)
	e.simulated = strings.TrimSpace(h.Get(wire.SimulatedHeader)) == "1"
	e.replay = ""
	if d, err := time.Parse(time.DateOnly, strings.TrimSpace(h.Get(wire.ReplayHeader))); err == nil {
		e.replay = d.Format(time.DateOnly) // a date, nothing else reaches the board
	}
}
