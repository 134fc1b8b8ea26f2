#!/usr/bin/env python3
"""Soak test of a running `serve`: many connections for a while with mixed uploads (one-shot and resumable),
downloads, lists and deletes. Every object is read back and compared byte for byte; the server's resident
memory is sampled from /proc and must stay bounded. Prints the figures; exits 1 on any failure.

usage: soak.py BASE_URL SERVE_PID [--seconds 20] [--clients 32] [--max-growth-mib 512]
"""
import argparse
import hashlib
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.parse

GRANULARITY = 262144


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return 0


class Client:
    """One keep-alive connection doing random operations in its own folder."""

    def __init__(self, host, port, index, deadline, results):
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.index = index
        self.deadline = deadline
        self.results = results
        self.random = random.Random(index)
        self.stored = {}

    def request(self, method, target, body=None, headers=None):
        started = time.monotonic()
        self.connection.request(method, target, body=body, headers=headers or {})
        response = self.connection.getresponse()
        data = response.read()
        self.results.record(method, time.monotonic() - started)
        return response, data

    def object_target(self, name, query=""):
        return f"/v0/b/soak-bucket/o/{urllib.parse.quote(name, safe='')}{query}"

    def one_shot_upload(self, name, data):
        target = f"/v0/b/soak-bucket/o?name={urllib.parse.quote(name, safe='')}"
        response, body = self.request("POST", target, data, {"Content-Type": "application/octet-stream"})
        self.expect(response.status == 200, f"upload {name}: {response.status} {body[:200]!r}")
        self.expect(json.loads(body)["size"] == str(len(data)), f"upload {name}: wrong size")

    def resumable_upload(self, name, data):
        target = f"/v0/b/soak-bucket/o?name={urllib.parse.quote(name, safe='')}"
        headers = {"X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start",
                   "X-Goog-Upload-Header-Content-Length": str(len(data)), "Content-Type": "application/json"}
        response, _ = self.request("POST", target, b"{}", headers)
        self.expect(response.status == 200, f"start {name}: {response.status}")
        url = urllib.parse.urlsplit(response.getheader("X-Goog-Upload-URL"))
        session = f"{url.path}?{url.query}"
        split = (len(data) // 2) // GRANULARITY * GRANULARITY
        for offset, chunk, command in ((0, data[:split], "upload"), (split, data[split:], "upload, finalize")):
            response, body = self.request("PUT", session, chunk,
                                          {"X-Goog-Upload-Command": command, "X-Goog-Upload-Offset": str(offset)})
            self.expect(response.status == 200, f"chunk {name}@{offset}: {response.status} {body[:200]!r}")

    def download(self, name):
        response, body = self.request("GET", self.object_target(name, "?alt=media"))
        self.expect(response.status == 200, f"download {name}: {response.status}")
        self.expect(hashlib.md5(body).digest() == self.stored[name], f"download {name}: bytes differ")

    def list_folder(self):
        response, body = self.request("GET", f"/v0/b/soak-bucket/o?prefix=c{self.index}%2F&delimiter=%2F")
        self.expect(response.status == 200, f"list: {response.status}")
        listed = {item["name"] for item in json.loads(body).get("items", [])}
        self.expect(listed == set(self.stored), f"list of c{self.index}/ differs from what was stored")

    def delete(self, name):
        response, _ = self.request("DELETE", self.object_target(name))
        self.expect(response.status == 204, f"delete {name}: {response.status}")
        del self.stored[name]

    def expect(self, condition, message):
        if not condition:
            raise AssertionError(message)

    def run(self):
        serial = 0
        try:
            while time.monotonic() < self.deadline:
                choice = self.random.random()
                if len(self.stored) >= 16:
                    self.delete(self.random.choice(sorted(self.stored)))
                elif choice < 0.35 or not self.stored:
                    serial += 1
                    name = f"c{self.index}/object-{serial}"
                    size = self.random.choice([0, 1, 1000, 65536, GRANULARITY + 17, 3 * GRANULARITY + 5])
                    data = self.random.randbytes(size)
                    if size > GRANULARITY:
                        self.resumable_upload(name, data)
                    else:
                        self.one_shot_upload(name, data)
                    self.stored[name] = hashlib.md5(data).digest()
                elif choice < 0.7:
                    self.download(self.random.choice(sorted(self.stored)))
                elif choice < 0.85:
                    self.list_folder()
                else:
                    self.delete(self.random.choice(sorted(self.stored)))
            for name in sorted(self.stored):
                self.download(name)
        except Exception as error:  # noqa: BLE001 - every failure is reported
            self.results.fail(f"client {self.index}: {error}")


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = {}
        self.failures = []

    def record(self, method, seconds):
        with self.lock:
            self.latencies.setdefault(method, []).append(seconds)

    def fail(self, message):
        with self.lock:
            self.failures.append(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("pid", type=int)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--max-growth-mib", type=int, default=512)
    arguments = parser.parse_args()
    url = urllib.parse.urlsplit(arguments.base)
    results = Results()
    baseline = resident_mib(arguments.pid)
    deadline = time.monotonic() + arguments.seconds
    clients = [Client(url.hostname, url.port, index, deadline, results) for index in range(arguments.clients)]
    threads = [threading.Thread(target=client.run) for client in clients]
    samples = []
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        samples.append(resident_mib(arguments.pid))
        time.sleep(0.25)
    for thread in threads:
        thread.join()
    peak = max(samples + [baseline])
    total = sum(len(values) for values in results.latencies.values())
    print(f"soak: {arguments.clients} connections for {arguments.seconds:.0f} s: {total} requests "
          f"({total / arguments.seconds:.0f}/s), {len(results.failures)} failures")
    for method, values in sorted(results.latencies.items()):
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"  {method:6} {len(values):6} requests  median {statistics.median(values) * 1000:6.1f} ms  "
              f"p99 {p99 * 1000:6.1f} ms")
    print(f"  serve resident memory: {baseline} MiB before, {peak} MiB at most, {resident_mib(arguments.pid)} MiB after")
    for failure in results.failures[:20]:
        print("  FAILED:", failure)
    if results.failures:
        return 1
    if peak - baseline > arguments.max_growth_mib:
        print(f"  FAILED: memory grew by {peak - baseline} MiB (limit {arguments.max_growth_mib})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
