#!/usr/bin/env bash
# storage-testbench's retry-test API on the v0 routes, by hand with curl: a download meets a 503 and a reset
# before it succeeds, an upload chunk keeps its first 256 KiB and answers 503 (the query says so and the
# upload goes on from there), and the test reports every instruction consumed.
set -euo pipefail
base=${1:?usage: curl_retry_test.sh BASE_URL}
bucket=curl-retry.appspot.com
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
header() { grep -i "^$1:" "$2" | head -1 | cut -d' ' -f2- | tr -d '\r'; }
fail() { echo "retry_test over v0: $*"; exit 1; }

echo hello >"$work/small"
curl -sSf -o /dev/null -X POST "$base/v0/b/$bucket/o?name=small.txt" -H 'Content-Type: text/plain' \
  --data-binary @"$work/small"

id=$(curl -sSf -X POST "$base/retry_test" -H 'Content-Type: application/json' \
  --data '{"instructions":{"storage.objects.get":["return-503","return-reset-connection"],"storage.objects.insert":["return-503-after-256K"]}}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
[ -n "$id" ] || fail "POST /retry_test answered no id"
media="$base/v0/b/$bucket/o/small.txt?alt=media"

status=$(curl -sS -o /dev/null -w '%{http_code}' -H "x-retry-test-id: $id" "$media")
[ "$status" = 503 ] || fail "the first download should answer 503, got $status"
if curl -sS -o /dev/null -H "x-retry-test-id: $id" "$media" 2>/dev/null; then
  fail "the second download should have its connection reset"
fi
curl -sSf -o "$work/back" -H "x-retry-test-id: $id" "$media"
cmp -s "$work/small" "$work/back" || fail "the third download differs"

head -c 524288 /dev/urandom >"$work/data"
curl -sSf -D "$work/h1" -o /dev/null -X POST "$base/v0/b/$bucket/o?name=big.bin" \
  -H 'X-Goog-Upload-Protocol: resumable' -H 'X-Goog-Upload-Command: start' \
  -H 'X-Goog-Upload-Header-Content-Length: 524288' -H 'Content-Type: application/json' --data '{"name":"big.bin"}'
url=$(header x-goog-upload-url "$work/h1")
status=$(curl -sS -o /dev/null -w '%{http_code}' -X PUT "$url" -H "x-retry-test-id: $id" \
  -H 'X-Goog-Upload-Command: upload, finalize' -H 'X-Goog-Upload-Offset: 0' --data-binary @"$work/data")
[ "$status" = 503 ] || fail "the chunk should answer 503, got $status"
curl -sSf -D "$work/h2" -o /dev/null -X PUT "$url" -H 'X-Goog-Upload-Command: query'
held=$(header x-goog-upload-size-received "$work/h2")
[ "$held" = 262144 ] || fail "the session should hold the first 256 KiB, it holds $held"
tail -c +262145 "$work/data" >"$work/rest"
curl -sSf -D "$work/h3" -o /dev/null -X PUT "$url" -H "x-retry-test-id: $id" \
  -H 'X-Goog-Upload-Command: upload, finalize' -H 'X-Goog-Upload-Offset: 262144' --data-binary @"$work/rest"
[ "$(header x-goog-upload-status "$work/h3")" = final ] || fail "the rest of the upload did not finalize"
curl -sSf -o "$work/back" "$base/v0/b/$bucket/o/big.bin?alt=media"
cmp -s "$work/data" "$work/back" || fail "the uploaded object differs"

curl -sSf "$base/retry_test/$id" | python3 -c 'import json, sys; state = json.load(sys.stdin); sys.exit(0 if state["completed"] else f"not every instruction was consumed: {state}")'
curl -sSf -o /dev/null -X DELETE "$base/retry_test/$id"
echo "retry_test over v0 with curl against $base: a 503 and a reset on a download, a 503 after 256 KiB on a chunk, all consumed"
