"""Drives obstore (Python over Rust's object_store, which speaks the GCS XML API) against a server's XML API.

usage: obstore_xml.py http://127.0.0.1:PORT [--expectations FILE] [--write-expectations FILE]

Every check writes through obstore and reads back what it wrote. The run fails on the first check that fails,
unless --expectations names it (a JSON object of check name to what the server does instead): a listed failure
is reported as expected, and a listed check that passes fails the run, so the file stays true as the server
changes. --write-expectations records every failure with its message, to be worded into such a file.
"""
import argparse
import datetime
import hashlib
import json
import os
import sys
import traceback
import urllib.request

import obstore
from obstore.exceptions import AlreadyExistsError, NotFoundError, NotModifiedError, PreconditionError
from obstore.store import GCSStore

parser = argparse.ArgumentParser()
parser.add_argument("endpoint")
parser.add_argument("--expectations")
parser.add_argument("--write-expectations")
arguments = parser.parse_args()
endpoint = arguments.endpoint.rstrip("/")
expected = {}
if arguments.expectations:
    with open(arguments.expectations) as file:
        expected = json.load(file)["failures"]



def json_api(method, path, body=b"", content_type="application/json"):
    request = urllib.request.Request(
        f"{endpoint}{path}", data=body, method=method, headers={"Content-Type": content_type})
    return urllib.request.urlopen(request).read()


def make_store(bucket):
    """A bucket made over the JSON API, which every GCS emulator answers, and obstore's store of it."""
    json_api("POST", "/storage/v1/b?project=ci", json.dumps({"name": bucket}).encode())
    return GCSStore(
        bucket, config={"base_url": endpoint, "skip_signature": True}, client_options={"allow_http": True},
        credential_provider=lambda: {"token": "anonymous", "expires_at": None})


def seed(bucket, name, data, metadata=None):
    """An object written over the JSON API (a multipart upload), so that reads are checked apart from writes."""
    boundary = "obstore-xml-boundary"
    resource = dict(metadata or {}, name=name)
    body = (
        f"--{boundary}\r\nContent-Type: application/json\r\n\r\n{json.dumps(resource)}\r\n"
        f"--{boundary}\r\nContent-Type: {resource.get('contentType', 'application/octet-stream')}\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    json_api("POST", f"/upload/storage/v1/b/{bucket}/o?uploadType=multipart", body,
             f"multipart/related; boundary={boundary}")


# object_store escapes every byte of a bucket name but letters and digits: the main bucket has only those, and
# one check uses a name with hyphens.
bucket = f"obstorexml{os.getpid()}"
store = make_store(bucket)
ODD_NAMES = [
    "odd/with space.txt", "odd/ünïcödé ✓ 🌲.txt", "odd/plus+sign", "odd/percent%25done", "odd/amp&eq=q?hash#",
    "odd/colon:at@tilde~", "odd/quote'paren(star)*comma,semi;", "odd/brackets[x]{y}", "odd/back\\slash",
    "odd/ leading and trailing ", "odd/dots...txt",
]
seed(bucket, "docs/hello.txt", b"hello, xml")
seed(bucket, "docs/digits.txt", b"0123456789")
seed(bucket, "docs/typed.json", b"{}",
     {"contentType": "application/json", "cacheControl": "no-cache", "metadata": {"owner": "ci"}})
for index in range(5):
    seed(bucket, f"pages/item-{index}", str(index).encode())
for index, name in enumerate(ODD_NAMES):
    seed(bucket, name, f"odd {index}".encode())

results = {}


def check(name):
    def run(body):
        try:
            body()
            results[name] = None
        except Exception as error:  # noqa: BLE001 - every failure is a finding
            detail = "".join(traceback.format_exception_only(type(error), error)).strip().splitlines()
            results[name] = " ".join(detail)[:400]
        return body
    return run


def require(condition, detail):
    if not condition:
        raise AssertionError(detail)


# obstore raises Python's FileNotFoundError for a missing object.
NOT_FOUND = (NotFoundError, FileNotFoundError)


def raises(kinds, body):
    try:
        body()
    except kinds:
        return
    names = [kind.__name__ for kind in (kinds if isinstance(kinds, tuple) else (kinds,))]
    raise AssertionError(f"expected {' or '.join(names)}")


