package sim

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAlertKeysOnlyWithAlert: with no alert, PassengerAlert carries no
// AlertTitle/AlertData keys at all (empty strings read as an alert).
func TestAlertKeysOnlyWithAlert(t *testing.T) {
	s, c := newTestService(t, testStart)
	quiet, alerts := 0, 0
	for i := 0; i < 8*8; i++ {
		w := wrapper(t, getJSON(t, s, "/mobility/v1/passenger/alert/UnplannedAlert", 200), "PassengerAlert")
		_, hasTitle := w["AlertTitle"]
		_, hasData := w["AlertData"]
		switch w["CurrentStatus"] {
		case "no result found":
			quiet++
			if hasTitle || hasData {
				t.Fatalf("no alert at %v, but keys: %v", c.Now(), w)
			}
		case "OK":
			alerts++
			if !hasTitle || !hasData || w["AlertTitle"] == "" || w["AlertData"] == "" {
				t.Fatalf("alert at %v without content: %v", c.Now(), w)
			}
		default:
			t.Fatalf("CurrentStatus %v", w["CurrentStatus"])
		}
		c.add(3 * time.Hour)
	}
	if quiet == 0 || alerts == 0 {
		t.Fatalf("over 8 days: %d quiet windows, %d alerts", quiet, alerts)
	}
}

// TestBaseDataOneElementIsObject: a base-data query naming one element
// answers that element's record as an object; without the parameter (or
// with an empty one) the records stay a list, and an unknown element is an
// empty list.
func TestBaseDataOneElementIsObject(t *testing.T) {
	s, _ := newTestService(t, testStart)
	const p = "/mobility/v1"
	cases := []struct{ one, all, top, list, key string }{
		{"/stop/attributes/BaseData?StopNumber=1008", "/stop/attributes/BaseData", "StopAttributes", "StopData", "StopNumber"},
		{"/route/attributes/BaseData?RouteNumber=2", "/route/attributes/BaseData?RouteNumber=", "RouteAttributes", "RouteData", "RouteNumber"},
		{"/stoppoint/attributes/BaseData?StopPointCode=100801&ContentScope=extended", "/stoppoint/attributes/BaseData?StopPointCode=0", "StopPointAttributes", "StopPointData", "StopPointCode"},
		{"/vehicle/attributes/BaseData?VehicleNumber=41", "/vehicle/attributes/BaseData", "VehicleAttributes", "VehicleData", "VehicleNumber"},
	}
	for _, c := range cases {
		w := wrapper(t, getJSON(t, s, p+c.one, 200), c.top)
		rec, ok := w[c.list].(map[string]any)
		if !ok {
			t.Errorf("%s: %s is %T, want an object", c.one, c.list, w[c.list])
			continue
		}
		want := c.one[strings.Index(c.one, "=")+1:]
		if i := strings.IndexByte(want, '&'); i >= 0 {
			want = want[:i]
		}
		if got := string(rec[c.key].(json.Number)); got != want || w["CurrentStatus"] != "OK" {
			t.Errorf("%s: %s %s, status %v", c.one, c.key, got, w["CurrentStatus"])
		}
		if n := len(records(t, wrapper(t, getJSON(t, s, p+c.all, 200), c.top), c.list)); n < 2 {
			t.Errorf("%s: %d records in the list", c.all, n)
		}
	}
}

// TestPassageRangeTolerated: an unknown Range answers as the default (All)
// instead of 400; malformed required parameters stay 400.
func TestPassageRangeTolerated(t *testing.T) {
	s, _ := newTestService(t, testStart)
	def := getJSON(t, s, "/mobility/v1/vehicle/trip/Passage?VehicleNumber=41", 200)
	for _, r := range []string{"3", "later", "x%20y"} {
		got := getJSON(t, s, "/mobility/v1/vehicle/trip/Passage?VehicleNumber=41&Range="+r, 200)
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(def)
		if string(a) != string(b) {
			t.Errorf("Range=%s answered differently from the default", r)
		}
	}
	if rec := serve(s, http.MethodGet, "/mobility/v1/vehicle/trip/Passage?VehicleNumber=x&Range=3"); rec.Code != 400 {
		t.Errorf("malformed VehicleNumber: %d", rec.Code)
	}
}

// TestUpcomingIsWholeTrip: Range=upcoming answers the whole current trip as
// the captured real response does: served stops Status 4, the stop the
// vehicle stands at 3, the rest 1 or 2; never 5 for a stop it served.
func TestUpcomingIsWholeTrip(t *testing.T) {
	s, c := newTestService(t, testStart)
	sawMid := 0
	for step := 0; step < 90; step++ {
		for _, v := range []string{"41", "45", "101", "110", "150"} {
			w := wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Passage?Range=upcoming&VehicleNumber="+v, 200), "VehiclePassage")
			if w["Range"] != "Upcoming" {
				t.Fatalf("Range echoed %v", w["Range"])
			}
			recs := records(t, w, "PassageData")
			if w["RouteNumber"] == nil {
				continue
			}
			all := records(t, wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Passage?VehicleNumber="+v, 200), "VehiclePassage"), "PassageData")
			if len(recs) != len(all) || len(recs) < 2 || num(t, recs[0]["SequenceNumber"]) != 0 {
				t.Fatalf("vehicle %s: upcoming has %d passages, all %d", v, len(recs), len(all))
			}
			phase := 4 // 4s first, then at most one 3, then 1s and 2s
			served := 0
			for _, r := range recs {
				st := int(num(t, r["Status"]))
				switch {
				case st == 4 && phase == 4:
					served++
				case st == 5 && phase == 4:
					// passed without stopping: a stop closed by an alert
				case st == 3 && phase == 4:
					phase = 3
				case (st == 1 || st == 2) && phase >= 1:
					phase = 1
				default:
					t.Fatalf("vehicle %s at %v: status %d out of order in %v", v, c.Now(), st, statuses(t, recs))
				}
			}
			if served > 0 && served < len(recs)-1 {
				sawMid++
			}
		}
		c.add(time.Minute)
	}
	if sawMid < 50 {
		t.Errorf("only %d answers in the middle of a trip", sawMid)
	}
}

func statuses(t *testing.T, recs []map[string]any) []int64 {
	out := make([]int64, len(recs))
	for i, r := range recs {
		out[i] = num(t, r["Status"])
	}
	return out
}

// TestDoubledSlash: a doubled slash in the path is answered like a single one.
func TestDoubledSlash(t *testing.T) {
	s, _ := newTestService(t, testStart)
	for _, pair := range [][2]string{
		{"/mobility/v1//stop/passage/Departures?StopNumber=1008", "/mobility/v1/stop/passage/Departures?StopNumber=1008"},
		{"//mobility//v1///vehicle//trip/Trip", "/mobility/v1/vehicle/trip/Trip"},
	} {
		a, b := serve(s, http.MethodGet, pair[0]), serve(s, http.MethodGet, pair[1])
		if a.Code != 200 || a.Body.String() != b.Body.String() {
			t.Errorf("%s: status %d, body differs from %s", pair[0], a.Code, pair[1])
		}
	}
}
