package sim

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
	"time"
)

// gunzipOne decodes a single gzip member (as strict clients such as curl
// read it) and fails on trailing data.
func gunzipOne(t *testing.T, b []byte) []byte {
	t.Helper()
	br := bytes.NewReader(b)
	zr, err := gzip.NewReader(br)
	if err != nil {
		t.Fatal(err)
	}
	zr.Multistream(false)
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	if br.Len() != 0 {
		t.Fatalf("%d bytes after the gzip member", br.Len())
	}
	return plain
}

// TestGzipOncePerETag: the 217 KB stop list, which changes once a day, is
// compressed once and then served compressed every second with the second's
// own CurrentTimestamp; each compressed body is one valid gzip member that
// decodes to exactly the plain answer.
func TestGzipOncePerETag(t *testing.T) {
	s, c := newTestService(t, testStart)
	targets := []string{
		"/mobility/v1/stop/attributes/BaseData",
		"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10",
		"/mobility/v1/VersionInfo",
	}
	for i := 0; i < 3; i++ {
		for _, target := range targets {
			plain := serve(s, "GET", target)
			gz := serve(s, "GET", target, "Accept-Encoding", "gzip")
			if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("ETag") != plain.Header().Get("ETag") {
				t.Fatalf("%s: headers %v", target, gz.Header())
			}
			if got := gunzipOne(t, gz.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
				t.Fatalf("%s second %d: gzip body differs from the plain answer", target, i)
			}
		}
		c.add(time.Second)
	}
	// Three seconds of the stop list and VersionInfo: one compression each;
	// the departures may change their ETag as countdowns move.
	if s.gz.builds > 2+3 {
		t.Errorf("%d compressions for 9 answers of which 6 share their ETag", s.gz.builds)
	}
	// The compressed body is about a quarter of the plain one or less.
	plain := serve(s, "GET", targets[0])
	gz := serve(s, "GET", targets[0], "Accept-Encoding", "gzip")
	if gz.Body.Len()*4 > plain.Body.Len() {
		t.Errorf("stop list: %d bytes gzipped of %d", gz.Body.Len(), plain.Body.Len())
	}
}

// BenchmarkStopListGzip is the whole stop list (about 217 KB) compressed,
// as a client that sends Accept-Encoding: gzip gets it.
func BenchmarkStopListGzip(b *testing.B) {
	benchServe(b, "/mobility/v1/stop/attributes/BaseData", "Accept-Encoding", "gzip")
}

// BenchmarkStopDeparturesGzip is a board request, compressed.
func BenchmarkStopDeparturesGzip(b *testing.B) {
	benchServe(b, "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10", "Accept-Encoding", "gzip")
}
