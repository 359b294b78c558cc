package feed_test

import (
	"errors"
	"strings"
	"testing"

	"abfahrt/feed"
)

// seeds adds every fixture and a few hostile bodies to a fuzz corpus, so
// the targets below run their seeds in plain `go test`.
func seeds(f *testing.F) {
	f.Helper()
	feed.AddFixtureSeeds(f, 3)
	for _, s := range []string{
		"", "null", "[]", "{}", "<html>", "\ufeff{}", `{"StopPassage":null}`,
		`{"StopPassage":{"DepartureData":{"VehicleNumber":null}}}`,
		`{"StopPointPassage":{"ArrivalData":[{"ArrivalTimeActual":"1970-01-01T01:00:00+01:00"}],"Limit":"7"}}`,
		`{"VehicleTrip":{"TripData":{"PositionData":{"Longitude":180.000000555556,"Latitude":90.0000005555556}}}}`,
		`{"VehiclePassage":{"State":"no vehicle found","PassageData":null}}`,
		`{"StopPointAttributes":{"StopPointData":[{"StopPointCode":1e400}]}}`,
		`{"RouteAttributes":{"RouteData":[{"RoutePattern":{"StopPoints":{"StopPointCode":"x"}}}]}}`,
		`{"VehiclePattern":{"PatternData":{"TrackPoints":{"Longitude":"a"}}}}`,
		`{"PassengerAlert":{"AlertData":["a","+++"],"CurrentTimestamp":"yesterday"}}`,
		`{"VersionInfo":{"UsedCodes":[1]}}`,
	} {
		f.Add([]byte(s))
	}
}

// checkDecodeError asserts that a decoder's error is typed and one line.
func checkDecodeError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var de *feed.DecodeError
	if !errors.As(err, &de) && !errors.Is(err, feed.ErrNotFound) {
		t.Errorf("untyped error %T: %v", err, err)
	}
	if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Errorf("error is not one line: %q", msg)
	}
}

func FuzzDecodeBoard(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := feed.DecodeDepartures(data)
		checkDecodeError(t, err)
		if err == nil && len(b.Events)+b.Dropped != len(b.DepartureData) {
			t.Errorf("%d events for %d departures", len(b.Events), len(b.DepartureData))
		}
		b, err = feed.DecodeArrivals(data)
		checkDecodeError(t, err)
		if err == nil && (len(b.Events)+b.Dropped != len(b.ArrivalData) || !b.Arrivals) {
			t.Errorf("%d events for %d arrivals", len(b.Events), len(b.ArrivalData))
		}
	})
}

func FuzzDecodeStopPoints(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodeStopPoints(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodeStops(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodeStops(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodeRoutes(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodeRoutes(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodeVehicles(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodeVehicles(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodeTrips(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodeTrips(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodePassages(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodePassages(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodePattern(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodePattern(data)
		checkDecodeError(t, err)
	})
}

func FuzzDecodeAlert(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := feed.DecodeAlert(data)
		checkDecodeError(t, err)
		for _, it := range a.Items {
			if it == "" || strings.Contains(it, "+++") {
				t.Errorf("alert item %q", it)
			}
		}
	})
}

func FuzzDecodeVersionInfo(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := feed.DecodeVersionInfo(data)
		checkDecodeError(t, err)
	})
}
