package history

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BoardAt: what the board showed at a moment (first seen by then, still
// seen within the window, not departed), in due order; nothing before
// the recording, after it, or at a stop point not recorded.
func TestBoardAt(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		a := ev("6", t0.Add(5*time.Minute), 60) // seen 06:55-07:06, left 07:06
		a.FirstSeen, a.LastSeen = t0.Add(-5*time.Minute).Unix(), t0.Add(6*time.Minute).Unix()
		b := ev("4", t0.Add(3*time.Minute), 0) // vanished: last seen 07:01
		b.Actual, b.Vanished, b.FirstSeen, b.LastSeen = 0, true, t0.Add(-5*time.Minute).Unix(), t0.Add(time.Minute).Unix()
		c := ev("2", t0.Add(20*time.Minute), 0) // open at the end: first seen 07:02, last 07:10
		c.Actual, c.FirstSeen, c.LastSeen = 0, t0.Add(2*time.Minute).Unix(), t0.Add(10*time.Minute).Unix()
		if err := s.Save(ctx, []Event{a, b, c}); err != nil {
			t.Fatal(err)
		}
		first, last, err := s.Span(ctx)
		if err != nil || first.Unix() != a.FirstSeen || last.Unix() != c.LastSeen {
			t.Errorf("span %v-%v (%v), want 06:55-07:10", first, last, err)
		}
		lines := func(at time.Time, points ...string) string {
			evs, err := s.BoardAt(ctx, points, at, 20*time.Second, 100)
			if err != nil {
				t.Fatal(err)
			}
			out := ""
			for _, e := range evs {
				out += e.Line + " "
			}
			return out
		}
		for _, c := range []struct {
			at   time.Time
			want string
		}{
			{t0.Add(-6 * time.Minute), ""},                 // before the recording
			{t0, "4 6 "},                                   // due order
			{t0.Add(time.Minute + 10*time.Second), "4 6 "}, // b last seen 10 s ago
			{t0.Add(time.Minute + 30*time.Second), "6 "},   // b vanished
			{t0.Add(3 * time.Minute), "6 2 "},
			{t0.Add(6*time.Minute + 5*time.Second), "2 "}, // a departed at 07:06
			{t0.Add(10*time.Minute + 15*time.Second), "2 "},
			{t0.Add(11 * time.Minute), ""}, // after the recording
		} {
			if got := lines(c.at, "100801"); got != c.want {
				t.Errorf("board at %s: %q, want %q", c.at.Format("15:04:05"), got, c.want)
			}
		}
		if got := lines(t0, "124001"); got != "" {
			t.Errorf("a stop point not recorded: %q", got)
		}
	})
}

// Raw answers (record --keep-raw): kept gzip-compressed through the
// recorder's flush; the last at or before a time within the window;
// pruned by age.
func TestAnswers(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		r := &Recorder{Store: s, Subjects: []Subject{{Stop: 1008}}, Interval: 15 * time.Second}
		for i := range 4 {
			r.KeepAnswer(Answer{Subject: "stop/1008", At: t0.Add(time.Duration(i) * 15 * time.Second), Gzip: Gzip([]byte(fmt.Sprintf(`{"poll":%d}`, i)))})
		}
		if _, err := r.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			at   time.Duration
			want string
		}{
			{-time.Second, ""}, {0, `{"poll":0}`}, {20 * time.Second, `{"poll":1}`}, {45 * time.Second, `{"poll":3}`},
			{74 * time.Second, `{"poll":3}`}, {76 * time.Second, ""}, // 31 s after the last: beyond the window
		} {
			body, _, ok, err := s.AnswerAt(ctx, "stop/1008", t0.Add(c.at), 30*time.Second)
			if err != nil || string(body) != c.want || ok != (c.want != "") {
				t.Errorf("answer at %v: %q %v %v, want %q", c.at, body, ok, err, c.want)
			}
		}
		if _, _, ok, _ := s.AnswerAt(ctx, "stop/1240", t0, time.Minute); ok {
			t.Error("an answer for a stop not recorded")
		}
		if n, err := s.PruneAnswers(ctx, t0.Add(30*time.Second)); err != nil || n != 2 {
			t.Errorf("pruned %d (%v), want 2", n, err)
		}
		if _, _, ok, _ := s.AnswerAt(ctx, "stop/1008", t0.Add(20*time.Second), 30*time.Second); ok {
			t.Error("a pruned answer is still there")
		}
	})
}
