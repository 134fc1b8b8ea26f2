#!/usr/bin/env bash
# Security rules on `storage-conformance serve`: small authorised GETs of a bucket decided by a realistic rules file
# (the shape the Firebase docs write: helper functions, user-owned folders, metadata, size and type conditions)
# next to the same GETs of a bucket with no rules, in one run. Both buckets are in one serve process (the rules set
# with PUT /internal/buckets/B/rules, the code path of --rules), so both sides share the process, its memory and
# its place on the CPUs: two identical serve processes measured this way differ by up to 10% on a busy machine.
#   - 1 KiB alt=media GETs of users/u1/photos/cat.jpg with the owner's ID token, wrk -t2 at 1 and 16 connections,
#     the two servers taking turns (each going first in every other round) for ROUNDS rounds: the median
#     requests/s and server CPU per request of each, and rules ÷ none (the goal: within 10%);
#   - every answer is checked to be 200 (the rules grant the GET), and a GET without the token is checked to be
#     403 in the ruled bucket (the rules are really deciding) and 200 in the other.
# Loading a 1,000-line rules file is measured in process by `swift run -c release storage-benchmarks rules`.
# usage: scripts/bench-rules.sh [WRK_SECONDS] [ROUNDS]   (defaults 5 s and 3 rounds; about 2 minutes once built)
set -euo pipefail
cd "$(dirname "$0")/.."

numbers=()
for arg in "$@"; do
  case $arg in
    -h | --help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *[!0-9]* | "" | 0) echo "usage: $0 [WRK_SECONDS] [ROUNDS]" >&2; exit 2 ;;
    *) numbers+=("$arg") ;;
  esac
done
seconds=${numbers[0]:-5}
rounds=${numbers[1]:-3}
connections=(1 16)

if ! command -v wrk >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

calc() { echo "scale=6; $*" | bc -l; }
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
load=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "$(calc "${load%% *} > $(nproc) / 2")" = 1 ]; then
  echo "warning: load average $load on $(nproc) cores: other work will skew the figures"
fi

work=$(mktemp -d)
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "building storage-conformance (release)"
swift build -c release --product storage-conformance >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
serve="$(swift build -c release --show-bin-path)/storage-conformance"

# The rules a small app ships: the request below matches the users block, after the public and admin blocks are
# tried, through two functions and a metadata condition.
cat >"$work/storage.rules" <<'EOF'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function signedIn() {
      return request.auth != null;
    }
    function isOwner(userId) {
      return signedIn() && request.auth.uid == userId;
    }
    function isImageUnder(megabytes) {
      return request.resource.size < megabytes * 1024 * 1024
          && request.resource.contentType.matches('image/.*');
    }

    match /public/{fileName} {
      allow read;
      allow write: if signedIn() && isImageUnder(5);
    }
    match /admin/{allPaths=**} {
      allow read, write: if signedIn() && request.auth.token.admin == true;
    }
    match /users/{userId}/{allPaths=**} {
      allow read: if isOwner(userId) || resource.metadata.visibility == 'public';
      allow create, update: if isOwner(userId) && isImageUnder(10);
      allow delete: if isOwner(userId);
    }
  }
}
EOF

b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }
token="$(printf '{"alg":"none","typ":"JWT"}' | b64url).$(printf '{"sub":"u1","user_id":"u1","aud":"demo-conformance"}' | b64url)."
auth="Authorization: Firebase $token"

