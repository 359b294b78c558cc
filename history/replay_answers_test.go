package history

import (
	"context"
	"strings"
	"testing"
	"time"
)

// The base data a recording keeps: once a day and when they change
// (OnChange), the ones in force at a time (else the first kept), and
// pruning keeps the newest of each kind, so that an old recording still
// has its stops; the boards' raw answers go as before.
func TestBaseAnswers(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		var on OnChange
		body := func(name, stamp string) []byte {
			return []byte(`{"StopAttributes":{"CurrentTimestamp":"` + stamp + `","StopData":[{"StopName":"` + name + `"}]}}`)
		}
		var kept []Answer
		for i, c := range []struct {
			at   time.Duration
			name string
			keep bool
		}{
			{0, "Hauptbahnhof", true},
			{time.Hour, "Hauptbahnhof", false},     // the same, but for its time
			{2 * time.Hour, "Ulm Hbf", true},       // changed
			{3 * time.Hour, "Ulm Hbf", false},      // the same
			{26 * time.Hour, "Ulm Hbf", true},      // a new day
			{27 * time.Hour, "Hauptbahnhof", true}, // changed back
		} {
			a := Answer{Subject: SubjectBase("stop", "basic"), At: t0.Add(c.at), Gzip: Gzip(body(c.name, t0.Add(c.at).Format(time.RFC3339)))}
			if got := on.Pass(a); got != c.keep {
				t.Errorf("answer %d (%s at +%v): kept %v, want %v", i, c.name, c.at, got, c.keep)
			}
			if c.keep {
				kept = append(kept, a)
			}
		}
		board := Answer{Subject: "stop/1008", At: t0, Gzip: Gzip([]byte(`{}`))}
		first, again := on.Pass(board), on.Pass(board)
		if !first || !again {
			t.Error("a board's answer is kept once a day only")
		}
		if err := s.SaveAnswers(ctx, append(kept, board)); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			at   time.Duration
			want string
		}{
			{-time.Hour, "Hauptbahnhof"}, // before the recording: its first base data
			{90 * time.Minute, "Hauptbahnhof"}, {2 * time.Hour, "Ulm Hbf"}, {30 * time.Hour, "Hauptbahnhof"},
		} {
			got, _, ok, err := s.BaseAnswer(ctx, SubjectBase("stop", "basic"), t0.Add(c.at))
			if err != nil || !ok || !strings.Contains(string(got), `"`+c.want+`"`) {
				t.Errorf("base data at +%v: %s %v %v, want %s", c.at, got, ok, err, c.want)
			}
		}
		if n, err := s.PruneAnswers(ctx, t0.Add(100*time.Hour)); err != nil || n != 4 {
			t.Errorf("pruned %d (%v), want the board and 3 of the 4 base data", n, err)
		}
		if got, _, ok, _ := s.BaseAnswer(ctx, SubjectBase("stop", "basic"), t0); !ok || !strings.Contains(string(got), "Hauptbahnhof") {
			t.Errorf("after pruning: %s %v, want the newest base data", got, ok)
		}
	})
}
