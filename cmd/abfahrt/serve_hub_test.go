package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"abfahrt/internal/hubtest"
)

// Issue 32 item 3 on the real serve: VersionInfo's BaseURL is
// --public-url (the hub behind nginx), or else the hub's own address.
func TestServeVersionInfoNamesTheHub(t *testing.T) {
	isolateConfig(t)
	sim, _ := hubtest.CountingSim(t)
	for _, public := range []string{"", "https://hub.example/mobility/v1"} {
		args := []string{"--upstream", sim}
		if public != "" {
			args = append(args, "--public-url", public)
		}
		base, _, stop, code := startServe(t, args...)
		status, body := httpGet(t, base+"/VersionInfo")
		stop()
		<-code
		var vi struct{ VersionInfo struct{ BaseURL string } }
		if err := json.Unmarshal(body, &vi); err != nil || status != http.StatusOK {
			t.Fatalf("%d %s (%v)", status, body, err)
		}
		want := public
		if want == "" {
			want = base
		}
		if vi.VersionInfo.BaseURL != want || strings.Contains(string(body), strings.TrimSuffix(sim, "/mobility/v1")) {
			t.Errorf("--public-url %q: BaseURL %q, want %q; the upstream named: %v", public, vi.VersionInfo.BaseURL, want,
				strings.Contains(string(body), strings.TrimSuffix(sim, "/mobility/v1")))
		}
	}
	if code, out := runCLIBounded(t, "serve", "--public-url", "hub.example"); code != 2 || !strings.Contains(out, "--public-url must be") {
		t.Errorf("--public-url without a scheme: %d %s", code, out)
	}
}
