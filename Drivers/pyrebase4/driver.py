#!/usr/bin/env python3
"""A driver for pyrebase4's storage client (docs/driver-protocol.md).

pyrebase4 talks to the Firebase Storage v0 API with `requests`: an upload is one blocking POST, a download one
blocking GET, and there are no tasks, events, metadata reads or lists. So this driver offers no `events`: each
transfer runs when the runner next says `proceed`, and reports only its outcome. Everything it lacks is listed
by what it leaves out of its capabilities, and everything it does differently is in expectations.yaml.

The driver passes the runner's ID token as pyrebase4's `token`, which pyrebase4 sends as
`Authorization: Firebase TOKEN` (and, on downloads, also as the `token` query parameter).

Every request pyrebase4 makes goes through `requests.Session.request`, which the driver wraps to report the
exchange (`exchanges`): a failing scenario then shows pyrebase4's own requests. The runner redacts tokens.
"""
import base64
import io
import json
import os
import sys
import tempfile

import pyrebase
import requests

CAPABILITIES = ["putFile", "writeToFile", "delete", "exchanges"]
BODY_LIMIT = 1984  # with "… (N bytes in all)" within the 2 KiB of a body the runner keeps
REPORTED_HEADERS = ("content-type", "content-length", "content-range", "range", "authorization", "etag", "location",
                    "x-goog-upload-protocol", "x-goog-upload-command", "x-goog-upload-status", "retry-after")
STATUS_CODES = {401: -13020, 402: -13013, 403: -13021, 404: -13010}


