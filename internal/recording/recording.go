// Package recording is the wiring of abfahrt's history: what a recorder
// keeps of the service's raw answers (Tap), what it asks besides the
// boards (Extras), and a recording served as a mobility/v1 service
// (OpenReplay).
package recording

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"time"

	"abfahrt/history"
)

// ParseAge reads a duration that may be given in days: 90d, 36h, 1d12h.
func ParseAge(s string) (time.Duration, error) {
	var days int
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a duration such as 90d or 36h", s)
		}
		days, s = n, s[i+1:]
		if s == "" {
			return time.Duration(days) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a duration such as 90d or 36h", s)
	}
	return time.Duration(days)*24*time.Hour + d, nil
}

// DB is --db, or the default SQLite file in the state directory.
func DB(db, stateDir string) string {
	if db != "" {
		return db
	}
	return history.DefaultPath(stateDir)
}

// RedactDSN hides a password in a postgres:// URL.
func RedactDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		return u.Redacted()
	}
	return dsn
}

// HandlerTransport carries requests to an http.Handler in process.
type HandlerTransport struct{ H http.Handler }

// RoundTrip serves req by the handler.
func (t HandlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.H.ServeHTTP(rec, req)
	return rec.Result(), nil
}
