"""Drives google-cloud-storage, gcsfs and firebase-admin against `storage-conformance serve`'s GCS JSON API.

usage: gcs_clients.py http://127.0.0.1:PORT

Every check reads back what it wrote; the first mismatch raises and the script exits non-zero.
"""
import hashlib
import os
import sys

endpoint = sys.argv[1].rstrip("/")
os.environ["STORAGE_EMULATOR_HOST"] = endpoint
# gcsfs otherwise asks the gRPC storage-control API for the bucket type first and waits 60 s for it.
os.environ["GCSFS_EXPERIMENTAL_ZB_HNS_SUPPORT"] = "false"

from google.api_core import exceptions  # noqa: E402
from google.auth.credentials import AnonymousCredentials  # noqa: E402
from google.cloud import storage  # noqa: E402

client = storage.Client(project="conformance", credentials=AnonymousCredentials())
bucket_name = f"gcs-client-check-{os.getpid()}"
bucket = client.create_bucket(bucket_name)
checks = []


def check(name, condition, detail=""):
    if not condition:
        raise SystemExit(f"FAIL {name}: {detail}")
    checks.append(name)


# Small multipart upload with metadata, read back whole and by range (the client verifies checksums).
blob = bucket.blob("docs/hello world.txt")
blob.metadata = {"owner": "ci", "note": "ünïcode"}
blob.upload_from_string(b"hello, conformance", content_type="text/plain")
again = bucket.get_blob("docs/hello world.txt")
check("multipart metadata", again.metadata == {"owner": "ci", "note": "ünïcode"}, again.metadata)
check("content type", again.content_type == "text/plain", again.content_type)
check("download whole", again.download_as_bytes(checksum="md5") == b"hello, conformance")
check("download range", again.download_as_bytes(start=7, end=17) == b"conformance")

# A 20 MiB resumable upload in 1 MiB chunks (several 308s), then a checksum-verified download.
data = os.urandom(20 * 1024 * 1024)
big = bucket.blob("big/random.bin", chunk_size=1024 * 1024)
big.upload_from_string(data, content_type="application/octet-stream")
big.reload()
check("resumable size", big.size == len(data), big.size)
check("resumable md5", big.md5_hash == __import__("base64").b64encode(hashlib.md5(data).digest()).decode(), big.md5_hash)
check("resumable download", hashlib.sha256(big.download_as_bytes(checksum="crc32c")).digest() == hashlib.sha256(data).digest())
check("ranged tail", big.download_as_bytes(start=len(data) - 100) == data[-100:])

# Listing with a delimiter, and paging through 25 objects 10 at a time.
for index in range(25):
    bucket.blob(f"pages/item-{index:02}").upload_from_string(str(index))
listed = bucket.list_blobs(prefix="", delimiter="/")
names = [b.name for b in listed]
check("delimiter items", names == [], names)
check("delimiter prefixes", sorted(listed.prefixes) == ["big/", "docs/", "pages/"], listed.prefixes)
# GCS takes any prefix, not only one that ends with the delimiter, and lists every name, empty segments too.
for name in ["tree", "tree/x", "treehouse", "a//b", "dir/"]:
    bucket.blob(name).upload_from_string(name)
tree = bucket.list_blobs(prefix="tree", delimiter="/")
tree_names = [b.name for b in tree]
check("any prefix", tree_names == ["tree", "treehouse"] and sorted(tree.prefixes) == ["tree/"], (tree_names, tree.prefixes))
odd = [b.name for b in bucket.list_blobs(prefix="") if b.name in ("a//b", "dir/")]
check("names with empty segments", odd == ["a//b", "dir/"], odd)
check("a partial response", [sorted(b._properties) for b in bucket.list_blobs(prefix="tree", fields="items(name,size)")]
      == [["name", "size"]] * 3)
for name in ["tree", "tree/x", "treehouse", "a//b", "dir/"]:
    bucket.blob(name).delete()
pages = list(bucket.list_blobs(prefix="pages/", max_results=None, page_size=10).pages)
sizes = [len(list(page)) for page in pages]
check("paging", sizes == [10, 10, 5], sizes)

# Patch: a custom key changed, one removed, the content type changed.
again.metadata = {"owner": "someone", "note": None}
again.content_type = "text/markdown"
again.patch()
again.reload()
check("patch metadata", again.metadata == {"owner": "someone"}, again.metadata)
check("patch content type", again.content_type == "text/markdown", again.content_type)

# Preconditions: if_generation_match=0 refuses an existing object; a matching generation lets a write through.
try:
    bucket.blob("docs/hello world.txt").upload_from_string(b"x", if_generation_match=0)
    raise SystemExit("FAIL precondition: the write went through")
