package main

// gtfsStaticUsage is the help of serve's --gtfs-static.
const gtfsStaticUsage = "a static GTFS (zip file or http(s) URL, refreshed daily) the GTFS-Realtime feeds under /gtfs-rt/ match their trips to (default: none, trips described by route, direction and start time)"
