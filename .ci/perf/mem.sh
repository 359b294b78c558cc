#!/usr/bin/env bash
# Resident memory of a board against a minimal Bubble Tea v1 clock
# (.ci/perf/minclock, built on the fly), measured in the same run, each in
# its own tmux session at 120x40 (TERM=xterm-256color, an empty HOME):
#   api:   the board of its default stop on --api, a real `abfahrt sim` on a
#          loopback port (the case of a board on Stadtwerke Ulm's service);
#   sim:   the board on the embedded simulation (no --api);
#   clock: the minimal clock.
# Per round (ROUNDS, default 3; the three start in a rotated order): once
# the first departure row (the clock: its first frame) is on screen, the
# boards are used as a rider would (help, a search typed and left, the
# command palette), and SETTLE s (default 40: two polls of 15 s later, so
# what the board runs steadily is resident again after the start's pages
# were let go) have passed, /proc/PID/smaps_rollup: Rss, and of it
# Anonymous (heap, stacks, the binary's written data) and file pages (Rss
# less Anonymous: the binary's code and read-only data, libc). Prints every
# round and the medians, the goals of issue 35 (api <= 20 MB and <= 4x the
# clock; sim <= 25 MB) as holds/MISSED, and fails when a median passes its
# guard (MEM_GUARD_API_KB, MEM_GUARD_SIM_KB: what the board held when the
# guard was set, plus about 10%), so memory cannot grow back unnoticed;
# and first what package initialisation allocates (MEM_GUARD_INIT_KB).
# Usage: .ci/perf/mem.sh (after make build; make mem)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-3}
settle=${SETTLE:-40}
guard_api=${MEM_GUARD_API_KB:-22000}
guard_sim=${MEM_GUARD_SIM_KB:-25000}
bin=${ABFAHRT_BIN:-$PWD/bin/abfahrt}
sock=abfahrt-mem-$$
tmpd=$(mktemp -d)
simpid=""
cleanup() {
  tmux -L "$sock" kill-server 2>/dev/null || true
  [ -n "$simpid" ] && kill "$simpid" 2>/dev/null || true
  rm -rf "$tmpd"
}
trap cleanup EXIT
go build -o "$tmpd/minclock" ./.ci/perf/minclock
# What package initialisation allocates (GODEBUG=inittrace=1 abfahrt
# --version): held by every abfahrt process, board or hub, from its first
# millisecond, and about twice over in resident memory once the collector's
# target is added. Fails above MEM_GUARD_INIT_KB (what it was when the
# guard was set, 626 kB, plus about 20 %), so a package that builds
# tables in init cannot come back unnoticed.
guard_init=${MEM_GUARD_INIT_KB:-760}
GODEBUG=inittrace=1 "$bin" --version 2>"$tmpd/init" >/dev/null
init_kb=$(awk '$1 == "init" {s += $8} END {printf "%d\n", s / 1024}' "$tmpd/init")
echo "package initialisation: ${init_kb} kB allocated (guard ${guard_init} kB); the largest:"
awk '$1 == "init" && $8 > 0 {printf "  %6d kB  %s\n", $8 / 1024, $2}' "$tmpd/init" | sort -rn | head -5
if [ "$init_kb" -gt "$guard_init" ]; then
  echo "mem: package initialisation allocates ${init_kb} kB, above its guard of ${guard_init} kB" >&2
  exit 1
fi
"$bin" sim --listen 127.0.0.1:0 >"$tmpd/sim.log" 2>&1 &
simpid=$!
base=""
for _ in $(seq 100); do
  base=$(grep -o 'base=http://127.0.0.1:[0-9]*/mobility/v1' "$tmpd/sim.log" | head -1 | cut -d= -f2 || true)
  [ -n "$base" ] && break
  sleep 0.05
