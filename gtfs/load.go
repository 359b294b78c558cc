package gtfs

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

// Limits bound what Load reads, against hostile or broken feeds.
type Limits struct {
	// MaxZipBytes bounds the zip itself (a download or a file).
	MaxZipBytes int64
	// MaxFileBytes bounds one file's uncompressed size inside the zip.
	MaxFileBytes int64
	// MaxRatio bounds the compression ratio of a file larger than 1 MiB
	// (a zip bomb compresses far beyond what text does).
	MaxRatio int64
	// MaxLine bounds one line of a CSV file in bytes.
	MaxLine int
	// MaxStopTimes bounds the rows of stop_times.txt kept (with a
	// Network, those of its trips at its stops).
	MaxStopTimes int
}

// DefaultLimits admit the national feed of Germany (DELFI's: a zip of
// some 300 MiB, stop_times.txt some 2 GiB uncompressed, 1.7 million
// trips), loaded for a Network: only the trips at its stops are kept.
// A zip bomb (beyond 200:1), a file beyond 4 GiB, a line beyond 64 KiB
// are refused; so is a feed that would keep more than 8 million stop
// times (the national feed without a Network to filter by).
var DefaultLimits = Limits{
	MaxZipBytes:  1 << 30,
	MaxFileBytes: 4 << 30,
	MaxRatio:     200,
	MaxLine:      64 << 10,
	MaxStopTimes: 8_000_000,
}

// ParseLimits reads limits as a flag or the configuration gives them,
// "zip=1GiB,file=4GiB,ratio=200,line=64KiB,stop-times=8000000", each
// part optional, over DefaultLimits ("" is DefaultLimits).
func ParseLimits(s string) (Limits, error) {
	lim := DefaultLimits
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || v == "" {
			return lim, fmt.Errorf("GTFS limit %q is not key=value (zip, file, ratio, line, stop-times)", part)
		}
		var err error
		switch k {
		case "zip":
			lim.MaxZipBytes, err = parseBytes(v)
		case "file":
			lim.MaxFileBytes, err = parseBytes(v)
		case "line":
			var n int64
			n, err = parseBytes(v)
			if err == nil && n > 1<<30 {
				err = errors.New("at most 1GiB")
			}
			lim.MaxLine = int(n)
		case "ratio":
			var perr error
			lim.MaxRatio, perr = strconv.ParseInt(v, 10, 64)
			if perr != nil || lim.MaxRatio < 2 {
				err = errors.New("a whole number, at least 2")
			}
		case "stop-times":
			var perr error
			lim.MaxStopTimes, perr = strconv.Atoi(strings.ReplaceAll(v, "_", ""))
			if perr != nil || lim.MaxStopTimes < 1 {
				err = errors.New("a whole number, at least 1")
			}
		default:
			return lim, fmt.Errorf("unknown GTFS limit %q (zip, file, ratio, line, stop-times)", k)
		}
		if err != nil {
			return lim, fmt.Errorf("GTFS limit %s=%s: %w", k, v, err)
		}
	}
	return lim, nil
}

// String is the limits as ParseLimits reads them.
func (l Limits) String() string {
	return "zip=" + formatBytes(l.MaxZipBytes) + ",file=" + formatBytes(l.MaxFileBytes) + ",ratio=" + strconv.FormatInt(l.MaxRatio, 10) +
		",line=" + formatBytes(int64(l.MaxLine)) + ",stop-times=" + strconv.Itoa(l.MaxStopTimes)
}

// parseBytes reads a size: 1024, 64KiB, 768MiB, 4GiB (KB, MB, GB are
// taken as the binary units too).
func parseBytes(v string) (int64, error) {
	num, mul := v, int64(1)
	for _, u := range []struct {
		suf string
		mul int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if n, ok := strings.CutSuffix(v, u.suf); ok {
			num, mul = strings.TrimSpace(n), u.mul
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<50)/mul {
		return 0, errors.New("a size such as 64KiB, 768MiB or 4GiB")
	}
	return n * mul, nil
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KiB"
	}
	return strconv.FormatInt(n, 10)
}

