package history

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// MaxRate is the upstream budget of a recorder: at most this many
// requests a second on average (the real service is shared).
const MaxRate = 2.0

// RunOptions drive Recorder.Run.
type RunOptions struct {
	// For ends the run after this long (0: until ctx ends).
	For time.Duration
	// Keep prunes events scheduled longer ago than this (0: keep all),
	// at the start and every hour.
	Keep time.Duration
	// KeepRaw prunes the raw answers (KeepAnswer) older than this (0:
	// keep all), likewise.
	KeepRaw time.Duration
	// Logf reports errors and recoveries (nil: silent).
	Logf func(format string, a ...any)
}

// Run polls every subject once per Interval, within MaxRate requests a
// second: with more subjects than the budget allows per interval, each is
// polled as often as the budget lets, oldest first. After every answer
// the changes are flushed; a failing database is retried and nothing is
// dropped meanwhile. It returns when ctx ends or opts.For has passed,
// after a last flush (whose failure it returns).
func (r *Recorder) Run(ctx context.Context, opts RunOptions) error {
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if len(r.Subjects) == 0 {
		return errors.New("nothing to record")
	}
	if opts.For > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.For)
		defer cancel()
	}
	if err := r.Resume(ctx, time.Now()); err != nil {
		logf("cannot read the events a previous run left open: %v", err)
	}
	gap := time.Duration(float64(time.Second) / MaxRate)
	next := make([]time.Time, len(r.Subjects))
	start := time.Now()
	for i := range next {
		next[i] = start
	}
	var last time.Time
	var pruned time.Time
	var dbErr, pollErr string
	prune := func() {
		if opts.Keep <= 0 && opts.KeepRaw <= 0 || time.Since(pruned) < time.Hour {
			return
		}
		at := r.Latest()
		if at.IsZero() {
			at = time.Now()
		}
		if opts.Keep > 0 {
			n, err := r.Store.Prune(ctx, at.Add(-opts.Keep))
			if err != nil {
				logf("%v", err)
				return
			}
			if n > 0 {
				logf("pruned %d departures older than %v", n, opts.Keep)
			}
		}
		if opts.KeepRaw > 0 {
			n, err := r.Store.PruneAnswers(ctx, at.Add(-opts.KeepRaw))
			if err != nil {
				logf("%v", err)
				return
			}
			if n > 0 {
				logf("pruned %d raw answers older than %v", n, opts.KeepRaw)
			}
		}
		pruned = time.Now()
	}
	for {
		i := 0
		for j := range next {
			if next[j].Before(next[i]) {
				i = j
			}
		}
		at := next[i]
		if !last.IsZero() && last.Add(gap).After(at) {
			at = last.Add(gap)
		}
		select {
		case <-ctx.Done():
			return r.finish(logf)
		case <-time.After(time.Until(at)):
		}
		last = time.Now()
		next[i] = last.Add(r.Interval)
		pctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := r.Poll(pctx, i)
		cancel()
		switch {
		case err != nil && ctx.Err() == nil && err.Error() != pollErr:
			logf("%v (retrying)", err)
			pollErr = err.Error()
		case err == nil && pollErr != "":
			logf("the service answers again")
			pollErr = ""
		}
		prune()
		n, err := r.Flush(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			if err.Error() != dbErr {
				logf("%v; keeping %d departures in memory, retrying", err, r.Unsaved())
				dbErr = err.Error()
			}
		case err == nil && dbErr != "":
			logf("writing to the history database again: %d departures saved", n)
			dbErr = ""
		}
	}
}

// finish flushes what is left, retrying for a few seconds.
func (r *Recorder) finish(logf func(string, ...any)) error {
	var err error
	for try := 0; try < 5; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err = r.Flush(ctx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	logf("%v", err)
	return fmt.Errorf("%d departures could not be saved: %w", r.Unsaved(), err)
}
