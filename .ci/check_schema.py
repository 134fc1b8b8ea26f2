#!/usr/bin/env python3
"""Checks the JSON Schema that `storage-conformance schema` prints against the scenario files: every document
of every file under the given folders must validate (the schema may not refuse what the reader accepts), and
documents with a misspelt key or verb must not (the schema must refuse what an editor should flag).

usage: check_schema.py SCHEMA.json FOLDER...
"""
import glob
import json
import sys

import jsonschema
import yaml


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    documents = 0
    problems = []
    for folder in sys.argv[2:]:
        for path in sorted(glob.glob(f"{folder}/**/*.yaml", recursive=True)):
            if "/expectations/" in path:
                continue
            for index, document in enumerate(yaml.safe_load_all(open(path, encoding="utf-8"))):
                if document is None:
                    continue
                documents += 1
                for error in validator.iter_errors(document):
                    where = "/".join(str(part) for part in error.absolute_path)
                    problems.append(f"{path} document {index + 1} at {where or '(top)'}: {error.message[:200]}")
    refused = [
        {"scenario": "s", "steps": [{"put": "a", "dta": {"text": "x"}}]},
        {"scenario": "s", "steps": [{"upload": "a"}]},
        {"scenario": "s", "steps": [{"getData": "a", "maxSize": "1KiB", "expect": {"evnts": "success"}}]},
        {"scenario": "s", "stesp": []},
    ]
    for document in refused:
        if validator.is_valid(document):
            problems.append(f"the schema accepts a document it must refuse: {json.dumps(document)}")
    for problem in problems[:40]:
        print(problem)
    print(f"schema: {documents} scenario documents checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
