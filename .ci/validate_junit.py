#!/usr/bin/env python3
"""Checks a JUnit report the way CI consumers read it.

Validates against both XSDs (junit-10 and windyroad) with xmlschema, parses with lxml (strict XML 1.0),
checks that the counts on every suite equal its children and that (classname, name) pairs are unique, and
optionally that at least N tests ran and none failed.
"""
import argparse
import pathlib
import sys

import xmlschema
from lxml import etree

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("--min-tests", type=int, default=0)
    parser.add_argument("--no-failures", action="store_true", help="fail when a case failed or errored")
    args = parser.parse_args()

    problems = []
    for xsd in ("junit-10.xsd", "junit-windyroad.xsd"):
        schema = xmlschema.XMLSchema(str(HERE / "schemas" / xsd))
        for error in schema.iter_errors(args.report):
            problems.append(f"{xsd}: {error.reason} at {error.path}")

    tree = etree.parse(args.report, etree.XMLParser(resolve_entities=False))
    seen = set()
    total = failed = 0
    for suite in tree.getroot().iter("testsuite"):
        cases = suite.findall("testcase")
        counts = {
            "tests": len(cases),
            "failures": sum(1 for c in cases if c.find("failure") is not None),
            "errors": sum(1 for c in cases if c.find("error") is not None),
            "skipped": sum(1 for c in cases if c.find("skipped") is not None),
        }
        for name, count in counts.items():
            if int(suite.get(name, "0")) != count:
                problems.append(f"suite {suite.get('name')}: {name}={suite.get(name)} but {count} children")
        for case in cases:
            key = (case.get("classname"), case.get("name"))
            if key in seen:
                problems.append(f"duplicate test case {key}")
            seen.add(key)
        total += counts["tests"]
        failed += counts["failures"] + counts["errors"]

    if total < args.min_tests:
        problems.append(f"only {total} test cases, expected at least {args.min_tests}")
    if args.no_failures and failed:
        problems.append(f"{failed} test cases failed or errored")
    for problem in problems:
        print(f"{args.report}: {problem}", file=sys.stderr)
    print(f"{args.report}: {total} test cases, {failed} failed; valid against junit-10 and windyroad: {not problems}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