# Reads, of objects written over the JSON API.

@check("read")
def _():
    require(obstore.get(store, "docs/hello.txt").bytes() == b"hello, xml", "the bytes differ")


@check("ranges")
def _():
    require(bytes(obstore.get_range(store, "docs/digits.txt", start=2, end=6)) == b"2345", "bounded range")
    require(obstore.get(store, "docs/digits.txt", options={"range": {"offset": 7}}).bytes() == b"789", "offset")
    require(obstore.get(store, "docs/digits.txt", options={"range": {"suffix": 3}}).bytes() == b"789", "suffix")
    parts = obstore.get_ranges(store, "docs/digits.txt", starts=[0, 5], ends=[2, 9])
    require([bytes(part) for part in parts] == [b"01", b"5678"], f"several ranges: {parts}")


@check("head")
def _():
    meta = obstore.head(store, "docs/digits.txt")
    require(meta["size"] == 10, f"size {meta['size']}")
    require(meta["e_tag"] and meta["version"], f"no ETag or generation: {meta}")
    age = datetime.datetime.now(datetime.timezone.utc) - meta["last_modified"]
    require(abs(age.total_seconds()) < 3600, f"last_modified {meta['last_modified']}")
    raises(NOT_FOUND, lambda: obstore.head(store, "docs/missing.txt"))


@check("metadata headers")
def _():
    attributes = obstore.get(store, "docs/typed.json").attributes
    require(attributes.get("Content-Type") == "application/json", f"content type: {attributes}")
    require(attributes.get("Cache-Control") == "no-cache", f"cache control: {attributes}")
    require(attributes.get("owner") == "ci", f"custom metadata: {attributes}")


@check("conditional reads")
def _():
    meta = obstore.head(store, "docs/digits.txt")
    raises(NotModifiedError, lambda: obstore.get(store, "docs/digits.txt", options={"if_none_match": meta["e_tag"]}))
    raises(PreconditionError, lambda: obstore.get(store, "docs/digits.txt", options={"if_match": '"nope"'}))
    require(obstore.get(store, "docs/digits.txt", options={"if_match": meta["e_tag"]}).bytes() == b"0123456789",
            "If-Match with the ETag")


@check("list without delimiter")
def _():
    names = [meta["path"] for meta in obstore.list(store, prefix="pages").collect()]
    require(names == [f"pages/item-{index}" for index in range(5)], f"names {names}")
    after = [meta["path"] for meta in obstore.list(store, prefix="pages", offset="pages/item-2").collect()]
    require(after == ["pages/item-3", "pages/item-4"], f"after an offset: {after}")
    sizes = {meta["path"]: meta["size"] for meta in obstore.list(store, prefix="pages").collect()}
    require(sizes.get("pages/item-3") == 1, f"sizes {sizes}")


@check("list with delimiter")
def _():
    listed = obstore.list_with_delimiter(store)
    require(sorted(listed["common_prefixes"]) == ["docs", "odd", "pages"], f"prefixes {listed['common_prefixes']}")
    inside = obstore.list_with_delimiter(store, prefix="docs")
    names = sorted(meta["path"] for meta in inside["objects"])
    require(names == ["docs/digits.txt", "docs/hello.txt", "docs/typed.json"], f"docs/ holds {names}")


@check("odd names read")
def _():
    for index, name in enumerate(ODD_NAMES):
        require(obstore.get(store, name).bytes() == f"odd {index}".encode(), f"{name!r} reads back")
    listed = sorted(meta["path"] for meta in obstore.list(store, prefix="odd").collect())
    require(listed == sorted(ODD_NAMES), f"listed {listed}")


@check("missing object")
def _():
    raises(NOT_FOUND, lambda: obstore.get(store, "nothing/here"))


# Writes.

@check("write")
def _():
    result = obstore.put(store, "written/hello.txt", b"written over xml")
    require(result.get("e_tag"), f"no ETag: {result}")
    require(obstore.get(store, "written/hello.txt").bytes() == b"written over xml", "the bytes differ")


