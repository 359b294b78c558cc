#!/usr/bin/env bash
# Hub throughput over loopback: `abfahrt serve` on 127.0.0.1 with the
# embedded simulation upstream, loaded with wrk (Debian package wrk) on the
# Hauptbahnhof departures for DURATION (default 10s), 2 threads and 32
# connections; then the upstream requests that load cost, from /metrics.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk not installed (apt-get install wrk)" >&2; exit 1; }
port=${PORT:-18081}
./bin/abfahrt serve --listen "127.0.0.1:$port" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
url="http://127.0.0.1:$port/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10"
echo "== identity"
wrk -t2 -c32 -d"${DURATION:-10s}" --latency "$url"
echo "== gzip"
wrk -t2 -c32 -d"${DURATION:-10s}" --latency -H 'Accept-Encoding: gzip' "$url"
echo "== upstream requests"
curl -fsS "http://127.0.0.1:$port/metrics" | grep -E '^abfahrt_(upstream_requests_total|mirror_cache_hits_total)'
