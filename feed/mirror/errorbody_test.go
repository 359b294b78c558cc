package mirror_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// The mirror's own error answers (a method it does not serve, a path
// outside mobility/v1) carry the same bytes as the simulation's for the
// same request: a client cannot tell the hub from the service by them.
func TestErrorBodySameAsSimulation(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	do := func(base, method, path string) (int, string, string) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(""))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	for _, tc := range []struct{ method, path string }{
		{http.MethodPost, "/mobility/v1/stop/passage/Departures?StopNumber=1008"},
		{http.MethodDelete, "/mobility/v1/vehicle/trip/Trip?VehicleNumber=41"},
		{http.MethodGet, "/mobility/v1/"},
	} {
		ss, sct, sb := do(up.srv.URL, tc.method, tc.path)
		ms, mct, mb := do(h.srv.URL, tc.method, tc.path)
		if ss != ms || sct != mct || sb != mb {
			t.Errorf("%s %s:\nsimulation %d %q %s\nmirror     %d %q %s", tc.method, tc.path, ss, sct, sb, ms, mct, mb)
		}
		if !strings.HasPrefix(mb, `{"Error":{"Status":`) {
			t.Errorf("%s %s: mirror body %s, want the spec's key order", tc.method, tc.path, mb)
		}
	}
}
