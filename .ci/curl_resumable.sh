#!/usr/bin/env bash
# A resumable upload done by hand with curl against a v0 endpoint: start, two chunks, query, a refused
# offset, finalize, then a download compared byte for byte.
set -euo pipefail
base=${1:?usage: curl_resumable.sh BASE_URL}
bucket=curl-check.appspot.com
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -c 786432 /dev/urandom > "$work/data"
head -c 524288 "$work/data" > "$work/part1"
tail -c 262144 "$work/data" > "$work/part2"

header() { grep -i "^$1:" "$2" | head -1 | cut -d' ' -f2- | tr -d '\r'; }

curl -sS -D "$work/h1" -o /dev/null -X POST "$base/v0/b/$bucket/o?name=curl%2Fresumable.bin" \
  -H 'X-Goog-Upload-Protocol: resumable' -H 'X-Goog-Upload-Command: start' \
  -H 'X-Goog-Upload-Header-Content-Length: 786432' -H 'Content-Type: application/json' \
  --data '{"name":"curl/resumable.bin","contentType":"application/octet-stream"}'
url=$(header x-goog-upload-url "$work/h1")
[ "$(header x-goog-upload-status "$work/h1")" = active ] || { echo "start: not active"; exit 1; }
[ -n "$url" ] || { echo "start: no X-Goog-Upload-URL"; exit 1; }

curl -sS -D "$work/h2" -o /dev/null -X PUT "$url" -H 'X-Goog-Upload-Command: upload' \
  -H 'X-Goog-Upload-Offset: 0' --data-binary @"$work/part1"
[ "$(header x-goog-upload-status "$work/h2")" = active ] || { echo "chunk 1: not active"; cat "$work/h2"; exit 1; }

status=$(curl -sS -o /dev/null -w '%{http_code}' -X PUT "$url" -H 'X-Goog-Upload-Command: upload' \
  -H 'X-Goog-Upload-Offset: 0' --data-binary @"$work/part2")
[ "$status" = 400 ] || { echo "a wrong offset should be refused with 400, got $status"; exit 1; }

curl -sS -D "$work/h3" -o /dev/null -X PUT "$url" -H 'X-Goog-Upload-Command: query'
[ "$(header x-goog-upload-size-received "$work/h3")" = 524288 ] || { echo "query: size received"; exit 1; }

curl -sS -D "$work/h4" -o "$work/final.json" -X PUT "$url" -H 'X-Goog-Upload-Command: upload, finalize' \
  -H 'X-Goog-Upload-Offset: 524288' --data-binary @"$work/part2"
[ "$(header x-goog-upload-status "$work/h4")" = final ] || { echo "finalize: not final"; exit 1; }
grep -q '"size":"786432"' "$work/final.json" || { echo "finalize: wrong size"; cat "$work/final.json"; exit 1; }

curl -sS -o "$work/back" "$base/v0/b/$bucket/o/curl%2Fresumable.bin?alt=media"
cmp -s "$work/data" "$work/back" || { echo "the download differs from the upload"; exit 1; }
echo "curl resumable upload against $base: start, 2 chunks, refused offset, query, finalize and download all as expected"
