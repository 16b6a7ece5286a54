"""
Runs Python programs (the examples of the resource pages, docs/resources/<Kind>.md)
through Pulumi's mocks, one after the other in this process, and prints what
each registered as JSON: {path: {name: {"type": token, "inputs": {...}}}}.
A resource's id is `<name>-id`; the config a program reads (the names an
example is given) is `given-<key>`. Secrets are shown as their values.

    python tests/python/doc_examples.py <program.py>...

Run by tests/integration/python-sdk.test.ts in the virtual environment of
tests/python/venv.sh, where pulumi_xads is installed with pip.
"""

import json
import runpy
import sys

import pulumi
from pulumi.runtime import rpc

PROJECT = "docs"
GIVEN = ["siblingAccountId", "otherAccountId"]


def plain(value):
    """A registered value with each secret as its value (the engine's wire form: a map signed as a secret)."""
    if isinstance(value, dict):
        if value.get(rpc._special_sig_key) == rpc._special_secret_sig:
            return plain(value["value"])
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class Mocks(pulumi.runtime.Mocks):
    def __init__(self) -> None:
        self.registered: dict = {}

    def new_resource(self, args: pulumi.runtime.MockResourceArgs):
        self.registered[args.name] = {"type": args.typ, "inputs": plain(args.inputs)}
        return [f"{args.name}-id", args.inputs]

    def call(self, args: pulumi.runtime.MockCallArgs):
        return {}


def registrations(path: str) -> dict:
    """What the program at `path` registers: run in a fresh mock engine, which pulumi.runtime.test waits for."""
    mocks = Mocks()
    pulumi.runtime.set_mocks(mocks, project=PROJECT, stack="docs", preview=False)
    pulumi.runtime.set_all_config({f"{PROJECT}:{key}": f"given-{key}" for key in GIVEN})
    pulumi.runtime.test(lambda: runpy.run_path(path))()
    return mocks.registered


if __name__ == "__main__":
    print(json.dumps({path: registrations(path) for path in sys.argv[1:]}))
