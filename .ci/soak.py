#!/usr/bin/env python3
"""Soak test of `serve`, which it starts and stops itself. Two phases:

1. Memory: `serve --session-idle S` under many connections over all three dialects (v0, GCS JSON, XML): uploads
   one-shot and chunked, downloads compared byte for byte, lists of each client's folder (exact) and of the whole
   bucket while others delete (any status but 200 fails), resumable sessions and XML multipart uploads left
   abandoned on purpose. Then a few large bodies (4 and 16 MiB) go over each dialect, read back and deleted.
   Then everything is deleted, the XML uploads aborted, the sessions left to expire, and the resident memory must
   come back within --max-rss-over-idle-mib of its idle figure (the pages kept for large bodies included: `serve`
   gives them back after 5 s without one).
2. Crashes: `serve --data-dir` under writers over all three dialects, killed with SIGKILL --kills times and
   restarted on the same folder: every acknowledged write reads back byte for byte, and a write in flight at the
   kill is either absent or whole, never half an object.

usage: soak.py SERVE_BINARY [--seconds 30] [--clients 24] [--session-idle 2] [--kills 2]
"""
import argparse
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak_dialects import DIALECTS, GRANULARITY, GCSJSON, V0, XML, SoakFailure, Tally  # noqa: E402

# The random traffic's bodies: many small ones; the large ones have a phase of their own (LARGE_SIZES).
SIZES = [0, 1, 1000, 65536, GRANULARITY + 17, 3 * GRANULARITY + 5]
# Bodies whose buffers take mapped pages that `serve` keeps for the next large body while they keep coming.
LARGE_SIZES = [4 << 20, 16 << 20]


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return 0


