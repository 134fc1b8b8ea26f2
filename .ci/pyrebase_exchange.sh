#!/usr/bin/env bash
# A scenario that fails through the pyrebase4 driver shows pyrebase4's own request in its failure detail
# (driver protocol `exchanges`), with its token redacted: the console, the JSON report and JUnit.
# Usage: .ci/pyrebase_exchange.sh BIN BASE_URL
set -euo pipefail
bin=$1 base=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/exchange.yaml" <<'YAML'
scenario: downloads an object that is not there
given:
  user: alice
steps:
  - getData: missing/never-uploaded.txt
    maxSize: 1KiB
    expect: { data: { text: hello } }
YAML
status=0
"$bin" run "$work/exchange.yaml" --target "$base" --driver "python3 Drivers/pyrebase4/driver.py" \
  --json "$work/report.json" --junit "$work/junit.xml" > "$work/console.txt" || status=$?
fail() { echo "pyrebase4 exchange check: $*" >&2; cat "$work/console.txt" >&2; exit 1; }
[ "$status" = 1 ] || fail "expected the scenario to fail (exit 1), got exit $status"
path='/v0/b/[^ ]*/o/missing%2Fnever-uploaded.txt?alt=media'
request="> GET $base${path}&token=REDACTED"
grep -q -- "$request" "$work/console.txt" || fail "the console lacks pyrebase4's request ($request)"
grep -q -- "$request" "$work/report.json" || fail "the JSON report lacks pyrebase4's request ($request)"
grep -q -- "&gt; GET $base${path}&amp;token=REDACTED" "$work/junit.xml" || fail "JUnit lacks pyrebase4's request"
grep -q 'authorization: REDACTED' "$work/console.txt" || fail "the Authorization header is not redacted"
if grep -q 'Firebase ey' "$work/console.txt" "$work/report.json" "$work/junit.xml"; then
  fail "an ID token leaked into a report"
fi
echo "pyrebase4 exchange check: the failure shows pyrebase4's GET of the missing object, tokens redacted"
