package model_test

import (
	"encoding/json"
	"testing"
	"time"

	"abfahrt/model"
)

func TestTimeUnmarshal(t *testing.T) {
	cases := []struct {
		name, in string
		known    bool
		want     string // wire layout in Berlin, when known
		wantErr  bool
	}{
		{"summer", `"2026-09-11T12:35:00+02:00"`, true, "2026-09-11T12:35:00+02:00", false},
		{"winter", `"2026-01-15T08:00:00+01:00"`, true, "2026-01-15T08:00:00+01:00", false},
		{"UTC is shown in Berlin", `"2026-09-11T10:35:00Z"`, true, "2026-09-11T12:35:00+02:00", false},
		{"1970 sentinel", `"1970-01-01T01:00:00+01:00"`, false, "", false},
		{"null", `null`, false, "", false},
		{"empty", `""`, false, "", false},
		{"not a time", `"yesterday"`, false, "", true},
		{"number", `1757587500`, false, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var v model.Time
			err := json.Unmarshal([]byte(tc.in), &v)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			if v.Known() != tc.known {
				t.Fatalf("Known() = %v, want %v", v.Known(), tc.known)
			}
			if tc.known {
				if got := v.String(); got != tc.want {
					t.Errorf("String() = %s, want %s", got, tc.want)
				}
				if v.Location() != model.Berlin {
					t.Errorf("location %v", v.Location())
				}
			} else if v.String() != "unknown" {
				t.Errorf("unknown time prints %q", v.String())
			}
		})
	}
}

func TestTimeRoundTrip(t *testing.T) {
	for _, in := range []string{`"2026-09-11T12:35:00+02:00"`, `"1970-01-01T01:00:00+01:00"`, `"2026-03-29T03:00:00+02:00"`} {
		var v model.Time
		if err := json.Unmarshal([]byte(in), &v); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(v)
		if err != nil || string(out) != in {
			t.Errorf("round trip %s -> %s (%v)", in, out, err)
		}
	}
	// The zero Time encodes as the service's sentinel.
	out, err := json.Marshal(model.Time{})
	if err != nil || string(out) != `"`+model.NoTime+`"` {
		t.Errorf("zero Time encodes as %s (%v)", out, err)
	}
	at := model.At(time.Date(2026, 9, 11, 10, 35, 0, 999, time.UTC))
	if at.String() != "2026-09-11T12:35:00+02:00" || !model.At(time.Time{}).IsZero() {
		t.Errorf("At: %v", at)
	}
}
