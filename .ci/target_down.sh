#!/bin/bash
# Kills serve partway through a run: the run must say "target down" once, report the rest as not run, write its
# reports and exit non-zero (docs/expectations.md §5). Takes a few seconds.
set -euo pipefail
bin="$1"
out=$(mktemp -d)
"$bin" serve --port 0 >"$out/serve.log" 2>&1 &
serve_pid=$!
trap 'kill "$serve_pid" 2>/dev/null || true; rm -rf "$out"' EXIT
port=""
for _ in $(seq 1 100); do
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$out/serve.log" | head -1 | cut -d: -f3 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "serve did not start"; exit 1; }
"$bin" run --target "http://127.0.0.1:$port" --jobs 1 --json "$out/run.json" --junit "$out/run.xml" \
  >"$out/run.log" 2>&1 &
run_pid=$!
for _ in $(seq 1 300); do
  grep -q '^PASS' "$out/run.log" && break
  sleep 0.1
done
kill "$serve_pid"
status=0
wait "$run_pid" || status=$?
[ "$status" -ne 0 ] || { echo "a run whose target died exited 0"; exit 1; }
grep -q "stopped: target down: " "$out/run.log" || { tail -5 "$out/run.log"; echo "no target-down message"; exit 1; }
grep -q "not run: target down: " "$out/run.json" || { echo "the JSON report does not say not run: target down"; exit 1; }
grep -q "not run: target down: " "$out/run.xml" || { echo "the JUnit report does not say not run: target down"; exit 1; }
echo "target down: one stop message, the rest not run, reports written, exit $status"
