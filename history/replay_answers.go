package history

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"abfahrt/model"
)

// The subjects of the raw answers a recording keeps besides the
// departure boards ("stop/1008", "stoppoint/135001"): what a replay
// serves as it was recorded.
const (
	// SubjectTrips is the trips of all vehicles (vehicle/trip/Trip).
	SubjectTrips = "trips"
	// SubjectAlerts is the unplanned alerts (passenger/alert/UnplannedAlert).
	SubjectAlerts = "alerts"
	// SubjectSimulated marks a recording of abfahrt's simulation (its
	// answers carried the simulation's marker).
	SubjectSimulated = "simulated"
)

// SubjectBase is the subject of a kind of base data ("stop", "stoppoint",
// "route", "vehicle") in a content scope ("basic", "extended"): the
// whole list, as the service answered it.
func SubjectBase(kind, scope string) string { return "base/" + kind + "/" + scope }

// BaseAnswer returns the body (uncompressed) of the base data answer of
// subject in force at at: the last one kept at or before it, else the
// first one after it (a recording's base data are asked when it starts;
// a replay from before that still uses them). ok false when none is kept.
func (s *Store) BaseAnswer(ctx context.Context, subject string, at time.Time) (body []byte, when time.Time, ok bool, err error) {
	if s.version < 4 {
		return nil, time.Time{}, false, nil
	}
	body, when, ok, err = s.answerQuery(ctx, `SELECT at, body FROM answers WHERE subject = ? AND at <= ? ORDER BY at DESC LIMIT 1`, subject, at.Unix())
	if err != nil || ok {
		return body, when, ok, err
	}
	return s.answerQuery(ctx, `SELECT at, body FROM answers WHERE subject = ? AND at > ? ORDER BY at LIMIT 1`, subject, at.Unix())
}

// HasAnswers reports whether any raw answer of subject is kept.
func (s *Store) HasAnswers(ctx context.Context, subject string) (bool, error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	if s.version < 4 {
		return false, nil
	}
	var n int
	err := s.db.QueryRowContext(ctx, s.bind(`SELECT 1 FROM answers WHERE subject = ? LIMIT 1`), subject).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, s.wrap("reading raw answers", err)
}

// StopPointsRecorded reports whether any departure of the stop points was ever
// recorded: a stop whose boards were never polled is not in the
// recording (a replay says so rather than show it empty).
func (s *Store) StopPointsRecorded(ctx context.Context, points []string) (bool, error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	for _, p := range points {
		var n int
		err := s.db.QueryRowContext(ctx, s.bind(`SELECT 1 FROM departures WHERE stop_point = ? LIMIT 1`), p).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return false, s.wrap("reading the recorded boards", err)
		}
		return true, nil
	}
	return false, nil
}

func (s *Store) answerQuery(ctx context.Context, q string, args ...any) ([]byte, time.Time, bool, error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	var when int64
	var gz []byte
	err := s.db.QueryRowContext(ctx, s.bind(q), args...).Scan(&when, &gz)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, time.Time{}, false, nil
	}
	if err != nil {
		return nil, time.Time{}, false, s.wrap("reading raw answers", err)
	}
	body, err := gunzip(gz)
	if err != nil {
		return nil, time.Time{}, false, s.wrap("reading raw answers", err)
	}
	return body, time.Unix(when, 0), true, nil
}

// stampValue matches the CurrentTimestamp member of an answer, which
// changes with every answer while what it says may not.
var stampValue = regexp.MustCompile(`"CurrentTimestamp":\s*"[^"]*"`)

// OnChange passes the answers of subjects that change seldom (base data,
// the recording's origin) only when they say something new: the first
// one, one whose body (but for its CurrentTimestamp) differs from the
// last passed, and the first of each service day. Every other subject
// always passes. Safe for concurrent use.
type OnChange struct {
	mu   sync.Mutex
	last map[string]onChangeSeen
}

type onChangeSeen struct {
	day int
	sum [32]byte
}

// Pass reports whether to keep a.
func (o *OnChange) Pass(a Answer) bool {
	if !Seldom(a.Subject) {
		return true
	}
	plain, err := gunzip(a.Gzip)
	if err != nil {
		return false
	}
	seen := onChangeSeen{day: ServiceDayOf(a.At.In(model.Berlin)), sum: sha256.Sum256(stampValue.ReplaceAll(plain, nil))}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.last == nil {
		o.last = map[string]onChangeSeen{}
	}
	if prev, ok := o.last[a.Subject]; ok && prev == seen {
		return false
	}
	o.last[a.Subject] = seen
	return true
}

// Seldom reports whether subject is one that changes seldom and is kept
// even without the raw answers (record without --keep-raw): base data
// and the recording's origin.
func Seldom(subject string) bool {
	return strings.HasPrefix(subject, "base/") || subject == SubjectSimulated
}

// simulatedBody is the body kept under SubjectSimulated.
var simulatedBody = []byte(`{"Simulated":true}`)

// SimulatedAnswer is the answer that marks a recording of the simulation
// at at.
func SimulatedAnswer(at time.Time) Answer {
	return Answer{Subject: SubjectSimulated, At: at, Gzip: Gzip(simulatedBody)}
}

// SimulatedAt reports whether the recording was of abfahrt's simulation
// (a SimulatedAnswer kept).
func (s *Store) SimulatedAt(ctx context.Context) (bool, error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	body, _, ok, err := s.BaseAnswer(ctx, SubjectSimulated, time.Now())
	return ok && bytes.Equal(body, simulatedBody), err
}