except exceptions.PreconditionFailed:
    checks.append("ifGenerationMatch=0")
bucket.blob("docs/hello world.txt").upload_from_string(b"replaced", if_generation_match=again.generation)
check("generation match", bucket.blob("docs/hello world.txt").download_as_bytes() == b"replaced")
try:
    again.reload(if_metageneration_match=again.metageneration + 7)
    raise SystemExit("FAIL metageneration precondition: the read went through")
except exceptions.PreconditionFailed:
    checks.append("ifMetagenerationMatch")

# Copy, exists, delete.
bucket.copy_blob(bucket.blob("pages/item-00"), bucket, "copies/item-00")
check("copy", bucket.blob("copies/item-00").download_as_bytes() == b"0")
check("exists", bucket.blob("pages/item-01").exists())
bucket.blob("pages/item-01").delete()
check("deleted", not bucket.blob("pages/item-01").exists())
try:
    bucket.blob("pages/item-01").download_as_bytes()
    raise SystemExit("FAIL not found: the read went through")
except exceptions.NotFound:
    checks.append("404 NotFound")

import gcsfs  # noqa: E402

# gcsfs: ls, cat, put, get and find.
fs = gcsfs.GCSFileSystem(endpoint_url=endpoint, token="anon", project="conformance")
check("gcsfs ls", sorted(fs.ls(f"{bucket_name}/pages"))[:2] == [f"{bucket_name}/pages/item-00", f"{bucket_name}/pages/item-02"])
check("gcsfs cat", fs.cat(f"{bucket_name}/docs/hello world.txt") == b"replaced")
local = f"/tmp/gcsfs-{os.getpid()}"
with open(local, "wb") as file:
    file.write(b"via gcsfs")
fs.put(local, f"{bucket_name}/fs/put.bin")
os.remove(local)
check("gcsfs put", bucket.blob("fs/put.bin").download_as_bytes() == b"via gcsfs")
fs.get(f"{bucket_name}/fs/put.bin", local)
with open(local, "rb") as file:
    check("gcsfs get", file.read() == b"via gcsfs")
os.remove(local)
check("gcsfs find", f"{bucket_name}/fs/put.bin" in fs.find(f"{bucket_name}/fs"))

# firebase-admin: its storage module is google-cloud-storage behind a Firebase app (any credential: the
# emulator host takes none).
import firebase_admin  # noqa: E402
from firebase_admin import storage as admin_storage  # noqa: E402


class Anonymous(firebase_admin.credentials.Base):
    def get_credential(self):
        return AnonymousCredentials()


# The GCS side writes only into buckets that exist, as GCS does: the app's default bucket is made first.
client.create_bucket(f"{bucket_name}.appspot.com")
app = firebase_admin.initialize_app(Anonymous(), {"storageBucket": f"{bucket_name}.appspot.com"}, name="ci")
admin_bucket = admin_storage.bucket(app=app)
admin_bucket.blob("users/alice/avatar.txt").upload_from_string(b"from firebase-admin", content_type="text/plain")
check("firebase-admin read", admin_bucket.blob("users/alice/avatar.txt").download_as_bytes() == b"from firebase-admin")
check("firebase-admin list", [b.name for b in admin_bucket.list_blobs(prefix="users/")] == ["users/alice/avatar.txt"])

# storage-testbench's retry-test API: google-cloud-storage retries through injected faults and ends right.
import json  # noqa: E402
import urllib.request  # noqa: E402


def retry_test(instructions):
    request = urllib.request.Request(
        f"{endpoint}/retry_test", data=json.dumps({"instructions": instructions}).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["id"]


def retry_test_state(test_id):
    return json.load(urllib.request.urlopen(f"{endpoint}/retry_test/{test_id}"))


faults = retry_test({
    "storage.objects.get": ["return-503", "return-reset-connection"],
    "storage.objects.insert": ["return-503-after-256K"],
})
faulty = storage.Client(project="conformance", credentials=AnonymousCredentials(), extra_headers={"x-retry-test-id": faults})
faulty_bucket = faulty.bucket(bucket_name)
retried = os.urandom(9 * 1024 * 1024)
faulty_bucket.blob("retry/upload.bin", chunk_size=1024 * 1024).upload_from_string(retried)
check("retry: upload through a 503 after 256 KiB", bucket.blob("retry/upload.bin").download_as_bytes() == retried)
check("retry: download through a 503 and a reset", faulty_bucket.blob("docs/hello world.txt").download_as_bytes() == b"replaced")
state = retry_test_state(faults)
check("retry: every fault consumed", state["completed"] is True, state)

print(f"google-cloud-storage, gcsfs and firebase-admin against {endpoint}: {len(checks)} checks passed")
