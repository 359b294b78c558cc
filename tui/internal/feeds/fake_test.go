package feeds

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// fakeSource answers every board request with one departure stamped ts,
// or with err, and records what it was asked. The other methods answer
// nothing.
type fakeSource struct {
	mu     sync.Mutex
	ts     time.Time // the CurrentTimestamp of the next answers
	err    error     // the error of the next answers
	calls  []Subject // board requests, in order
	limits []int     // their limits
	ctxs   []context.Context
}

func (f *fakeSource) board(ctx context.Context, s Subject, limit int) (model.Board, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls, f.limits, f.ctxs = append(f.calls, s), append(f.limits, limit), append(f.ctxs, ctx)
	if f.err != nil {
		return model.Board{}, f.err
	}
	return model.Board{StopNumber: s.Stop, Limit: limit, Timestamp: model.Time{Time: f.ts},
		Events: []model.Event{{RouteName: "2", DirectionText: "Kuhberg"}}}, nil
}

func (f *fakeSource) StopDepartures(ctx context.Context, stop, limit int) (model.Board, error) {
	return f.board(ctx, Subject{Stop: stop}, limit)
}

func (f *fakeSource) StopArrivals(ctx context.Context, stop, limit int) (model.Board, error) {
	return f.board(ctx, Subject{Stop: stop, Arrivals: true}, limit)
}

func (f *fakeSource) StopPointDepartures(ctx context.Context, c model.StopPointCode, limit int) (model.Board, error) {
	return f.board(ctx, Subject{Point: c}, limit)
}

func (f *fakeSource) StopPointArrivals(ctx context.Context, c model.StopPointCode, limit int) (model.Board, error) {
	return f.board(ctx, Subject{Point: c, Arrivals: true}, limit)
}

func (*fakeSource) Routes(context.Context, model.Scope, int) ([]model.Route, error) { return nil, nil }
func (*fakeSource) Stops(context.Context, model.Scope, int) ([]model.Stop, error)   { return nil, nil }
func (*fakeSource) StopPoints(context.Context, model.Scope, model.StopPointCode) ([]model.StopPoint, error) {
	return nil, nil
}
func (*fakeSource) Vehicles(context.Context, model.Scope, int) ([]model.Vehicle, error) {
	return nil, nil
}
func (*fakeSource) Trips(context.Context, int) ([]model.Trip, error) { return nil, nil }
func (*fakeSource) Passages(context.Context, int, model.Range) (model.VehiclePassages, error) {
	return model.VehiclePassages{}, nil
}
func (*fakeSource) Pattern(context.Context, int, model.PatternScope) (model.Pattern, error) {
	return model.Pattern{}, nil
}
func (*fakeSource) Alert(context.Context) (model.Alert, error) { return model.Alert{}, nil }

// requests returns the limits asked for so far.
func (f *fakeSource) requests() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]int(nil), f.limits...)
}

// t0 is a weekday morning in Ulm.
var t0 = time.Date(2026, 11, 23, 7, 30, 0, 0, model.Berlin)

// interval is the poll interval of the rigs.
const interval = DefaultInterval

// rig is a feed State on a fake source and a local clock that moves only
// when a test moves it.
type rig struct {
	t   *testing.T
	src *fakeSource
	sh  *State
	now time.Time // the local clock: when answers arrive
}

func newRig(t *testing.T) *rig {
	t.Helper()
	r := &rig{t: t, src: &fakeSource{ts: t0}, now: t0}
	r.sh = &State{Ctx: t.Context(), Source: r.src, Clock: func() time.Time { return r.now }, Local: t0,
		Policy: NewPolicy(interval, 1), Limit: 20, Reg: NewRegistry()}
	return r
}

// run executes a command that answers at once (never a tea.Tick).
func (r *rig) run(cmd tea.Cmd) tea.Msg {
	r.t.Helper()
	if cmd == nil {
		r.t.Fatal("no command")
	}
	return cmd()
}

// start turns a tick into the request it starts (nil when none).
func (r *rig) start(msg TickMsg) tea.Cmd {
	r.t.Helper()
	_, cmd, ok := r.sh.Reg.Tick(r.sh, msg)
	if !ok {
		r.t.Fatalf("the tick %+v is no feed's", msg)
	}
	return cmd
}

// fetch runs a request, the local clock at its answer being r.now.
func (r *rig) fetch(cmd tea.Cmd) AnswerMsg {
	r.t.Helper()
	msg, ok := r.run(cmd).(AnswerMsg)
	if !ok {
		r.t.Fatalf("the request answered %T", msg)
	}
	return msg
}

// receive hands an answer to the State as the root's Update does: the
// service clock first, then the registry. It returns the command.
func (r *rig) receive(msg AnswerMsg) tea.Cmd {
	r.t.Helper()
	r.sh.ObserveMsg(msg)
	_, cmd, ok := r.sh.Reg.Receive(r.sh, msg)
	if !ok {
		r.t.Fatalf("the answer %d was not taken", msg.Seq)
	}
	return cmd
}

// poll runs e's due tick at local time at to its answer, as the source
// gives it, and returns the answer received.
func (r *rig) poll(e *Entry, at time.Time) AnswerMsg {
	r.t.Helper()
	r.now, r.sh.Local = at, at
	cmd := r.start(TickMsg{Key: e.Key, Gen: e.Poll.Gen})
	if cmd == nil {
		r.t.Fatal("the due tick starts no request")
	}
	msg := r.fetch(cmd)
	r.receive(msg)
	return msg
}

// errFailing is a service that does not answer.
var errFailing = errors.New("dial tcp: connect: connection refused")
