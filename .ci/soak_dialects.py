"""The three dialects `serve` speaks, as the soak (.ci/soak.py) uses them: one keep-alive connection each, with
uploads (one-shot and chunked), downloads, lists, deletes and uploads left abandoned on purpose. Every request is
counted per dialect; a status other than the one expected raises SoakFailure."""
import http.client
import json
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree

GRANULARITY = 262144
BUCKET = "soak"


class SoakFailure(Exception):
    pass


class Tally:
    """Requests and latencies per dialect, and failures, shared by every client thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = {}
        self.failures = []

    def record(self, dialect, seconds):
        with self.lock:
            self.latencies.setdefault(dialect, []).append(seconds)

    def fail(self, message):
        with self.lock:
            self.failures.append(message)


class Dialect:
    name = "?"

    def __init__(self, host, port, tally):
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.tally = tally

    def request(self, method, target, body=None, headers=None, expect=(200,)):
        started = time.monotonic()
        self.connection.request(method, target, body=body, headers=headers or {})
        response = self.connection.getresponse()
        data = response.read()
        self.tally.record(self.name, time.monotonic() - started)
        if response.status not in expect:
            raise SoakFailure(f"{self.name} {method} {target[:120]}: {response.status} {data[:200]!r}")
        return response, data

    @staticmethod
    def quoted(name):
        return urllib.parse.quote(name, safe="")

    @staticmethod
    def path_of(url):
        split = urllib.parse.urlsplit(url)
        return f"{split.path}?{split.query}"

    def close(self):
        self.connection.close()


class V0(Dialect):
    """Firebase's v0 routes: `/v0/b/B/o`."""
    name = "v0"

    def upload(self, name, data):
        if len(data) <= GRANULARITY:
            self.request("POST", f"/v0/b/{BUCKET}/o?name={self.quoted(name)}", data,
                         {"Content-Type": "application/octet-stream"})
            return
        session = self.start(name, len(data))
        split = max(GRANULARITY, len(data) // 2 // GRANULARITY * GRANULARITY)
        self.chunk(session, 0, data[:split], "upload")
        self.chunk(session, split, data[split:], "upload, finalize")

    def start(self, name, size):
        headers = {"X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start",
                   "X-Goog-Upload-Header-Content-Length": str(size), "Content-Type": "application/json"}
        response, _ = self.request("POST", f"/v0/b/{BUCKET}/o?name={self.quoted(name)}", b"{}", headers)
        return self.path_of(response.getheader("X-Goog-Upload-URL"))

    def chunk(self, session, offset, data, command):
        self.request("PUT", session, data, {"X-Goog-Upload-Command": command, "X-Goog-Upload-Offset": str(offset)})

    def abandon(self, name, data):
        """A resumable session given its first chunk, then left: `--session-idle` must forget it."""
        self.chunk(self.start(name, len(data) + GRANULARITY), 0, data[:GRANULARITY], "upload")

    def download(self, name):
        return self.request("GET", f"/v0/b/{BUCKET}/o/{self.quoted(name)}?alt=media")[1]

    def list(self, prefix, page=1000):
        _, body = self.request("GET", f"/v0/b/{BUCKET}/o?prefix={self.quoted(prefix)}&maxResults={page}")
        return {item["name"] for item in json.loads(body).get("items", [])}

    def delete(self, name):
        self.request("DELETE", f"/v0/b/{BUCKET}/o/{self.quoted(name)}", expect=(204,))


class GCSJSON(Dialect):
    """The GCS JSON API: `/storage/v1/b/B/o` and `/upload/storage/v1/b/B/o`."""
    name = "gcs-json"

    def create_bucket(self):
        self.request("POST", "/storage/v1/b?project=soak", json.dumps({"name": BUCKET}).encode(),
                     {"Content-Type": "application/json"}, expect=(200, 409))

    def upload(self, name, data):
        if len(data) <= GRANULARITY:
            self.request("POST", f"/upload/storage/v1/b/{BUCKET}/o?uploadType=media&name={self.quoted(name)}", data,
                         {"Content-Type": "application/octet-stream"})
            return
        session = self.start(name)
        split = max(GRANULARITY, len(data) // 2 // GRANULARITY * GRANULARITY)
        self.request("PUT", session, data[:split], {"Content-Range": f"bytes 0-{split - 1}/*"}, expect=(308,))
        self.request("PUT", session, data[split:], {"Content-Range": f"bytes {split}-{len(data) - 1}/{len(data)}"})

    def start(self, name):
        response, _ = self.request("POST", f"/upload/storage/v1/b/{BUCKET}/o?uploadType=resumable",
                                   json.dumps({"name": name}).encode(), {"Content-Type": "application/json"})
        return self.path_of(response.getheader("Location"))

    def abandon(self, name, data):
        session = self.start(name)
        self.request("PUT", session, data[:GRANULARITY], {"Content-Range": f"bytes 0-{GRANULARITY - 1}/*"},
                     expect=(308,))

    def download(self, name):
        return self.request("GET", f"/storage/v1/b/{BUCKET}/o/{self.quoted(name)}?alt=media")[1]

    def list(self, prefix, page=1000):
        names, token = set(), ""
        while True:
            query = f"prefix={self.quoted(prefix)}&maxResults={page}" + (f"&pageToken={self.quoted(token)}" if token else "")
            _, body = self.request("GET", f"/storage/v1/b/{BUCKET}/o?{query}")
            answer = json.loads(body)
            names |= {item["name"] for item in answer.get("items", [])}
            token = answer.get("nextPageToken")
            if not token:
                return names

    def delete(self, name):
        self.request("DELETE", f"/storage/v1/b/{BUCKET}/o/{self.quoted(name)}", expect=(204,))


class XML(Dialect):
    """The GCS XML API, path style: `/B/O`, multipart uploads with `?uploads`."""
    name = "xml"

    def __init__(self, host, port, tally):
        super().__init__(host, port, tally)
        self.abandoned = []

    def target(self, name, query=""):
        return f"/{BUCKET}/{urllib.parse.quote(name, safe='/')}{query}"

    def upload(self, name, data):
        if len(data) <= GRANULARITY:
            self.request("PUT", self.target(name), data, {"Content-Type": "application/octet-stream"})
            return
        upload = self.initiate(name)
        response, _ = self.request("PUT", self.target(name, f"?partNumber=1&uploadId={upload}"), data)
        body = (f"<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>{response.getheader('ETag')}</ETag>"
                "</Part></CompleteMultipartUpload>").encode()
        self.request("POST", self.target(name, f"?uploadId={upload}"), body, {"Content-Type": "application/xml"})

    @staticmethod
    def local_name(element):
        return element.tag.rsplit("}", 1)[-1]

    def initiate(self, name):
        _, body = self.request("POST", self.target(name, "?uploads"))
        return next(element.text for element in ElementTree.fromstring(body).iter()
                    if self.local_name(element) == "UploadId")

    def abandon(self, name, data):
        """A multipart upload given a part, then left (aborted at the end: they expire after an hour)."""
        upload = self.initiate(name)
        self.request("PUT", self.target(name, f"?partNumber=1&uploadId={upload}"), data)
        self.abandoned.append((name, upload))

    def abort_abandoned(self):
        for name, upload in self.abandoned:
            self.request("DELETE", self.target(name, f"?uploadId={upload}"), expect=(204,))
        self.abandoned.clear()

    def download(self, name):
        return self.request("GET", self.target(name))[1]

    def list(self, prefix, page=1000):
        names, token = set(), ""
        while True:
            query = f"?list-type=2&prefix={self.quoted(prefix)}&max-keys={page}"
            if token:
                query += f"&continuation-token={self.quoted(token)}"
            _, body = self.request("GET", f"/{BUCKET}{query}")
            root = ElementTree.fromstring(body)
            names |= {element.text for element in root.iter() if self.local_name(element) == "Key"}
            token = next((element.text for element in root.iter()
                          if self.local_name(element) == "NextContinuationToken"), None)
            if not token:
                return names

    def delete(self, name):
        self.request("DELETE", self.target(name), expect=(204,))


DIALECTS = (V0, GCSJSON, XML)
