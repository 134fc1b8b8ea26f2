#!/usr/bin/env bash
# action.yml from a scratch repository, not ours: a temp repo holds only a workflow that calls the action (as a
# user's would, `uses: OWNER/StorageConformance@…`), its own scenario and a step that starts its target late.
# .ci/action_runner.py executes the workflow's steps and the action's steps with PyYAML, against a `serve` the
# workflow starts: green with a good target; red (exit 1, an annotation on the user's own file, the reports
# still written) with a broken one (serve --rules refusing every write).
set -euo pipefail
bin=$(cd "$(dirname "${1:?usage: action_check.sh STORAGE_CONFORMANCE_BINARY}")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
cleanup() {
  for pidfile in "$work"/*.pid; do [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "action check: $*"; exit 1; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

make_repo() { # NAME: a scratch repository with a workflow calling the action, and one scenario
  local repo="$work/$1"
  mkdir -p "$repo/.github/workflows" "$repo/conformance"
  cat >"$repo/.github/workflows/storage.yml" <<'YAML'
name: storage conformance
on: [push]
jobs:
  conformance:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Start the storage server under test (it takes a moment)
        run: |
          (sleep 1; exec "$SC_BIN" serve --port "$TARGET_PORT" $SERVE_ARGS) >"$WORK/$REPO_NAME.log" 2>&1 &
          echo $! >"$WORK/$REPO_NAME.pid"
      - uses: someone/StorageConformance@v1
        with:
          target: http://127.0.0.1:${{ env.TARGET_PORT }}
          scenarios: conformance
          label: my-storage
          wait-for-target: "30"
YAML
  cat >"$repo/conformance/upload.yaml" <<'YAML'
scenario: uploads and reads back
steps:
  - put: notes/hello.txt
    data: { text: hello }
    expect: { metadata: { size: 5 } }
  - getMetadata: notes/hello.txt
    expect: { metadata: { size: 5 } }
YAML
  printf '%s' "$repo"
}

run_repo() { # NAME SERVE_ARGS: the workflow's exit code; its output in $work/NAME.out
  local repo
  repo=$(make_repo "$1")
  local code=0
  SC_BIN="$bin" TARGET_PORT=$(free_port) SERVE_ARGS="$2" WORK="$work" REPO_NAME="$1" \
    python3 "$here/.ci/action_runner.py" "$repo/.github/workflows/storage.yml" --action-root "$here" \
    --input binary="$bin" >"$work/$1.out" 2>&1 || code=$?
  [ ! -f "$work/$1.pid" ] || kill "$(cat "$work/$1.pid")" 2>/dev/null || true
  echo "$code"
}

code=$(run_repo good "")
[ "$code" = 0 ] || { cat "$work/good.out"; fail "a good target was not green (exit $code)"; }
grep -q "every scenario passed" "$work/good.out" || fail "no verdict line: $(cat "$work/good.out")"
for file in junit.xml run.json matrix.html; do
  [ -s "$work/good/conformance-results/$file" ] || fail "the good run wrote no conformance-results/$file"
done
grep -q '<property name="target" value="my-storage"/>' "$work/good/conformance-results/junit.xml" ||
  fail "the label is not the target's name in the JUnit report"

printf "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{all=**} {\n      allow read;\n    }\n  }\n}\n" >"$work/deny-writes.rules"
code=$(run_repo broken "--rules $work/deny-writes.rules")
[ "$code" = 1 ] || { cat "$work/broken.out"; fail "a broken target was not red with exit 1 (exit $code)"; }
grep -q '^::error file=conformance/upload.yaml,line=' "$work/broken.out" ||
  fail "no annotation on the user's conformance/upload.yaml: $(cat "$work/broken.out")"
[ -s "$work/broken/conformance-results/junit.xml" ] || fail "the broken run wrote no JUnit report"
echo "action check: a scratch repository calling action.yml is green with a good target and red with a broken one"
