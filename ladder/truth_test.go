// The measurement of issue 25 item 8 (ladder side): the ladder's
// classifications against the simulation's ground truth,
// (*sim.Service).Truth: go test -run TestLadderAgainstTruth -v ./ladder/

package ladder

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
)

// score counts one classification's hits against the truth.
type score struct{ tp, fp, fn int }

func (s score) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s score) recall() float64    { return ratio(s.tp, s.tp+s.fn) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func (s score) String() string {
	return fmt.Sprintf("precision %.2f recall %.2f (%d found, %d false, %d missed)", s.precision(), s.recall(), s.tp, s.fp, s.fn)
}

// Issue 25 item 8: over a simulated weekday (every 20 min, 06:00–22:00;
// every 40 min under the race detector)
// every line's ladder, built from what the service answers through the
// real client, against the simulation's truth at the same moment:
// bunched pairs (the two vehicles, whichever is ahead: the truth orders a
// pair by the timetable, the ladder by position), gaps (the hole in front
// of a vehicle), ghosts (by line,
// direction and scheduled start), stale vehicles (against the silent ones
// whose report is older than two intervals). Goal: at least 0.9 each.
func TestLadderAgainstTruth(t *testing.T) {
	const interval = 15 * time.Second
	var bunched, gap, ghost, stale score
	day := time.Date(2026, 9, 11, 6, 0, 0, 0, model.Berlin)
	step := 20 * time.Minute
	if raceEnabled {
		step = 40 * time.Minute // make test (-race): every other moment
	}
	for at := day; at.Before(day.Add(16 * time.Hour)); at = at.Add(step) {
		svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
		client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithoutCache())
		if err != nil {
			t.Fatal(err)
		}
		truth := svc.Truth(at)
		// A pair is the two vehicles, whichever is ahead: the truth orders
		// them by the timetable (a follower that overtook has a negative
		// headway), the ladder by where they are.
		type pairKey struct {
			line             string
			leader, follower int
		}
		pk := func(line string, a, b int) pairKey { return pairKey{line, min(a, b), max(a, b)} }
		type ghostKey struct {
			line  string
			dir   int
			start int64
		}
		trueFlag := map[pairKey]string{}
		trueGap := map[pairKey]bool{} // by follower (leader 0): the hole in front of it
		lines := map[string]bool{}
		for _, lt := range truth.Lines {
			lines[lt.Line] = true
			for _, p := range lt.Pairs {
				trueFlag[pk(lt.Line, p.Leader, p.Follower)] = p.Flag
				if p.Flag == "gap" {
					trueGap[pairKey{line: lt.Line, follower: p.Follower}] = true
				}
			}
		}
		trueGhost := map[ghostKey]bool{}
		for _, g := range truth.Ghosts {
			if at.Sub(g.Start) >= GhostAfter { // what the rule can see: 2 min past its start
				trueGhost[ghostKey{g.Line, g.Direction, g.Start.Unix()}] = true
				lines[g.Line] = true
			}
		}
		silent := map[int]bool{}
		for _, s := range truth.Silent {
			if s.Age > StaleIntervals*interval {
				silent[s.Vehicle] = true
			}
		}
		myFlag := map[pairKey]Flag{}
		myGap := map[pairKey]bool{}
		myGhost := map[ghostKey]bool{}
		myStale := map[int]bool{}
		for line := range lines {
			in, err := Gather(context.Background(), client, line, interval)
			if err != nil {
				t.Fatalf("%s line %s: %v", at.Format("15:04"), line, err)
			}
			in.Now = at
			l := Build(in)
			for _, r := range l.Rails {
				for _, c := range r.Vehicles {
					switch c.Flag {
					case FlagGhost:
						myGhost[ghostKey{line, r.Direction, c.Start.Unix()}] = true
						continue
					case FlagStale:
						myStale[c.Vehicle] = true
					case FlagOK, FlagBunched, FlagGap: // judged below, as pairs
					}
					if c.Waiting || c.Stop == "" {
						continue // not under way: the truth has no pairs of it
					}
					if c.HasHeadway && c.Leader != 0 {
						myFlag[pk(line, c.Leader, c.Vehicle)] = Classify(c.Headway, c.Scheduled)
						if Classify(c.Headway, c.Scheduled) == FlagGap {
							myGap[pairKey{line: line, follower: c.Vehicle}] = true
						}
					}
				}
			}
		}
		tally := func(s *score, flag string) {
			for k, f := range trueFlag {
				if f == flag {
					if string(myFlag[k]) == flag {
						s.tp++
					} else {
						s.fn++
					}
				}
			}
			for k, f := range myFlag {
				if string(f) == flag && trueFlag[k] != flag {
					s.fp++
				}
			}
		}
		tally(&bunched, "bunched")
		for k := range trueGap {
			if myGap[k] {
				gap.tp++
			} else {
				gap.fn++
			}
		}
		for k := range myGap {
			if !trueGap[k] {
				gap.fp++
			}
		}
		for k := range trueGhost {
			if myGhost[k] {
				ghost.tp++
			} else {
				ghost.fn++
			}
		}
		for k := range myGhost {
			if !trueGhost[k] {
				ghost.fp++
			}
		}
		for v := range silent {
			if myStale[v] {
				stale.tp++
			} else {
				stale.fn++
			}
		}
		for v := range myStale {
			if !silent[v] {
				stale.fp++
			}
		}
	}
	t.Logf("bunched: %v", bunched)
	t.Logf("gap:     %v", gap)
	t.Logf("ghost:   %v", ghost)
	t.Logf("stale:   %v", stale)
	for name, s := range map[string]score{"bunched": bunched, "gap": gap, "ghost": ghost, "stale": stale} {
		if s.precision() < 0.9 || s.recall() < 0.9 {
			t.Errorf("%s: %v, want at least 0.9 each", name, s)
		}
	}
}
