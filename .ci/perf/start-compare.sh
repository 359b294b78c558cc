#!/usr/bin/env bash
# Start to the first departure row (the minimal clock: its first frame) of
# several programs, in N (default 9) interleaved runs: each run starts a
# fresh tmux server at 120x40 (TERM=xterm-256color) with one program and
# watches what the program writes to its terminal (START_BY=capture: polls
# capture-pane every 10 ms, as before 2026-11-23). Prints each program's times and median.
# Usage: .ci/perf/start-compare.sh name=/path/to/abfahrt [name=…] (the
# minimal clock is added as "clock").
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${N:-9}
sock=abfahrt-start-$$
tmpd=$(mktemp -d)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmpd"' EXIT
go build -o "$tmpd/minclock" ./.ci/perf/minclock
specs=("clock=$tmpd/minclock" "$@")
# shellcheck source=seen.sh
. .ci/perf/seen.sh
declare -A res
for _ in $(seq "$n"); do
  for spec in "${specs[@]}"; do
    name=${spec%%=*} cmd=${spec#*=}
    pat=$row_pattern
    [ "$name" = clock ] && pat=$clock_pattern
    t0=$(date +%s%N)
    : >"$tmpd/out"
    tmux -L "$sock" -f /dev/null new-session -d -s x -x 120 -y 40 env HOME="$tmpd" XDG_CONFIG_HOME="$tmpd/c" \
      XDG_CACHE_HOME="$tmpd/k" XDG_STATE_HOME="$tmpd/s" TERM=xterm-256color "$cmd" \; pipe-pane -t x "cat > $tmpd/out"
    tries=0
    until seen x "$pat" "$tmpd/out"; do
      sleep "$poll"
      tries=$((tries + 1))
      if [ "$tries" -gt 2000 ]; then echo "$name: nothing on screen within 10 s" >&2; exit 1; fi
    done
    t1=$(date +%s%N)
    tmux -L "$sock" kill-server
    res[$name]+="$(((t1 - t0) / 1000000)) "
    sleep 0.3
  done
done
for spec in "${specs[@]}"; do
  name=${spec%%=*}
  sorted=$(echo "${res[$name]}" | tr ' ' '\n' | grep . | sort -n | tr '\n' ' ')
  echo "$name: $sorted median $(echo "$sorted" | tr ' ' '\n' | grep . | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}') ms"
done
