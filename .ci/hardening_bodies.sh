#!/usr/bin/env bash
# Issue 36's body attacks, small, against the built binary: large JSON bodies, XML parts to uploads that do not
# exist, many XML uploads from one client, too much x-goog-meta-*, a gzip bomb fetched by GET and HEAD and left
# half read. Each leaves serve answering another client within 1 s and its RSS within 256 MiB of idle.
set -euo pipefail
bin=${1:?usage: hardening_bodies.sh STORAGE_CONFORMANCE_BINARY}
work=$(mktemp -d -p "${TMPDIR:-/tmp}")
pids=()
trap 'for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
fail() { echo "hardening_bodies: $*"; exit 1; }
# shellcheck source=start_serve.sh
. "$(dirname "$0")/start_serve.sh"

start_serve "$work/serve.log"
curl -sSf -o /dev/null -X POST "$base/storage/v1/b?project=ci" -H 'Content-Type: application/json' \
  --data '{"name":"bkt"}'

python3 - "$base" "$pid" <<'EOF'
import gzip, http.client, socket, sys, threading, time, urllib.parse
base, pid = sys.argv[1], int(sys.argv[2])
host, port = urllib.parse.urlparse(base).hostname, urllib.parse.urlparse(base).port

def fail(message):
    print("hardening_bodies:", message)
    sys.exit(1)

def rss_mib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    fail("serve died")

def request(method, path, body=b"", headers=None, timeout=30):
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.headers, data

def others_answered(what):
    started = time.monotonic()
    status, _, _ = request("GET", "/storage/v1/b/bkt/o", timeout=5)
    took = time.monotonic() - started
    if status != 200 or took > 1:
        fail(f"{what}: another client's list answered {status} after {took:.2f} s")

idle = rss_mib()
print(f"idle RSS {idle} MiB")

# JSON bodies past the metadata limit: 413 before the body is read, never parsed.
for _ in range(8):
    sock = socket.create_connection((host, port))
    sock.sendall(b"POST /storage/v1/b?project=ci HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 33554432\r\n\r\n")
    answer = sock.recv(4096)
    sock.close()
    if not answer.startswith(b"HTTP/1.1 413"):
        fail(f"a 32 MiB JSON body was answered {answer[:40]!r}")
others_answered("32 MiB JSON bodies")

# Parts to uploads that do not exist: 404 before the body.
for _ in range(4):
    sock = socket.create_connection((host, port))
    sock.sendall(b"PUT /bkt/o?partNumber=1&uploadId=nothere HTTP/1.1\r\nHost: x\r\nContent-Length: 524288000\r\n\r\n")
    answer = sock.recv(4096)
    sock.close()
    if not answer.startswith(b"HTTP/1.1 404"):
        fail(f"a part to an unknown upload was answered {answer[:40]!r}")
others_answered("parts to unknown uploads")

# One client starting uploads is stopped by its own cap, not everyone's.
statuses = [request("POST", f"/bkt/u{i}?uploads")[0] for i in range(1100)]
if statuses.count(200) != 1000 or statuses[-1] != 429:
    fail(f"1,100 XML uploads from one client: {statuses.count(200)} started, the last answered {statuses[-1]}")
others_answered("1,100 XML uploads from one client")

# x-goog-meta-* past 8 KiB.
status, _, _ = request("PUT", "/bkt/meta", b"x", {"x-goog-meta-a": "v" * 9000})
if status != 400:
    fail(f"9,000 bytes of x-goog-meta-* answered {status}")

# A gzip bomb: 256 MiB of zeros stored with Content-Encoding: gzip.
bomb = gzip.compress(bytes(256 << 20), compresslevel=9)
status, _, _ = request("PUT", "/bkt/bomb", bomb,
                       {"Content-Type": "application/octet-stream", "Content-Encoding": "gzip"})
if status != 200:
    fail(f"storing the bomb answered {status}")

def cpu_seconds():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100

before = cpu_seconds()
started = time.monotonic()
for _ in range(5):
    status, headers, _ = request("HEAD", "/storage/v1/b/bkt/o/bomb?alt=media")
    if status != 200:
        fail(f"HEAD of the bomb answered {status}")
took = time.monotonic() - started
if took > 1 or cpu_seconds() - before > 1:
    fail(f"five HEADs of the bomb took {took:.2f} s, {cpu_seconds() - before:.2f} s of CPU")
# GETs that read 64 KiB and leave.
before = cpu_seconds()
for _ in range(5):
    sock = socket.create_connection((host, port))
    sock.sendall(b"GET /storage/v1/b/bkt/o/bomb?alt=media HTTP/1.1\r\nHost: x\r\n\r\n")
    received = 0
    while received < 65536:
        piece = sock.recv(65536)
        if not piece:
            break
        received += len(piece)
    sock.close()
time.sleep(1)
spent = cpu_seconds() - before
print(f"five GETs of the bomb left after 64 KiB: {spent:.2f} s of CPU")
if spent > 3:
    fail(f"GETs of the bomb left early still cost {spent:.2f} s of CPU")
others_answered("the gzip bomb")

peak = rss_mib()
print(f"RSS after the attacks {peak} MiB")
if peak - idle > 256:
    fail(f"RSS grew by {peak - idle} MiB")
EOF
echo "hardening_bodies: every attack left serve answering, RSS bounded"
