package histout

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"time"

	"abfahrt/feed"
	"abfahrt/history"
	"abfahrt/internal/progress"
	"abfahrt/internal/recording"
	"abfahrt/internal/textout"
	"abfahrt/model"
)

// RecordOptions are what `abfahrt record` records, where and how long.
type RecordOptions struct {
	// Client asks the service; Name is the service as said to the user.
	Client *feed.Client
	Name   string
	// Subjects are the boards named; All adds every stop of the network.
	Subjects []history.Subject
	All      bool
	// DB is the history database; Interval how often a board is asked.
	DB       string
	Interval time.Duration
	// KeepingRaw keeps the raw answers, for RawFor (0: all); Keep prunes
	// departures older than it (0: keep all); For ends the recording (0:
	// until ctx ends).
	KeepingRaw bool
	RawFor     time.Duration
	Keep       time.Duration
	For        time.Duration
	// Stdout takes the summary, Stderr the log lines and the progress
	// line; Logger, if not nil, the log lines too.
	Stdout, Stderr io.Writer
	Logger         *slog.Logger
}

// Record runs r, whose client's raw answers it keeps (recording.Keep),
// over the boards of o until o.For has passed or ctx ends, and prints
// what it saved.
func Record(ctx context.Context, r *history.Recorder, o RecordOptions) error {
	subjects := o.Subjects
	if o.KeepingRaw {
		// The arrivals of the boards named; not of every stop (--all),
		// whose departures would be polled half as often.
		subjects = recording.WithArrivals(subjects)
	}
	if o.All {
		sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		list, err := o.Client.Stops(sctx, model.ScopeBasic, 0)
		cancel()
		if err != nil {
			return fmt.Errorf("--all: the list of stops: %w", err)
		}
		for _, s := range list {
			subjects = append(subjects, history.Subject{Stop: s.StopNumber})
		}
	}
	store, err := history.Open(ctx, o.DB, history.Options{})
	if err != nil {
		return err
	}
	defer func() { _ = store.Close() }()
	r.Store, r.Source, r.Subjects, r.Interval = store, o.Client, subjects, o.Interval
	defer recording.StartExtras(ctx, o.Client, o.Interval, o.KeepingRaw, o.All && o.KeepingRaw)()
	every := max(o.Interval, time.Duration(float64(len(subjects))/history.MaxRate*float64(time.Second)))
	_, _ = fmt.Fprintf(o.Stderr, "abfahrt: recording %s from %s into %s, each every %v\n", textout.Plural(len(subjects), "board", "boards"), o.Name, store.Name(), every.Round(time.Second))
	logf, infof := recordLog(o, slog.LevelError), recordLog(o, slog.LevelInfo)
	start := time.Now()
	stopProgress := progress.Record(ctx, o.Stderr, r, o.Client)
	err = r.Run(ctx, history.RunOptions{For: o.For, Keep: o.Keep, KeepRaw: o.RawFor, Logf: logf, Infof: infof})
	stopProgress()
	_, _ = fmt.Fprintln(o.Stdout, RecordSummary(r, store.Name(), time.Since(start)))
	return err
}

// recordLog is the record command's log at level: a line on stderr, and
// in the log file with --log.
func recordLog(o RecordOptions, level slog.Level) func(format string, a ...any) {
	return func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		_, _ = fmt.Fprintf(o.Stderr, "abfahrt: record: %s\n", msg)
		if o.Logger != nil {
			o.Logger.Log(context.Background(), level, "record: "+msg)
		}
	}
}

// StopNames names stop numbers from the service's base data when c (nil:
// none) answers, else by number.
func StopNames(ctx context.Context, c *feed.Client) func(int) string {
	byNumber := map[int]string{}
	if c != nil {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		if list, err := c.Stops(cctx, model.ScopeBasic, 0); err == nil {
			for _, s := range list {
				byNumber[s.StopNumber] = s.StopName
			}
		}
		cancel()
	}
	return func(n int) string {
		if name := byNumber[n]; name != "" {
			return name + " (" + strconv.Itoa(n) + ")"
		}
		return strconv.Itoa(n)
	}
}