free_port() {
  local port
  while :; do
    port=$(shuf -i 20000-60999 -n 1)
    (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

declare -A name=([rules]="bucket with rules" [none]="bucket without rules") bucket=([rules]=ruled [none]=plain)
sides=(rules none)
port=$(free_port)
"$serve" serve --host 127.0.0.1 --port "$port" >"$work/serve.log" 2>&1 &
server_pid=$!
pids+=("$server_pid")
for _ in $(seq 1 100); do
  curl -s -o /dev/null "http://127.0.0.1:$port/" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
  sleep 0.1
done
python3 -c 'import json, sys; print(json.dumps({"rules": {"files": [{"name": "storage.rules", "content": sys.stdin.read()}]}}))' \
  <"$work/storage.rules" >"$work/rules.json"
curl -sSf -o /dev/null -X PUT -H 'Content-Type: application/json' --data @"$work/rules.json" \
  "http://127.0.0.1:$port/internal/buckets/${bucket[rules]}/rules"

url() { echo "http://127.0.0.1:$port/v0/b/${bucket[$1]}/o/users%2Fu1%2Fphotos%2Fcat.jpg?alt=media"; }
head -c 1024 /dev/urandom >"$work/cat.jpg"
for side in "${sides[@]}"; do
  curl -sSf -o /dev/null -X POST -H "$auth" -H 'Content-Type: image/jpeg' -T "$work/cat.jpg" \
    "http://127.0.0.1:$port/v0/b/${bucket[$side]}/o?name=users%2Fu1%2Fphotos%2Fcat.jpg"
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "$auth" "$(url "$side")")" = 200 ] ||
    { echo "the ${name[$side]} does not grant the owner's GET" >&2; exit 1; }
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$(url rules)")" = 403 ] ||
  { echo "a GET without the token was not refused: the rules are not deciding" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' "$(url none)")" = 200 ] ||
  { echo "the bucket without rules refused a GET without the token" >&2; exit 1; }

cpu_ticks() {
  local fields
  read -r -a fields <"/proc/$server_pid/stat"
  echo $((fields[13] + fields[14]))
}
tick=$(getconf CLK_TCK)
# wrk_rps CONNECTIONS SIDE: "requests/s µs-of-server-CPU-per-request"; any non-2xx answer stops the run.
wrk_rps() {
  local out before after rps
  before=$(cpu_ticks "$2")
  out=$(wrk -t"$(($1 < 2 ? 1 : 2))" -c"$1" -d"${seconds}s" -H "$auth" "$(url "$2")")
  after=$(cpu_ticks "$2")
  if grep -q 'Non-2xx' <<<"$out"; then echo "wrk got error answers from the ${name[$2]}:" >&2; echo "$out" >&2; exit 1; fi
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  echo "$rps $(calc "($after - $before) * 1000000 / $tick / ($rps * $seconds)")"
}

for side in "${sides[@]}"; do wrk -t1 -c4 -d1s -H "$auth" "$(url "$side")" >/dev/null; done # warm-up

declare -A rps cpu
printf '\n| 1 KiB authorised GET, wrk -d%ss, median of %s turns | %s | %s | rules ÷ none |\n|---|---:|---:|---:|\n' \
  "$seconds" "$rounds" "${name[rules]}" "${name[none]}"
for c in "${connections[@]}"; do
  declare -A runs=()
  for round in $(seq "$rounds"); do
    # The servers take turns going first, so neither always runs in the other's wake.
    order=("${sides[@]}")
    [ $((round % 2)) = 1 ] || order=("${sides[1]}" "${sides[0]}")
    for side in "${order[@]}"; do runs[$side]+="$(wrk_rps "$c" "$side")"$'\n'; done
  done
  for side in "${sides[@]}"; do
    rps[$c,$side]=$(awk 'NF {print $1}' <<<"${runs[$side]}" | median)
    cpu[$c,$side]=$(awk 'NF {print $2}' <<<"${runs[$side]}" | median)
  done
  printf '| c=%s requests/s | %.0f | %.0f | %.2fx |\n' "$c" "${rps[$c,rules]}" "${rps[$c,none]}" \
    "$(calc "${rps[$c,rules]} / ${rps[$c,none]}")"
  printf '| c=%s server CPU per request (µs) | %.1f | %.1f | %.2fx |\n' "$c" "${cpu[$c,rules]}" "${cpu[$c,none]}" \
    "$(calc "${cpu[$c,rules]} / ${cpu[$c,none]}")"
done
echo
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo); load average before" \
  "the run $load; one serve ($("$serve" --version 2>&1 | head -1), in memory) on 127.0.0.1, two buckets"
