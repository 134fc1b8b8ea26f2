#!/usr/bin/env python3
"""Writes one large, valid scenario file by repeating the bundled scenarios under new names.

usage: make_large_scenario_file.py OUTPUT [MEGABYTES] [SCENARIO_ROOT] [--yaml11-scalars]

With --yaml11-scalars, every scenario without a description gets `description: n`: a plain scalar that YAML 1.2
reads as a string and the YAML 1.1 type list as a boolean, so lint warns once per scenario.
"""
import pathlib
import re
import sys


def main() -> int:
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args or flags - {"--yaml11-scalars"}:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    output = pathlib.Path(args[0])
    target = int(float(args[1] if len(args) > 1 else 4) * 1_000_000)
    root = pathlib.Path(args[2] if len(args) > 2 else "Scenarios")
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
            if "--yaml11-scalars" in flags and not re.search(r"(?m)^description:", renamed):
                renamed = re.sub(r"(?m)^(scenario:.*)$", r"\1\ndescription: n", renamed, count=1)
            pieces.append(renamed)
            size += len(renamed.encode("utf-8")) + 4
    output.write_text("\n---\n".join(pieces) + "\n", encoding="utf-8")
    print(f"{output}: {size / 1e6:.2f} MB, {len(pieces)} scenarios")
    return 0


if __name__ == "__main__":
    sys.exit(main())