@check("write with attributes")
def _():
    obstore.put(
        store, "written/typed.json", b"[]",
        attributes={"Content-Type": "application/json", "Cache-Control": "no-store", "owner": "xml"})
    attributes = obstore.get(store, "written/typed.json").attributes
    require(attributes.get("Content-Type") == "application/json", f"content type: {attributes}")
    require(attributes.get("Cache-Control") == "no-store", f"cache control: {attributes}")
    require(attributes.get("owner") == "xml", f"custom metadata: {attributes}")


@check("create-only write")
def _():
    raises(AlreadyExistsError, lambda: obstore.put(store, "docs/digits.txt", b"x", mode="create"))
    obstore.put(store, "written/created.txt", b"new", mode="create")
    require(obstore.get(store, "docs/digits.txt").bytes() == b"0123456789", "a refused write changed the object")


@check("copy")
def _():
    obstore.copy(store, "docs/hello.txt", "copies/hello.txt")
    require(obstore.get(store, "copies/hello.txt").bytes() == b"hello, xml", "the copy's bytes")
    raises(AlreadyExistsError, lambda: obstore.copy(store, "docs/digits.txt", "copies/hello.txt", overwrite=False))
    require(obstore.get(store, "copies/hello.txt").bytes() == b"hello, xml", "a refused copy changed the object")


@check("rename")
def _():
    obstore.rename(store, "copies/hello.txt", "moved/hello.txt")
    require(obstore.get(store, "moved/hello.txt").bytes() == b"hello, xml", "the renamed bytes")
    raises(NOT_FOUND, lambda: obstore.head(store, "copies/hello.txt"))


@check("delete")
def _():
    obstore.delete(store, "pages/item-0")
    raises(NOT_FOUND, lambda: obstore.get(store, "pages/item-0"))
    obstore.delete(store, ["pages/item-1", "pages/item-2"])
    names = [meta["path"] for meta in obstore.list(store, prefix="pages").collect()]
    require(names == ["pages/item-3", "pages/item-4"], f"left {names}")


@check("64 MiB multipart upload")
def _():
    data = os.urandom(64 * 1024 * 1024)
    obstore.put(store, "big/random.bin", data, use_multipart=True, chunk_size=8 * 1024 * 1024)
    require(obstore.head(store, "big/random.bin")["size"] == len(data), "size")
    read = obstore.get(store, "big/random.bin").bytes()
    require(hashlib.sha256(bytes(read)).digest() == hashlib.sha256(data).digest(), "the bytes differ")
    tail = obstore.get_range(store, "big/random.bin", start=len(data) - 1000, end=len(data))
    require(bytes(tail) == data[-1000:], "a range of the tail")


@check("odd names write")
def _():
    for index, name in enumerate(ODD_NAMES):
        obstore.put(store, "written/" + name, f"written {index}".encode())
    for index, name in enumerate(ODD_NAMES):
        require(obstore.get(store, "written/" + name).bytes() == f"written {index}".encode(), f"{name!r}")


@check("a bucket name with hyphens")
def _():
    hyphens_bucket = f"obstore-xml-{os.getpid()}"
    hyphens = make_store(hyphens_bucket)
    seed(hyphens_bucket, "seeded.txt", b"seeded")
    require(obstore.get(hyphens, "seeded.txt").bytes() == b"seeded", "a read")
    obstore.put(hyphens, "a.txt", b"hyphens")
    require(obstore.get(hyphens, "a.txt").bytes() == b"hyphens", "a write read back")


failures = {name: detail for name, detail in results.items() if detail is not None}
if arguments.write_expectations:
    with open(arguments.write_expectations, "w") as file:
        json.dump({"failures": failures}, file, indent=2, ensure_ascii=False)
        file.write("\n")
problems = []
for name, detail in results.items():
    if detail is None and name in expected:
        problems.append(f"UNEXPECTED PASS {name}: the expectations say {expected[name]!r}; remove it from them")
    elif detail is not None and name not in expected:
        problems.append(f"FAIL {name}: {detail}")
    elif detail is not None:
        print(f"expected failure {name}: {expected[name]}")
for name in expected:
    if name not in results:
        problems.append(f"the expectations name {name}, which no check has")
passed = sum(1 for detail in results.values() if detail is None)
print(f"obstore over the XML API of {endpoint}: {passed} of {len(results)} checks passed, "
      f"{len(failures) - len([p for p in problems if p.startswith('FAIL')])} failures expected")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