done
[ -n "$base" ] || { echo "mem: abfahrt sim did not start: $(cat "$tmpd/sim.log")" >&2; exit 1; }
names=(api sim clock)
# shellcheck source=seen.sh
. .ci/perf/seen.sh
declare -A cmd pat
cmd[api]="$bin --api $base"
cmd[sim]="$bin"
cmd[clock]="$tmpd/minclock"
pat[api]=$row_pattern
pat[sim]=$row_pattern
pat[clock]=$clock_pattern
envs=(env HOME="$tmpd" XDG_CONFIG_HOME="$tmpd/c" XDG_CACHE_HOME="$tmpd/k" XDG_STATE_HOME="$tmpd/s" TERM=xterm-256color)
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# kb PID FIELD: a field of the process's smaps_rollup, in kB.
kb() { awk -v f="$2:" '$1 == f {print $2}' /proc/"$1"/smaps_rollup; }
res="$tmpd/results"
: >"$res"
for r in $(seq "$rounds"); do
  order=()
  for i in 0 1 2; do order+=("${names[$(((i + r - 1) % 3))]}"); done
  declare -A pid
  for n in "${order[@]}"; do
    t0=$(now_ms)
    : >"$tmpd/$n.start"
    # shellcheck disable=SC2086 # cmd is a word list
    tmux -L "$sock" -f /dev/null new-session -d -s "$n" -x 120 -y 40 "${envs[@]}" ${cmd[$n]} \; \
      pipe-pane -t "$n" "cat > $tmpd/$n.start"
    until seen "$n" "${pat[$n]}" "$tmpd/$n.start"; do
      sleep "$poll"
      if [ $(($(now_ms) - t0)) -gt 10000 ]; then echo "mem: $n: nothing on screen within 10 s" >&2; exit 1; fi
    done
    tmux -L "$sock" pipe-pane -t "$n"
    pid[$n]=$(tmux -L "$sock" list-panes -t "$n" -F '#{pane_pid}')
  done
  for n in api sim; do
    for k in '?' Escape / u n i Escape : Escape; do
      tmux -L "$sock" send-keys -t "$n" "$k"
      sleep 0.3
    done
  done
  sleep "$settle"
  line="round $r (${order[*]}):"
  for n in "${names[@]}"; do
    rss=$(kb "${pid[$n]}" Rss)
    anon=$(kb "${pid[$n]}" Anonymous)
    echo "$r $n $rss $anon $((rss - anon))" >>"$res"
    line+=" $n ${rss} kB (anon ${anon}, file $((rss - anon)));"
  done
  echo "$line"
  for n in "${names[@]}"; do tmux -L "$sock" kill-session -t "$n"; done
  unset pid
done
awk -v rounds="$rounds" -v settle="$settle" -v gapi="$guard_api" -v gsim="$guard_sim" '
function median(arr, n,   i, j, t) {
  for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
  return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2
}
{ rss[$1, $2] = $3; an[$1, $2] = $4; fi[$1, $2] = $5 }
END {
  split("api sim clock", ns, " ")
  printf "\nresident memory, medians of %d rounds, %d s after the first row, 120x40:\n", rounds, settle
  for (k = 1; k <= 3; k++) {
    n = ns[k]
    for (r = 1; r <= rounds; r++) { a[r] = rss[r, n]; b[r] = an[r, n]; c[r] = fi[r, n] }
    m[n] = median(a, rounds)
    printf "  %-6s RSS %6.1f MB   anonymous %5.1f MB   file %5.1f MB\n", n, m[n] / 1024, median(b, rounds) / 1024, median(c, rounds) / 1024
  }
  for (r = 1; r <= rounds; r++) ratio[r] = rss[r, "api"] / rss[r, "clock"]
  x = median(ratio, rounds)
  printf "\nissue 35 goals:\n"
  printf "  board on --api:             %5.1f MB   goal <= 20 MB   %s\n", m["api"] / 1024, m["api"] <= 20 * 1024 ? "holds" : "MISSED"
  printf "  board on --api / clock:     x%.2f      goal <= 4      %s\n", x, x <= 4 ? "holds" : "MISSED"
  printf "  board on the simulation:    %5.1f MB   goal <= 25 MB   %s\n", m["sim"] / 1024, m["sim"] <= 25 * 1024 ? "holds" : "MISSED"
  fail = 0
  if (m["api"] > gapi) { printf "mem: the board on --api holds %d kB, above its guard of %d kB\n", m["api"], gapi; fail = 1 }
  if (m["sim"] > gsim) { printf "mem: the board on the simulation holds %d kB, above its guard of %d kB\n", m["sim"], gsim; fail = 1 }
  if (!fail) printf "guards (api <= %d kB, sim <= %d kB): hold\n", gapi, gsim
  exit fail
}' "$res"
