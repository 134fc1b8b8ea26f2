#!/usr/bin/env python3
"""Every scenario that passes in one run must pass in another (in process, then over HTTP; without a driver, then
through one): compares two JUnit reports case by case. Optional third and fourth arguments name the two runs."""
import sys
import xml.etree.ElementTree as ElementTree


# A step that asserts what nobody could observe through a driver (`requests:` no one counted, `took:` off the
# runner's clock) is skipped with a reason that starts so: a skip that says so, not a pass.
UNOBSERVABLE = "not observed: "


def outcomes(path):
    result = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        outcome = "passed"
        for kind in ("failure", "error", "skipped"):
            element = case.find(kind)
            if element is not None:
                outcome = kind
                if kind == "skipped" and UNOBSERVABLE in (element.get("message") or ""):
                    outcome = "unobservable"
        result[(case.get("classname"), case.get("name"))] = outcome
    return result


def main() -> int:
    reference, http = outcomes(sys.argv[1]), outcomes(sys.argv[2])
    first, second = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ("in process", "over HTTP")
    problems = [f"{classname} / {name}: passed {first}, {http.get((classname, name), 'missing')} {second}"
                for (classname, name), outcome in sorted(reference.items())
                if outcome == "passed" and http.get((classname, name)) not in ("passed", "unobservable")]
    unobservable = sum(1 for outcome in http.values() if outcome == "unobservable")
    for problem in problems:
        print(problem, file=sys.stderr)
    passed = sum(1 for outcome in reference.values() if outcome == "passed")
    print(f"{passed} scenarios pass {first}; {passed - len(problems) - unobservable} of them pass {second}"
          + (f", {unobservable} skipped there because they assert what the client cannot report" if unobservable else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
