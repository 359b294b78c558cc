#!/usr/bin/env bash
# abfahrt against a minimal Bubble Tea v1 clock (.ci/perf/minclock, 10 FPS,
# built on the fly), side by side in tmux at 120x40, in ROUNDS (default 5)
# interleaved rounds; each round starts the three programs in a rotated
# order: the board, a grid of 16 boards and the clock. Per program and round:
#   start: from starting its tmux session to its first departure row (the
#          clock: its first frame) in what it wrote to its terminal (pipe-pane
#          from the session's creation, read every 2 ms; START_BY=capture:
#          capture-pane every 10 ms, as before 2026-11-23);
#   CPU:   after SETTLE s (default 10), the on-CPU time of all its threads
#          (/proc/PID/task/*/schedstat, ns) over WINDOW s (default 30), as a
#          share of one core; all three are measured over the same window;
#   bytes: what it wrote to its terminal in that window (tmux pipe-pane into
#          a file), per second;
#   RSS:   at the end of the window, resident memory (/proc/PID/smaps_rollup
#          Rss) and of it the anonymous pages (heap, stacks, written data;
#          the rest are file pages: the binary's code and read-only data).
# Prints every round, the medians and the goals of issue 15 as ratios of
# medians of per-round ratios. Usage: .ci/perf/perf-compare.sh (after make build)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-5}
window=${WINDOW:-30}
settle=${SETTLE:-10}
bin=${ABFAHRT_BIN:-$PWD/bin/abfahrt}
sock=abfahrt-cmp-$$
tmpd=$(mktemp -d)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmpd"' EXIT
go build -o "$tmpd/minclock" ./.ci/perf/minclock
grid=()
for _ in 1 2 3 4; do grid+=(--stop 1008 --stop 1350 --stop 1240 --stop 1010); done
names=(board grid16 clock)
# shellcheck source=seen.sh
. .ci/perf/seen.sh
declare -A cmd pat
cmd[board]="$bin"
cmd[grid16]="$bin ${grid[*]}"
cmd[clock]="$tmpd/minclock"
pat[board]=$row_pattern
pat[grid16]=$row_pattern
pat[clock]=$clock_pattern
envs=(env HOME="$tmpd" XDG_CONFIG_HOME="$tmpd/c" XDG_CACHE_HOME="$tmpd/k" XDG_STATE_HOME="$tmpd/s" TERM=xterm-256color)
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# cpu_ns PID: on-CPU nanoseconds of all the process's threads.
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%d\n", s}'; }
res="$tmpd/results"
: >"$res"
for r in $(seq "$rounds"); do
  order=()
  for i in 0 1 2; do order+=("${names[$(((i + r - 1) % 3))]}"); done
  declare -A pid start c0 c1 rss anon
  for n in "${order[@]}"; do
    t0=$(now_ms)
    : >"$tmpd/$n.start"
    # shellcheck disable=SC2086 # cmd is a word list
    tmux -L "$sock" -f /dev/null new-session -d -s "$n" -x 120 -y 40 "${envs[@]}" ${cmd[$n]} \; \
      pipe-pane -t "$n" "cat > $tmpd/$n.start"
    until seen "$n" "${pat[$n]}" "$tmpd/$n.start"; do
      sleep "$poll"
      if [ $(($(now_ms) - t0)) -gt 10000 ]; then echo "$n: nothing on screen within 10 s" >&2; exit 1; fi
    done
    start[$n]=$(($(now_ms) - t0))
    tmux -L "$sock" pipe-pane -t "$n"
    pid[$n]=$(tmux -L "$sock" list-panes -t "$n" -F '#{pane_pid}')
  done
  sleep "$settle"
  for n in "${order[@]}"; do tmux -L "$sock" pipe-pane -t "$n" "cat > $tmpd/$n.out"; done
  w0=$(date +%s.%N)
  for n in "${order[@]}"; do c0[$n]=$(cpu_ns "${pid[$n]}"); done
  sleep "$window"
  for n in "${order[@]}"; do c1[$n]=$(cpu_ns "${pid[$n]}"); done
  for n in "${order[@]}"; do
    rss[$n]=$(awk '$1 == "Rss:" {print $2}' /proc/"${pid[$n]}"/smaps_rollup)
    anon[$n]=$(awk '$1 == "Anonymous:" {print $2}' /proc/"${pid[$n]}"/smaps_rollup)
  done
  w1=$(date +%s.%N)
  for n in "${order[@]}"; do tmux -L "$sock" pipe-pane -t "$n"; done
  sleep 0.2
  line="round $r (${order[*]}):"
  for n in "${names[@]}"; do
    bytes=$(stat -c %s "$tmpd/$n.out")
    read -r cpu bps < <(awk -v a="${c0[$n]}" -v b="${c1[$n]}" -v w0="$w0" -v w1="$w1" -v by="$bytes" \
      'BEGIN {printf "%.4f %.1f\n", 100 * (b - a) / 1e9 / (w1 - w0), by / (w1 - w0)}')
    echo "$r $n $cpu $bps ${start[$n]} ${rss[$n]} ${anon[$n]}" >>"$res"
    line+=" $n ${cpu}% ${bps} B/s ${start[$n]} ms ${rss[$n]} kB;"
  done
  echo "$line"
  for n in "${names[@]}"; do tmux -L "$sock" kill-session -t "$n"; done
  unset pid start c0 c1 rss anon
