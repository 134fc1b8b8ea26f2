#!/usr/bin/env python3
"""A bounded loopback load test of `storage-conformance serve`.

N connections (default 200) each upload and download for S seconds (default 30) over keep-alive HTTP/1.1:
every upload's md5Hash must equal the md5 of the bytes sent, every download must hash to the md5 of the
last upload of that name, and at the end every object is read back once more. Each connection cycles over
4 names of its own, so the data held by the server is bounded (N × 4 × at most 256 KiB); the server's
resident memory is sampled every second from /proc and must stop growing.

usage: scripts/load_test.py [--connections 200] [--seconds 30] [--binary PATH]
"""
import argparse
import base64
import hashlib
import http.client
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

BUCKET = "load-test.appspot.com"


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Worker(threading.Thread):
    def __init__(self, index, port, deadline, totals, lock):
        super().__init__(daemon=True)
        self.index, self.port, self.deadline = index, port, deadline
        self.totals, self.lock = totals, lock
        self.expected = {}
        self.errors = []
        self.random = random.Random(index)

    def request(self, connection, method, path, body=None, headers=None):
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        operations = transferred = 0
        round_number = 0
        try:
            while time.monotonic() < self.deadline:
                name = f"load/{self.index}/{round_number % 4}"
                round_number += 1
                data = self.random.randbytes(self.random.randint(1024, 256 * 1024))
                digest = base64.b64encode(hashlib.md5(data).digest()).decode()
                status, body = self.request(
                    connection, "POST", f"/v0/b/{BUCKET}/o?name={urllib.parse.quote(name, safe='')}", data,
                    {"Content-Type": "application/octet-stream"})
                if status != 200 or f'"md5Hash":"{digest}"' not in body.decode("utf-8", "replace"):
                    self.errors.append(f"upload {name}: {status} {body[:200]!r}")
                    continue
                self.expected[name] = digest
                path = f"/v0/b/{BUCKET}/o/{urllib.parse.quote(name, safe='')}?alt=media"
                status, body = self.request(connection, "GET", path)
                if status != 200 or base64.b64encode(hashlib.md5(body).digest()).decode() != digest:
                    self.errors.append(f"download {name}: {status}, {len(body)} bytes, md5 mismatch")
                operations += 2
                transferred += 2 * len(data)
        except (OSError, http.client.HTTPException) as error:
            self.errors.append(f"connection {self.index}: {error!r}")
        finally:
            connection.close()
        with self.lock:
            self.totals["operations"] += operations
            self.totals["bytes"] += transferred

    def verify(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        for name, digest in self.expected.items():
            status, body = self.request(connection, "GET", f"/v0/b/{BUCKET}/o/{urllib.parse.quote(name, safe='')}?alt=media")
            if status != 200 or base64.b64encode(hashlib.md5(body).digest()).decode() != digest:
                self.errors.append(f"final read of {name}: {status}, md5 mismatch")
        connection.close()
        return len(self.expected)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--binary", default=None, help="storage-conformance binary (default: a release build)")
    args = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    binary = args.binary
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "storage-conformance"], check=True, stdout=subprocess.DEVNULL)
        folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
        binary = os.path.join(folder, "storage-conformance")
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    server = subprocess.Popen([binary, "serve", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        server.stdout.readline()
        samples = [rss_mib(server.pid)]
        totals, lock = {"operations": 0, "bytes": 0}, threading.Lock()
        started = time.monotonic()
        deadline = started + args.seconds
        workers = [Worker(index, port, deadline, totals, lock) for index in range(args.connections)]
        for worker in workers:
            worker.start()
        while any(worker.is_alive() for worker in workers):
            time.sleep(1)
            samples.append(rss_mib(server.pid))
        elapsed = time.monotonic() - started
        objects = sum(worker.verify() for worker in workers)
        errors = [error for worker in workers for error in worker.errors]
        half = len(samples) // 2
        print(f"{args.connections} connections for {elapsed:.1f} s: {totals['operations']} requests "
              f"({totals['operations'] / elapsed:.0f}/s), {totals['bytes'] / 1e6:.0f} MB moved "
              f"({totals['bytes'] / 1e6 / elapsed:.0f} MB/s)")
        print(f"final read-back: {objects} objects, {len(errors)} errors")
        print(f"server RSS (MiB): start {samples[0]:.0f}, peak {max(samples):.0f}, end {samples[-1]:.0f}; "
              f"peak in the first half {max(samples[:half] or samples):.0f}, in the second half {max(samples[half:]):.0f}")
        for error in errors[:20]:
            print("  " + error)
        bounded = max(samples[half:]) <= 1.25 * max(samples[:half] or samples) + 64
        print("memory bounded: " + ("yes" if bounded else "NO (still growing in the second half)"))
        return 0 if not errors and bounded else 1
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
