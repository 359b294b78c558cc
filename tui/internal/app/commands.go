package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
)

// baseDataTimeout bounds the one-off load of base data for the search.
const baseDataTimeout = 30 * time.Second

// ClockCmd delivers the next clockMsg on the next whole second. The clock
// is a display clock, not a poll, so aligning every client to the second
// is what we want: countdowns change when the wall clock does.
func ClockCmd(now func() time.Time) tea.Cmd {
	return tea.Every(time.Second, func(time.Time) tea.Msg { return ClockMsg{Now: now()} })
}

// Backoff of the base data load after a failure: 30 s, doubling, at most
// 10 minutes.
const (
	baseRetryBase = 30 * time.Second
	baseRetryMax  = 10 * time.Minute
)

// baseRetryCmd asks for the base data again after d.
func baseRetryCmd(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return BaseRetryMsg{} })
}

// baseDataDelay is how long the base data load waits at start, so that
// the first departures are painted first; baseDataMaxWait how long it
// waits at most for the first answer when it is told of it.
const (
	baseDataDelay   = 150 * time.Millisecond
	baseDataMaxWait = 2 * time.Second
)

// BaseDataCmd loads the base data for the search: stops, stop points,
// routes and vehicles, concurrently. The client's disk cache makes this
// cheap after the first start of the day.
func BaseDataCmd(parent context.Context, src feeds.Source) tea.Cmd {
	return baseDataAfter(parent, src, nil)
}

// baseDataAfter is baseDataCmd that starts a frame after first closes (the
// first answer of the board is in, and its rows are painted at once or
// within one frame gap), or after baseDataMaxWait; with first nil, after
// baseDataDelay.
func baseDataAfter(parent context.Context, src feeds.Source, first <-chan struct{}) tea.Cmd {
	return func() tea.Msg {
		// Let the first board's request go first: on a small machine the
		// four base data answers (the search's) would otherwise delay the
		// first departure rows (the embedded simulation answers them as
		// soon as it is built, with the board's request).
		wait := baseDataDelay
		if first != nil {
			wait = baseDataMaxWait
		}
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-t.C:
		case <-first:
			// Then one frame more: the renderer paints the first rows
			// within a frame gap, which the load would otherwise delay.
			t.Reset(time.Second/MaxFPS + baseDataDelay/5)
			select {
			case <-t.C:
			case <-parent.Done():
			}
		case <-parent.Done():
		}
		ctx, cancel := context.WithTimeout(parent, baseDataTimeout)
		defer cancel()
		var (
			msg  BaseDataMsg
			wg   sync.WaitGroup
			errs [4]error
		)
		wg.Add(4)
		go func() {
			defer wg.Done()
			msg.Stops, errs[0] = src.Stops(ctx, model.ScopeBasic, 0)
		}()
		go func() {
			defer wg.Done()
			msg.Points, errs[1] = src.StopPoints(ctx, model.ScopeBasic, "")
		}()
		go func() {
			defer wg.Done()
			msg.Routes, errs[2] = src.Routes(ctx, model.ScopeExtended, 0)
		}()
		go func() {
			defer wg.Done()
			msg.Vehicles, errs[3] = src.Vehicles(ctx, model.ScopeBasic, 0)
		}()
		wg.Wait()
		names := [4]string{"stops", "stop points", "lines", "vehicles"}
		var all []error
		for i, err := range errs {
			if err != nil {
				all = append(all, fmt.Errorf("%s: %w", names[i], err))
			}
		}
		msg.Err = errors.Join(all...)
		return msg
	}
}

// BaseDataAtStart is the base data load of Init: it starts when the first
// answer is in (firstAnswer), so the first departure rows do not share the
// service (and, with the embedded simulation, the processor) with it.
func (sh *Shared) BaseDataAtStart() tea.Cmd {
	sh.firstIn = make(chan struct{})
	return baseDataAfter(sh.Ctx, sh.Source, sh.firstIn)
}

// FirstAnswer starts the waiting base data load on the first answer of a
// board, good or not.
func (sh *Shared) FirstAnswer(msg tea.Msg) {
	if msg, ok := msg.(feeds.AnswerMsg); ok && msg.Key.Kind == feeds.FeedBoard && sh.firstIn != nil {
		close(sh.firstIn)
		sh.firstIn = nil
	}
}

// ReceiveBase takes a base data load: what loaded replaces the base data;
// after a failure it returns the retry, with backoff, until every part is
// there: a board started during an outage gets its search (and names) once
// the service is back, the parts that loaded coming from the client's cache.
func (sh *Shared) ReceiveBase(msg BaseDataMsg) tea.Cmd {
	sh.BaseBusy = false
	sh.BaseErr = msg.Err
	if len(msg.Stops)+len(msg.Points)+len(msg.Routes)+len(msg.Vehicles) > 0 {
		sh.Base = newBaseData(msg, sh.Texts)
	}
	if msg.Err == nil {
		sh.BaseFails = 0
		return nil
	}
	sh.BaseFails++
	return baseRetryCmd(feed.NextDelay(baseRetryBase, baseRetryMax, sh.BaseFails-1))
}

// RetryBase loads the base data again.
func (sh *Shared) RetryBase() tea.Cmd {
	sh.BaseBusy = true
	return BaseDataCmd(sh.Ctx, sh.Source)
}
