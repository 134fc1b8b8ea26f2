#!/usr/bin/env bash
# How long a verdict takes: the bundled suite in process, then against one `storage-conformance serve` over
# Firebase v0 and over the GCS JSON API, each at --jobs 1 and --jobs 4, side by side in one run. For every run:
# wall time, the runner's CPU time (user + system), serve's CPU time during it, and the result line.
# A benchmark, not a test: it fails only when a run does not finish, or when --jobs 4 gives other results than
# --jobs 1 against the same target.
# usage: scripts/bench-suite.sh [BINARY]
#   BINARY: a storage-conformance to measure (default: a release build of this checkout, built first).
#   Prints the load average before and after: the machine is shared, so read the figures with it.
set -euo pipefail
cd "$(dirname "$0")/.."

case ${1:-} in
  -h | --help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac
if [ -n "${1:-}" ]; then
  bin=$1
else
  swift build -c release --product storage-conformance >/dev/null
  bin="$(swift build -c release --show-bin-path)/storage-conformance"
fi
[ -x "$bin" ] || { echo "no executable at $bin" >&2; exit 2; }

work=$(mktemp -d)
serve_pid=""
cleanup() {
  [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$bin" serve --host 127.0.0.1 --port 0 >"$work/serve.log" 2>&1 &
serve_pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1 | cut -d: -f3 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve.log"; echo "serve did not start" >&2; exit 1; }
base="http://127.0.0.1:$port"

ticks=$(getconf CLK_TCK)
# serve's user + system CPU time so far, in clock ticks (fields 14 and 15 of /proc/PID/stat).
serve_ticks() { awk '{ print $14 + $15 }' "/proc/$serve_pid/stat"; }

printf 'binary: %s\n' "$bin"
printf 'load average before: %s\n\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %6s %8s %8s %8s  %s\n' run jobs wall cpu serve-cpu results
declare -A first_result
run() {
  local label=$1 target=$2 jobs=$3 before after times result
  before=$(serve_ticks)
  TIMEFORMAT='%R %U %S'
  times=$({ time "$bin" run --quiet --target "$target" --jobs "$jobs" --junit "$work/junit.xml" \
    >"$work/out.log" 2>&1; } 2>&1) || true
  after=$(serve_ticks)
  result=$(tail -1 "$work/out.log")
  case $result in
    *passed,*failed,*skipped) ;;
    *) cat "$work/out.log"; echo "$label --jobs $jobs did not finish" >&2; exit 1 ;;
  esac
  read -r wall user system <<<"$times"
  printf '%-22s %6s %7.2fs %7.2fs %7.2fs  %s\n' "$label" "$jobs" "$wall" "$(echo "$user + $system" | bc -l)" \
    "$(echo "($after - $before) / $ticks" | bc -l)" "$result"
  if [ -z "${first_result[$label]:-}" ]; then
    first_result[$label]=$result
  elif [ "${first_result[$label]}" != "$result" ]; then
    echo "$label --jobs $jobs: $result, but --jobs 1 had ${first_result[$label]}" >&2
    exit 1
  fi
}

run "in process" reference 1
run "in process" reference 4
run "serve, Firebase v0" "$base" 1
run "serve, Firebase v0" "$base" 4
run "serve, GCS JSON API" "gcs+$base" 1
run "serve, GCS JSON API" "gcs+$base" 4
printf '\nload average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
