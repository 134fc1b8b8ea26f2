#!/usr/bin/env bash
# Reading a 4 MB scenario file: our lint (YAML parse + every scenario checked) next to PyYAML's C loader
# (yaml.CSafeLoader) reading the same file, once as the bundled scenarios are and once with a plain `n` in
# every scenario (thousands of yaml11-scalar warnings), then the bundled suite in process (scenarios per second).
# usage: scripts/bench-lint.sh [MEGABYTES]
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/make_large_scenario_file.py "$work/plain.yaml" "$size" Scenarios
python3 scripts/make_large_scenario_file.py "$work/warnings.yaml" "$size" Scenarios --yaml11-scalars
swift build -c release --product storage-benchmarks >/dev/null
bench="$(swift build -c release --show-bin-path)/storage-benchmarks"
for file in "$work/plain.yaml" "$work/warnings.yaml"; do
  echo
  echo "== storage-conformance lint (release build) of $(basename "$file"), best of 10"
  "$bench" lint "$file" 10
  echo "== PyYAML $(python3 -c 'import yaml; print(yaml.__version__)') C loader (CSafeLoader), best of 5"
  python3 - "$file" <<'PY'
import sys, time, yaml
data = open(sys.argv[1], "rb").read()
times = []
for _ in range(5):
    start = time.perf_counter()
    documents = list(yaml.load_all(data, Loader=yaml.CSafeLoader))
    times.append(time.perf_counter() - start)
best = min(times)
print(f"  {len(documents)} documents: best {best * 1000:.0f} ms, median {sorted(times)[2] * 1000:.0f} ms ({len(data) / 1e6 / best:.1f} MB/s)")
PY
done
echo
echo "== the bundled suite in process"
"$bench" suite Scenarios 5
