package feed_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
)

// The hub's SSH sessions load the network's base data through one client
// (without a cache of its own: the hub's mirror is the cache). Each session
// used to decode its own copy of every stop, stop point, line and vehicle:
// 100 idle sessions held 100 copies. Asked again for an answer with the
// same ETag, the client now hands out the one it decoded.
func TestBaseDataSharedBetweenCallers(t *testing.T) {
	srv := httptest.NewServer(sim.New(sim.Options{Seed: 1}))
	defer srv.Close()
	c, err := feed.NewClient(srv.URL+"/mobility/v1", feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a, err := c.Stops(ctx, model.ScopeBasic, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Stops(ctx, model.ScopeBasic, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) == 0 || len(a) != len(b) || &a[0] != &b[0] {
		t.Errorf("two sessions asking the same stops hold two copies (%d and %d stops); want one shared", len(a), len(b))
	}
	p1, err := c.StopPoints(ctx, model.ScopeBasic, "")
	if err != nil {
		t.Fatal(err)
	}
	p2, err := c.StopPoints(ctx, model.ScopeBasic, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(p1) == 0 || &p1[0] != &p2[0] {
		t.Errorf("two sessions asking the same stop points hold two copies; want one shared")
	}
	// One stop is not the network's base data: decoded for its caller.
	one, err := c.Stops(ctx, model.ScopeBasic, 1008)
	if err != nil || len(one) != 1 || one[0].StopNumber != 1008 {
		t.Fatalf("stop 1008: %v, %v", one, err)
	}
}

// A changed answer (a new ETag: the network's base data of a new day) is
// decoded anew, never answered with the old one.
func TestSharedBaseDataFollowsTheETag(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n.Add(1) == 1 {
			w.Header().Set("ETag", `"a"`)
			_, _ = w.Write([]byte(`{"StopAttributes":{"StopData":[{"StopNumber":1008,"StopName":"Hauptbahnhof"}]}}`))
			return
		}
		w.Header().Set("ETag", `"b"`)
		_, _ = w.Write([]byte(`{"StopAttributes":{"StopData":[{"StopNumber":1008,"StopName":"Ulm Hbf"}]}}`))
	}))
	defer srv.Close()
	c, err := feed.NewClient(srv.URL, feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"Hauptbahnhof", "Ulm Hbf", "Ulm Hbf"} {
		s, err := c.Stops(context.Background(), model.ScopeBasic, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(s) != 1 || s[0].StopName != want {
			t.Errorf("answer %d: %v; want the stop named %q", i+1, s, want)
		}
	}
}
