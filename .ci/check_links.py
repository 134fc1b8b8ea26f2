#!/usr/bin/env python3
"""Every relative link in the README, docs/ and the drivers' READMEs names a file that exists (anchors aside)."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
pages = [root / "README.md", *sorted((root / "docs").glob("*.md")), *sorted((root / "Drivers").glob("*/README.md"))]
broken = []
for page in pages:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0]
        if not (page.parent / path).exists():
            broken.append(f"{page.relative_to(root)}: {target}")
if broken:
    print("links to files that do not exist:\n  " + "\n  ".join(broken))
    sys.exit(1)
print(f"links checked in {len(pages)} pages")
