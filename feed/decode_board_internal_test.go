package feed

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// AddFixtureSeeds adds every answer of testdata to a fuzz corpus, whole
// and cut to its first 1/part (the external tests' fuzz targets use it
// too).
func AddFixtureSeeds(f *testing.F, part int) {
	f.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no fixtures: %v", err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/part])
	}
}

// FuzzBoardReadOnceAsCarefully: an answer read in one pass reads as the
// careful way reads it (every field, every record, nil or empty lists
// alike), and every answer reads to the same board or the same error.
func FuzzBoardReadOnceAsCarefully(f *testing.F) {
	AddFixtureSeeds(f, 2)
	rec := func(countdown, deviation int) string {
		return fmt.Sprintf(`{"VehicleNumber":1,"StopPointCode":100801,"DepartureTimeScheduled":"2026-09-11T12:00:00+02:00",`+
			`"DepartureTimeActual":"2026-09-11T12:01:00+02:00","DepartureCountdown":%d,"DepartureDeviation":%d,`+
			`"ArrivalCountdown":%d,"ArrivalDeviation":%d}`, countdown, deviation, countdown, deviation)
	}
	for _, cd := range [][2]int{{60, 60}, {86400, 0}, {-86400, 0}, {86401, 0}, {2 * 86400, 0}, {2*86400 + 1, 0},
		{0, 10800}, {0, -10800}, {0, 10801}, {0, -10801}, {0, 1 << 40}, {1 << 40, 0}} {
		f.Add([]byte(`{"StopPassage":{"State":"ok","DepartureData":[` + rec(cd[0], cd[1]) + `],"ArrivalData":[` + rec(cd[0], cd[1]) + `]}}`))
	}
	many := strings.TrimSuffix(strings.Repeat(rec(60, 0)+",", MaxBoardRecords+1), ",")
	nulls := strings.TrimSuffix(strings.Repeat("null,", MaxBoardRecords+1), ",")
	for _, s := range []string{
		`{"StopPassage":{"DepartureData":` + rec(60, 0) + `}}`,
		`{"StopPassage":{"DepartureData":[` + many + `]}}`,
		`{"StopPointPassage":{"ArrivalData":[` + nulls + `]}}`,
		`{"StopPassage":{"DepartureData":[null,` + rec(60, 0) + `]}}`,
		`{"StopPassage":{"DepartureData":null,"ArrivalData":[]}}`,
		`{"StopPassage":{"DepartureData":[1]}}`, `{"StopPassage":{"DepartureData":"x"}}`,
		`{"StopPassage":{"State":"no stop found","DepartureData":[]}}`,
		`{"stoppassage":{"departuredata":[{"vehiclenumber":7,"VehicleNumber":8}]}}`,
		`{"StopPassage":{"DepartureData":[{"DepartureTimeActual":"1970-01-01T01:00:00+01:00","DepartureDeviation":99999}]}}`,
		`{"StopPassage":{"DepartureData":[{"StopPointCode":1e400}]}}`,
		`{"StopPassage":{"DepartureData":[{"DepartureTimeScheduled":5}]}}`,
		`{"StopPassage":null,"StopPointPassage":{"Limit":"7","DepartureData":[]}}`,
		"", "{}", "[]", "null", `{"StopPassage":{}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, werr := decodeBoardCarefully(data)
		if once, ok := decodeBoardOnce(data); ok {
			if werr != nil && once.check() == nil {
				t.Fatalf("read in one pass, but carefully: %v", werr)
			}
			if werr == nil && !reflect.DeepEqual(once.board(), want.board()) {
				t.Errorf("one pass read the board as %+v, carefully %+v", once.board(), want.board())
			}
			if werr == nil && (!reflect.DeepEqual(once.DepartureData.slice(), want.DepartureData.slice()) ||
				!reflect.DeepEqual(once.ArrivalData.slice(), want.ArrivalData.slice())) {
				t.Errorf("one pass read the records as\n%+v %+v\ncarefully\n%+v %+v", once.DepartureData, once.ArrivalData,
					want.DepartureData, want.ArrivalData)
			}
		}
		got, gerr := decodeBoard(data)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("error %v, carefully %v", gerr, werr)
		}
		if gerr == nil && (!reflect.DeepEqual(got.board(), want.board()) ||
			!reflect.DeepEqual(got.DepartureData.slice(), want.DepartureData.slice()) ||
			!reflect.DeepEqual(got.ArrivalData.slice(), want.ArrivalData.slice())) {
			t.Errorf("decodeBoard differs from the careful way")
		}
	})
}
