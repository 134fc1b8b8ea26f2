#!/usr/bin/env bash
# Issue 25's audit, against the built binary as a user runs it: the two ways to kill serve from the network
# (a GCS chunk's Content-Range at the extremes, retry-test instructions at the extremes) leave it serving;
# under a limit of 1,024 open files with --data-dir, 1,100 idle upload sessions all start and every other
# client's reads and uploads still answer 200; a download broken after 1 KiB of 64 MiB costs no memory;
# 1,100 clients trickling a request head at 1 byte/s cost ordinary keep-alive GETs nothing; report and
# run --rerun-failed refuse "line": 1e19 with exit 2.
set -euo pipefail
bin=${1:?usage: hardening.sh STORAGE_CONFORMANCE_BINARY}
work=$(mktemp -d -p "${TMPDIR:-/tmp}")
pids=()
trap 'for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
fail() { echo "hardening: $*"; exit 1; }
# shellcheck source=start_serve.sh
. "$(dirname "$0")/start_serve.sh"
alive() { kill -0 "$1" 2>/dev/null || fail "$2: serve died"; }

start_serve "$work/serve.log"
# The GCS routes write only into buckets that exist, as GCS does.
curl -sSf -o /dev/null -X POST "$base/storage/v1/b?project=ci" -H 'Content-Type: application/json' \
  --data '{"name":"bkt"}'
location=$(curl -sS -D - -o /dev/null -X POST "$base/upload/storage/v1/b/bkt/o?uploadType=resumable&name=r" \
  -H 'Content-Type: application/json' --data '{}' | grep -i '^location:' | cut -d' ' -f2 | tr -d '\r')
for range in 'bytes 0-9223372036854775807/*' 'bytes 9223372036854775807-9223372036854775807/*'; do
  status=$(curl -sS -o /dev/null -w '%{http_code}' -X PUT "$location" -H "Content-Range: $range" --data-binary x)
  [ "$status" = 400 ] || fail "Content-Range: $range answered $status"
done
alive "$pid" "a chunk's Content-Range at the extremes"
curl -sSf -o /dev/null -X POST "$base/v0/b/bkt/o?name=o" --data-binary hello
for instruction in return-broken-stream-after-9007199254740993K return-503-after-9007199254740993K \
  stall-for-infs-after-1K stall-for-nans-after-1K stall-for-1e300s-after-1K; do
  status=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$base/retry_test" -H 'Content-Type: application/json' \
    --data "{\"instructions\":{\"storage.objects.get\":[\"$instruction\"]}}")
  [ "$status" = 400 ] || fail "retry instruction $instruction answered $status"
done
alive "$pid" "retry instructions at the extremes"

python3 - "$base" "$pid" <<'EOF'
import socket, sys, threading, time, http.client
base, pid = sys.argv[1], int(sys.argv[2])
port = int(base.rsplit(":", 1)[1])
def peak():
    return next(int(l.split()[1]) for l in open(f"/proc/{pid}/status") if l.startswith("VmHWM")) * 1024
# A break after 1 KiB of 64 MiB: no memory beyond the answer's.
c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
c.request("POST", "/v0/b/bkt/o?name=big", b"\7" * (64 << 20)); assert c.getresponse().status == 200
c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
c.request("POST", "/retry_test", b'{"instructions":{"storage.objects.get":["return-broken-stream-after-1K"]}}',
          {"Content-Type": "application/json"})
test = __import__("json").loads(c.getresponse().read())["id"]
before = peak()
s = socket.create_connection(("127.0.0.1", port))
s.sendall(f"GET /v0/b/bkt/o/big?alt=media HTTP/1.1\r\nHost: 127.0.0.1\r\nx-retry-test-id: {test}\r\n\r\n".encode())
while s.recv(65536): pass
grown = peak() - before
assert grown < 16 << 20, f"a break after 1 KiB raised the peak of serve's memory by {grown >> 20} MiB"
# 1,100 slow heads beside ordinary keep-alive GETs.
slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(1100)]
head = b"GET /v0/b/bkt/o/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 100
stop = time.time() + 10
def trickle():
    i = 0
    while time.time() < stop:
        for sock in slow:
            try: sock.send(head[i % len(head):i % len(head) + 1])
            except OSError: pass
        i += 1; time.sleep(1)
threading.Thread(target=trickle, daemon=True).start()
time.sleep(1.5)
failed = []
def ordinary():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    for j in range(10):
        try:
            c.request("GET", "/v0/b/bkt/o/o?alt=media"); c.getresponse().read()
        except Exception as e:
            failed.append(repr(e)); c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        time.sleep(0.3)
threads = [threading.Thread(target=ordinary) for _ in range(5)]
[t.start() for t in threads]; [t.join() for t in threads]
assert not failed, f"{len(failed)} of 50 ordinary GETs failed beside 1,100 slow clients: {failed[:2]}"
EOF
alive "$pid" "faults and slow clients"

if command -v prlimit >/dev/null; then
  log="$work/limited.log"
  prlimit --nofile=1024:1024 "$bin" serve --port 0 --data-dir "$work/data" >"$log" 2>&1 &
  limited=$!
  pids+=("$limited")
  for _ in $(seq 1 100); do grep -q 'http://127.0.0.1:' "$log" && break; sleep 0.1; done
  python3 - "$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1)" <<'EOF'
import collections, http.client, sys
port = int(sys.argv[1].rsplit(":", 1)[1])
def request(method, path, body=b"", headers={}):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        c.request(method, path, body, headers); r = c.getresponse(); r.read(); return r.status
    except Exception as e:
        return type(e).__name__
    finally:
        c.close()
assert request("POST", "/v0/b/bkt/o?name=seed", b"hello") == 200
starts = collections.Counter(request("POST", f"/v0/b/bkt/o?name=s{i}", b"{}", {"X-Goog-Upload-Protocol": "resumable",
    "X-Goog-Upload-Command": "start", "Content-Type": "application/json"}) for i in range(1100))
reads = collections.Counter(request("GET", "/v0/b/bkt/o/seed?alt=media") for _ in range(50))
uploads = collections.Counter(request("POST", f"/v0/b/bkt/o?name=u{i}", b"x" * 1000) for i in range(50))
assert starts == {200: 1100} and reads == {200: 50} and uploads == {200: 50}, (starts, reads, uploads)
EOF
  alive "$limited" "1,100 idle sessions under a limit of 1,024 open files"
fi

mkdir -p "$work/suite/Scenarios"
printf 'scenario: fails\nsteps:\n  - getMetadata: missing.txt\n' >"$work/suite/Scenarios/a.yaml"
"$bin" run "$work/suite/Scenarios" --json "$work/suite/r.json" --quiet >/dev/null 2>&1 || true
sed -i '0,/"line": [0-9]*/s//"line": 1e19/' "$work/suite/r.json"
code=0
"$bin" report "$work/suite/r.json" >/dev/null 2>&1 || code=$?
[ "$code" = 2 ] || fail "report of \"line\": 1e19 exited $code"
code=0
"$bin" run "$work/suite/Scenarios" --rerun-failed "$work/suite/r.json" >/dev/null 2>&1 || code=$?
[ "$code" = 2 ] || fail "run --rerun-failed of \"line\": 1e19 exited $code"
echo "hardening: serve survives both crashes, sessions and slow clients stay within the budget, faults stream, results numbers are checked"
