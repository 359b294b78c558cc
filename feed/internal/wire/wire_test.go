package wire

import (
	"encoding/json"
	"testing"
)

// The error body is the spec's example byte for byte, and any message
// survives a round trip through a JSON decoder.
func TestErrorBody(t *testing.T) {
	got := string(ErrorBody(400, "StopNumber", `StopNumber must be 4 digits, got "12"`))
	want := `{"Error":{"Status":400,"Parameter":"StopNumber","Message":"StopNumber must be 4 digits, got \"12\""}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	for _, msg := range []string{"", "a<b&c>", "tab\tnl\n\x01", "bad \xff utf-8", "Söflinger Straße \u2028"} {
		var v struct {
			Error struct {
				Status    int
				Parameter string
				Message   string
			}
		}
		if err := json.Unmarshal(ErrorBody(502, "", msg), &v); err != nil {
			t.Fatalf("%q: %v", msg, err)
		}
		if v.Error.Status != 502 || (v.Error.Message != msg && msg != "bad \xff utf-8") {
			t.Errorf("%q: decoded %+v", msg, v.Error)
		}
	}
}
