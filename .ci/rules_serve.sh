#!/usr/bin/env bash
# Security rules as a user meets them, by hand with curl: `lint` checks the bundled .rules files; `serve --rules`
# refuses a broken file before it listens (exit 2, the error's file:line:col and caret) and decides requests with
# a docs-style file; PUT /internal/setRules takes the Firebase emulator's body (200), answers 400 with the
# position for a broken file and keeps the rules before it; POST /internal/reset empties the store.
set -euo pipefail
bin=${1:?usage: rules_serve.sh STORAGE_CONFORMANCE_BINARY}
work=$(mktemp -d)
pid=""
cleanup() {
  [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "rules over serve: $*"; exit 1; }
setrules_body() { python3 -c 'import json, sys; print(json.dumps({"rules": {"files": [{"name": "storage.rules", "content": sys.stdin.read()}]}}))'; }

"$bin" lint Scenarios/security-rules/*.rules

printf 'service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth.uid = 1;\n  }\n}\n' >"$work/bad.rules"
status=0
"$bin" serve --port 0 --rules "$work/bad.rules" >"$work/bad.log" 2>&1 || status=$?
[ "$status" = 2 ] || fail "serve --rules with a broken file exited $status, not 2"
grep -q "bad.rules:3:37: " "$work/bad.log" || fail "serve did not name the broken file's position: $(cat "$work/bad.log")"
! grep -q serving "$work/bad.log" || fail "serve listened with a broken rules file"

"$bin" serve --port 0 --rules Scenarios/security-rules/user-files.rules >"$work/serve.log" 2>&1 &
pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1 | cut -d: -f3 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve.log"; fail "serve --rules did not start"; }
base="http://127.0.0.1:$port"
b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }
token() { echo "$(printf '{"alg":"none"}' | b64url).$(printf '{"user_id":"%s","sub":"%s"}' "$1" "$1" | b64url)."; }
object="$base/v0/b/rules-ci/o/users%2Falice%2Fa.txt"
code() { curl -sS -o /dev/null -w '%{http_code}' "$@"; }

[ "$(code -X POST -H "Authorization: Firebase $(token alice)" -H 'Content-Type: text/plain' --data-binary hello \
  "$base/v0/b/rules-ci/o?name=users%2Falice%2Fa.txt")" = 200 ] || fail "alice could not upload into her folder"
[ "$(code -H "Authorization: Firebase $(token alice)" "$object")" = 200 ] || fail "alice could not read her file"
[ "$(code -H "Authorization: Firebase $(token bob)" "$object")" = 403 ] || fail "bob read alice's file"
[ "$(code "$object")" = 403 ] || fail "a signed-out user read alice's file"

setrules_body <Scenarios/security-rules/version2.rules >"$work/open.json"
[ "$(code -X PUT -H 'Content-Type: application/json' --data @"$work/open.json" "$base/internal/setRules")" = 200 ] ||
  fail "PUT /internal/setRules did not take a good file"
[ "$(code -H "Authorization: Firebase $(token bob)" "$object")" = 200 ] || fail "the rules set were not applied"
setrules_body <"$work/bad.rules" >"$work/bad.json"
answer=$(curl -sS -w ' %{http_code}' -X PUT -H 'Content-Type: application/json' --data @"$work/bad.json" \
  "$base/internal/setRules")
[ "${answer##* }" = 400 ] || fail "a broken file was not refused with 400: $answer"
grep -q 'storage.rules:3:37: ' <<<"$answer" || fail "the 400 does not name the position: $answer"
[ "$(code -H "Authorization: Firebase $(token bob)" "$object")" = 200 ] || fail "a broken file changed the rules"
[ "$(code -X POST "$base/internal/reset")" = 200 ] || fail "POST /internal/reset failed"
[ "$(code -H "Authorization: Firebase $(token alice)" "$object")" = 404 ] || fail "the reset left alice's file"
echo "rules over serve: lint, --rules, setRules and reset behave"
