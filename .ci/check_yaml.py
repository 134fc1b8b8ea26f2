#!/usr/bin/env python3
"""Cross-checks the scenario files with PyYAML: every file must load (the language promises valid YAML)."""
import pathlib
import sys

import yaml


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Scenarios")
    files = sorted(path for path in root.rglob("*.yaml") if "expectations" not in path.relative_to(root).parts)
    documents = 0
    failures = 0
    for path in files:
        try:
            with path.open("rb") as handle:
                documents += sum(1 for document in yaml.safe_load_all(handle) if document is not None)
        except yaml.YAMLError as error:
            failures += 1
            print(f"{path}: PyYAML cannot load it: {error}", file=sys.stderr)
    print(f"PyYAML {yaml.__version__} loaded {len(files) - failures} of {len(files)} scenario files ({documents} documents)")
    return 1 if failures or not files else 0


if __name__ == "__main__":
    sys.exit(main())
