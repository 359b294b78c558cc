#!/usr/bin/env bash
# Start to first departure row: starts bin/abfahrt in tmux and polls the
# screen every 10 ms until a departure row ("N min" or "now") is painted.
# Prints the median of RUNS (default 10) runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-10}
bin=${ABFAHRT_BIN:-$PWD/bin/abfahrt}
sock=abfahrt-start-$$
tmpd=$(mktemp -d)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmpd"' EXIT
times=()
for i in $(seq "$runs"); do
  t0=$(date +%s%N)
  tmux -L "$sock" -f /dev/null new-session -d -s "s$i" -x 120 -y 40 \
    env HOME="$tmpd" XDG_CONFIG_HOME="$tmpd/c" XDG_CACHE_HOME="$tmpd/k" XDG_STATE_HOME="$tmpd/s" TERM=xterm-256color "$bin" "$@"
  while ! tmux -L "$sock" capture-pane -p -t "s$i" 2>/dev/null | grep -Eq '[0-9]+ min|now'; do
    sleep 0.01
    if [ $(( ($(date +%s%N) - t0) / 1000000 )) -gt 10000 ]; then echo "no departure row within 10 s" >&2; exit 1; fi
  done
  t1=$(date +%s%N)
  times+=($(( (t1 - t0) / 1000000 )))
  tmux -L "$sock" kill-session -t "s$i"
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
median=$(echo "$sorted" | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
echo "start to first departure row: median ${median} ms over $runs runs (all: $(echo $sorted | tr '\n' ' '))"
