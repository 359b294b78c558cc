package model_test

import (
	"encoding/json"
	"testing"

	"abfahrt/model"
)

func TestPointUnknownPosition(t *testing.T) {
	cases := []struct {
		in    string
		known bool
	}{
		{`{"Longitude":9.98421194444445,"Latitude":48.3995269444444}`, true},
		{`{"Longitude":180.000000555556,"Latitude":90.0000005555556}`, false},
		{`{"Longitude":180,"Latitude":90}`, false},
		{`{"Longitude":0,"Latitude":0}`, false},
		{`{}`, false},
		{`null`, false},
	}
	for _, tc := range cases {
		var p model.Point
		if err := json.Unmarshal([]byte(tc.in), &p); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if p.Known() != tc.known {
			t.Errorf("%s: Known() = %v", tc.in, p.Known())
		}
		var c model.Coordinates
		withBearing := tc.in
		if withBearing != "null" && withBearing != "{}" {
			withBearing = withBearing[:len(withBearing)-1] + `,"Bearing":357}`
		}
		if err := json.Unmarshal([]byte(withBearing), &c); err != nil {
			t.Fatalf("%s: %v", withBearing, err)
		}
		if c.Known() != tc.known || (withBearing != tc.in && c.Bearing != 357) {
			t.Errorf("%s: %+v", withBearing, c)
		}
	}
}

func TestPointRoundTrip(t *testing.T) {
	out, err := json.Marshal(model.Point{})
	if err != nil || string(out) != `{"Longitude":180.000000555556,"Latitude":90.0000005555556}` {
		t.Errorf("unknown point encodes as %s (%v)", out, err)
	}
	in := model.Coordinates{Point: model.Pt(9.98421194444445, 48.3995269444444), Bearing: 357}
	out, err = json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var back model.Coordinates
	if err := json.Unmarshal(out, &back); err != nil || back != in {
		t.Errorf("round trip %s -> %+v (%v)", out, back, err)
	}
	if d := model.DistanceM(model.Pt(9.984, 48.399), model.Pt(9.984, 48.409)); d < 1100 || d > 1125 {
		t.Errorf("DistanceM over 0.01° latitude = %.0f m", d)
	}
}