def write(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def body_text(body):
    """A body as text: its first BODY_LIMIT bytes (and its length when cut), or its length when it is binary or a
    stream."""
    if isinstance(body, str):
        body = body.encode()
    if not isinstance(body, (bytes, bytearray)):
        return "<a stream>"
    shown = bytes(body[:BODY_LIMIT])
    try:
        text = shown.decode("utf-8")
    except UnicodeDecodeError as problem:
        if problem.start < len(shown) - 3 or len(body) <= BODY_LIMIT:
            return f"<{len(body)} bytes>"
        text = shown[:problem.start].decode("utf-8")
    return text if len(body) <= BODY_LIMIT else f"{text}… ({len(body)} bytes in all)"


def headers_of(headers):
    return {name.lower(): str(value) for name, value in headers.items() if name.lower() in REPORTED_HEADERS}


def report_exchanges():
    """Wraps requests.Session.request (which requests.get and post use too) to write each exchange."""
    original = requests.Session.request

    def request(session, method, url, *args, **kwargs):
        exchange = {"method": method.upper(), "url": url}
        try:
            response = original(session, method, url, *args, **kwargs)
        except Exception as exception:
            write({"exchange": {**exchange, "error": f"{type(exception).__name__}: {exception}"}})
            raise
        sent = response.request
        exchange.update(url=sent.url, requestHeaders=headers_of(sent.headers), status=response.status_code,
                        responseHeaders=headers_of(response.headers))
        if sent.body is not None:
            exchange["requestBody"] = body_text(sent.body)
        if not kwargs.get("stream") or response.status_code >= 400:
            exchange["responseBody"] = body_text(response.content)
        write({"exchange": exchange})
        return response

    requests.Session.request = request


def error(code, message, status=None, body=None):
    value = {"code": code, "message": message}
    if status is not None:
        value["status"] = status
    if body:
        value["body"] = body
    return value


def http_error(exception):
    """pyrebase4 raises requests.HTTPError(original, response text); the code follows the status."""
    original = exception.args[0] if exception.args else exception
    response = getattr(original, "response", None)
    status = response.status_code if response is not None else None
    body = exception.args[1] if len(exception.args) > 1 else None
    code = STATUS_CODES.get(status, -13000)
    return error(code, f"pyrebase4 raised HTTPError: {original}", status, body)


class Driver:
    def __init__(self):
        self.storage = None
        self.bucket = None
        self.token = None
        self.references = {}
        self.pending = []
        self.sequence = 0

    def storage_at(self, path):
        storage = self.app.storage()
        storage.storage_bucket = f"{self.base}/v0/b/{self.bucket}"  # pyrebase4 hard-codes the production host
        storage.path = ""
        return storage.child(path) if path else storage

    def handle(self, request):
        op = request.get("op")
        if op == "hello":
            return {"protocol": 1, "name": "pyrebase4", "version": pyrebase_version(), "capabilities": CAPABILITIES}
        if op == "begin":
            target = request["target"]
            if target.startswith("gcs+"):
                raise ValueError("pyrebase4 speaks only the Firebase v0 API")
            self.base = target.rstrip("/")
            self.bucket = request["bucket"]
            self.token = request.get("auth")
            self.app = pyrebase.initialize_app({
                "apiKey": "unused", "authDomain": "unused", "databaseURL": "http://127.0.0.1",
                "storageBucket": self.bucket,
            })
            return {}
        if op == "ref":
            path = "" if request.get("root") else request["path"]
            reference = {
                "id": f"r{len(self.references) + 1}", "bucket": self.bucket, "fullPath": path,
                "name": path.rsplit("/", 1)[-1], "description": f"gs://{self.bucket}/{path}",
            }
            self.references[reference["id"]] = path
            return {"ref": reference}
        if op in ("put", "getData", "write"):
            self.pending.append(request)
            return {}
        if op == "delete":
            path = self.references[request["ref"]]
            try:
                self.storage_at("").delete(path, self.token)
            except requests.HTTPError as exception:
                return {"error": http_error(exception)}
            return {}
        if op in ("proceed", "hold"):
            return {}
        raise ValueError(f"pyrebase4 has no {op}")

    def run_pending(self):
        while self.pending:
            request = self.pending.pop(0)
            task = request["task"]
            try:
                outcome = self.transfer(request)
            except requests.HTTPError as exception:
                outcome = {"event": "failure", "completed": 0, "total": -1, "error": http_error(exception)}
            except Exception as exception:  # what pyrebase4 raised, reported as the SDK's failure
                outcome = {"event": "failure", "completed": 0, "total": -1,
                           "error": error(-13000, f"pyrebase4 raised {type(exception).__name__}: {exception}")}
            self.sequence += 1
            write({"task": task, "seq": self.sequence, **outcome})
            write({"finished": task})

    def transfer(self, request):
        path = self.references[request["ref"]]
        if request["op"] == "put":
            if "file" in request:
                source = request["file"]
            else:
                source = io.BytesIO(base64.b64decode(request["data"]))
            answer = self.storage_at(path).put(source, self.token)
            size = int(answer.get("size", 0))
            return {"event": "success", "completed": size, "total": size, "result": {"metadata": metadata(answer)}}
        target = request.get("file") or tempfile.mktemp(prefix="pyrebase4-driver-")
        if os.path.exists(target):
            os.remove(target)
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        self.storage_at(path).download(path, target, self.token)
        if not os.path.exists(target):
            return {"event": "failure", "completed": 0, "total": -1,
                    "error": error(-13000, "pyrebase4's download raised nothing and wrote no file")}
        size = os.path.getsize(target)
        if request["op"] == "write":
            return {"event": "success", "completed": size, "total": size, "result": {"file": target}}
        with open(target, "rb") as downloaded:
            data = downloaded.read()
        os.remove(target)
        return {"event": "success", "completed": size, "total": size,
                "result": {"data": base64.b64encode(data).decode()}}


def metadata(answer):
    """The v0 JSON pyrebase4 returns, as the protocol's METADATA."""
    value = {"bucket": answer.get("bucket", ""), "fullPath": answer.get("name", "")}
    for key in ("generation", "metageneration", "size"):
        value[key] = int(answer.get(key, 0))
    for key in ("md5Hash", "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage",
                "contentType", "timeCreated", "updated"):
        if answer.get(key) is not None:
            value[key] = answer[key]
    if isinstance(answer.get("metadata"), dict):
        value["customMetadata"] = answer["metadata"]
    return value


def pyrebase_version():
    try:
        from importlib.metadata import version
        return version("pyrebase4")
    except Exception:
        return "unknown"


def main():
    report_exchanges()
    driver = Driver()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if "ack" in request:
            continue
        if request.get("op") == "end":
            return 0
        try:
            answer = driver.handle(request)
            if "error" in answer:
                write({"id": request["id"], "ok": False, "error": answer["error"]})
            else:
                write({"id": request["id"], "ok": True, **answer})
        except Exception as exception:
            write({"id": request["id"], "ok": False,
                   "error": error(-13052, f"driver: {type(exception).__name__}: {exception}")})
        if request.get("op") == "proceed":
            driver.run_pending()
    return 0


if __name__ == "__main__":
    sys.exit(main())
