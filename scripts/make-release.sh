#!/usr/bin/env bash
# Builds storage-conformance for machines without Swift and packs it with the bundled suite:
#   OUT/storage-conformance-VERSION-linux-ARCH.tar.gz         the binary (Swift's runtime and Foundation linked in
#                                                             with --static-swift-stdlib), Scenarios/, README.md
#   OUT/storage-conformance-VERSION-linux-ARCH.tar.gz.sha256  its SHA-256, as `sha256sum -c` reads it
# The binary still needs the system's C libraries: glibc (the version of the build machine or newer) and libcurl
# (libcurl4, for https:// targets). Installs libcurl's development files with apt-get when they are missing
# (FoundationNetworking links against them). Prints the archive's path last.
# usage: scripts/make-release.sh [OUT]   (default OUT: .build/release-archive)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/release-archive}

if ! dpkg-query -W -f='${Status}' libcurl4-openssl-dev 2>/dev/null | grep -q 'install ok installed'; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev >/dev/null
fi

swift build -c release --product storage-conformance --static-swift-stdlib >&2
bin="$(swift build -c release --show-bin-path)/storage-conformance"

# Nothing of the toolchain may be left to load at run time.
if ldd "$bin" | grep -Ei 'swift|libFoundation|libdispatch|libBlocksRuntime|libicu' >&2; then
  echo "make-release.sh: $bin still loads the libraries above" >&2
  exit 1
fi

glibc=$(objdump -T "$bin" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1 || true)
echo "make-release.sh: the binary needs ${glibc:-glibc} or newer, libstdc++ and libcurl4" >&2

version=$("$bin" --version | awk '{ print $NF }')
name="storage-conformance-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out"
cp "$bin" "$stage/$name/"
strip "$stage/$name/storage-conformance" 2>/dev/null || true
cp -R Scenarios README.md "$stage/$name/"
archive="$out/$name.tar.gz"
# Stable bytes for the same inputs: sorted names, fixed owner and times.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' -C "$stage" -cf - "$name" \
  | gzip -n >"$archive"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "$archive"
