#!/usr/bin/env bash
# Builds storage-conformance for machines without Swift and packs it with its documentation and the bundled suite.
usage() {
  cat <<'EOF'
usage: scripts/make-release.sh [--install-build-deps] [OUT]
       scripts/make-release.sh --help

Builds storage-conformance in release mode and writes, in OUT (default: .build/release-archive):
  storage-conformance-VERSION-OS-ARCH.tar.gz          the binary, README.md, LICENSE, CHANGELOG.md, docs/ and the
                                                      bundled Scenarios/ (OS: linux or macos)
  storage-conformance-VERSION-OS-ARCH.tar.gz.sha256   its SHA-256, as `sha256sum -c` / `shasum -a 256 -c` read it
and prints the archive's path last.

On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib): the binary needs only glibc (as
new as the build machine's), libstdc++ and libcurl4. Building it needs libcurl's development files
(libcurl4-openssl-dev); the script stops and says so when they are missing, or installs them with apt-get when
given --install-build-deps. On macOS the Swift runtime is part of the system (macOS 15 or later).

Nothing is built, installed or written with --help.
EOF
}
set -euo pipefail
install_deps=false
out=""
for argument in "$@"; do
  case "$argument" in
    -h | --help) usage; exit 0 ;;
    --install-build-deps) install_deps=true ;;
    -*) echo "make-release.sh: unknown option $argument" >&2; usage >&2; exit 2 ;;
    *)
      [ -z "$out" ] || { echo "make-release.sh: one output folder only" >&2; exit 2; }
      out=$argument
      ;;
  esac
done
cd "$(dirname "$0")/.."
out=${out:-.build/release-archive}

case "$(uname -s)" in
  Linux)
    os=linux
    if ! dpkg-query -W -f='${Status}' libcurl4-openssl-dev 2>/dev/null | grep -q 'install ok installed'; then
      if ! $install_deps; then
        echo "make-release.sh: libcurl4-openssl-dev is missing (FoundationNetworking links against it);" \
          "install it, or run again with --install-build-deps" >&2
        exit 2
      fi
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev >/dev/null
    fi
    swift build -c release --product storage-conformance --static-swift-stdlib >&2
    ;;
  Darwin)
    os=macos
    swift build -c release --product storage-conformance >&2
    ;;
  *)
    echo "make-release.sh: no release recipe for $(uname -s)" >&2
    exit 2
    ;;
esac
bin="$(swift build -c release --show-bin-path)/storage-conformance"

if [ "$os" = linux ]; then
  # Nothing of the toolchain may be left to load at run time.
  if ldd "$bin" | grep -Ei 'swift|libFoundation|libdispatch|libBlocksRuntime|libicu' >&2; then
    echo "make-release.sh: $bin still loads the libraries above" >&2
    exit 1
  fi
  glibc=$(objdump -T "$bin" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1 || true)
  echo "make-release.sh: the binary needs ${glibc:-glibc} or newer, libstdc++ and libcurl4" >&2
fi

version=$("$bin" --version | awk '{ print $NF }')
arch=$(uname -m)
[ "$arch" != aarch64 ] || arch=arm64
name="storage-conformance-$version-$os-$arch"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out"
cp "$bin" "$stage/$name/"
strip "$stage/$name/storage-conformance" 2>/dev/null || true
cp -R Scenarios docs README.md LICENSE CHANGELOG.md "$stage/$name/"
archive="$out/$name.tar.gz"
if [ "$os" = linux ]; then
  # Stable bytes for the same inputs: sorted names, fixed owner and times.
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' -C "$stage" -cf - "$name" \
    | gzip -n >"$archive"
  (cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
else
  tar -C "$stage" -cf - "$name" | gzip -n >"$archive"
  (cd "$out" && shasum -a 256 "$name.tar.gz" >"$name.tar.gz.sha256")
fi
echo "$archive"
