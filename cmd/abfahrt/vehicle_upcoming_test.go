package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// `abfahrt vehicle N` lists the stops ahead unless --all, as its help
// says: the service answers Range=upcoming with the whole trip, and the
// table listed the served stops ("departed") too, in JSON as well.
func TestVehicleListsUpcomingUnlessAll(t *testing.T) {
	api := morningService(t)
	type passages struct {
		Passages *struct {
			PassageData []struct{ Status int } `json:"PassageData"`
		} `json:"Passages"`
	}
	done := func(ps passages) (n, all int) {
		if ps.Passages == nil {
			return 0, 0
		}
		for _, p := range ps.Passages.PassageData {
			if p.Status == 4 || p.Status == 5 {
				n++
			}
		}
		return n, len(ps.Passages.PassageData)
	}
	for v := 41; v <= 80; v++ {
		n := strconv.Itoa(v)
		code, out, _ := runCLI(t, "--api", api, "vehicle", n, "--all", "--json")
		var all passages
		if code != exitOK || json.Unmarshal([]byte(out), &all) != nil {
			continue
		}
		if d, total := done(all); d == 0 || d == total {
			continue // nothing served yet, or the trip ended
		}
		_, out, _ = runCLI(t, "--api", api, "vehicle", n, "--json")
		var up passages
		if err := json.Unmarshal([]byte(out), &up); err != nil {
			t.Fatal(err)
		}
		if d, total := done(up); d != 0 || total == 0 {
			t.Errorf("vehicle %s --json: %d served stops of %d listed without --all", n, d, total)
		}
		_, out, _ = runCLI(t, "--api", api, "vehicle", n)
		if strings.Contains(out, "departed") || strings.Contains(out, "passed") {
			t.Errorf("vehicle %s: the table lists served stops without --all:\n%s", n, out)
		}
		_, out, _ = runCLI(t, "--api", api, "vehicle", n, "--all")
		if !strings.Contains(out, "departed") && !strings.Contains(out, "passed") {
			t.Errorf("vehicle %s --all: no served stop:\n%s", n, out)
		}
		return
	}
	t.Fatal("no vehicle in service with served stops on the morning simulation")
}
