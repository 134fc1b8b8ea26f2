#!/usr/bin/env bash
# The release archive works without the Swift toolchain: builds it (scripts/make-release.sh), checks its SHA-256
# file, unpacks it, checks that the binary loads no Swift library, then runs the bundled suite from the unpacked
# folder in an environment with no Swift on PATH and no library path: in process, and against the same binary's
# `serve` over v0 and over the GCS JSON API. Every run must pass every scenario it runs.
# usage: .ci/release.sh [OUT]   (default OUT: .build/release-archive; the reports land in OUT/reports)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/release-archive}
step() { printf '\n==> %s\n' "$*"; }

step "scripts/make-release.sh --help prints its usage and builds, installs and writes nothing"
help_out=$(mktemp -d)
rmdir "$help_out"
scripts/make-release.sh --help "$help_out" | grep -q '^usage: scripts/make-release.sh'
[ ! -e "$help_out" ] || { echo "make-release.sh --help wrote $help_out"; exit 1; }

step "Build the archive: scripts/make-release.sh"
archive=$(scripts/make-release.sh --install-build-deps "$out" | tail -1)
(cd "$(dirname "$archive")" && sha256sum -c "$(basename "$archive").sha256")

work=$(mktemp -d)
serve_pid=""
cleanup() {
  [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
tar -xzf "$archive" -C "$work"
folder="$work/$(basename "$archive" .tar.gz)"
bin="$folder/storage-conformance"

step "The archive holds the licence, the changelog and every document its README links"
for file in LICENSE CHANGELOG.md README.md docs/architecture.md; do
  [ -f "$folder/$file" ] || { echo "the archive has no $file"; exit 1; }
done
missing=$(grep -o '](docs/[^)#]*' "$folder/README.md" | cut -c3- | sort -u | while read -r link; do
  [ -e "$folder/$link" ] || echo "$link"
done)
[ -z "$missing" ] || { echo "README links documents the archive lacks: $missing"; exit 1; }

step "No Swift library is loaded"
ldd "$bin"
if ldd "$bin" | grep -Ei 'swift|libFoundation|libdispatch|libBlocksRuntime|not found'; then
  echo "the release binary needs the libraries above"
  exit 1
fi

# An environment without Swift: /usr/bin:/bin, or an empty folder where /usr/bin holds a swift (Swift's images).
bare_path=/usr/bin:/bin
if PATH="$bare_path" command -v swift >/dev/null || PATH="$bare_path" command -v swiftc >/dev/null; then
  bare_path="$work/empty-path"
  mkdir -p "$bare_path"
fi
bare() { (cd "$folder" && env -i PATH="$bare_path" HOME="$work" "$@"); }
reports="$out/reports"
mkdir -p "$reports"
reports=$(cd "$reports" && pwd)

step "The bundled suite in process, without Swift (PATH=$bare_path, no LD_LIBRARY_PATH)"
bare ./storage-conformance --version
bare ./storage-conformance run --quiet --junit "$reports/junit-release.xml"

step "serve from the release binary, and the suite over v0 and over the GCS JSON API against it"
log="$work/serve.log"
# exec: the PID is serve's own, so that the cleanup stops it.
(cd "$folder" && exec env -i PATH="$bare_path" HOME="$work" ./storage-conformance serve --port 0 >"$log" 2>&1) &
serve_pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1 | cut -d: -f3 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$log"; echo "serve did not start"; exit 1; }
bare ./storage-conformance run --quiet --target "http://127.0.0.1:$port" --jobs 4 \
  --junit "$reports/junit-release-v0.xml"
bare ./storage-conformance run --quiet --target "gcs+http://127.0.0.1:$port" --jobs 4 \
  --junit "$reports/junit-release-gcs.xml"
echo "the release archive $archive runs the bundled suite without Swift"