// Feed is a static GTFS feed, as much of it as matching and checking need.
type Feed struct {
	// Location is the agency's time zone (agency_timezone).
	Location *time.Location
	Stops    []Stop
	Routes   []Route
	Trips    []Trip
	// stopByID indexes Stops by stop_id.
	stopByID  map[string]int32
	routeByID map[string]int32
	services  map[string]*service
}

// Stop is a row of stops.txt.
type Stop struct {
	ID, Code, Name, Parent string
	Lat, Lon               float64
	HasPosition            bool
	LocationType           int
}

// Route is a row of routes.txt.
type Route struct {
	ID, ShortName, LongName string
	Type                    int
}

// Trip is a row of trips.txt with its stop times in stop_sequence order.
type Trip struct {
	ID, Headsign, ServiceID string
	Route                   int32 // index into Feed.Routes
	Direction               int   // direction_id, -1 when not given
	StopTimes               []StopTime
}

// StopTime is a row of stop_times.txt: the stop (index into Feed.Stops),
// the scheduled times in seconds of GTFS time (noon minus 12 h of the
// service day; -1 when empty) and the stop_sequence.
type StopTime struct {
	Stop     int32
	Arr, Dep int32
	Seq      int32
}

// service is a service_id's days: the weekdays and range of calendar.txt
// with the additions and removals of calendar_dates.txt.
type service struct {
	days       [7]bool
	start, end int // yyyymmdd, 0 when calendar.txt has no row
	added      map[int]bool
	removed    map[int]bool
}

// Runs reports whether the service runs on the date yyyymmdd.
func (f *Feed) Runs(serviceID string, date int, wd time.Weekday) bool {
	s := f.services[serviceID]
	if s == nil {
		return false
	}
	if s.removed[date] {
		return false
	}
	if s.added[date] {
		return true
	}
	return s.start != 0 && date >= s.start && date <= s.end && s.days[wd]
}

// StopIndex returns the index of a stop_id, or -1.
func (f *Feed) StopIndex(id string) int32 {
	if i, ok := f.stopByID[id]; ok {
		return i
	}
	return -1
}

// RouteIndex returns the index of a route_id, or -1.
func (f *Feed) RouteIndex(id string) int32 {
	if i, ok := f.routeByID[id]; ok {
		return i
	}
	return -1
}

// LoadError is a static feed refused: what is wrong, in one line.
type LoadError struct{ Msg string }

func (e *LoadError) Error() string { return e.Msg }

func refuse(format string, a ...any) error { return &LoadError{Msg: fmt.Sprintf(format, a...)} }

// FetchFile makes a static GTFS zip of a path or an http(s) URL a file to
// load (LoadFile), within lim.MaxZipBytes: a path as it is, a URL
// downloaded into a temporary file, which done removes. etag is sent as
// If-None-Match; notModified is true when the server says the feed has
// not changed (path is empty then).
func FetchFile(ctx context.Context, src, etag string, lim Limits) (path string, done func(), newETag string, notModified bool, err error) {
	nothing := func() {}
	if !strings.HasPrefix(src, "http://") && !strings.HasPrefix(src, "https://") {
		fi, err := os.Stat(src)
		if err != nil {
			return "", nothing, "", false, fmt.Errorf("static GTFS: %w", err)
		}
		if fi.Size() > lim.MaxZipBytes {
			return "", nothing, "", false, refuse("static GTFS %s: %d MiB, more than the %d MiB a feed may have", src, fi.Size()>>20, lim.MaxZipBytes>>20)
		}
		return src, nothing, "", false, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return "", nothing, "", false, refuse("static GTFS %s: %v", src, err)
	}
	req.Header.Set("User-Agent", "abfahrt (gtfs)")
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", nothing, "", false, fmt.Errorf("static GTFS %s: %w", src, err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode == http.StatusNotModified {
		return "", nothing, etag, true, nil
	}
	if resp.StatusCode != http.StatusOK {
		return "", nothing, "", false, fmt.Errorf("static GTFS %s: HTTP %s", src, resp.Status)
	}
	if resp.ContentLength > lim.MaxZipBytes {
		return "", nothing, "", false, refuse("static GTFS %s: %d bytes, more than the %d MiB a feed may have", src, resp.ContentLength, lim.MaxZipBytes>>20)
	}
	f, err := os.CreateTemp("", "abfahrt-gtfs-*.zip")
	if err != nil {
		return "", nothing, "", false, fmt.Errorf("static GTFS %s: %w", src, err)
	}
	done = func() { _ = os.Remove(f.Name()) }
	n, err := io.Copy(f, io.LimitReader(resp.Body, lim.MaxZipBytes+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		done()
		return "", nothing, "", false, fmt.Errorf("static GTFS %s: %w", src, err)
	}
	if n > lim.MaxZipBytes {
		done()
		return "", nothing, "", false, refuse("static GTFS %s: more than the %d MiB a feed may have", src, lim.MaxZipBytes>>20)
	}
	return f.Name(), done, resp.Header.Get("ETag"), false, nil
}

