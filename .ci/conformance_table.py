"""The conformance table: one row per implementation, from the JSON reports of runs against each.

usage: conformance_table.py [--min-executed N] LABEL=REPORT.json ...

Prints Markdown: how many scenarios ran (not skipped for a missing capability), passed, and were expected
failures; then each implementation's expected failures grouped by reason (the manifest's words). Exits 1
when a report has a failure or error, or ran fewer than --min-executed scenarios.
"""
import collections
import json
import re
import sys

EXPECTED = "expected failure: "

args = sys.argv[1:]
min_executed = 0
if args[:1] == ["--min-executed"]:
    min_executed = int(args[1])
    args = args[2:]

rows = []
groups = {}
problems = []
for arg in args:
    label, path = arg.split("=", 1)
    report = json.load(open(path, encoding="utf-8"))
    counts = collections.Counter()
    reasons = collections.Counter()
    needs = collections.Counter()
    for file in report["files"]:
        for scenario in file["scenarios"]:
            outcome = scenario["outcome"]
            reason = scenario.get("skipReason") or ""
            if outcome == "skipped" and reason.startswith(EXPECTED):
                counts["expected"] += 1
                reasons[reason[len(EXPECTED):]] += 1
            elif outcome == "skipped":
                counts["skipped"] += 1
                for need in re.findall(r"needs (\w+):", reason) or [reason]:
                    needs[need] += 1
            else:
                counts[outcome] += 1
    executed = counts["passed"] + counts["expected"] + counts["failed"] + counts["errored"]
    if counts["failed"] or counts["errored"]:
        problems.append(f"{label}: {counts['failed']} failed, {counts['errored']} errored")
    if executed < min_executed:
        problems.append(f"{label}: only {executed} scenarios executed (at least {min_executed} wanted)")
    skipped_by = ", ".join(f"{need} {count}" for need, count in sorted(needs.items()))
    target = report["target"]
    dialect = "in process" if target == "reference" else "GCS JSON API" if target.startswith("gcs+") else "Firebase v0"
    rows.append((label, dialect, executed, counts["passed"], counts["expected"], counts["skipped"], skipped_by))
    groups[label] = reasons

print("| Implementation | Dialect | Executed | Passed | Expected failures | Skipped (needs) |")
print("|---|---|---:|---:|---:|---|")
for label, dialect, executed, passed, expected, skipped, skipped_by in rows:
    detail = f"{skipped} ({skipped_by})" if skipped else "0"
    print(f"| {label} | {dialect} | {executed} | {passed} ({passed * 100 // max(executed, 1)}%) | {expected} | {detail} |")
for label, reasons in groups.items():
    if not reasons:
        continue
    print(f"\n**{label}**, expected failures by reason:\n")
    for reason, count in sorted(reasons.items(), key=lambda item: (-item[1], item[0])):
        print(f"- {count} × {reason}")
if problems:
    print("\n" + "\n".join(problems), file=sys.stderr)
    sys.exit(1)
