#!/bin/bash
# Mutants: a proxy in front of serve breaks one behaviour at a time (.ci/mutant_proxy.py) and the bundled suite
# must go red for each, and stay green through the proxy with nothing broken (issue 32 item 10).
# Usage: .ci/mutants.sh BIN. Takes well under a minute: each red run stops at its first failure (--fail-fast).
set -euo pipefail
bin="$1"
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$out"' EXIT
"$bin" serve --port 0 >"$out/serve.log" 2>&1 &
pids+=("$!")
port=""
for _ in $(seq 1 100); do
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$out/serve.log" | head -1 | cut -d: -f3 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$out/serve.log"; echo "serve did not start"; exit 1; }

# proxy MUTATION: starts the proxy, sets $proxy_port.
proxy() {
  python3 "$here/mutant_proxy.py" "$port" "$1" >"$out/proxy-$1.log" 2>&1 &
  pids+=("$!")
  proxy_port=""
  for _ in $(seq 1 100); do
    proxy_port=$(sed -n 's/^listening on //p' "$out/proxy-$1.log" 2>/dev/null || true)
    [ -n "$proxy_port" ] && break
    sleep 0.1
  done
  [ -n "$proxy_port" ] || { cat "$out/proxy-$1.log"; echo "the $1 proxy did not start"; exit 1; }
}

# run NAME ARGS...: the suite through the current proxy; sets $status.
run() {
  local name="$1"
  shift
  status=0
  "$bin" run --target "http://127.0.0.1:$proxy_port" --quiet --jobs 4 --timeout 5 \
    --junit "$out/$name.xml" "$@" >"$out/$name.log" 2>&1 || status=$?
}

selection=(--filter file-metadata/get-file-metadata/ --filter file-metadata/delete-errors/
  --filter list-files/prefixes-and-items/ --filter list-files/list-all-files/)
proxy none
run none "${selection[@]}"
[ "$status" -eq 0 ] || { tail -20 "$out/none.log"; echo "mutants: red through the proxy with nothing broken"; exit 1; }
echo "mutants: none: green ($(tail -1 "$out/none.log"))"

caught=0
for name in status-404-403 list-no-prefix stall-metadata; do
  proxy "$name"
  run "$name" "${selection[@]}" --fail-fast
  if [ "$status" -ne 1 ]; then
    tail -20 "$out/$name.log"
    echo "mutants: $name was not caught (exit $status)"
    exit 1
  fi
  first=$(grep -m1 -E '^(FAIL|ERROR)' "$out/$name.log" || true)
  echo "mutants: $name: red, first at ${first:-?}"
  caught=$((caught + 1))
done
echo "mutants: all $caught caught, and green without any"
