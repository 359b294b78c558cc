package kiosk

import (
	"errors"
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// Issue 34 item 4: right after a recovery the banner, which stays for
// BannerClearAnswers good answers, names the outage's time (the last good
// data before it), not the answer that just came; a second outage names
// its own.
func TestKioskBannerAfterRecoveryNamesTheOutage(t *testing.T) {
	for _, c := range []struct{ lang, outage, recovery string }{
		{"en", "Data delayed since 12:34", "Data delayed since 12:3"},
		{"de", "Daten veraltet seit 12:34", "Daten veraltet seit 12:3"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			e := newEnv(t, 200, 50, app.KioskOptions{}, c.lang) // good data at 12:34:56
			e.src.SetErr(errors.New("503 service unavailable"))
			for range 6 { // a minute and a half without an answer: the clock passes 12:36
				e.advance(feeds.DefaultInterval)
				e.poll()
			}
			e.advance(time.Second)
			if v := e.screen(); !strings.Contains(v, c.outage) {
				t.Fatalf("no %q during the outage:\n%s", c.outage, v)
			}
			e.src.SetErr(nil)
			e.poll() // the service answers again at 12:36:27
			e.advance(time.Second)
			v := e.screen()
			if !strings.Contains(v, c.recovery) {
				t.Fatalf("the banner went with the first good answer:\n%s", v)
			}
			if !strings.Contains(v, c.outage) {
				t.Errorf("right after the recovery the banner names the answer that came, not the outage (%q):\n%s", c.outage, bannerLine(v))
			}
			e.advance(feeds.DefaultInterval)
			e.poll()
			e.advance(time.Second)
			if v := e.screen(); strings.Contains(v, c.recovery) {
				t.Fatalf("the banner stayed after %d good answers:\n%s", BannerClearAnswers, bannerLine(v))
			}
			// A second outage names its own time, not the first one's.
			e.src.SetErr(errors.New("503 service unavailable"))
			for range 3 {
				e.advance(feeds.DefaultInterval)
				e.poll()
			}
			e.advance(time.Second)
			if v := e.screen(); !strings.Contains(v, c.recovery+"6") {
				t.Errorf("a second outage after 12:36:42 says:\n%s", bannerLine(v))
			}
		})
	}
}

// bannerLine is the line of screen v that holds the banner, or v.
func bannerLine(v string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "Data delayed") || strings.Contains(l, "Daten veraltet") {
			return strings.TrimSpace(l)
		}
	}
	return v
}
