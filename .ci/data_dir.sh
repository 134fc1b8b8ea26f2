#!/usr/bin/env bash
# serve --data-dir: the bundled suite over both dialects against a disk-backed serve; a 2 GiB upload and
# download with the server's peak resident memory under 256 MiB; and a crash: SIGKILL while a 1 GiB upload is
# arriving, then a restart on the same folder that serves every finished object unchanged (metadata,
# generation, bytes), no trace of the cut upload, and an open resumable session that resumes and finishes.
set -euo pipefail
bin=${1:?usage: data_dir.sh STORAGE_CONFORMANCE_BINARY REPORTS_DIR}
reports=${2:?usage: data_dir.sh STORAGE_CONFORMANCE_BINARY REPORTS_DIR}
work=$(mktemp -d -p "${TMPDIR:-/tmp}")  # on disk: /dev/shm would put the "disk" in memory
pids=()
trap 'for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
fail() { echo "data directory: $*"; exit 1; }
data="$work/data"

# shellcheck source=start_serve.sh
. "$(dirname "$0")/start_serve.sh"
header() { grep -i "^$1:" "$2" | head -1 | cut -d' ' -f2- | tr -d '\r'; }
peak_mib() { awk '/VmHWM/ { print int($2 / 1024) }' "/proc/$1/status"; }

start_serve "$work/first.log" --data-dir "$data"
"$bin" run --target "$base" --jobs 4 --quiet --junit "$reports/junit-data-dir.xml" --json "$reports/serve-data-dir-v0.json"
"$bin" run --target "gcs+$base" --jobs 4 --quiet --junit "$reports/junit-data-dir-gcs.xml" \
  --json "$reports/serve-data-dir-gcs.json"

bucket=data-dir-check.appspot.com
head -c 67108864 /dev/urandom >"$work/block"
for _ in $(seq 1 32); do cat "$work/block"; done >"$work/2g"
want=$(md5sum <"$work/2g" | cut -d' ' -f1)
status=$(curl -sS -o /dev/null -w '%{http_code}' -X POST -T "$work/2g" "$base/v0/b/$bucket/o?name=big%2F2g.bin")
[ "$status" = 200 ] || fail "the 2 GiB upload answered $status"
got=$(curl -sS "$base/v0/b/$bucket/o/big%2F2g.bin?alt=media" | md5sum | cut -d' ' -f1)
[ "$got" = "$want" ] || fail "the 2 GiB download differs from the upload"
peak=$(peak_mib "$pid")
[ "$peak" -lt 256 ] || fail "serve's peak resident memory was $peak MiB for a 2 GiB upload and download"
echo "2 GiB uploaded and downloaded through serve --data-dir; serve's peak resident memory: $peak MiB"

# Before the crash: a finished object (with a metadata change) and a resumable session holding 256 KiB.
head -c 16777216 "$work/2g" >"$work/kept"
curl -sSf -o /dev/null -X POST -H 'Content-Type: text/x-kept' --data-binary @"$work/kept" \
  "$base/v0/b/$bucket/o?name=kept%2Fr%C3%A9sum%C3%A9%20%2B%25.bin"
curl -sSf -o /dev/null -X PATCH -H 'Content-Type: application/json' --data '{"metadata":{"k":"v"}}' \
  "$base/v0/b/$bucket/o/kept%2Fr%C3%A9sum%C3%A9%20%2B%25.bin"
curl -sSf -o "$work/kept-before.json" "$base/v0/b/$bucket/o/kept%2Fr%C3%A9sum%C3%A9%20%2B%25.bin"
head -c 524288 "$work/2g" >"$work/session"
head -c 262144 "$work/session" >"$work/part1"
tail -c 262144 "$work/session" >"$work/part2"
curl -sSf -D "$work/start" -o /dev/null -X POST "$base/v0/b/$bucket/o?name=resumed.bin" \
  -H 'X-Goog-Upload-Protocol: resumable' -H 'X-Goog-Upload-Command: start' \
  -H 'X-Goog-Upload-Header-Content-Length: 524288'
url=$(header x-goog-upload-url "$work/start")
curl -sSf -o /dev/null -X PUT "$url" -H 'X-Goog-Upload-Command: upload' -H 'X-Goog-Upload-Offset: 0' \
  --data-binary @"$work/part1"

head -c 1073741824 "$work/2g" >"$work/1g"
curl -sS -o /dev/null -X POST -T "$work/1g" --limit-rate 64M "$base/v0/b/$bucket/o?name=partial.bin" 2>/dev/null &
upload=$!
sleep 2
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
wait "$upload" 2>/dev/null || true
old=$base

start_serve "$work/second.log" --data-dir "$data"
curl -sSf -o "$work/kept-after.json" "$base/v0/b/$bucket/o/kept%2Fr%C3%A9sum%C3%A9%20%2B%25.bin"
cmp -s "$work/kept-before.json" "$work/kept-after.json" ||
  fail "the finished object's metadata changed across the crash: $(cat "$work/kept-before.json") / $(cat "$work/kept-after.json")"
curl -sSf -o "$work/kept-back" "$base/v0/b/$bucket/o/kept%2Fr%C3%A9sum%C3%A9%20%2B%25.bin?alt=media"
cmp -s "$work/kept" "$work/kept-back" || fail "the finished object's bytes changed across the crash"
status=$(curl -sS -o /dev/null -w '%{http_code}' "$base/v0/b/$bucket/o/partial.bin")
[ "$status" = 404 ] || fail "the upload cut by the crash left an object (HTTP $status)"
url=${url/$old/$base}
curl -sSf -D "$work/query" -o /dev/null -X PUT "$url" -H 'X-Goog-Upload-Command: query'
[ "$(header x-goog-upload-size-received "$work/query")" = 262144 ] ||
  fail "the resumable session did not keep its 256 KiB: $(cat "$work/query")"
curl -sSf -o /dev/null -X PUT "$url" -H 'X-Goog-Upload-Command: upload, finalize' -H 'X-Goog-Upload-Offset: 262144' \
  --data-binary @"$work/part2"
curl -sSf -o "$work/session-back" "$base/v0/b/$bucket/o/resumed.bin?alt=media"
cmp -s "$work/session" "$work/session-back" || fail "the resumed upload differs"
orphans=$(comm -23 <(ls "$data/staging" | sort) <(ls "$data/sessions" | sed 's/\.json$//' | sort))
[ -z "$orphans" ] || fail "staged bytes that no open session holds were left behind: $orphans"
echo "after SIGKILL mid-upload: the finished object unchanged, no partial object, the open session resumed"
