#!/usr/bin/env python3
"""A proxy in front of a storage server that breaks one behaviour on purpose (a mutant), for .ci/mutants.sh.

Usage: mutant_proxy.py UPSTREAM_PORT MUTATION
Prints "listening on PORT" once ready. Mutations:
  none            forward everything unchanged
  status-404-403  answer 403 wherever the server answered 404
  list-no-prefix  forward list requests without their prefix parameter
  stall-metadata  hold metadata answers (GET of an object without alt=media) 12 s before sending them
  drop-retry-after  remove Retry-After from every answer (a server that never says how long to wait)
  drop-generation   remove x-goog-generation from every answer (a GCS server whose media downloads do not tell
                    their generation; the generation in metadata bodies is left alone)
"""
import http.client
import http.server
import socketserver
import sys
import time
import urllib.parse

UPSTREAM = int(sys.argv[1])
MUTATION = sys.argv[2]
MUTATIONS = {"none", "status-404-403", "list-no-prefix", "stall-metadata", "drop-retry-after", "drop-generation"}
# The answer headers a mutation removes.
DROPPED = {"drop-retry-after": {"retry-after"}, "drop-generation": {"x-goog-generation"}}.get(MUTATION, set())
HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}
if MUTATION not in MUTATIONS:
    sys.exit(f"unknown mutation {MUTATION}: one of {', '.join(sorted(MUTATIONS))}")


def is_list(path, query):
    return path.rstrip("/").endswith("/o") and "prefix" in query


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def forward(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        parts = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(parts.query, keep_blank_values=True)
        target = self.path
        if MUTATION == "list-no-prefix" and self.command == "GET" and is_list(parts.path, query):
            query.pop("prefix", None)
            target = parts.path + "?" + urllib.parse.urlencode(query, doseq=True)
        # The client's Host goes on unchanged, so the upload URLs the server builds from it lead back through the proxy.
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        upstream = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=120)
        try:
            upstream.request(self.command, target, body=body, headers=headers)
            answer = upstream.getresponse()
            data = answer.read()
            status = answer.status
            out = [(k, v) for k, v in answer.getheaders()
                   if k.lower() not in HOP and k.lower() != "content-length" and k.lower() not in DROPPED]
        finally:
            upstream.close()
        if MUTATION == "status-404-403" and status == 404:
            status = 403
        if (MUTATION == "stall-metadata" and self.command == "GET" and "/o/" in parts.path
                and "alt" not in query and "upload" not in query):
            time.sleep(12)
        try:
            self.send_response(status)
            for key, value in out:
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = forward


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Proxy)
print(f"listening on {server.server_address[1]}", flush=True)
server.serve_forever()
