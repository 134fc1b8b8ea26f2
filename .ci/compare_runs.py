#!/usr/bin/env python3
"""Every scenario that passes in process must pass over HTTP too: compares two JUnit reports case by case."""
import sys
import xml.etree.ElementTree as ElementTree


def outcomes(path):
    result = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        outcome = "passed"
        for kind in ("failure", "error", "skipped"):
            if case.find(kind) is not None:
                outcome = kind
        result[(case.get("classname"), case.get("name"))] = outcome
    return result


def main() -> int:
    reference, http = outcomes(sys.argv[1]), outcomes(sys.argv[2])
    problems = [f"{classname} / {name}: passed in process, {http.get((classname, name), 'missing')} over HTTP"
                for (classname, name), outcome in sorted(reference.items())
                if outcome == "passed" and http.get((classname, name)) != "passed"]
    for problem in problems:
        print(problem, file=sys.stderr)
    passed = sum(1 for outcome in reference.values() if outcome == "passed")
    print(f"{passed} scenarios pass in process; {passed - len(problems)} of them pass over HTTP")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
