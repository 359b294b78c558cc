package main

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/lockbuf"
)

// lockedBuffer is a stderr that the test reads while serve writes it.
type lockedBuffer = lockbuf.Buffer

var mirrorURL = regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`)

// startServe runs abfahrt serve on a free loopback port and returns the
// mirror's base URL, its stderr, a stop function (SIGTERM's effect: the
// context ends) and the exit code channel.
func startServe(t *testing.T, args ...string) (string, *lockedBuffer, context.CancelFunc, <-chan int) {
	t.Helper()
	t.Setenv("ABFAHRT_API", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // a developer's config (its api) must not pick the upstream
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	errb := &lockedBuffer{}
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, append([]string{"serve", "--listen", "127.0.0.1:0"}, args...), strings.NewReader(""), io.Discard, errb)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := mirrorURL.FindStringSubmatch(errb.String()); m != nil && strings.Contains(errb.String(), "upstream:") {
			return m[1], errb, cancel, code
		}
		select {
		case c := <-code:
			t.Fatalf("serve ended with %d: %s", c, errb.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start: %s", errb.String())
	return "", nil, nil, nil
}

func httpGet(t *testing.T, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}
