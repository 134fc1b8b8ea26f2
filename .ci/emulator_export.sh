#!/usr/bin/env bash
# The Firebase emulator's export folder through serve: import the emulator-layout fixture, read an object
# back with its download token, upload one more, stop with SIGTERM (which writes the export), then start a
# second serve on that export and read both objects back byte for byte.
set -euo pipefail
bin=${1:?usage: emulator_export.sh STORAGE_CONFORMANCE_BINARY}
work=$(mktemp -d)
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
fail() { echo "emulator export: $*"; exit 1; }

# shellcheck source=start_serve.sh
. "$(dirname "$0")/start_serve.sh"

bucket=demo-project.appspot.com
start_serve "$work/first.log" --import Tests/Fixtures/emulator-export --export-on-exit "$work/export"
grep -q "imported 4 objects" "$work/first.log" || fail "the fixture was not imported: $(cat "$work/first.log")"
curl -sSf -o "$work/photo" "$base/v0/b/$bucket/o/photos%2Fbeach%201.jpg?alt=media&token=2b9f1c52-7f4e-4d0b-a2b5-6d2f1f0c3e11"
cmp -s "$work/photo" Tests/Fixtures/emulator-export/storage_export/blobs/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d001 ||
  fail "the imported object differs"
printf 'added after the import' >"$work/added"
curl -sSf -o /dev/null -X POST "$base/v0/b/$bucket/o?name=added%2Fnew%20file.txt" -H 'Content-Type: text/plain' \
  --data-binary @"$work/added"
kill -TERM "$pid"
wait "$pid" || fail "serve exited with $? on SIGTERM"
grep -q "exported 5 objects" "$work/first.log" || fail "no export on exit: $(cat "$work/first.log")"
[ -f "$work/export/firebase-export-metadata.json" ] || fail "no firebase-export-metadata.json"

start_serve "$work/second.log" --import "$work/export"
curl -sSf -o "$work/back" "$base/v0/b/$bucket/o/added%2Fnew%20file.txt?alt=media"
cmp -s "$work/added" "$work/back" || fail "the object uploaded before the export differs after the import"
curl -sSf "$base/v0/b/$bucket/o/notes%2F%C3%A9t%C3%A9%20%2B%25.txt" | grep -q '"clé":"valeur"' ||
  fail "custom metadata of an odd name did not survive the round trip"
echo "emulator export: the fixture imported, an upload added, exported on SIGTERM, and imported again intact"