class Serve:
    """A `serve` process on a free loopback port, stopped with SIGTERM (or killed) by whoever started it."""

    def __init__(self, binary, *arguments):
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen([binary, "serve", "--port", "0", *arguments], stdout=self.log,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.process.poll() is None:
            self.log.seek(0)
            found = re.search(rb"http://127\.0\.0\.1:(\d+)", self.log.read())
            if found:
                self.port = int(found.group(1))
                return
            time.sleep(0.1)
        self.stop()
        raise SoakFailure(f"serve did not start: {self.output()}")

    def output(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def run_threads(targets, serve=None):
    """Runs each target on its own thread; samples serve's resident memory until they end; gives the peak."""
    threads = [threading.Thread(target=target) for target in targets]
    for thread in threads:
        thread.start()
    peak = 0
    while any(thread.is_alive() for thread in threads):
        if serve:
            peak = max(peak, resident_mib(serve.process.pid))
        time.sleep(0.25)
    return peak


class MemoryClient:
    """One connection of one dialect doing random operations in its own folder, until the deadline."""

    def __init__(self, dialect, index, deadline, port, tally):
        self.dialect = dialect("127.0.0.1", port, tally)
        self.index = index
        self.deadline = deadline
        self.tally = tally
        self.random = random.Random(index)
        self.stored = {}
        self.serial = 0

    def name(self):
        self.serial += 1
        return f"c{self.index}/object-{self.serial}"

    def step(self):
        choice = self.random.random()
        if len(self.stored) >= 12:
            self.delete(self.random.choice(sorted(self.stored)))
        elif choice < 0.3 or not self.stored:
            data = self.random.randbytes(self.random.choice(SIZES))
            name = self.name()
            self.dialect.upload(name, data)
            self.stored[name] = hashlib.md5(data).digest()
        elif choice < 0.35:
            self.dialect.abandon(self.name(), self.random.randbytes(GRANULARITY + 1))
        elif choice < 0.6:
            self.check(self.random.choice(sorted(self.stored)))
        elif choice < 0.75:
            listed = self.dialect.list(f"c{self.index}/")
            if listed != set(self.stored):
                raise SoakFailure(f"{self.dialect.name} list of c{self.index}/ differs from what was stored")
        elif choice < 0.85:
            self.dialect.list("", page=200)  # the whole bucket, while the others delete
        else:
            self.delete(self.random.choice(sorted(self.stored)))

    def check(self, name):
        if hashlib.md5(self.dialect.download(name)).digest() != self.stored[name]:
            raise SoakFailure(f"{self.dialect.name} download {name}: bytes differ")

    def delete(self, name):
        self.dialect.delete(name)
        del self.stored[name]

    def run(self):
        try:
            while time.monotonic() < self.deadline:
                self.step()
            for name in sorted(self.stored):
                self.check(name)
                self.delete(name)
            if isinstance(self.dialect, XML):
                self.dialect.abort_abandoned()
        except Exception as error:  # noqa: BLE001 - every failure is reported
            self.tally.fail(f"client {self.index} ({self.dialect.name}): {error}")
        finally:
            self.dialect.close()


def large_bodies(port, tally):
    """Uploads, reads back and deletes LARGE_SIZES bodies over each dialect, one connection per dialect at once."""
    def one_dialect(dialect, index):
        client = dialect("127.0.0.1", port, tally)
        generator = random.Random(1000 + index)
        try:
            for size in LARGE_SIZES:
                data = generator.randbytes(size)
                name = f"large/{client.name}-{size}"
                client.upload(name, data)
                if hashlib.md5(client.download(name)).digest() != hashlib.md5(data).digest():
                    raise SoakFailure(f"{client.name} download {name}: bytes differ")
                client.delete(name)
        except Exception as error:  # noqa: BLE001 - every failure is reported
            tally.fail(f"large bodies ({client.name}): {error}")
        finally:
            client.close()
    return [lambda dialect=dialect, index=index: one_dialect(dialect, index) for index, dialect in enumerate(DIALECTS)]


def memory_phase(arguments, tally):
    serve = Serve(arguments.binary, "--session-idle", str(arguments.session_idle))
    try:
        admin = GCSJSON("127.0.0.1", serve.port, tally)
        admin.create_bucket()
        idle = resident_mib(serve.process.pid)
        deadline = time.monotonic() + arguments.seconds
        clients = [MemoryClient(DIALECTS[index % 3], index, deadline, serve.port, tally)
                   for index in range(arguments.clients)]
        peak = run_threads([client.run for client in clients], serve)
        peak = max(peak, run_threads(large_bodies(serve.port, tally), serve))
        last_large_body = time.monotonic()
        left = admin.list("")
        if left:
            tally.fail(f"{len(left)} objects left after every client deleted its own, e.g. {sorted(left)[:3]}")
        # Sessions are swept when one starts: wait out the idle time, then start one on each resumable dialect.
        time.sleep(arguments.session_idle + 0.5)
        V0("127.0.0.1", serve.port, tally).start("sweep", 1)
        admin.start("sweep")
        time.sleep(max(0.0, last_large_body + 6 - time.monotonic()))  # kept pages go back 5 s after the last use
        final = resident_mib(serve.process.pid)
        settle = time.monotonic() + 10
        while final > idle + arguments.max_rss_over_idle_mib and time.monotonic() < settle:
            time.sleep(0.5)
            final = resident_mib(serve.process.pid)
        return idle, peak, final
    finally:
        serve.stop()


class Writer:
    """Writes new objects over one dialect until told to stop; what was acknowledged and what was in flight."""

    def __init__(self, dialect, index, port, tally, round_number, killed):
        self.dialect = dialect("127.0.0.1", port, tally)
        self.tally = tally
        self.killed = killed
        self.prefix = f"r{round_number}/w{index}/"
        self.random = random.Random(index * 1000 + round_number)
        self.acknowledged = {}
        self.in_flight = {}
        self.stopped = False

    def run(self):
        serial = 0
        while not self.stopped:
            serial += 1
            name = f"{self.prefix}object-{serial}"
            data = self.random.randbytes(self.random.choice(SIZES))
            self.in_flight = {name: hashlib.md5(data).digest()}
            try:
                self.dialect.upload(name, data)
            except Exception as error:  # noqa: BLE001 - a kill cuts requests any way it likes
                if not self.killed.is_set():
                    self.tally.fail(f"{self.dialect.name} writer before the kill: {error}")
                return
            self.acknowledged[name] = self.in_flight.pop(name)


def crash_phase(arguments, tally):
    folder = tempfile.mkdtemp(prefix="soak-data-dir-")
    acknowledged, in_flight, reads = {}, {}, 0
    try:
        for round_number in range(1, arguments.kills + 1):
            serve = Serve(arguments.binary, "--data-dir", folder)
            try:
                GCSJSON("127.0.0.1", serve.port, tally).create_bucket()
                killed = threading.Event()
                writers = [Writer(DIALECTS[index % 3], index, serve.port, tally, round_number, killed)
                           for index in range(6)]
                threads = [threading.Thread(target=writer.run) for writer in writers]
                for thread in threads:
                    thread.start()
                time.sleep(arguments.crash_seconds)
                killed.set()
                serve.kill()
            finally:
                serve.stop()
            for writer, thread in zip(writers, threads):
                writer.stopped = True
                thread.join()
                acknowledged.update(writer.acknowledged)
                in_flight.update(writer.in_flight)
            reads += verify(arguments, folder, acknowledged, in_flight, tally)
        return len(acknowledged), len(in_flight), reads
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def verify(arguments, folder, acknowledged, in_flight, tally):
    """Restarts on `folder`: every acknowledged write whole, no write in flight half there; gives the reads done."""
    serve = Serve(arguments.binary, "--data-dir", folder)
    try:
        reader = GCSJSON("127.0.0.1", serve.port, tally)
        listed = reader.list("")
        for name, digest in sorted(acknowledged.items()):
            if name not in listed or hashlib.md5(reader.download(name)).digest() != digest:
                tally.fail(f"after SIGKILL: acknowledged {name} is missing or differs")
        for name, digest in in_flight.items():
            if name in listed and hashlib.md5(reader.download(name)).digest() != digest:
                tally.fail(f"after SIGKILL: {name}, in flight at the kill, is there but not whole")
        strays = listed - set(acknowledged) - set(in_flight)
        if strays:
            tally.fail(f"after SIGKILL: objects never written are listed: {sorted(strays)[:3]}")
        return len(acknowledged) + len(set(in_flight) & listed)
    finally:
        serve.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=24)
    parser.add_argument("--session-idle", type=float, default=2)
    parser.add_argument("--max-rss-over-idle-mib", type=int, default=100)
    parser.add_argument("--kills", type=int, default=2)
    parser.add_argument("--crash-seconds", type=float, default=4)
    arguments = parser.parse_args()
    started = time.monotonic()
    tally = Tally()
    idle, peak, final = memory_phase(arguments, tally)
    memory_seconds = time.monotonic() - started
    total = sum(len(values) for values in tally.latencies.values())
    print(f"soak: {arguments.clients} connections for {arguments.seconds:.0f} s over three dialects: {total} requests, "
          f"{len(tally.failures)} failures ({memory_seconds:.0f} s with the cleanup)")
    for dialect, values in sorted(tally.latencies.items()):
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"  {dialect:8} {len(values):6} requests  median {values[len(values) // 2] * 1000:6.1f} ms  "
              f"p99 {p99 * 1000:6.1f} ms")
    print(f"  serve resident memory: {idle} MiB idle, {peak} MiB at most, {final} MiB after the cleanup "
          f"(limit idle + {arguments.max_rss_over_idle_mib} MiB)")
    if final > idle + arguments.max_rss_over_idle_mib:
        tally.fail(f"memory did not come back: {final} MiB after the cleanup, {idle} MiB idle")
    written, cut, reads = crash_phase(arguments, tally)
    print(f"  --data-dir: {arguments.kills} SIGKILLs under 6 writers: {written} acknowledged writes, {cut} in flight at "
          f"a kill (absent or whole), {reads} objects read back after the restarts; "
          f"{time.monotonic() - started:.0f} s in all")
    for failure in tally.failures[:20]:
        print("  FAILED:", failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
