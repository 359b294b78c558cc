package model_test

import (
	"encoding/json"
	"testing"

	"abfahrt/model"
)

func TestStopPointCodeJSON(t *testing.T) {
	cases := []struct {
		in, want, out string
		dhid, numeric bool
	}{
		{`100821`, "100821", `100821`, false, true},
		{`"100821"`, "100821", `100821`, false, true},
		{`"de:08421:1008:1:1"`, "de:08421:1008:1:1", `"de:08421:1008:1:1"`, true, false},
		{`"de:08421:1390:1:C"`, "de:08421:1390:1:C", `"de:08421:1390:1:C"`, true, false},
		{`null`, "", `""`, false, false},
	}
	for _, tc := range cases {
		var c model.StopPointCode
		if err := json.Unmarshal([]byte(tc.in), &c); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if string(c) != tc.want || c.IsDHID() != tc.dhid || c.IsNumeric() != tc.numeric {
			t.Errorf("%s: got %q (DHID %v, numeric %v)", tc.in, c, c.IsDHID(), c.IsNumeric())
		}
		out, err := json.Marshal(c)
		if err != nil || string(out) != tc.out {
			t.Errorf("%s encodes as %s (%v), want %s", tc.in, out, err, tc.out)
		}
	}
	for _, bad := range []string{`true`, `{}`, `[1]`} {
		var c model.StopPointCode
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("%s decoded to %q", bad, c)
		}
	}
}

func TestParseStopPointCode(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"100821", "100821", true},
		{" 100821 ", "100821", true},
		{"de:08421:1008:1:1", "de:08421:1008:1:1", true},
		{"DE:08421:1008", "DE:08421:1008", true},
		{"de:09775:1700:1:1", "de:09775:1700:1:1", true},
		{"10082", "", false},
		{"1008210", "", false},
		{"012345", "", false},
		{"10082a", "", false},
		{"de:08421", "", false},
		{"de:x:1008:1:1", "", false},
		{"de:08421:1008::1", "", false},
		{"at:08421:1008:1:1", "", false},
		{"de:08421:1008:1:1:9", "", false},
		{"de:08421:1008:\x1b]0;x\x07", "", false},
		{"de:08421:1008:1 A", "", false},
		{"de:08421:1008:\u202e1", "", false},
		{"de:08421:1008:\u009b1", "", false},
		{"", "", false},
	}
	for _, tc := range cases {
		got, err := model.ParseStopPointCode(tc.in)
		if (err == nil) != tc.ok || string(got) != tc.want {
			t.Errorf("ParseStopPointCode(%q) = %q, %v", tc.in, got, err)
		}
	}
}

func TestStopPointCodeHelpers(t *testing.T) {
	if c := model.CodeFor(1008, 21); c != "100821" {
		t.Errorf("CodeFor = %q", c)
	}
	for c, want := range map[model.StopPointCode]int{"100821": 1008, "de:08421:1390:1:C": 1390} {
		if n, ok := c.StopNumber(); !ok || n != want {
			t.Errorf("%s.StopNumber() = %d, %v", c, n, ok)
		}
	}
	if _, ok := model.StopPointCode("x").StopNumber(); ok {
		t.Error("a malformed code has no stop number")
	}
	if model.StopPointCode("99999").Compare("100000") >= 0 || model.StopPointCode("b").Compare("a") <= 0 {
		t.Error("Compare order")
	}
}

func TestCodeTables(t *testing.T) {
	cases := []struct {
		got, want string
	}{
		{model.RouteTram.String(), "tram"},
		{model.RouteBus.String(), "bus"},
		{model.RouteCategory(7).String(), "unknown (7)"},
		{model.VehicleTram.String(), "tram"},
		{model.VehicleBus.String(), "bus"},
		{model.VehicleCategory(0).String(), "unknown"},
		{model.VehicleCategory(7).String(), "unknown (7)"},
		{model.StatusPredicted.String(), "predicted"},
		{model.StatusArriving.String(), "arriving"},
		{model.StatusStopping.String(), "at stop"},
		{model.StatusDeparted.String(), "departed"},
		{model.StatusPassed.String(), "passed"},
		{model.PassageStatus(7).String(), "unknown (7)"},
		{model.PassageStatus(-1).String(), "unknown (-1)"},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	// Unknown codes survive decoding.
	var s struct{ Status model.PassageStatus }
	if err := json.Unmarshal([]byte(`{"Status":7}`), &s); err != nil || s.Status != 7 || s.Status.Known() {
		t.Errorf("status 7: %v %v", s.Status, err)
	}
	if !model.StatusPassed.Done() || model.StatusStopping.Done() {
		t.Error("Done")
	}
}
