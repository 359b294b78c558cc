package feed_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"abfahrt/feed"
)

// body831 synthesises a /stoppoint/attributes/BaseData answer of 831
// records shaped like the real capture: the ten derived records of the
// fixture repeated with fresh numbers, codes and names, so the body has
// the capture's mix of DHID and 6-digit string codes, 180/90 positions and
// empty platform names.
func body831(b *testing.B) []byte {
	b.Helper()
	var w map[string]map[string]any
	if err := json.Unmarshal(readFixture(b, "stoppoint_basedata.json"), &w); err != nil {
		b.Fatal(err)
	}
	attrs := w["StopPointAttributes"]
	seed, ok := attrs["StopPointData"].([]any)
	if !ok || len(seed) == 0 {
		b.Fatal("fixture has no StopPointData")
	}
	records := make([]any, 831)
	for i := range records {
		src, _ := seed[i%len(seed)].(map[string]any)
		r := make(map[string]any, len(src))
		for k, v := range src {
			r[k] = v
		}
		stop := 1000 + i/3
		r["StopPointNumber"] = i%3 + 1
		if i%4 == 0 {
			r["StopPointCode"] = fmt.Sprintf("%d%02d", stop, i%3+1)
		} else {
			r["StopPointCode"] = fmt.Sprintf("de:08421:%d:0:%d", stop, i%3+1)
		}
		r["StopPointName"] = fmt.Sprintf("%v %d", src["StopPointName"], i)
		records[i] = r
	}
	attrs["StopPointData"] = records
	body, err := json.Marshal(w)
	if err != nil {
		b.Fatal(err)
	}
	return body
}

func BenchmarkDecodeStopPoints831(b *testing.B) {
	body := body831(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		sps, err := feed.DecodeStopPoints(body)
		if err != nil || len(sps) != 831 {
			b.Fatalf("%d stop points, %v", len(sps), err)
		}
	}
}

func BenchmarkDecodeDepartures(b *testing.B) {
	body := readFixture(b, "stop_departures_1008.json")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := feed.DecodeDepartures(body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCachedLiveRequest(b *testing.B) {
	c, f := setup(b)
	f.handle("/stop/passage/Departures", "stop_departures_1008.json")
	ctx := context.Background()
	if _, err := c.StopDepartures(ctx, 1008, 10); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.StopDepartures(ctx, 1008, 10); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if s := c.Stats(); s.Upstream != 1 {
		b.Fatalf("stats %+v: the benchmark must hit the cache", s)
	}
}

// hostileBoard is a departures answer of n bytes whose DepartureData is
// records of `{}` (empty objects), the cheapest records to send and, to a
// decoder that keeps them all, the most expensive to receive.
func hostileBoard(n int) []byte {
	head := `{"StopPassage":{"State":"ok","StopNumber":1008,"Limit":3,"CurrentTimestamp":"2026-09-11T12:49:34+02:00","DepartureData":[`
	tail := `{}]}}`
	body := make([]byte, 0, n)
	body = append(body, head...)
	for len(body)+3+len(tail) <= n {
		body = append(body, "{},"...)
	}
	return append(body, tail...)
}

func BenchmarkDecodeHostileBoard32MiB(b *testing.B) {
	body := hostileBoard(32 << 20)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := feed.DecodeDepartures(body); err != nil {
			b.Fatal(err)
		}
	}
}