// Load reads a static GTFS feed from a zip's bytes within lim. A feed it
// cannot use is refused with a LoadError saying why in one line.
func Load(data []byte, lim Limits) (*Feed, error) {
	return LoadFrom(bytes.NewReader(data), int64(len(data)), lim, nil)
}

// LoadFile reads a static GTFS zip file for the network n (nil: all of
// it) within lim, reading the zip from disk as it goes.
func LoadFile(path string, lim Limits, n *Network) (*Feed, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("static GTFS: %w", err)
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("static GTFS: %w", err)
	}
	if fi.Size() > lim.MaxZipBytes {
		return nil, refuse("static GTFS %s: %d MiB, more than the %d MiB a feed may have", path, fi.Size()>>20, lim.MaxZipBytes>>20)
	}
	return LoadFrom(f, fi.Size(), lim, n)
}

// LoadFrom reads a static GTFS zip of size bytes from r for the network n
// within lim. With a network only its stops are kept, and only the trips
// that call at one of them, with their stop times there: stop_times.txt
// is read twice, once for which trips those are, once for their times,
// so memory grows with the network, not with the feed (the national feed
// for one city). A nil n keeps all of it.
func LoadFrom(r io.ReaderAt, size int64, lim Limits, n *Network) (*Feed, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, refuse("static GTFS is not a readable zip: %v", err)
	}
	files := map[string]*zip.File{}
	for _, zf := range zr.File {
		name := zf.Name
		if strings.Contains(name, "\\") || strings.HasPrefix(name, "/") || path.Clean(name) != name && path.Clean(name)+"/" != name ||
			strings.HasPrefix(path.Clean(name), "..") || strings.Contains(name, "/../") {
			return nil, refuse("static GTFS has an entry with an unsafe name %q (absolute or leaving the folder); refused", short(name))
		}
		if strings.Contains(name, "/") {
			continue // GTFS files are at the top of the zip; other folders are not read
		}
		files[name] = zf
	}
	f := &Feed{stopByID: map[string]int32{}, routeByID: map[string]int32{}, services: map[string]*service{}}
	for _, req := range []string{"agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"} {
		if files[req] == nil {
			return nil, refuse("static GTFS has no %s; it is not a GTFS feed", req)
		}
	}
	if files["calendar.txt"] == nil && files["calendar_dates.txt"] == nil {
		return nil, refuse("static GTFS has neither calendar.txt nor calendar_dates.txt")
	}
	read := func(name string, row func(get func(string) string) error) error {
		zf := files[name]
		if zf == nil {
			return nil
		}
		return readCSV(zf, lim, row)
	}
	f.Location = time.UTC
	if err := read("agency.txt", func(get func(string) string) error {
		if tz := get("agency_timezone"); tz != "" && f.Location == time.UTC {
			loc, err := time.LoadLocation(tz)
			if err != nil {
				return refuse("agency.txt: unknown agency_timezone %q", short(tz))
			}
			f.Location = loc
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := read("stops.txt", func(get func(string) string) error {
		s := Stop{ID: get("stop_id"), Code: get("stop_code"), Name: get("stop_name"), Parent: get("parent_station")}
		if s.ID == "" {
			return nil
		}
		s.LocationType, _ = strconv.Atoi(get("location_type"))
		lat, err1 := strconv.ParseFloat(get("stop_lat"), 64)
		lon, err2 := strconv.ParseFloat(get("stop_lon"), 64)
		if err1 == nil && err2 == nil && (lat != 0 || lon != 0) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 {
			s.Lat, s.Lon, s.HasPosition = lat, lon, true
		}
		if _, dup := f.stopByID[s.ID]; dup || !n.keeps(&s) {
			return nil
		}
		f.stopByID[s.ID] = int32(len(f.Stops))
		f.Stops = append(f.Stops, s)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := read("routes.txt", func(get func(string) string) error {
		r := Route{ID: get("route_id"), ShortName: get("route_short_name"), LongName: get("route_long_name")}
		r.Type, _ = strconv.Atoi(get("route_type"))
		if _, dup := f.routeByID[r.ID]; dup {
			return nil
		}
		f.routeByID[r.ID] = int32(len(f.Routes))
		f.Routes = append(f.Routes, r)
		return nil
	}); err != nil {
		return nil, err
	}
	// With a network: which trips call at its stops (the first reading
	// of stop_times.txt), the only ones kept.
	var calling map[string]bool
	if n != nil {
		calling = map[string]bool{}
		if err := read("stop_times.txt", func(get func(string) string) error {
			if _, ok := f.stopByID[get("stop_id")]; ok {
				if id := get("trip_id"); !calling[id] {
					calling[strings.Clone(id)] = true
				}
			}
			return nil
		}); err != nil {
			return nil, err
		}
	}
	tripByID := map[string]int32{}
	if err := read("trips.txt", func(get func(string) string) error {
		ri, ok := f.routeByID[get("route_id")]
		id := get("trip_id")
		if !ok || id == "" || calling != nil && !calling[id] {
			return nil
		}
		if _, dup := tripByID[id]; dup {
			return nil
		}
		t := Trip{ID: id, Headsign: get("trip_headsign"), ServiceID: get("service_id"), Route: ri, Direction: -1}
		if d, err := strconv.Atoi(get("direction_id")); err == nil {
			t.Direction = d
		}
		tripByID[id] = int32(len(f.Trips))
		f.Trips = append(f.Trips, t)
		return nil
	}); err != nil {
		return nil, err
	}
	rows := 0
	if err := read("stop_times.txt", func(get func(string) string) error {
		ti, ok := tripByID[get("trip_id")]
		if !ok {
			return nil
		}
		si, ok := f.stopByID[get("stop_id")]
		if !ok {
			return nil
		}
		rows++
		if rows > lim.MaxStopTimes {
			if n == nil {
				return refuse("static GTFS: stop_times.txt has more than %d rows, more than abfahrt keeps (without the live network's stops to keep only its trips)", lim.MaxStopTimes)
			}
			return refuse("static GTFS: stop_times.txt has more than %d rows at the network's stops, more than abfahrt keeps", lim.MaxStopTimes)
		}
		seq, err := strconv.ParseInt(get("stop_sequence"), 10, 32)
		if err != nil || seq < 0 {
			return nil //nolint:nilerr // a row without a usable stop_sequence is left out, as a consumer does
		}
		st := StopTime{Stop: si, Arr: ParseTime(get("arrival_time")), Dep: ParseTime(get("departure_time")), Seq: int32(seq)}
		if st.Arr < 0 {
			st.Arr = st.Dep
		}
		if st.Dep < 0 {
			st.Dep = st.Arr
		}
		f.Trips[ti].StopTimes = append(f.Trips[ti].StopTimes, st)
		return nil
	}); err != nil {
		return nil, err
	}
	for i := range f.Trips {
		sts := f.Trips[i].StopTimes
		sortStopTimes(sts)
	}
	svc := func(id string) *service {
		s := f.services[id]
		if s == nil {
			s = &service{added: map[int]bool{}, removed: map[int]bool{}}
			f.services[id] = s
		}
		return s
	}
	if err := read("calendar.txt", func(get func(string) string) error {
		s := svc(get("service_id"))
		for i, d := range []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
			s.days[i] = get(d) == "1"
		}
		s.start, _ = strconv.Atoi(get("start_date"))
		s.end, _ = strconv.Atoi(get("end_date"))
		return nil
	}); err != nil {
		return nil, err
	}
	if err := read("calendar_dates.txt", func(get func(string) string) error {
		s := svc(get("service_id"))
		d, err := strconv.Atoi(get("date"))
		if err != nil {
			return nil //nolint:nilerr // a row without a date is left out
		}
		switch get("exception_type") {
		case "1":
			s.added[d] = true
		case "2":
			s.removed[d] = true
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if len(f.Trips) == 0 {
		if n != nil {
			return nil, refuse("static GTFS fits none of the network's trips: none calls at the live network's stops (another city's or region's feed?)")
		}
		return nil, refuse("static GTFS has no trips with known routes")
	}
	return f, nil
}

func sortStopTimes(sts []StopTime) {
	for i := 1; i < len(sts); i++ { // nearly always sorted already: insertion sort
		for j := i; j > 0 && sts[j].Seq < sts[j-1].Seq; j-- {
			sts[j], sts[j-1] = sts[j-1], sts[j]
		}
	}
}

// ParseTime reads a GTFS time H:MM:SS as seconds, -1 when empty or
// malformed.
func ParseTime(s string) int32 {
	s = strings.TrimSpace(s)
	a, rest, ok1 := strings.Cut(s, ":")
	b, c, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 {
		return -1
	}
	h, e1 := strconv.Atoi(a)
	m, e2 := strconv.Atoi(b)
	sec, e3 := strconv.Atoi(c)
	if e1 != nil || e2 != nil || e3 != nil || h < 0 || h > 72 || m < 0 || m > 59 || sec < 0 || sec > 59 {
		return -1
	}
	return int32(h*3600 + m*60 + sec)
}

// readCSV reads one CSV file of the zip row by row, within the limits: its
// declared and actual size, its compression ratio and its line length. A
// byte-order mark at its start is skipped.
func readCSV(zf *zip.File, lim Limits, row func(get func(string) string) error) error {
	name := zf.Name
	if zf.UncompressedSize64 > 1<<20 && zf.CompressedSize64 > 0 && zf.UncompressedSize64/zf.CompressedSize64 > uint64(lim.MaxRatio) {
		return refuse("static GTFS: %s compresses %d:1, a zip bomb rather than a timetable; refused", name, zf.UncompressedSize64/zf.CompressedSize64)
	}
	if zf.UncompressedSize64 > uint64(lim.MaxFileBytes) {
		return refuse("static GTFS: %s is %d MiB uncompressed, more than the %d MiB a file may have", name, zf.UncompressedSize64>>20, lim.MaxFileBytes>>20)
	}
	rc, err := zf.Open()
	if err != nil {
		return refuse("static GTFS: cannot open %s: %v", name, err)
	}
	defer func() { _ = rc.Close() }()
	// The declared size can lie: the reader stops at the limit whatever it says.
	lr := &limitedReader{r: rc, left: min(int64(zf.UncompressedSize64), lim.MaxFileBytes), name: name, maxLine: lim.MaxLine}
	br := bufio.NewReaderSize(lr, 64<<10)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil
	}
	if err != nil {
		return csvError(name, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(h)] = i
	}
	var rec []string
	get := func(k string) string {
		i, ok := col[k]
		if !ok || i >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[i])
	}
	for {
		rec, err = cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return csvError(name, err)
		}
		if err := row(get); err != nil {
			return err
		}
	}
}

func csvError(name string, err error) error {
	var le *LoadError
	if errors.As(err, &le) {
		return le
	}
	if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) {
		return refuse("static GTFS: %s is damaged or larger than its size in the zip says; refused", name)
	}
	return refuse("static GTFS: %s is not readable CSV: %v", name, err)
}

// limitedReader passes at most left bytes on (more is an error, not an
// end: a file larger than its declaration or the limit is refused) and
// refuses a line longer than maxLine.
type limitedReader struct {
	r       io.Reader
	left    int64
	name    string
	maxLine int
	line    int
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > l.left {
		return 0, refuse("static GTFS: %s is larger than its size in the zip says or than a file may be; refused", l.name)
	}
	l.left -= int64(n)
	for _, b := range p[:n] {
		if b == '\n' {
			l.line = 0
			continue
		}
		l.line++
		if l.line > l.maxLine {
			return 0, refuse("static GTFS: %s has a line longer than %d KiB; refused", l.name, l.maxLine>>10)
		}
	}
	return n, err
}

func short(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// TripIndex returns the index of a trip_id, or -1.
func (f *Feed) TripIndex(id string) int {
	for i := range f.Trips {
		if f.Trips[i].ID == id {
			return i
		}
	}
	return -1
}
