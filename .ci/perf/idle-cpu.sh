#!/usr/bin/env bash
# Idle CPU of the running board: starts bin/abfahrt with the given
# arguments in tmux (120x40), lets it settle, then reads the process's
# utime+stime from /proc over SECONDS (default 60) and prints the share of
# one core. Usage: .ci/perf/idle-cpu.sh [abfahrt args...]
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${SECONDS_IDLE:-60}
bin=${ABFAHRT_BIN:-$PWD/bin/abfahrt}
sock=abfahrt-perf-$$
tmpd=$(mktemp -d)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmpd"' EXIT
tmux -L "$sock" -f /dev/null new-session -d -s perf -x 120 -y 40 \
  env HOME="$tmpd" XDG_CONFIG_HOME="$tmpd/c" XDG_CACHE_HOME="$tmpd/k" XDG_STATE_HOME="$tmpd/s" TERM=xterm-256color "$bin" "$@"
pid=""
for _ in $(seq 50); do
  pid=$(tmux -L "$sock" list-panes -t perf -F '#{pane_pid}' 2>/dev/null || true)
  [ -n "$pid" ] && break
  sleep 0.1
done
sleep 10 # start-up, base data for the search, first polls
tck=$(getconf CLK_TCK)
read_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
t0=$(read_ticks); w0=$(date +%s.%N)
sleep "$secs"
t1=$(read_ticks); w1=$(date +%s.%N)
rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
awk -v a="$t0" -v b="$t1" -v w0="$w0" -v w1="$w1" -v tck="$tck" -v rss="$rss" -v args="$*" 'BEGIN {
  cpu = (b - a) / tck; wall = w1 - w0
  printf "idle CPU (%s): %.3f%% of one core over %.0f s; RSS %.1f MB\n", (args == "" ? "board" : args), 100 * cpu / wall, wall, rss / 1024 }'
