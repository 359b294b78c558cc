package sim

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// benchServe measures one endpoint through ServeHTTP with a reused recorder.
func benchServe(b *testing.B, target string, hdr ...string) {
	s, _ := newTestService(b, testStart)
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req) // build the day plans outside the timing
	if rec.Code != http.StatusOK {
		b.Fatalf("status %d", rec.Code)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec.Body.Reset()
		s.ServeHTTP(rec, req)
	}
}

// BenchmarkStopDepartures is a board request: Hauptbahnhof, Limit 10.
func BenchmarkStopDepartures(b *testing.B) {
	benchServe(b, "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10")
}

// BenchmarkAllTrips is the all-vehicle Trip request of a map view.
func BenchmarkAllTrips(b *testing.B) {
	benchServe(b, "/mobility/v1/vehicle/trip/Trip")
}

// BenchmarkVehiclePassage is a vehicle's whole trip.
func BenchmarkVehiclePassage(b *testing.B) {
	benchServe(b, "/mobility/v1/vehicle/trip/Passage?VehicleNumber=41")
}

// BenchmarkDayPlan builds the plan of a weekday: every trip with its actual
// times, alerts applied, vehicles chained and the per-stop-point indexes.
func BenchmarkDayPlan(b *testing.B) {
	s, _ := newTestService(b, testStart)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.plans.buildDay(2026, 9, 9)
	}
}

// BenchmarkNetwork builds the static network (stops, lines with their
// tracks and schedules, the fleet): what the embedded simulation does
// before its first answer.
func BenchmarkNetwork(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buildNetwork()
	}
}
