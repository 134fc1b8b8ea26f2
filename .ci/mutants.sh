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

# run NAME SCHEME ARGS...: the suite through the current proxy, SCHEME http:// or gcs+http://; sets $status.
run() {
  local name="$1" scheme="$2"
  shift 2
  status=0
  "$bin" run --target "${scheme}127.0.0.1:$proxy_port" --quiet --jobs 4 --timeout 5 \
    --junit "$out/$name.xml" "$@" >"$out/$name.log" 2>&1 || status=$?
}

# Each mutant with the selection that must catch it: MUTATION|SCHEME|SELECTION. The Retry-After scenarios run
# through the project's driver with the faults armed on serve, so the Retry-After comes through the proxy and
# `took:` is read on the clock the driver borrows; the replaced downloads run over the GCS JSON API.
v0=(--filter file-metadata/get-file-metadata/ --filter file-metadata/delete-errors/
  --filter list-files/prefixes-and-items/ --filter list-files/list-all-files/)
retry_after=(--driver "'$bin' driver --faults server"
  --filter file-metadata/fault-steps/a-503-with-retry-after-and-a-body-is-waited-out-and-the-retry-succeeds
  --filter upload-files/upload-faults/a-503-with-retry-after-is-waited-out-and-retried
  --filter upload-files/upload-recovery/a-retry-after-longer-than-the-retry-time-ends-the-upload-at-once-with-unknown)
gcs=(--filter download-files/manage-downloads/ --filter download-files/download-recovery/)
selection() {
  case "$1" in
    retry-after) selected=("${retry_after[@]}") ;;
    gcs) selected=("${gcs[@]}") ;;
    *) selected=("${v0[@]}") ;;
  esac
}

proxy none
for set in v0:http:// retry-after:http:// gcs:gcs+http://; do
  selection "${set%%:*}"
  run "none-${set%%:*}" "${set#*:}" "${selected[@]}"
  log="$out/none-${set%%:*}.log"
  [ "$status" -eq 0 ] || { tail -20 "$log"; echo "mutants: ${set%%:*} red through the proxy with nothing broken"; exit 1; }
  # Through the driver nothing is skipped: a step whose took: was not observed would catch nothing.
  if [ "${set%%:*}" = retry-after ] && ! grep -q ', 0 skipped' "$log"; then
    tail -5 "$log"
    echo "mutants: the Retry-After scenarios were skipped through the driver"
    exit 1
  fi
  echo "mutants: none (${set%%:*}): green ($(tail -1 "$log"))"
done

caught=0
for mutant in status-404-403:v0:http:// list-no-prefix:v0:http:// stall-metadata:v0:http:// \
  drop-retry-after:retry-after:http:// drop-generation:gcs:gcs+http://; do
  name="${mutant%%:*}"
  rest="${mutant#*:}"
  selection "${rest%%:*}"
  proxy "$name"
  run "$name" "${rest#*:}" "${selected[@]}" --fail-fast
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
