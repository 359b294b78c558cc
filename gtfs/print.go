package gtfs

import (
	"fmt"
	"io"
)

// Print prints the report as short tables, at most 20 rows a
// section.
func (r Report) Print(w io.Writer) {
	const most = 20
	p := func(format string, a ...any) { _, _ = fmt.Fprintf(w, format, a...) }
	p("static GTFS %s against the live service\n\n", r.Static)
	p("live stop points missing from the static feed: %d of %d\n", len(r.MissingStops), r.LiveStopPoints)
	for i, s := range r.MissingStops {
		if i == most {
			p("  … and %d more (--json lists all)\n", len(r.MissingStops)-most)
			break
		}
		p("  %-20s %-36s lines %s\n", s.Code, s.Name, s.Lines)
	}
	share := 0.0
	if r.VehiclesAsked > 0 {
		share = 100 * float64(r.Matched) / float64(r.VehiclesAsked)
	}
	p("\nlive trips: %d compared, %d matched (%.0f %%), %d match none, %d match several\n", r.VehiclesAsked, r.Matched, share, len(r.Unmatched), len(r.Ambiguous))
	for _, group := range []struct {
		name  string
		trips []LiveTrip
	}{{"none", r.Unmatched}, {"several", r.Ambiguous}} {
		for i, t := range group.trips {
			if i == most {
				p("  … and %d more\n", len(group.trips)-most)
				break
			}
			p("  match %-8s vehicle %-4d line %-4s %-26s from %s\n", group.name, t.Vehicle, t.Line, t.Direction, t.Start)
		}
	}
	p("\nheadsigns that differ from the live directions: %d\n", len(r.Headsigns))
	for i, h := range r.Headsigns {
		if i == most {
			p("  … and %d more\n", len(r.Headsigns)-most)
			break
		}
		p("  line %-4s static %q, live %q (trip %s)\n", h.Line, h.Static, h.Live, h.Trip)
	}
	p("\nstop points without coordinates: %d\n", len(r.NoPosition))
	for i, s := range r.NoPosition {
		if i == most {
			p("  … and %d more\n", len(r.NoPosition)-most)
			break
		}
		p("  %-6s %-20s %s\n", s.Where, s.ID, s.Name)
	}
}