done
awk -v rounds="$rounds" -v window="$window" '
function median(arr, n,   i, j, t) {
  for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
  return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2
}
{ cpu[$1, $2] = $3; bps[$1, $2] = $4; st[$1, $2] = $5; rs[$1, $2] = $6; an[$1, $2] = $7 }
END {
  split("board grid16 clock", ns, " ")
  printf "\nmedians of %d rounds, %d s windows, 120x40, TERM=xterm-256color:\n", rounds, window
  for (k = 1; k <= 3; k++) {
    n = ns[k]
    for (r = 1; r <= rounds; r++) { a[r] = cpu[r, n]; b[r] = bps[r, n]; c[r] = st[r, n]; d[r] = rs[r, n]; e[r] = an[r, n]; f[r] = rs[r, n] - an[r, n] }
    printf "  %-7s CPU %.3f%% of a core   %7.1f bytes/s   start %d ms   RSS %.1f MB (anon %.1f, file %.1f)\n", n, median(a, rounds), median(b, rounds), median(c, rounds), median(d, rounds) / 1024, median(e, rounds) / 1024, median(f, rounds) / 1024
  }
  for (r = 1; r <= rounds; r++) {
    rb[r] = cpu[r, "board"] / cpu[r, "clock"]; rg[r] = cpu[r, "grid16"] / cpu[r, "clock"]
    by[r] = bps[r, "board"] / bps[r, "clock"]; bb[r] = bps[r, "board"]
    rst[r] = st[r, "board"] / st[r, "clock"]; sb[r] = st[r, "board"]
    mr[r] = rs[r, "board"] / rs[r, "clock"]; mb[r] = rs[r, "board"]
  }
  printf "\nissue 15 goals (median of the per-round values):\n"
  m = median(rb, rounds); printf "  idle CPU, board / clock:          x%.2f   goal <= 1.2   %s\n", m, m <= 1.2 ? "holds" : "MISSED"
  m = median(rg, rounds); printf "  idle CPU, grid of 16 / clock:     x%.2f   goal <= 1.3   %s\n", m, m <= 1.3 ? "holds" : "MISSED"
  m = median(bb, rounds); printf "  bytes/s to the terminal, board:   %.0f (x%.1f the clock)   goal <= 150   %s\n", m, median(by, rounds), m <= 150 ? "holds" : "MISSED"
  m = median(sb, rounds); printf "  start to first departure row:     %d ms (x%.2f the clock'"'"'s first frame)   goal <= 150 ms   %s\n", m, median(rst, rounds), m <= 150 ? "holds" : "MISSED"
  printf "\nissue 35 goal (the board here is on the embedded simulation; make mem measures --api):\n"
  m = median(mb, rounds); printf "  resident memory, board:           %.1f MB (x%.2f the clock)   goal <= 25 MB   %s\n", m / 1024, median(mr, rounds), m <= 25 * 1024 ? "holds" : "MISSED"
}' "$res"
