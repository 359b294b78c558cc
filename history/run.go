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
	// Logf reports errors and what was lost (nil: silent).
	Logf func(format string, a ...any)
	// Infof reports what is no error: a recovery, a pruning (nil: Logf).
	Infof func(format string, a ...any)
	// FinishWithin bounds the last flush when the run ends (0:
	// FinishTimeout).
	FinishWithin time.Duration
}

// FinishTimeout is how long a run that ends keeps trying to write what
// waits for the database: short enough for a service manager's stop
// (systemd waits 90 s), long enough for a database restarting.
const FinishTimeout = 15 * time.Second

// outage is a streak of failed writes: when it began (the first
// failure), how many failed, the last error said.
type outage struct {
	since time.Time
	tries int
	last  string
}

// Run polls every subject once per Interval, within MaxRate requests a
// second: with more subjects than the budget allows per interval, each is
// polled as often as the budget lets, oldest first. After every answer
// the changes are flushed; a failing database is retried and nothing is
// dropped meanwhile. It returns when ctx ends or opts.For has passed,
// after a last flush (whose failure it returns).
func (r *Recorder) Run(ctx context.Context, opts RunOptions) error {
	logf, infof := opts.Logf, opts.Infof
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if infof == nil {
		infof = logf
	}
	r.mu.Lock()
	r.warnf = logf
	r.mu.Unlock()
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
	var pollErr string
	var down outage
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
				infof("pruned %d departures older than %v", n, opts.Keep)
			}
		}
		if opts.KeepRaw > 0 {
			n, err := r.Store.PruneAnswers(ctx, at.Add(-opts.KeepRaw))
			if err != nil {
				logf("%v", err)
				return
			}
			if n > 0 {
				infof("pruned %d raw answers older than %v", n, opts.KeepRaw)
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
			return r.finishWithin(logf, opts.FinishWithin)
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
			infof("the service answers again")
			pollErr = ""
		}
		prune()
		_, err = r.Flush(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			if down.tries == 0 {
				down.since = time.Now()
			}
			down.tries++
			if err.Error() != down.last {
				logf("%v; keeping %d departures in memory (at most %d), retrying", err, r.Unsaved(), r.maxUnsaved())
				down.last = err.Error()
			}
		case err == nil && down.tries > 0:
			infof("%s", r.recovered(down))
			down = outage{}
		}
	}
}

// recovered words a recovery: since when the writes failed (the streak's
// first failure), how many, and where the saved counts stand.
func (r *Recorder) recovered(down outage) string {
	_, _, saved, _, dropped, _ := r.Counts()
	lost := ""
	if dropped > 0 {
		lost = fmt.Sprintf("; %d departures were dropped while it was away (the oldest)", dropped)
	}
	return fmt.Sprintf("writing to the history database again (failing since %s, %v, %s); saved by this run: %s%s",
		down.since.Format("15:04:05"), time.Since(down.since).Round(time.Second), plural(down.tries, "failed write", "failed writes"), saved, lost)
}

// String is the saved counts as the log says them.
func (s Saved) String() string {
	return fmt.Sprintf("%d departures (%d departed, %d vanished, %d still on the boards)", s.Departures, s.Departed, s.Vanished, s.OnBoards())
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// finish is finishWithin FinishTimeout.
func (r *Recorder) finish(logf func(string, ...any)) error { return r.finishWithin(logf, 0) }

// finishWithin flushes what is left, trying again every second within
// within (0: FinishTimeout); when it cannot, it logs how many departures
// were not saved and why, and returns that.
func (r *Recorder) finishWithin(logf func(string, ...any), within time.Duration) error {
	if within <= 0 {
		within = FinishTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	var err error
	for {
		if _, err = r.Flush(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			err = fmt.Errorf("%d departures not saved: the history database could not be written within %v of the stop: %w", r.Unsaved(), within, err)
			logf("%v", err)
			return err
		case <-time.After(time.Second):
		}
	}
}
