#!/usr/bin/env bash
# The hub's CPU with 20 stops published over MQTT (issue 37): abfahrt serve
# on the embedded simulation, idle, then with --mqtt and 20 --mqtt-stop to a
# mosquitto of its own on a loopback port, then the same with one /events
# stream per stop besides. Per run: the on-CPU share of one core of all the
# hub's threads over WINDOW s (default 60) after SETTLE s (default 5), and
# its RSS. Usage: make build; .ci/perf/mqtt-cpu.sh (needs mosquitto, curl).
set -euo pipefail
cd "$(dirname "$0")/../.."
window=${WINDOW:-60}; settle=${SETTLE:-5}
tmpd=$(mktemp -d); pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmpd"' EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
mq=$(free_port); hp=$(free_port)
printf 'user %s\npersistence false\nlistener %s 127.0.0.1\nallow_anonymous true\n' "$(id -un)" "$mq" >"$tmpd/mosquitto.conf"
mosquitto -c "$tmpd/mosquitto.conf" >"$tmpd/mosquitto.log" 2>&1 & pids+=($!)
sleep 0.5
stops=(1008 1022 1079 1080 1081 1082 1087 1090 1170 1200 1255 1266 1350 1403 1411 1412 1413 1414 1416 1421)
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%d\n", s}'; }
run() { # label, serve's arguments...
  local label=$1; shift
  env XDG_CONFIG_HOME="$tmpd/c" XDG_STATE_HOME="$tmpd/s" XDG_CACHE_HOME="$tmpd/k" \
    ./bin/abfahrt serve --listen 127.0.0.1:"$hp" "$@" >"$tmpd/serve-$label.log" 2>&1 &
  local spid=$!; pids+=("$spid")
  sleep "$settle"
  if [ "$label" = mqtt+events ]; then
    for s in "${stops[@]}"; do timeout $((window + 5)) curl -sN "http://127.0.0.1:$hp/events?stop=$s" >/dev/null 2>&1 & done
    sleep 2
  fi
  local c0 c1 t0 t1 rss
  c0=$(cpu_ns "$spid"); t0=$(date +%s%N)
  sleep "$window"
  c1=$(cpu_ns "$spid"); t1=$(date +%s%N)
  rss=$(awk '/VmRSS/{print $2}' /proc/"$spid"/status)
  kill "$spid"; wait "$spid" 2>/dev/null || true
  awk -v l="$label" -v c=$((c1 - c0)) -v t=$((t1 - t0)) -v r="$rss" 'BEGIN {printf "%-12s %.2f %% of a core, RSS %d KiB\n", l, 100 * c / t, r}'
}
args=(--mqtt "mqtt://127.0.0.1:$mq"); for s in "${stops[@]}"; do args+=(--mqtt-stop "$s"); done
run idle
run mqtt "${args[@]}"
run mqtt+events "${args[@]}"
grep -c '"mqtt: connected"\|mqtt: connected' "$tmpd/serve-mqtt.log" | awk '{print "mqtt connections in the mqtt run: " $1}'
