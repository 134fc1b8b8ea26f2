#!/usr/bin/env python3
"""Drives `serve` with pyrebase4, a real third-party Firebase Storage v0 client: upload, download URL, download."""
import hashlib
import io
import json
import sys
import tempfile
import urllib.request

import pyrebase


def main() -> int:
    base = sys.argv[1].rstrip("/")
    bucket = "pyrebase-check.appspot.com"
    app = pyrebase.initialize_app({
        "apiKey": "unused", "authDomain": "unused", "databaseURL": "http://127.0.0.1", "storageBucket": bucket,
    })
    storage = app.storage()
    storage.storage_bucket = f"{base}/v0/b/{bucket}"  # pyrebase4 hard-codes the production host

    body = bytes(range(256)) * 4096  # 1 MiB
    path = "pyrebase/dir/file with space.bin"
    metadata = storage.child(path).put(io.BytesIO(body))
    assert metadata["name"] == path, metadata
    assert metadata["size"] == str(len(body)), metadata
    assert metadata["md5Hash"], metadata
    token = metadata["downloadTokens"].split(",")[0]

    url = storage.child(path).get_url(token)
    assert url.startswith(f"{base}/v0/b/{bucket}/o/pyrebase%2Fdir%2Ffile%20with%20space.bin?alt=media&token="), url
    with urllib.request.urlopen(url) as response:
        assert response.read() == body, "download URL returned other bytes"

    with tempfile.NamedTemporaryFile() as target:
        storage.child(path).download(path, target.name)
        downloaded = open(target.name, "rb").read()
    assert hashlib.md5(downloaded).digest() == hashlib.md5(body).digest(), "pyrebase download differs"

    print(f"pyrebase4 against {base}: put {len(body)} bytes, get_url, urlopen and download all match "
          f"(md5 {json.dumps(metadata['md5Hash'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
