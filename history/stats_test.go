package history

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// The stats read from line_days (the delays counted per line and day,
// kept by triggers) equal the stats read from every departure, through
// departures written open then departed, vanished then back and departed,
// re-written with a new actual time, and pruned; with Since inside a
// service day (that day read from the departures, the rest counted).
func TestStatsCountedEqualRaw(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		var evs []Event
		for d := range 4 {
			for i := range 40 {
				line := []string{"4", "6", "N1"}[i%3]
				e := ev(line, t0.Add(time.Duration(d)*24*time.Hour+time.Duration(i)*7*time.Minute), int64((i*37+d*11)%400-60))
				e.Direction = []string{"Wiblingen", "Kuhberg"}[i%2]
				evs = append(evs, e)
			}
		}
		// First written open (no actual), as the recorder does.
		open := make([]Event, len(evs))
		for i, e := range evs {
			e.Actual = 0
			open[i] = e
		}
		if err := s.Save(ctx, open); err != nil {
			t.Fatal(err)
		}
		// Some vanish, one comes back and departs, one's actual changes.
		for i := range evs {
			if i%9 == 0 {
				evs[i].Actual, evs[i].Vanished = 0, true
			}
		}
		if err := s.Save(ctx, evs); err != nil {
			t.Fatal(err)
		}
		back := evs[9]
		back.Actual, back.Vanished = back.Scheduled+500, false
		moved := evs[10]
		moved.Actual += 45
		if err := s.Save(ctx, []Event{back, moved}); err != nil {
			t.Fatal(err)
		}
		compare := func(what string) {
			t.Helper()
			for _, q := range []StatsQuery{
				{Since: t0.Add(-time.Hour)},
				{Since: t0.Add(-time.Hour), By: "day"},
				{Since: t0.Add(3 * time.Hour), Line: "4"},
				{Since: t0.Add(27 * time.Hour), By: "day"},
				{Since: t0.Add(50 * time.Hour), Line: "N1", By: "day"},
				{Since: t0.Add(-time.Hour), Line: "none"},
			} {
				raw, err := s.statsRaw(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				counted, err := s.Stats(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(raw, counted) {
					t.Errorf("%s, %+v:\ncounted %+v\nraw     %+v", what, q, counted, raw)
				}
			}
		}
		compare("written")
		var got []Stat
		got, _ = s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour)})
		if len(got) != 3 || got[0].Departures+got[0].Vanished+got[1].Departures+got[1].Vanished+got[2].Departures+got[2].Vanished != 160 {
			t.Errorf("stats %+v, want 160 departures and vanished of 3 lines", got)
		}
		if _, err := s.Prune(ctx, t0.Add(30*time.Hour)); err != nil {
			t.Fatal(err)
		}
		compare("pruned")
		var zero int
		if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM line_days WHERE n <= 0`).Scan(&zero); err != nil || zero != 0 {
			t.Errorf("%d emptied counts left after pruning (%v)", zero, err)
		}
		// The migration fills line_days from the departures a database
		// already holds.
		if _, err := s.DB().ExecContext(ctx, `DELETE FROM line_days`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB().ExecContext(ctx, lineDaysFill); err != nil {
			t.Fatal(err)
		}
		compare("filled by the migration")
	})
}

// Headway where frequent: line 4 every 10 minutes at stop point 100801
// (observed gaps 10, 10, 20, 0 (bunched) ... minutes), line 6 every 30
// minutes (not frequent: no headway), both directions apart.
func TestStatsHeadway(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		var evs []Event
		delays := []int64{0, 0, 0, 600, 0, 0, 0, 0, 0, 0, 0} // the 4th 10 min late: a 20 min gap, then a 0 min one
		for i, d := range delays {
			evs = append(evs, ev("4", t0.Add(time.Duration(i)*10*time.Minute), d))
			back := ev("4", t0.Add(time.Duration(i)*10*time.Minute+time.Minute), 0)
			back.Direction = "Kuhberg"
			evs = append(evs, back)
		}
		for i := range 4 {
			evs = append(evs, ev("6", t0.Add(time.Duration(i)*30*time.Minute), 0))
		}
		if err := s.Save(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour), Stop: 1008})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 {
			t.Fatalf("stats %+v", got)
		}
		l4, l6 := got[0], got[1]
		// 20 gaps: 18 of 600 s, one of 1200 s, one of 0 s.
		if l4.HeadwayGaps != 20 || l4.HeadwayP50S == nil || *l4.HeadwayP50S != 600 || *l4.HeadwayP90S != 600 ||
			l4.HeadwayLongShare == nil || *l4.HeadwayLongShare != 0.05 {
			t.Errorf("line 4 headway: %s", headwayString(l4))
		}
		if l6.HeadwayGaps != 0 || l6.HeadwayP50S != nil {
			t.Errorf("line 6 every 30 min has a headway: %s", headwayString(l6))
		}
		if all, _ := s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour)}); len(all) != 2 || all[0].HeadwayP50S != nil {
			t.Errorf("headway without a stop: %+v", all)
		}
	})
}

func headwayString(s Stat) string {
	f := func(p *int) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	share := "-"
	if s.HeadwayLongShare != nil {
		share = fmt.Sprint(*s.HeadwayLongShare)
	}
	return fmt.Sprintf("%d gaps, p50 %s, p90 %s, long %s", s.HeadwayGaps, f(s.HeadwayP50S), f(s.HeadwayP90S), share)
}
