#!/usr/bin/env bash
# The kiosk at 300x80 against the minimal Bubble Tea clock (.ci/perf/minclock),
# side by side in tmux in the same window (issue 34 item 5): one board (--stop
# 1008, large rows), four boards side by side, the clock, and with OLD_BIN an
# older abfahrt's kiosk of one board and of four (old, old4). Per round: the on-CPU share of one core of all its
# threads, the bytes/s written to its terminal and its threads' wake-ups a
# minute (voluntary context switches) over WINDOW s (default 30)
# after SETTLE s (default 10). At the end, each program's CPU over all rounds
# as a ratio to the clock's; the script fails when the kiosk's ratio (one
# board and four) exceeds MAX_RATIO (default 1: no more than the clock).
# The kiosks read a simulation served by `abfahrt sim` on loopback, as a
# station display reads its service over the network: the simulation's own
# work is not the display's (EMBEDDED=1: each kiosk runs its own, as
# before). SIM_START (RFC 3339) starts the simulation's clock there, so that
# a run at night measures the day's service (SIM_START=2026-09-11T12:00:00+02:00).
# Usage: make build; .ci/perf/kiosk-idle.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-3}; window=${WINDOW:-30}; settle=${SETTLE:-10}
sockbase=hall-idle-$$; tmpd=$(mktemp -d)
sock=$sockbase
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmpd"' EXIT
go build -o "$tmpd/minclock" ./.ci/perf/minclock
envs=(env HOME="$tmpd" XDG_CONFIG_HOME="$tmpd/c" XDG_CACHE_HOME="$tmpd/k" XDG_STATE_HOME="$tmpd/s" TERM=xterm-256color)
api=""
if [ -z "${EMBEDDED:-}" ]; then
  port=$((20000 + $$ % 20000))
  "$PWD/bin/abfahrt" sim --quiet --listen "127.0.0.1:$port" ${SIM_START:+--start "$SIM_START"} &
  simpid=$!
  trap 'kill "$simpid" 2>/dev/null || true; tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmpd"' EXIT
  api="--api http://127.0.0.1:$port/mobility/v1"
fi
declare -A cmd; cmd[kiosk]="$PWD/bin/abfahrt --kiosk $api --stop 1008"; cmd[kiosk4]="$PWD/bin/abfahrt --kiosk $api --stop 1008 --stop 1350 --stop 1240 --stop 1010"; cmd[clock]=$tmpd/minclock; cmd[old]="${OLD_BIN:-} --kiosk $api --stop 1008"; cmd[old4]="${OLD_BIN:-} --kiosk $api --stop 1008 --stop 1350 --stop 1240 --stop 1010"
names=(kiosk kiosk4 clock${OLD_BIN:+ old old4})
declare -A total bytes_total; for n in "${names[@]}"; do total[$n]=0; bytes_total[$n]=0; done; secs=0
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%d\n", s}'; }
# Wake-ups: the voluntary context switches of all its threads (each is a
# sleep that ended), a minute.
wakes() { cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ {s += $2} END {printf "%d\n", s}'; }
for r in $(seq "$rounds"); do
  sock=$sockbase-$r; declare -A pid c0 c1 v0 v1
  for n in "${names[@]}"; do
    tmux -L "$sock" -f /dev/null new-session -d -s "$n" -x 300 -y 80 "${envs[@]}" ${cmd[$n]}
    pid[$n]=$(tmux -L "$sock" list-panes -t "$n" -F '#{pane_pid}')
  done
  sleep "$settle"
  for n in "${names[@]}"; do tmux -L "$sock" pipe-pane -t "$n" "cat > $tmpd/$n.out"; done
  w0=$(date +%s.%N)
  for n in "${names[@]}"; do c0[$n]=$(cpu_ns "${pid[$n]}"); v0[$n]=$(wakes "${pid[$n]}"); done
  sleep "$window"
  for n in "${names[@]}"; do c1[$n]=$(cpu_ns "${pid[$n]}"); v1[$n]=$(wakes "${pid[$n]}"); done
  w1=$(date +%s.%N)
  for n in "${names[@]}"; do tmux -L "$sock" pipe-pane -t "$n"; done
  sleep 0.2
  line="round $r:"
  for n in "${names[@]}"; do
    bytes=$(stat -c %s "$tmpd/$n.out")
    line+=$(awk -v a="${c0[$n]}" -v b="${c1[$n]}" -v w0="$w0" -v w1="$w1" -v by="$bytes" -v n="$n" -v va="${v0[$n]}" -v vb="${v1[$n]}" \
      'BEGIN {printf " %s %.3f%% %.1f B/s %.0f wakes/min;", n, 100 * (b - a) / 1e9 / (w1 - w0), by / (w1 - w0), 60 * (vb - va) / (w1 - w0)}')
  done
  echo "$line"
  for n in "${names[@]}"; do
    total[$n]=$((total[$n] + c1[$n] - c0[$n]))
    bytes_total[$n]=$((bytes_total[$n] + $(stat -c %s "$tmpd/$n.out")))
  done
  secs=$(awk -v s="$secs" -v a="$w0" -v b="$w1" 'BEGIN {print s + b - a}')
  tmux -L "$sock" kill-server
done
line="all rounds:"; fail=0
for n in "${names[@]}"; do
  line+=$(awk -v c="${total[$n]}" -v k="${total[clock]}" -v by="${bytes_total[$n]}" -v s="$secs" -v n="$n" \
    'BEGIN {printf " %s ×%.2f the clock %.1f B/s;", n, (k > 0 ? c / k : 0), by / s}')
done
echo "$line"
for n in kiosk kiosk4; do
  if awk -v c="${total[$n]}" -v k="${total[clock]}" -v m="${MAX_RATIO:-1}" 'BEGIN {exit !(k > 0 && c > m * k)}'; then
    echo "$n: CPU ×$(awk -v c="${total[$n]}" -v k="${total[clock]}" 'BEGIN {printf "%.2f", c / k}') the clock's, more than ${MAX_RATIO:-1}" >&2
    fail=1
  fi
done
exit $fail
