#!/usr/bin/env python3
"""Two runs give the same outcome, scenario by scenario (run --json reports): passed, failed, errored, skipped or
expected failure. With --tag TAG and --bin PATH, only the scenarios `PATH list --tag TAG` selects are compared,
and each must have been executed (not skipped) in both runs; the first and second runs can be named.

  python3 .ci/compare_outcomes.py reports/serve-v0.json reports/serve-v0-driver-server-faults.json \\
    --tag fault --bin .build/debug/storage-conformance --names "without a driver" "through the driver, faults on serve"
"""
import argparse
import json
import subprocess
import sys


# A step that asserts what nobody could observe through a driver (`requests:` no one counted, `took:` off the
# runner's clock) is skipped with a reason that starts so: a skip that says so, not a pass.
UNOBSERVABLE = "not observed: "


def outcome(scenario):
    if scenario["outcome"] == "skipped" and UNOBSERVABLE in (scenario.get("skipReason") or ""):
        return "unobservable"
    return scenario["outcome"]


def outcomes(path):
    with open(path, encoding="utf-8") as handle:
        report = json.load(handle)
    return {scenario["id"]: outcome(scenario) for file in report["files"] for scenario in file["scenarios"]}


def tagged(binary, tag):
    listing = subprocess.run([binary, "list", "--tag", tag], check=True, capture_output=True, text=True).stdout
    return {line.split()[0] for line in listing.splitlines() if line and not line[0].isspace()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--tag")
    parser.add_argument("--bin", default=".build/debug/storage-conformance")
    parser.add_argument("--names", nargs=2, default=("in the first run", "in the second run"))
    arguments = parser.parse_args()
    first, second = outcomes(arguments.first), outcomes(arguments.second)
    ids = sorted(tagged(arguments.bin, arguments.tag) if arguments.tag else set(first) | set(second))
    name1, name2 = arguments.names
    problems = []
    for scenario in ids:
        one, two = first.get(scenario, "missing"), second.get(scenario, "missing")
        if two == "unobservable" and one == "passed":
            continue
        if one != two:
            problems.append(f"{scenario}: {one} {name1}, {two} {name2}")
        elif arguments.tag and one in ("skipped", "missing"):
            problems.append(f"{scenario}: {one} in both runs, so not compared")
    for problem in problems:
        print(problem, file=sys.stderr)
    what = f"scenarios tagged {arguments.tag}" if arguments.tag else "scenarios"
    print(f"{len(ids) - len(problems)} of {len(ids)} {what} have the same outcome {name1} and {name2}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
