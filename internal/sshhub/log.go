package sshhub

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// LogPerSecond is how many per-connection SSH lines (logins, refusals,
// sessions, closed connections) the log takes in a second. A flood of
// refused logins from the network must not flood the log (or the disk
// under journald): lines over it are counted and summed up in one line.
const LogPerSecond = 20

// limitedLog writes at most perSec lines a second to log and then one
// line saying how many it left out.
type limitedLog struct {
	log    *slog.Logger
	perSec int

	mu         sync.Mutex
	window     time.Time // start of the current second
	n          int       // lines written in it
	suppressed int       // lines left out since the last summary
	flushing   bool      // a summary is scheduled
}

func newLimitedLog(log *slog.Logger, perSec int) *limitedLog {
	return &limitedLog{log: log, perSec: perSec}
}

func (l *limitedLog) Info(msg string, args ...any) { l.write(slog.LevelInfo, msg, args...) }

func (l *limitedLog) Warn(msg string, args ...any) { l.write(slog.LevelWarn, msg, args...) }

func (l *limitedLog) write(level slog.Level, msg string, args ...any) {
	now := time.Now()
	l.mu.Lock()
	if now.Sub(l.window) >= time.Second {
		l.window, l.n = now, 0
	}
	if l.n >= l.perSec {
		l.suppressed++
		if !l.flushing {
			// The summary comes when the second is over, even if no
			// line follows the flood.
			l.flushing = true
			time.AfterFunc(time.Second-now.Sub(l.window), l.flush)
		}
		l.mu.Unlock()
		return
	}
	l.n++
	l.mu.Unlock()
	l.log.Log(context.Background(), level, msg, args...)
}

// flush writes the summary of the lines left out.
func (l *limitedLog) flush() {
	l.mu.Lock()
	k := l.suppressed
	l.suppressed, l.flushing = 0, false
	l.mu.Unlock()
	if k > 0 {
		l.log.Warn("ssh: log lines suppressed", "suppressed", k, "limit_per_second", l.perSec)
	}
}
