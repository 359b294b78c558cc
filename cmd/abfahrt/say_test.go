package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// sayRE is a factored announcement: the lead words once, then each line
// and direction once with its times.
var (
	sayEN = regexp.MustCompile(`^Next departures from Hauptbahnhof: line \S+ to [^;]+ (now|in [\d, and]+ minutes?)`)
	sayDE = regexp.MustCompile(`^Nächste Abfahrten ab Hauptbahnhof: Linie \S+ nach [^;]+ (jetzt|in [\d, und]+ Minuten?)`)
)

func TestSayEnglishAndGerman(t *testing.T) {
	api := morningService(t)
	for _, c := range []struct {
		lang string
		re   *regexp.Regexp
		lead string
	}{{"en", sayEN, "line "}, {"de", sayDE, "Linie "}} {
		code, out, errs := runCLI(t, "say", "--stop", "1008", "--api", api, "--lang", c.lang)
		if code != exitOK || !c.re.MatchString(out) || !strings.HasSuffix(out, ".\n") {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", c.lang, code, out, errs)
		}
		// Each line and direction is said once: "line 2 to Kuhberg" never twice.
		groups := strings.Split(strings.TrimSuffix(strings.SplitN(out, ": ", 2)[1], ".\n"), "; ")
		seen := map[string]bool{}
		for _, g := range groups {
			name := strings.Fields(g)
			key := strings.Join(name[:min(4, len(name))], " ")
			if seen[key] {
				t.Errorf("%s: %q said twice in %q", c.lang, key, out)
			}
			seen[key] = true
			if !strings.HasPrefix(g, c.lead) {
				t.Errorf("%s: group %q does not start with %q", c.lang, g, c.lead)
			}
		}
	}
}

// staleHub is a loopback cache in front of the service that serves its
// answers as a hub does whose service stopped answering: Age and a stale
// warning.
func staleHub(t *testing.T, api string, age string) string {
	t.Helper()
	u, err := url.Parse(api)
	if err != nil {
		t.Fatal(err)
	}
	p := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	p.ModifyResponse = func(r *http.Response) error {
		r.Header.Set("Age", age)
		r.Header.Set("Warning", `110 - "Response is Stale"`)
		return nil
	}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	return srv.URL + "/mobility/v1"
}

func TestSaySaysStaleData(t *testing.T) {
	api := staleHub(t, morningService(t), "150")
	code, out, errs := runCLI(t, "say", "--stop", "1008", "--api", api)
	if code != exitOK || !strings.HasPrefix(out, "Data is 2 minutes old: the service does not answer. Next departures from Hauptbahnhof: ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "say", "--stop", "1008", "--api", api, "--lang", "de")
	if code != exitOK || !strings.HasPrefix(out, "Die Daten sind 2 Minuten alt: der Dienst antwortet nicht. Nächste Abfahrten ab Hauptbahnhof: ") {
		t.Fatalf("de: exit %d, stdout %q", code, out)
	}
}

func TestSaySaysTheServiceDoesNotAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer srv.Close()
	code, out, errs := runCLI(t, "say", "--stop", "1008", "--api", srv.URL+"/mobility/v1", "--lang", "de")
	if code != exitFailure || out != "Abfahrten ab Haltestelle 1008 sind nicht verfügbar: der Dienst antwortet nicht.\n" ||
		!strings.Contains(errs, "the service does not answer") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, _ := runCLI(t, "say"); code != exitUsage {
		t.Errorf("say without a stop: exit %d, want 2", code)
	}
}
