#!/usr/bin/env python3
"""A small local runner for a user's workflow that calls action.yml (used by .ci/action_check.sh).

It reads the user's workflow with PyYAML, takes the job's steps in order, runs each `run:` step with bash,
and expands a step that uses storage-conformance's action (`uses: …/StorageConformance@…` or `./`) into
action.yml's steps: the inputs (defaults, then the step's `with:`, then --input overrides) arrive through the
`env:` blocks, `GITHUB_ENV` and `GITHUB_OUTPUT` work as on GitHub, and `uses:` steps of other actions
(upload-artifact) are skipped with a line saying so. Only the expressions action.yml and the check use are
understood: inputs.X, env.X, github.action_path, github.action_repository, steps.ID.outputs.X.
Exit code: the first failing step's, else 0.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def expand(text, context):
    def value(match):
        name = match.group(1)
        if name not in context:
            raise SystemExit(f"action_runner: unknown expression ${{{{ {name} }}}}")
        return str(context[name])

    return EXPRESSION.sub(value, str(text))


def read_pairs(path):
    pairs = {}
    if os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                if "=" in line:
                    key, _, value = line.rstrip("\n").partition("=")
                    pairs[key] = value
    return pairs


def run_step(step, context, environment, workspace, scratch):
    name = step.get("name", step.get("id", "step"))
    env = dict(environment)
    for key, value in (step.get("env") or {}).items():
        env[key] = expand(value, context)
    env_file = os.path.join(scratch, "env")
    output_file = os.path.join(scratch, "output")
    open(output_file, "w").close()
    env.update(GITHUB_ENV=env_file, GITHUB_OUTPUT=output_file)
    print(f"action_runner: step {name}", flush=True)
    code = subprocess.run(["bash", "-e", "-c", expand(step["run"], context)], cwd=workspace, env=env).returncode
    environment.update(read_pairs(env_file))
    if "id" in step:
        for key, value in read_pairs(output_file).items():
            context[f"steps.{step['id']}.outputs.{key}"] = value
    return code


def run_action(action_root, inputs, environment, workspace, scratch):
    with open(os.path.join(action_root, "action.yml")) as handle:
        action = yaml.safe_load(handle)
    context = {
        "github.action_path": action_root,
        "github.action_repository": "local/StorageConformance",
    }
    for key, spec in action.get("inputs", {}).items():
        context[f"inputs.{key}"] = inputs.get(key, (spec or {}).get("default", ""))
    context.update({f"env.{key}": value for key, value in environment.items()})
    failed = 0
    for step in action["runs"]["steps"]:
        if "uses" in step:
            print(f"action_runner: skipped {step['uses']} (not run locally)", flush=True)
            continue
        condition = str(step.get("if", ""))
        if failed and "always()" not in condition:
            continue
        code = run_step(step, context, environment, workspace, scratch)
        if code and not failed:
            failed = code
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workflow")
    parser.add_argument("--action-root", required=True, help="the checkout that holds action.yml")
    parser.add_argument("--input", action="append", default=[], help="NAME=VALUE, over the step's with:")
    arguments = parser.parse_args()
    workspace = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(arguments.workflow))))
    with open(arguments.workflow) as handle:
        workflow = yaml.safe_load(handle)
    overrides = dict(pair.split("=", 1) for pair in arguments.input)
    environment = dict(os.environ, GITHUB_WORKSPACE=workspace, GITHUB_ACTIONS="true")
    environment.update({key: str(value) for key, value in (workflow.get("env") or {}).items()})
    for job_name, job in workflow["jobs"].items():
        with tempfile.TemporaryDirectory() as scratch:
            context = {f"env.{key}": value for key, value in environment.items()}
            for step in job["steps"]:
                uses = step.get("uses", "")
                if uses == "./" or re.search(r"/StorageConformance@", uses):
                    with_ = {key: expand(value, context) for key, value in (step.get("with") or {}).items()}
                    with_.update(overrides)
                    code = run_action(arguments.action_root, with_, environment, workspace, scratch)
                elif uses:
                    print(f"action_runner: skipped {uses} (not run locally)", flush=True)
                    continue
                else:
                    code = run_step(step, context, environment, workspace, scratch)
                if code:
                    print(f"action_runner: job {job_name} failed (exit {code})", flush=True)
                    return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
