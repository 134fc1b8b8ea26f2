#!/usr/bin/env python3
"""Writes one large, valid scenario file by repeating the bundled scenarios under new names.

usage: make_large_scenario_file.py OUTPUT [MEGABYTES] [SCENARIO_ROOT]
"""
import pathlib
import re
import sys


def main() -> int:
    output = pathlib.Path(sys.argv[1])
    target = int(float(sys.argv[2] if len(sys.argv) > 2 else 4) * 1_000_000)
    root = pathlib.Path(sys.argv[3] if len(sys.argv) > 3 else "Scenarios")
    documents = []
    for path in sorted(root.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        documents += [d.strip("\n") for d in re.split(r"(?m)^---[ \t]*$", text) if "scenario:" in d]
    if not documents:
        print(f"no scenarios under {root}", file=sys.stderr)
        return 1
    pieces, size = [], 0
    while size < target:
        for document in documents:
            number = len(pieces) + 1
            renamed = re.sub(r"(?m)^scenario:[ \t]*(.*)$", lambda m: f"scenario: {m.group(1).strip()} {number}", document, count=1)
            pieces.append(renamed)
            size += len(renamed.encode("utf-8")) + 4
    output.write_text("\n---\n".join(pieces) + "\n", encoding="utf-8")
    print(f"{output}: {size / 1e6:.2f} MB, {len(pieces)} scenarios")
    return 0


if __name__ == "__main__":
    sys.exit(main())
