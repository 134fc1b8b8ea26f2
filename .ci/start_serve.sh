# Sourced by the CI scripts that start serve themselves. Needs $bin (the binary), the array pids and fail().
# start_serve LOG ARGS…: serve on a free loopback port with ARGS; sets base and pid.
start_serve() {
  local log=$1
  shift
  "$bin" serve --port 0 "$@" >"$log" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 100); do
    if grep -q 'http://127.0.0.1:' "$log"; then base=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1); return; fi
    sleep 0.1
  done
  cat "$log"
  fail "serve did not start"
}
