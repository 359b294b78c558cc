#!/usr/bin/env bash
# Simulation throughput over loopback: serves `abfahrt sim` on 127.0.0.1
# and loads one endpoint with wrk (Debian package wrk) for DURATION
# (default 10s) with 2 threads and 32 connections.
#   TARGET=departures (default): Hauptbahnhof departures, Limit 10
#   TARGET=stops: the whole stop list (base data, about 217 KB)
#   GZIP=1: send Accept-Encoding: gzip (as the abfahrt client does)
#   ABFAHRT_BIN: the binary (default bin/abfahrt)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk not installed (apt-get install wrk)" >&2; exit 1; }
port=${PORT:-18080}
bin=${ABFAHRT_BIN:-$PWD/bin/abfahrt}
case "${TARGET:-departures}" in
departures) path="/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10" ;;
stops) path="/mobility/v1/stop/attributes/BaseData" ;;
*) echo "TARGET must be departures or stops" >&2; exit 2 ;;
esac
hdr=()
[ "${GZIP:-0}" = 1 ] && hdr=(-H 'Accept-Encoding: gzip')
"$bin" sim --quiet --listen "127.0.0.1:$port" --start 2026-09-11T12:45:00+02:00 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS "http://127.0.0.1:$port/mobility/v1/VersionInfo" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "sim load: ${TARGET:-departures}, gzip=${GZIP:-0}"
wrk -t2 -c32 -d"${DURATION:-10s}" --latency "${hdr[@]}" "http://127.0.0.1:$port$path"
