package main

import (
	"abfahrt/gtfs"
)

// gtfsStaticUsage is the help of serve's --gtfs-static.
const gtfsStaticUsage = "a static GTFS (zip file or http(s) URL, refreshed daily) the GTFS-Realtime feeds under /gtfs-rt/ match their trips to (default: none, trips described by route, direction and start time)"

// gtfsLimitsUsage is the help of serve's --gtfs-limits and gtfs check's
// --limits.
const gtfsLimitsUsage = "limits a static GTFS is loaded within, each part optional: zip=SIZE,file=SIZE (uncompressed),ratio=N (compression),line=SIZE,stop-times=N (rows kept) (default " + "\"zip=1GiB,file=4GiB,ratio=200,line=64KiB,stop-times=8000000\": the national feed, loaded for the live network's stops; config gtfs.limits)"

// gtfsLimitsOf are the limits of the flag named name, else of the configuration's
// gtfs.limits, else the defaults; a value that does not parse is a usage
// error.
func gtfsLimitsOf(g *globals, name, flag string) (gtfs.Limits, error) {
	if flag != "" {
		lim, err := gtfs.ParseLimits(flag)
		if err != nil {
			return lim, usagef("%s: %v", name, err)
		}
		return lim, nil
	}
	if g.s != nil {
		return gtfs.ParseLimits(g.s.file.GTFS.Limits) // checked when the configuration was read
	}
	return gtfs.DefaultLimits, nil
}
