#!/usr/bin/env bash
# Simulation throughput over loopback: serves `abfahrt sim` on 127.0.0.1
# and loads the Hauptbahnhof departures endpoint with wrk (Debian package
# wrk) for DURATION (default 10s) with 2 threads and 32 connections.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk not installed (apt-get install wrk)" >&2; exit 1; }
port=${PORT:-18080}
./bin/abfahrt sim --quiet --listen "127.0.0.1:$port" --start 2026-09-11T12:45:00+02:00 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS "http://127.0.0.1:$port/mobility/v1/VersionInfo" >/dev/null 2>&1 && break
  sleep 0.1
done
wrk -t2 -c32 -d"${DURATION:-10s}" --latency "http://127.0.0.1:$port/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10"
