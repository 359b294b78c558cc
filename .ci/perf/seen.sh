# Sourced by perf-compare.sh and start-compare.sh (which set $sock): when
# the first departure row (or the clock's first frame) is on screen.
#
# seen SESSION PATTERN FILE: whether PATTERN is on the session's screen.
# START_BY=bytes (default): in what the program wrote to its terminal (FILE,
# fed by pipe-pane from the session's creation), read every $poll (2 ms);
# tmux shows what it is written at once. START_BY=capture: capture-pane
# every 10 ms, the method until 2026-11-23, whose every poll starts a tmux
# client (20-50 ms apart on this machine, which rounds every start up).
# shellcheck shell=bash
start_by=${START_BY:-bytes}
poll=0.002
[ "$start_by" = capture ] && poll=0.01
seen() {
  if [ "$start_by" = capture ]; then
    tmux -L "$sock" capture-pane -p -t "$1" 2>/dev/null | grep -Eq "$2"
  else
    grep -aEq "$2" "$3" 2>/dev/null
  fi
}
# A departure row's countdown; not the grid summary's "late >3 min" (which
# matched the grid's first frame, before any row, until 2026-11-23).
row_pattern='(^|[^>0-9])[0-9]+ min|\bnow\b'
# shellcheck disable=SC2034 # used by the scripts that source this file
clock_pattern='clock [0-9]{2}:[0-9]{2}'
